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
/**
 * Does the path item `Item` (of `paths`) have an operation of method `Method`? openapi-typescript writes the methods a
 * path lacks as `put?: never`: a key, but no operation.
 */
type HasMethod<Item, Method extends string> = Method extends keyof Item ? [Item[Method]] extends [undefined] ? false : true : false;
/**
 * What `url` is checked against: itself for a path the client may call, else a brand that names why not (the color
 * it needs, or for a client of OAuth2 scopes, `Kind` `"scopes"`, the scopes it lacks).
 */
type PathVerdict<M extends PathMethod, Paths, Refused, Url extends string, Kind> = Url extends keyof Refused ? Kind extends "scopes" ? NeedsScopes<`${M} ${Url}`, Refused[Url] & string> : NeedsColor<`${M} ${Url}`, Refused[Url] & string> : Url extends keyof Paths ? HasMethod<Paths[Url], Lowercase<M>> extends true ? unknown : NoSuchPath<`${M} ${Url}`> : NoSuchPath<`${M} ${Url}`>;
/**
 * The last signature of a narrowed path-style method (`Client<GreenPaths>["POST"] & Refusals<"POST", GreenPaths,
 * { "/utilities/command/{machine}": "red" }>`): it accepts no call, and is there for what the compiler says when the
 * first one rejects a call. TypeScript 7 reports only the last signature's error, 5.9 every signature's: so a refused
 * path fails on `NeedsColor<"POST /utilities/command/{machine}", "red">`, a misspelt one on `NoSuchPath<"GET /taskz">`,
 * and a path the color may call with wrong options on those options, checked as openapi-fetch checks them. Only
 * a call the first signature rejects gets here: a correct call costs the type checker nothing more.
 */
export type Refusals<M extends PathMethod, Paths, Refused, Kind extends "color" | "scopes" = "color"> = <const Url extends string>(url: Url & PathVerdict<M, Paths, Refused, Url, Kind>, ...init: Url extends keyof Paths ? HasMethod<Paths[Url], Lowercase<M>> extends true ? [
    init: NonNullable<MaybeOptionalInit<Paths[Url], Lowercase<M> & keyof Paths[Url]>> & OtherOptions & NotThisSignature
] : unknown[] : unknown[]) => never;
/**
 * The last overload of `createClient`: a plain `string` color gets the top level's client, and so does a color of the
 * ladder whose options may carry `levels` (only the run-time guard applies); a literal off the ladder fails on
 * `UnknownColor<"purple", "green, yellow, orange, red">`. TypeScript 7 reports only the last overload's error: for a
 * color of the ladder with a wrong option, that is the option's.
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
/**
 * Where a client's grant lacks the scopes an operation needs: not callable, and its type names the scopes missing
 * (those of the operation's alternative that lacks fewest): `client.getPlaylist`: `NeedsScopes<"getPlaylist",
 * "playlist-read-private">`; `GET("/me/playlists")`: `NeedsScopes<"GET /me/playlists", "playlist-read-private">`.
 */
export type NeedsScopes<What extends string, Missing extends string> = {
    readonly [K in `${What} needs scopes ${Missing}`]: never;
};
/** What a literal scope the API does not name is told. */
export type UnknownScope<S extends string> = {
    readonly [K in `${S} is not a scope of this API`]: never;
};
/**
 * The last overload of a scopes client's `createClient`: a grant typed `string[]` gets every operation (only the
 * run-time guard applies); a literal scope the API does not name fails on `UnknownScope<"reed">`.
 */
export type ScopeCheck<S extends readonly string[], Known extends string> = string extends S[number] ? unknown : [Exclude<S[number], Known>] extends [never] ? unknown : {
    scopes: UnknownScope<Exclude<S[number], Known> & string>;
};
/** The scopes of list `S` that grant `G` lacks, in `S`'s order. */
type Lacking<S, G, Acc extends string[] = []> = S extends readonly [
    infer Head extends string,
    ...infer Rest extends readonly string[]
] ? Lacking<Rest, G, Head extends G ? Acc : [...Acc, Head]> : Acc;
/** Is tuple `A` shorter than tuple `B`? */
type Shorter<A extends readonly unknown[], B extends readonly unknown[]> = B extends readonly [unknown, ...infer BR] ? A extends readonly [unknown, ...infer AR] ? Shorter<AR, BR> : true : false;
/**
 * What grant `G` lacks for alternatives `Alts` (a tuple of scope tuples; empty: public): `[]` when one alternative is
 * wholly granted, else the scopes of the alternative that lacks fewest (the first such), as the run-time guard says.
 */
