// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The one path reader: how a request path below the base URL is split, percent-decoded, refused and matched against an
 * operation table. The guard (as written and as sent), the form-body choice, `needs` and `diff --code`
 * (generator/usage/resolve.ts) and the facility's router all read paths here, so they never disagree on what a path
 * means or which paths are tricks.
 *
 * Refused for every color: a path without its leading `/`; backslashes and control characters as written (the URL
 * parser turns `\` into `/` and drops tabs and newlines, so the path sent would not be the path written); malformed
 * percent-encoding; dot-segments (`.`, `..`, also as `%2e`), also behind an encoded slash. A segment holding an encoded
 * slash (`%2F`, or `%5C`) gives a second reading, split where it holds one, as a server that decodes it would route
 * the request: a request must pass under every reading.
 *
 * Whole paths: an operation whose trailing path parameter carries a file path (the entry's `wholePath`, from the
 * description's `x-sfapi-whole-path` or its ladder file) takes the rest of the path in that parameter, segments and
 * empty segments included: `/utilities/ls/perlmutter//global/homes/u/user` is `readDirectory` with `path` =
 * `/global/homes/u/user`, as the official client sends it. The same refusals apply: no dot-segment anywhere in it.
 */
import type { CompiledTable } from "./matcher.js";
import type { OperationEntry } from "./table.js";
/** A path's decoded segments (without the leading empty one), and `split`: the reading where encoded slashes split. */
export interface PathReading {
    readonly segments: string[];
    readonly split: string[] | undefined;
}
/** Why a path is refused for every color; `refused` for code that answers differently (a server: 400 or 404). */
export interface PathRefusal {
    readonly refused: "relative" | "raw" | "escape" | "dot";
    readonly message: string;
}
/**
 * `path` (below the base URL, starting with `/`; a query or fragment is cut off) read as decoded segments, or why it
 * is refused: `"/tasks/a%2Fb"` -> `{ segments: ["tasks", "a/b"], split: ["tasks", "a", "b"] }`.
 */
export declare function readPath(path: string): PathReading | PathRefusal;
/**
 * Why a call as written is refused, or undefined: the path (a template such as `/tasks/{id}` or a concrete path) by
 * readPath's rules, and path parameter values holding a dot-segment (`..`, `a/../b`), which the URL parser would
 * resolve (or a server decoding an encoded slash would) before anything could see them.
 */
export declare function writtenPathProblem(written: string, pathParams?: Record<string, unknown>): string | undefined;
/**
 * Every entry of `method` a read path may mean, under each of its readings, most specific first (as matchAll orders
 * them), each once. Several when a concrete path fits a literal and a parameter template: all must be callable.
 */
export declare function matchPath(table: CompiledTable, method: string, reading: PathReading): OperationEntry[];
/**
 * A whole-path value as it goes into the URL: each `/`-separated piece percent-encoded, the slashes kept, so
 * `/global/homes/u/user` after `/utilities/ls/perlmutter/` gives the official client's `perlmutter//global/...`.
 */
export declare function encodeWholePath(value: string): string;
/**
 * `url` (a template filled so far) with its last `{name}` replaced by the whole-path `value`; unchanged when it has no
 * `{name}`. The last one, because a whole path is always the template's trailing parameter.
 */
export declare function fillWholePath(url: string, name: string, value: string): string;
