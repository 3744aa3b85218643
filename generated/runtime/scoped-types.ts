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

/**
 * For each path of the (small) scopes map, the methods color `C` may not call; `never` where it may call them all.
 * Computing this over `Scopes` rather than over `Paths` keeps the checker away from the large operation types.
 */
type ForbiddenMethods<Scopes, L extends readonly string[], C extends string> = {
  [P in keyof Scopes]: { [M in keyof Scopes[P]]: ColorMayCall<Scopes[P][M], L, C> extends true ? never : M }[keyof Scopes[P]];
};

/** Path item `Item` without the methods `M`; the item itself, untouched, when there are none. */
type Without<Item, M> = [M] extends [never] ? Item : Omit<Item, M & keyof Item>;

/** `Paths` with every method removed that color `C` may not call. */
export type PathsForColor<Paths, Scopes, L extends readonly string[], C extends string> = {
  [P in keyof Paths]: P extends keyof Scopes ? Without<Paths[P], ForbiddenMethods<Scopes, L, C>[P]> : Paths[P];
};

/**
 * Does color `C` narrow anything? Not when it is a plain `string`, the ladder is a plain `string[]`, or `C` is the top
 * level: then the client is openapi-fetch's own `Client<Paths>`, which costs the type checker nothing extra.
 */
type Unrestricted<L extends readonly string[], C extends string> = string extends C ? true : number extends L["length"] ? true : C extends Top<L> ? true : false;

/** openapi-fetch's client, narrowed to what color `C` may call. */
export type ScopedClient<Paths, Scopes, L extends readonly string[], C extends string> =
  Unrestricted<L, C> extends true ? Client<Paths & {}, `${string}/${string}`> : Client<PathsForColor<Paths, Scopes, L, C> & {}, `${string}/${string}`>;
