// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Path matching: compile an operation table once into one segment trie per HTTP method, then find every template a
 * request path could mean. Lookups walk the path's segments (literal children first, then `{param}` children), so
 * their cost depends on the path's depth, not on the number of operations.
 *
 * Segments are compared percent-decoded (path.ts reads them). A `{param}` matches any non-empty segment; empty segments
 * (from `//` or a trailing `/`) match only a template's own empty segment, so `/account/` and `/account` are different
 * paths. An entry's `wholePath` parameter (its template's last segment) takes every remaining segment, empty ones
 * included, as one value joined with `/`, provided that value is not empty: `/utilities/ls/{machine}/{path}` fits
 * `/utilities/ls/perlmutter//global/homes` with `path` = `/global/homes`.
 */
import type { OperationEntry, OperationTable } from "./table.js";
interface Node {
    literals?: Map<string, Node>;
    param?: Node;
    /** Segments mixing text and parameters (`{name}.json`), tested in order. */
    patterns?: {
        pieces: readonly string[];
        key: string;
        node: Node;
    }[];
    /** A trailing whole-path parameter: the rest of the path, one or more segments. */
    rest?: Node;
    /**
     * The entries this template ends at: one, or several when templates no request tells apart by path end here (equal
     * but for parameter names, or path keys sharing the part before their `#`/`?`): one route, see routeKey.
     */
    ops?: OperationEntry[];
}
export interface CompiledTable {
    readonly entries: readonly OperationEntry[];
    /** Method (upper case) -> the trie of that method's templates. */
    readonly tries: ReadonlyMap<string, Node>;
    /** `METHOD template` -> entry, for calls written with the template itself. */
    readonly byTemplate: ReadonlyMap<string, OperationEntry>;
}
/** Compile (once per table object) the lookup structure for `table`. */
export declare function compileTable(table: OperationTable): CompiledTable;
/**
 * `template`'s request path as the matcher reads it, with every parameter name left out (each parameter is `\0`,
 * which no literal of an accepted description holds): templates of one shape match the same paths, so under one
 * method they are one route (`/things/{aid}` and `/things/{zname}`; OpenAPI calls them identical).
 * `/files/{name}.json` gives "files/", NUL, ".json".
 */
export declare function templateShape(template: string): string;
/**
 * The literal text of `template`, segment by segment: `/files/{name}.json` -> `[["files"], ["", ".json"]]` (a
 * segment that is one parameter has none). What a request must hold, decoded, to match it.
 */
export declare function templateLiterals(template: string): string[][];
/**
 * The request path of a path key: the part before its first `#` or `?`. Providers write `/tags/{arn}#tagKeys` or
 * `/#X-Amz-Target=Service.Op` to give one URL several operations; the rest is their discriminator (discriminatorOf).
 */
export declare function requestPath(key: string): string;
/**
 * A path key's discriminator: what follows its first `#` or `?`, read as `name=value` pairs joined by `&`
 * (`X-Amz-Target=Service.Op` -> `[["x-amz-target", "Service.Op"]]`; a bare `tagKeys` has the value undefined), the
 * names lower case (headers are matched without case); `sent`: whether the client sends it as written (`?`: the
 * runtime sends it as the query) or only where the caller sets a header or query value of that name (`#`).
 */
export declare function discriminatorOf(key: string): {
    sent: boolean;
    pairs: [string, string | undefined][];
} | undefined;
/**
 * The values a call by a path key surely sends, as mayBe asks for them: a `?` key's own (`/things?view=full`:
 * `view` -> `["full"]`), which the runtime sends as the query; none for a `#` key, whose discriminator only the
 * caller may send (a header it sets), which a call by name or template need not do.
 */
export declare function keyValues(key: string): (name: string) => string[];
/**
 * Whether a request may be `entry`, by the discriminator of its path key, given the request's header and query
 * values (`valuesOf(name)`: every value the request carries under that name, header or query): an entry is ruled out
 * only when the request carries a name of its discriminator, with a value, and no carried value is the one the key
 * names. A discriminator the request does not carry rules nothing out (fail closed: the route needs every entry).
 */
export declare function mayBe(entry: OperationEntry, valuesOf: (name: string) => readonly string[]): boolean;
/**
 * Every entry of `method` whose template matches the decoded `segments`, most specific first (a literal segment
 * before a parameter). Usually zero or one; several when a concrete path fits a literal and a parameter template.
 */
export declare function matchAll(table: CompiledTable, method: string, segments: readonly string[]): OperationEntry[];
/**
 * The parameter values a concrete path gives `template`, for a server that routes with matchAll and then needs the
 * values: `templateParams("/jobs/{machine}/{jobid}", ["jobs", "pm", "123"])` -> `{ machine: "pm", jobid: "123" }`.
 * `segments` are decoded, as for matchAll, and undefined is returned when they do not fit the template. `wholePath`
 * names the trailing parameter that takes the rest of the path, as the entry's mark does for matchAll.
 */
export declare function templateParams(template: string, segments: readonly string[], wholePath?: string): Record<string, string> | undefined;
/**
 * Every entry of `entry`'s method that some request filled from `entry`'s template may also match, `entry` and its
 * route included: `/things/{id}` may fall on `/things/secret` when `id` is `secret`. A parameter stands for any value
 * (its segment fits every child, and a value holding an encoded slash spans several, as path.ts's split reading reads
 * it), a literal or mixed segment for what it matches; a whole-path parameter reaches everything below.
 * Over-approximate where unsure (a mixed segment fits every mixed child): a call by this template whose values are not
 * known needs every entry listed. The walk is bounded: past FALL_BUDGET nodes it answers ALL,
 * every entry of the method (fail closed), so that a large API costs at most FALL_BUDGET steps per template.
 */
export declare function mayFallOn(table: CompiledTable, entry: OperationEntry): OperationEntry[] | typeof ALL;
/** What mayFallOn answers past its budget: every entry of the method (the caller has them; no list is built). */
export declare const ALL = "all";
export {};
