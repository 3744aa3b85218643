/**
 * The one rule for the URLs a client sends to (its base URL, its token URL): `createClient` applies it to what it is
 * given, and the generator to a description's `servers[0].url` before making it a client's default, so a default the
 * runtime would refuse is never written.
 */
import { canonicalBaseUrl } from "./guard.js";

/** A backslash, whitespace or a control character, written or percent-encoded (`%20`, `%0A`, `%7F`). */
const UNCLEAR = /[\\\s\x00-\x1f\x7f]|%(?:[01][0-9a-f]|20|7f)/i;

/**
 * `text` (resolved against `base` when relative) as a canonical http(s) URL without a trailing slash, or why it
 * cannot be one: every request URL starts with it and the guard compares against it, so it must not be ambiguous. No
 * query or fragment (not even a bare `?` or `#`), no credentials, no empty path segments (`//`), and none of what
 * parsers read differently (a backslash, whitespace, control characters).
 */
export function readHttpUrl(text: string, base?: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return { problem: "is not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { problem: `is not an http(s) URL (${url.protocol})` };
  // A bare "?" or "#" leaves search/hash empty but still ends up in the URL: look at the text too.
  if (/[?#]/.test(text) || url.username || url.password) return { problem: "carries a query, fragment or credentials" };
  if (UNCLEAR.test(text)) return { problem: "holds a backslash, whitespace or a control character" };
  if (/\/\/./.test(url.pathname) || url.pathname.endsWith("//")) return { problem: 'holds empty path segments ("//")' };
  return { url: canonicalBaseUrl(url.href) };
}

/**
 * Whether a request to a server listening on the loopback names that server in its `Host` header
 * (`127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`). The one rule every local server of ours applies (the
 * local facility, the examples' token services) against DNS rebinding: a page at `evil.example` whose name is
 * rebound to 127.0.0.1 reaches the server same-origin, but its requests still say `Host: evil.example`.
 */
export function namesLoopback(host: string | undefined, port: number): boolean {
  if (typeof host !== "string") return false;
  const name = host.toLowerCase();
  return name === `127.0.0.1:${port}` || name === `localhost:${port}` || name === `[::1]:${port}`;
}

/** A loopback address as a socket reports it (`127.0.0.1`, `::1`, `::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && (/^(::ffff:)?127\./.test(address) || address === "::1");
}
