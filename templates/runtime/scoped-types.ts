/**
 * Compile-time color restriction: from a generated `paths` type and its `OperationScopes` map, keep only the
 * methods a client of color `C` may call. A color typed as plain `string`, or a ladder typed as plain `string[]`,
 * keeps everything (run-time checks only).
 */
import type { Client } from "openapi-fetch";

/** The levels of ladder `L` up to and including `C` (never when `C` is not on the ladder). */
type LevelsUpTo<L extends readonly string[], C extends string, Seen extends string = never> = L extends readonly [
  infer Head extends string,
  ...infer Rest extends readonly string[],
]
  ? Head extends C
    ? Seen | Head
    : LevelsUpTo<Rest, C, Seen | Head>
  : never;

type Top<L extends readonly string[]> = L extends readonly [...unknown[], infer Last] ? Last : never;

/** May color `C` call an operation whose table scope is `S`? Unranked and unknown names: the top level only. */
export type ColorMayCall<S, L extends readonly string[], C extends string> = string extends C
  ? true
  : number extends L["length"]
    ? true
    : S extends "public"
      ? true
      : S extends L[number]
        ? S extends LevelsUpTo<L, C>
          ? true
          : false
        : C extends Top<L>
          ? true
          : false;

type ScopeOf<Scopes, P, M> = P extends keyof Scopes ? (M extends keyof Scopes[P] ? Scopes[P][M] : never) : never;

/** `Paths` with every method removed that color `C` may not call. */
export type PathsForColor<Paths, Scopes, L extends readonly string[], C extends string> = {
  [P in keyof Paths]: {
    [M in keyof Paths[P] as [ScopeOf<Scopes, P, M>] extends [never] ? M : ColorMayCall<ScopeOf<Scopes, P, M>, L, C> extends true ? M : never]: Paths[P][M];
  };
};

/** openapi-fetch's client, narrowed to what color `C` may call. */
export type ScopedClient<Paths, Scopes, L extends readonly string[], C extends string> = Client<PathsForColor<Paths, Scopes, L, C> & {}, `${string}/${string}`>;