export type MissingScopes<Alts, G, Best extends readonly string[] | undefined = undefined> = Alts extends readonly [
    infer Head,
    ...infer Rest
] ? Lacking<Head, G> extends infer L extends string[] ? L extends [] ? [] : MissingScopes<Rest, G, Best extends readonly string[] ? (Shorter<L, Best> extends true ? L : Best) : L> : never : Best extends readonly string[] ? Best : [];
/** `["a", "b"]` -> `"a, b"`. */
type Joined<T extends readonly string[]> = T extends readonly [infer Only extends string] ? Only : T extends readonly [infer Head extends string, ...infer Rest extends readonly string[]] ? `${Head}, ${Joined<Rest>}` : "";
/** A table entry's scope sets (none: public). */
type SecurityOf<Entry> = Entry extends {
    readonly security: infer S;
} ? S : readonly [];
/** `Paths` without the methods grant `G` may not call, reading each (path, method)'s scope sets from `Security`. */
export type PathsForGrant<Paths, Security, G> = {
    [P in keyof Paths]: P extends keyof Security ? Omit<Paths[P], {
        [M in keyof Security[P]]: MissingScopes<Security[P][M], G> extends [] ? never : M;
    }[keyof Security[P]] & keyof Paths[P]> : Paths[P];
};
/** The paths grant `G` may not call with method `M`, each with the scopes it lacks (`"a, b"`). */
export type RefusedForGrant<M extends PathMethod, Security, G> = {
    [P in keyof Security as Lowercase<M> extends keyof Security[P] ? MissingScopes<Security[P][Lowercase<M>], G> extends [] ? never : P : never]: Joined<MissingScopes<Security[P][Lowercase<M> & keyof Security[P]], G>>;
};
/** The named operations, those grant `G` may not call typed `NeedsScopes<name, what it lacks>`. */
export type OperationsForGrant<Operations, Table, G> = {
    readonly [K in keyof Operations]: K extends keyof Table ? MissingScopes<SecurityOf<Table[K]>, G> extends infer L extends readonly string[] ? L extends [] ? Operations[K] : NeedsScopes<K & string, Joined<L>> : never : Operations[K];
};
/** A client granted the literal scopes `G`: computed from the table's scope sets. */
export type GrantedClient<Paths, Security, Operations, Table, G> = Omit<Client<PathsForGrant<Paths, Security, G> & {}, `${string}/${string}`>, PathMethod> & {
    GET: GrantMethod<"GET", Paths, Security, G>;
    PUT: GrantMethod<"PUT", Paths, Security, G>;
    POST: GrantMethod<"POST", Paths, Security, G>;
    DELETE: GrantMethod<"DELETE", Paths, Security, G>;
    OPTIONS: GrantMethod<"OPTIONS", Paths, Security, G>;
    HEAD: GrantMethod<"HEAD", Paths, Security, G>;
    PATCH: GrantMethod<"PATCH", Paths, Security, G>;
    TRACE: GrantMethod<"TRACE", Paths, Security, G>;
} & OperationsForGrant<Operations, Table, G>;
/** A path-style method of a client granted `G`: openapi-fetch's, on the paths the grant may call, then refusals. */
type GrantMethod<M extends PathMethod, Paths, Security, G> = Client<PathsForGrant<Paths, Security, G> & {}, `${string}/${string}`>[M] & Refusals<M, PathsForGrant<Paths, Security, G>, RefusedForGrant<M, Security, G>, "scopes">;
/**
 * A client of OAuth2 scopes granted `G` (the scopes `createClient` was given, as a union): every operation the grant
 * cannot call is a type error naming the scopes it lacks, by name and path-style. A grant typed `string` (a list known
 * only at run time) gets every operation: only the run-time guard applies.
 */
export type GrantClient<Paths, Security, Operations, Table, G extends string> = string extends G ? Client<Paths & {}, `${string}/${string}`> & Operations : GrantedClient<Paths, Security, Operations, Table, G>;
