// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { matchPath, readPath } from "./path.js";
import { FORM_MEDIA_TYPE, MULTIPART_MEDIA_TYPE } from "./protocol.js";
/** Absent (undefined/null) fields are left out and arrays repeat the field. */
function fields(body) {
    const out = [];
    for (const [name, value] of Object.entries(body)) {
        for (const item of Array.isArray(value) ? value : [value])
            if (item !== undefined && item !== null)
                out.push([name, item]);
    }
    return out;
}
function text(value) {
    return value instanceof Date
        ? value.toISOString()
        : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
}
/**
 * `{ executable: "hostname" }` -> `executable=hostname`. Dates are ISO strings, objects JSON, everything else its
 * string form. Ready-made URLSearchParams and strings pass through.
 */
export function formBody(body) {
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
/** A plain object as FormData (Blobs and Files as files, the rest as text); FormData passes through. */
export function multipartBody(body) {
    if (body instanceof FormData || !body || typeof body !== "object")
        return body;
    const form = new FormData();
    for (const [name, value] of fields(body))
        form.append(name, value instanceof Blob ? value : text(value));
    return form;
}
/**
 * The form media type of the operation a call means (`POST /utilities/command/dtn01` -> urlencoded), decided before
 * openapi-fetch serializes the body; undefined for JSON bodies. The guard decides, later, whether the call may be made.
 */
export function formMediaTypes(table) {
    const formMethods = new Set(table.entries.filter((e) => isForm(e.requestMediaType)).map((e) => e.method.toUpperCase()));
    return (method, url) => {
        if (!formMethods.has(method))
            return undefined;
        const byTemplate = table.byTemplate.get(`${method} ${url}`);
        if (byTemplate)
            return isForm(byTemplate.requestMediaType) ? byTemplate.requestMediaType : undefined;
        // A concrete path (`/utilities/command/dtn01`): what it would match as written (a refused path: none, the guard
        // refuses the call anyway).
        const reading = readPath(url);
        if ("refused" in reading)
            return undefined;
        return matchPath(table, method, reading).find((e) => isForm(e.requestMediaType))?.requestMediaType;
    };
}
function isForm(mediaType) {
    return mediaType === FORM_MEDIA_TYPE || mediaType === MULTIPART_MEDIA_TYPE;
}
