// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Bodies for operations the description says take a form: `application/x-www-form-urlencoded` (the command, job and
 * transfer operations) or `multipart/form-data` (uploads). openapi-fetch serializes JSON unless told otherwise; this
 * picks the form encoding for them, from the operation the call's path means.
 */
import type { CompiledTable } from "./matcher.js";
/**
 * `{ executable: "hostname" }` -> `executable=hostname`. Dates are ISO strings, objects JSON, everything else its
 * string form. Ready-made URLSearchParams and strings pass through.
 */
export declare function formBody(body: unknown): string;
/** A plain object as FormData (Blobs and Files as files, the rest as text); FormData passes through. */
export declare function multipartBody(body: unknown): FormData | unknown;
/**
 * The form media type of the operation a call means (`POST /utilities/command/dtn01` -> urlencoded), decided before
 * openapi-fetch serializes the body; undefined for JSON bodies. The guard decides, later, whether the call may be made.
 */
export declare function formMediaTypes(table: CompiledTable): (method: string, url: string) => string | undefined;
