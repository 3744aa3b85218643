/**
 * Bodies for operations the description says take `application/x-www-form-urlencoded` (the command, job and
 * transfer operations). openapi-fetch serializes JSON unless told otherwise; this picks the form encoding for them.
 */
import type { CompiledTable } from "./matcher.js";
import { matchAll } from "./matcher.js";

export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/**
 * `{ executable: "hostname" }` -> `executable=hostname`. Absent (undefined/null) fields are left out, arrays repeat
 * the field, dates are ISO strings, everything else is its string form. Ready-made URLSearchParams/strings pass through.
 */
export function formBody(body: unknown): string {
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  const form = new URLSearchParams();
  if (body && typeof body === "object") {
    for (const [name, value] of Object.entries(body)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === undefined || item === null) continue;
        form.append(name, item instanceof Date ? item.toISOString() : typeof item === "object" ? JSON.stringify(item) : String(item));
      }
    }
  }
  return form.toString();
}

/** Decides, before openapi-fetch serializes a body, whether the call's operation takes a form body. */
export function formOperations(table: CompiledTable): (method: string, url: string) => boolean {
  const formMethods = new Set(table.entries.filter((e) => e.requestMediaType === FORM_MEDIA_TYPE).map((e) => e.method.toUpperCase()));
  return (method, url) => {
    if (!formMethods.has(method)) return false;
    const byTemplate = table.byTemplate.get(`${method} ${url}`);
    if (byTemplate) return byTemplate.requestMediaType === FORM_MEDIA_TYPE;
    // A concrete path (`/utilities/command/dtn01`): what it would match as written; the guard decides the rest.
    const path = url.split(/[?#]/, 1)[0]!;
    const segments = (path.startsWith("/") ? path.slice(1) : path).split("/").map(safeDecode);
    return matchAll(table, method, segments).some((e) => e.requestMediaType === FORM_MEDIA_TYPE);
  };
}

function safeDecode(segment: string): string {
  try {
    return segment.includes("%") ? decodeURIComponent(segment) : segment;
  } catch {
    return segment;
  }
}
