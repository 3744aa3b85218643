/**
 * The types a generated client is made of. The generator writes, per level of its ladder, the paths and the named
 * operations that level may call (so a literal color costs the type checker a lookup, not a computation); these are
 * the building blocks it writes them with, plus the computed narrowing used only when a `levels` override re-ranks
 * the ladder at run time.
 */
import type { Client } from "openapi-fetch";
import type { CallOptions } from "./calls.js";
import type { WaitOptions } from "./tasks.js";

export type { CallOptions } from "./calls.js";
export type { WaitOptions } from "./tasks.js";

/** What JSON text parses to. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** `T` with the fields `K` (JSON text in the description) as their parsed value; arrays item by item. */
export type WithJsonText<T, K extends string> = T extends readonly (infer Item)[]
  ? WithJsonText<Item, K>[]
  : T extends object
    ? Omit<T, K> & { [P in K & keyof T]: Exclude<T[P], string> | JsonValue }
    : T;

/** The `{ data, error, response }` form of a named call (`.safe`): exactly one of data and error. */
export type CallResult<Data, Error> =
  | { data: Data; error?: undefined; response: Response }
  | { data?: undefined; error: Error; response: Response };

/** A named operation that needs arguments: resolves to its data, throws ResponseError on a non-2xx answer. */
export interface Call<Args, Data, Error> {
  (args: Args, options?: CallOptions): Promise<Data>;
  /** The same call, resolving to `{ data, error, response }` instead of throwing on a non-2xx answer. */
  safe(args: Args, options?: CallOptions): Promise<CallResult<Data, Error>>;
}

/** A named operation whose arguments are all optional (or that takes none). */
export interface OptionalCall<Args, Data, Error> {
  (args?: Args, options?: CallOptions): Promise<Data>;
  /** The same call, resolving to `{ data, error, response }` instead of throwing on a non-2xx answer. */
  safe(args?: Args, options?: CallOptions): Promise<CallResult<Data, Error>>;
}

/** `client.waitForTask(id)`, resolving to the task as the API describes it. */
export interface TaskWaiting<Task> {
  waitForTask(id: string, options?: WaitOptions): Promise<Task>;
}

/**
 * A path-style method's extra signature for the paths this client's color may not call: the call is a type error whose
 * text names the level needed (`"/utilities/command/{machine}: needs color red"`), not an opaque `never`.
 */
export type Refuse<Url extends string> = (url: Url, ...init: unknown[]) => never;

/** The last signature of a narrowed path-style method: what a misspelt path is told. */
export type NoSuchPath<Method extends string> = (
  url: `(no ${Method} operation of this API has this path)`,
  ...init: unknown[]
) => never;

// ---- computed narrowing, for a `levels` override only ---------------------------------------------------------

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

/**
 * May color `C` call an operation whose table scope is `S`, on ladder `L`? Unranked and unknown names: the top only.
 */
export type ColorMayCall<S, L extends readonly string[], C extends string> = S extends "public"
  ? true
  : S extends L[number]
    ? S extends LevelsUpTo<L, C>
      ? true
      : false
    : C extends Top<L>
      ? true
      : false;

/** `Paths` without the methods color `C` may not call, reading each (path, method)'s scope from `Scopes`. */
export type PathsForColor<Paths, Scopes, L extends readonly string[], C extends string> = {
  [P in keyof Paths]: P extends keyof Scopes
    ? Omit<
        Paths[P],
        { [M in keyof Scopes[P]]: ColorMayCall<Scopes[P][M], L, C> extends true ? never : M }[keyof Scopes[P]] &
          keyof Paths[P]
      >
    : Paths[P];
};

/** The named operations of `Operations` that color `C` may call, reading each one's scope from the table `Table`. */
export type OperationsForColor<
  Operations,
  Table extends { [K in keyof Operations]: { scope: string } },
  L extends readonly string[],
  C extends string,
> = {
  [K in keyof Operations as ColorMayCall<Table[K]["scope"], L, C> extends true ? K : never]: Operations[K];
};

/** A client narrowed by a ladder given at run time: computed, so dearer to type-check than the generated ones. */
export type ReRankedClient<
  Paths,
  Scopes,
  Operations,
  Table extends { [K in keyof Operations]: { scope: string } },
  Task,
  L extends readonly string[],
  C extends string,
> = Client<PathsForColor<Paths, Scopes, L, C> & {}, `${string}/${string}`> &
  OperationsForColor<Operations, Table, L, C> &
  TaskWaiting<Task>;
