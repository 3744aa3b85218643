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
    op?: OperationEntry;
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
 * `template` as the matcher reads it, with every parameter name left out (each parameter is `\0`, which no literal
 * of an accepted description holds): templates of one shape match the same paths, so a description may not have two
 * (`/things/{aid}` and `/things/{zname}`; OpenAPI calls them identical). `/files/{name}.json` gives "files/", NUL,
 * ".json".
 */
export declare function templateShape(template: string): string;
/**
 * The literal text of `template`, segment by segment: `/files/{name}.json` -> `[["files"], ["", ".json"]]` (a
 * segment that is one parameter has none). What a request must hold, decoded, to match it.
 */
export declare function templateLiterals(template: string): string[][];
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
export {};
