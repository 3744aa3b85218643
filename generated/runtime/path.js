// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { matchAll } from "./matcher.js";
const refusal = (refused, message) => ({ refused, message });
const RELATIVE = refusal("relative", "a path below the base URL starts with /");
const RAW = refusal("raw", "backslashes and control characters are refused");
const ESCAPE = refusal("escape", "malformed percent-encoding is refused");
const DOT = refusal("dot", "dot-segments are refused");
const DOT_SPLIT = refusal("dot", "dot-segments behind encoded slashes are refused");
/** Characters the URL parser drops or rewrites in a path: backslashes, C0 controls (tab, newlines, ...), DEL. */
const RAW_TRICKS = /[\\\x00-\x1f\x7f]/;
const SLASHES = /[/\\]/;
/** What any refusal of a path with a leading slash needs: an escape, a dot, a backslash or a control character. */
const SUSPECT = /[%.\\\x00-\x1f\x7f]/;
/**
 * `path` (below the base URL, starting with `/`; a query or fragment is cut off) read as decoded segments, or why it
 * is refused: `"/tasks/a%2Fb"` -> `{ segments: ["tasks", "a/b"], split: ["tasks", "a", "b"] }`.
 */
export function readPath(path) {
    const end = path.search(/[?#]/);
    if (end >= 0)
        path = path.slice(0, end);
    if (!path.startsWith("/"))
        return RELATIVE;
    if (RAW_TRICKS.test(path))
        return RAW;
    const segments = path.slice(1).split("/");
    let slashes = false;
    for (let i = 0; i < segments.length; i++) {
        let segment = segments[i];
        if (segment.includes("%")) {
            try {
                segment = segments[i] = decodeURIComponent(segment);
            }
            catch {
                return ESCAPE;
            }
            if (!slashes && SLASHES.test(segment))
                slashes = true;
        }
        if (segment === "." || segment === "..")
            return DOT;
    }
    if (!slashes)
        return { segments, split: undefined };
    const split = segments.join("/").split(SLASHES);
    if (split.some(isDotSegment))
        return DOT_SPLIT;
    return { segments, split };
}
/**
 * Why a call as written is refused, or undefined: the path (a template such as `/tasks/{id}` or a concrete path) by
 * readPath's rules, and path parameter values holding a dot-segment (`..`, `a/../b`), which the URL parser would
 * resolve (or a server decoding an encoded slash would) before anything could see them.
 */
export function writtenPathProblem(written, pathParams) {
    // Per call, so the common case (a template or plain path, plain values) skips the split: without these characters
    // readPath refuses nothing but a missing leading slash, and no value can hold a dot-segment without a dot.
    if (written.charCodeAt(0) !== 47 /* "/" */ || SUSPECT.test(written)) {
        const reading = readPath(written);
        if ("refused" in reading)
            return reading.message;
    }
    if (pathParams) {
        for (const key in pathParams) {
            const value = pathParams[key];
            const text = Array.isArray(value) ? value.join(",") : value;
            if (typeof text === "string" && text.includes(".") && text.split(SLASHES).some(isDotSegment))
                return `dot-segments are refused (path parameter ${JSON.stringify(key)})`;
        }
    }
    return undefined;
}
function isDotSegment(segment) {
    return segment === "." || segment === "..";
}
/**
 * Every entry of `method` a read path may mean, under each of its readings, most specific first (as matchAll orders
 * them), each once. Several when a concrete path fits a literal and a parameter template: all must be callable.
 */
export function matchPath(table, method, reading) {
    const found = matchAll(table, method, reading.segments);
    if (reading.split)
        for (const entry of matchAll(table, method, reading.split))
            if (!found.includes(entry))
                found.push(entry);
    return found;
}
/**
 * A whole-path value as it goes into the URL: each `/`-separated piece percent-encoded, the slashes kept, so
 * `/global/homes/u/user` after `/utilities/ls/perlmutter/` gives the official client's `perlmutter//global/...`.
 */
export function encodeWholePath(value) {
    return value.split("/").map(encodeURIComponent).join("/");
}
/**
 * `url` (a template filled so far) with its last `{name}` replaced by the whole-path `value`; unchanged when it has no
 * `{name}`. The last one, because a whole path is always the template's trailing parameter.
 */
export function fillWholePath(url, name, value) {
    const at = url.lastIndexOf(`{${name}}`);
    return at < 0 ? url : url.slice(0, at) + encodeWholePath(value) + url.slice(at + name.length + 2);
}
