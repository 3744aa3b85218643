// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The types a generated client is made of. The generator writes, per level of its ladder, the paths and the named
 * operations that level may call (so a literal color costs the type checker a lookup, not a computation); these are
 * the building blocks it writes them with, plus the computed narrowing used only when a `levels` override re-ranks
 * the ladder at run time.
 */
import type { Client, MaybeOptionalInit } from "openapi-fetch";
import type { CallOptions } from "./calls.js";
import type { WaitOptions } from "./tasks.js";
export type { CallOptions } from "./calls.js";
export type { WaitOptions } from "./tasks.js";
/** What JSON text parses to. */
export type JsonValue = string | number | boolean | null | JsonValue[] | {
    [key: string]: JsonValue;
};
/** `T` with the fields `K` (JSON text in the description) as their parsed value; arrays item by item. */
export type WithJsonText<T, K extends string> = T extends readonly (infer Item)[] ? WithJsonText<Item, K>[] : T extends object ? Omit<T, K> & {
    [P in K & keyof T]: Exclude<T[P], string> | JsonValue;
} : T;
/** The `{ data, error, response }` form of a named call (`.safe`): exactly one of data and error. */
export type CallResult<Data, Error> = {
    data: Data;
    error?: undefined;
    response: Response;
} | {
    data?: undefined;
    error: Error;
    response: Response;
};
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
 * Where a client's color may not call an operation or use a helper: not callable, and its type names the color needed
 * (`client.runCommand`: `NeedsColor<"runCommand", "red">`; `POST("/utilities/command/{machine}")`:
 * `NeedsColor<"POST /utilities/command/{machine}", "red">`).
 */
export type NeedsColor<What extends string, Color extends string> = {
    readonly [K in `${What} needs color ${Color}`]: never;
};
/** What a path-style call of a path that no operation of this method has is told: `NoSuchPath<"GET /taskz">`. */
export type NoSuchPath<Call extends string> = {
    readonly [K in `no operation of this API is ${Call}`]: never;
};
/** A path-style method of openapi-fetch's Client, upper case. */
export type PathMethod = "GET" | "PUT" | "POST" | "DELETE" | "OPTIONS" | "HEAD" | "PATCH" | "TRACE";
/** What openapi-fetch's methods accept beside the operation's own options (its `InitParam`). */
type OtherOptions = {
    [key: string]: unknown;
};
/** No argument is one: the last signature of a path-style method accepts nothing. */
export interface NotThisSignature {
    readonly "(the other signature of this method applies)": never;
}
/** What `url` is checked against: itself for a path the color may call, else a brand that names why not. */
type PathVerdict<M extends PathMethod, Paths, Refused, Url extends string> = Url extends keyof Refused ? NeedsColor<`${M} ${Url}`, Refused[Url] & string> : Url extends keyof Paths ? Lowercase<M> extends keyof Paths[Url] ? unknown : NoSuchPath<`${M} ${Url}`> : NoSuchPath<`${M} ${Url}`>;
/**
 * The last signature of a narrowed path-style method (`Client<GreenPaths>["POST"] & Refusals<"POST", GreenPaths,
 * { "/utilities/command/{machine}": "red" }>`): it accepts no call, and is there for what the compiler says when the
 * first one rejects a call. TypeScript 7 reports only the last signature's error, 5.9 every signature's: so a refused
 * path fails on `NeedsColor<"POST /utilities/command/{machine}", "red">`, a misspelt one on `NoSuchPath<"GET /taskz">`,
 * and a path the color may call with wrong options on those options, checked as openapi-fetch checks them. Only
 * a call the first signature rejects gets here: a correct call costs the type checker nothing more.
 */
export type Refusals<M extends PathMethod, Paths, Refused> = <const Url extends string>(url: Url & PathVerdict<M, Paths, Refused, Url>, ...init: Url extends keyof Paths ? Lowercase<M> extends keyof Paths[Url] ? [
    init: NonNullable<MaybeOptionalInit<Paths[Url], Lowercase<M> & keyof Paths[Url]>> & OtherOptions & NotThisSignature
] : unknown[] : unknown[]) => never;
/**
 * The last overload of `createClient`: a plain `string` color gets the top level's client, and so does a color of the
 * ladder whose options may carry `levels` (only the run-time guard applies); a literal off the ladder fails on
 * `UnknownColor<"purple", "green, yellow, red">`. TypeScript 7 reports only the last overload's error: for a color of
 * the ladder with a wrong option, that is the option's.
 */
export type ColorCheck<C extends string, Levels extends string, Ladder extends string> = string extends C ? unknown : [C] extends [Levels] ? unknown : {
    color: UnknownColor<C, Ladder>;
};
/** What a literal color off the ladder is told, naming the ladder's colors. */
export type UnknownColor<C extends string, Ladder extends string> = {
    readonly [K in `${C} is not a color of this API (${Ladder})`]: never;
};
/** The levels of ladder `L` up to and including `C` (never when `C` is not on the ladder). */
type LevelsUpTo<L extends readonly string[], C extends string, Seen extends string = never> = L extends readonly [
    infer Head extends string,
    ...infer Rest extends readonly string[]
] ? Head extends C ? Seen | Head : LevelsUpTo<Rest, C, Seen | Head> : never;
type Top<L extends readonly string[]> = L extends readonly [...unknown[], infer Last] ? Last : never;
/**
 * May color `C` call an operation whose table scope is `S`, on ladder `L`? Unranked and unknown names: the top only.
 */
export type ColorMayCall<S, L extends readonly string[], C extends string> = S extends "public" ? true : S extends L[number] ? S extends LevelsUpTo<L, C> ? true : false : C extends Top<L> ? true : false;
/** `Paths` without the methods color `C` may not call, reading each (path, method)'s scope from `Scopes`. */
export type PathsForColor<Paths, Scopes, L extends readonly string[], C extends string> = {
    [P in keyof Paths]: P extends keyof Scopes ? Omit<Paths[P], {
        [M in keyof Scopes[P]]: ColorMayCall<Scopes[P][M], L, C> extends true ? never : M;
    }[keyof Scopes[P]] & keyof Paths[P]> : Paths[P];
};
/** The named operations of `Operations` that color `C` may call, reading each one's scope from the table `Table`. */
export type OperationsForColor<Operations, Table extends {
    [K in keyof Operations]: {
        scope: string;
    };
}, L extends readonly string[], C extends string> = {
    [K in keyof Operations as ColorMayCall<Table[K]["scope"], L, C> extends true ? K : never]: Operations[K];
};
/** A client narrowed by a ladder given at run time: computed, so dearer to type-check than the generated ones. */
export type ReRankedClient<Paths, Scopes, Operations, Table extends {
    [K in keyof Operations]: {
        scope: string;
    };
}, Task, L extends readonly string[], C extends string> = Client<PathsForColor<Paths, Scopes, L, C> & {}, `${string}/${string}`> & OperationsForColor<Operations, Table, L, C> & TaskWaiting<Task>;
