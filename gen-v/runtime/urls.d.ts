// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * `text` (resolved against `base` when relative) as a canonical http(s) URL without a trailing slash, or why it
 * cannot be one: every request URL starts with it and the guard compares against it, so it must not be ambiguous. No
 * query or fragment (not even a bare `?` or `#`), no credentials, no empty path segments (`//`), and none of what
 * parsers read differently (a backslash, whitespace, control characters).
 */
export declare function readHttpUrl(text: string, base?: string): {
    url: string;
} | {
    problem: string;
};
