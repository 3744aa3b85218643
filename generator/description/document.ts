/**
 * Reading a bundled description: its internal `$ref`s, its path items and its operation objects. The description is
 * untrusted input, so each reader returns undefined rather than trusting a shape.
 */
import { HTTP_METHODS as CLIENT_METHODS } from "../../templates/runtime/table.js";

/**
 * A description once its `openapi` version is checked. The lint validates its structure, but it is still untrusted
 * input: the code reading it checks what it relies on (types, arrays, `$ref`s) rather than trusting a type. Not
 * openapi-typescript's `OpenAPI3`: this type is part of our published declarations, and `OpenAPI3` would pull
 * openapi-typescript's and redocly's declarations into every project that imports sfapi-gen, where they fail to
 * compile with `skipLibCheck` off (redocly's refer to `json-schema-to-ts`, which it does not install).
 */
export type OpenApiDocument = Record<string, any>;

/** The runtime's method list in lower case, as a description's path items spell the methods. */
export const HTTP_METHODS = CLIENT_METHODS.map((m) => m.toLowerCase() as Lowercase<typeof m>);
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One JSON-pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * One JSON-pointer segment read back as redocly's resolver reads it (`~1` as `/`, `~0` as `~`, then percent-decoding):
 * throws a URIError on bad percent-encoding. Written out here so that reading a pointer does not load redocly.
 */
export function unescapePointer(segment: string): string {
  return decodeURIComponent(segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Follow an internal `$ref` (the description is bundled, so every ref is `#/...`). */
export function resolve(doc: OpenApiDocument, node: any, depth = 0): any {
  if (!node || typeof node !== "object" || typeof node.$ref !== "string" || depth > 32) return node;
  const target = node.$ref
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .reduce((at: any, seg: string) => at?.[seg.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  return resolve(doc, target, depth + 1);
}

/** The path item of `path`, through a `$ref` (OpenAPI 3.1 allows one there); undefined when there is none. */
export function pathItemOf(doc: OpenApiDocument, path: string): Record<string, any> | undefined {
  const item = resolve(doc, doc.paths?.[path]);
  return item && typeof item === "object" && !Array.isArray(item) ? item : undefined;
}

/** The operation object of (path, method); undefined when there is none. */
export function operationObjectOf(
  doc: OpenApiDocument,
  path: string,
  method: HttpMethod,
): Record<string, any> | undefined {
  const op = pathItemOf(doc, path)?.[method];
  return op && typeof op === "object" && !Array.isArray(op) ? op : undefined;
}

/** Every (path, method, operation object) of a description, in the description's own order. */
export function* eachOperationObject(
  doc: OpenApiDocument,
): Generator<[path: string, method: HttpMethod, operation: Record<string, any>, pathItem: Record<string, any>]> {
  for (const path of Object.keys(doc.paths ?? {})) {
    const item = pathItemOf(doc, path);
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op && typeof op === "object") yield [path, method, op, item];
    }
  }
}
