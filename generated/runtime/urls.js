// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { canonicalBaseUrl } from "./guard.js";
const UNCLEAR = /[\\\s\x00-\x1f\x7f]|%(?:[01][0-9a-f]|20|7f)/i;
function readHttpUrl(text, base) {
  let url;
  try {
    url = new URL(text, base);
  } catch {
    return { problem: "is not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { problem: `is not an http(s) URL (${url.protocol})` };
  if (/[?#]/.test(text) || url.username || url.password)
    return { problem: "carries a query, fragment or credentials" };
  if (UNCLEAR.test(text))
    return { problem: "holds a backslash, whitespace or a control character" };
  if (/\/\/./.test(url.pathname) || url.pathname.endsWith("//"))
    return { problem: 'holds empty path segments ("//")' };
  return { url: canonicalBaseUrl(url.href) };
}
function namesLoopback(host, port) {
  if (typeof host !== "string")
    return false;
  const name = host.toLowerCase();
  return name === `127.0.0.1:${port}` || name === `localhost:${port}` || name === `[::1]:${port}`;
}
function isLoopbackAddress(address) {
  return address !== void 0 && (/^(::ffff:)?127\./.test(address) || address === "::1");
}
export {
  isLoopbackAddress,
  namesLoopback,
  readHttpUrl
};
