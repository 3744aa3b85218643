// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { matchPath, readPath } from "./path.js";
import { FORM_MEDIA_TYPE, MULTIPART_MEDIA_TYPE } from "./protocol.js";
function fields(body) {
  const out = [];
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== void 0 && item !== null)
        out.push([name, item]);
  }
  return out;
}
function text(value) {
  return value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
}
function formBody(body) {
  if (typeof body === "string")
    return body;
  if (body instanceof URLSearchParams)
    return body.toString();
  const form = new URLSearchParams();
  if (body && typeof body === "object")
    for (const [name, value] of fields(body))
      form.append(name, text(value));
  return form.toString();
}
function multipartBody(body) {
  if (body instanceof FormData || !body || typeof body !== "object")
    return body;
  const form = new FormData();
  for (const [name, value] of fields(body))
    form.append(name, value instanceof Blob ? value : text(value));
  return form;
}
function formMediaTypes(table) {
  const formMethods = new Set(table.entries.filter((e) => isForm(e.requestMediaType)).map((e) => e.method.toUpperCase()));
  return (method, url) => {
    if (!formMethods.has(method))
      return void 0;
    const byTemplate = table.byTemplate.get(`${method} ${url}`);
    if (byTemplate)
      return isForm(byTemplate.requestMediaType) ? byTemplate.requestMediaType : void 0;
    const reading = readPath(url);
    if ("refused" in reading)
      return void 0;
    return matchPath(table, method, reading).find((e) => isForm(e.requestMediaType))?.requestMediaType;
  };
}
function isForm(mediaType) {
  return mediaType === FORM_MEDIA_TYPE || mediaType === MULTIPART_MEDIA_TYPE;
}
export {
  formBody,
  formMediaTypes,
  multipartBody
};
