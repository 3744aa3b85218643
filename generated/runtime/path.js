// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { matchAll } from "./matcher.js";
const refusal = (refused, message) => ({ refused, message });
const RELATIVE = refusal("relative", "a path below the base URL starts with /");
const RAW = refusal("raw", "backslashes and control characters are refused");
const ESCAPE = refusal("escape", "malformed percent-encoding is refused");
const DOT = refusal("dot", "dot-segments are refused");
const DOT_SPLIT = refusal("dot", "dot-segments behind encoded slashes are refused");
const RAW_TRICKS = /[\\\x00-\x1f\x7f]/;
const SLASHES = /[/\\]/;
const SUSPECT = /[%.\\\x00-\x1f\x7f]/;
function readPath(path) {
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
      } catch {
        return ESCAPE;
      }
      if (!slashes && SLASHES.test(segment))
        slashes = true;
    }
    if (segment === "." || segment === "..")
      return DOT;
  }
  if (!slashes)
    return { segments, split: void 0 };
  const split = segments.join("/").split(SLASHES);
  if (split.some(isDotSegment))
    return DOT_SPLIT;
  return { segments, split };
}
function writtenPathProblem(written, pathParams) {
  if (written.charCodeAt(0) !== 47 || SUSPECT.test(written)) {
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
  return void 0;
}
function isDotSegment(segment) {
  return segment === "." || segment === "..";
}
function matchPath(table, method, reading) {
  const found = matchAll(table, method, reading.segments);
  if (reading.split) {
    for (const entry of matchAll(table, method, reading.split))
      if (!found.includes(entry))
        found.push(entry);
  }
  return found;
}
function encodeWholePath(value) {
  return value.split("/").map(encodeURIComponent).join("/");
}
function fillWholePath(url, name, value) {
  const at = url.lastIndexOf(`{${name}}`);
  return at < 0 ? url : url.slice(0, at) + encodeWholePath(value) + url.slice(at + name.length + 2);
}
export {
  encodeWholePath,
  fillWholePath,
  matchPath,
  readPath,
  writtenPathProblem
};
