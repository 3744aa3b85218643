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
/**
 * Whether a request to a server listening on the loopback names that server in its `Host` header
 * (`127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`). The one rule every local server of ours applies (the
 * local facility, the examples' token services) against DNS rebinding: a page at `evil.example` whose name is
 * rebound to 127.0.0.1 reaches the server same-origin, but its requests still say `Host: evil.example`.
 */
export declare function namesLoopback(host: string | undefined, port: number): boolean;
/** A loopback address as a socket reports it (`127.0.0.1`, `::1`, `::ffff:127.0.0.1`). */
export declare function isLoopbackAddress(address: string | undefined): boolean;
