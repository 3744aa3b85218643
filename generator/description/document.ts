/**
 * Reading a bundled description: its internal `$ref`s, its path items and its operation objects. The description is
 * untrusted input, so each reader returns undefined rather than trusting a shape. JSON pointers and `$ref`s are
 * description/pointer.ts's, re-exported here for the model's readers.
 */
import { HTTP_METHODS as CLIENT_METHODS } from "../../templates/runtime/table.js";
import { followRefs } from "./pointer.js";

export { escapePointer, unescapePointer } from "./pointer.js";

/**
 * A description once its `openapi` version is checked. The lint validates its structure, but it is still untrusted
 * input: the code reading it checks what it relies on (types, arrays, `$ref`s) rather than trusting a type. Not
 * openapi-typescript's `OpenAPI3`: this type is part of our published declarations, and `OpenAPI3` would pull
 * openapi-typescript's and redocly's declarations into every project that imports sfapi-gen, where they fail to
 * compile with `skipLibCheck` off (redocly's refer to `json-schema-to-ts`, which it does not install).
 */
export type OpenApiDocument = Record<string, any>;

/**
 * The API's name and version as clients, manifests and reports print them: `info.title` and `info.version`, or a
 * stand-in ("API", "unversioned") where one is blank. OpenAPI and openapi-typescript accept an empty title (drchrono's
 * is), but a manifest must name the API (output/client-folder.ts refuses a blank one), so every reader starts here.
 */
export function apiName(doc: OpenApiDocument): { title: string; version: string } {
  const filled = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
  return { title: filled(doc.info?.title) ?? "API", version: filled(doc.info?.version) ?? "unversioned" };
}

/** The runtime's method list in lower case, as a description's path items spell the methods. */
export const HTTP_METHODS: Lowercase<(typeof CLIENT_METHODS)[number]>[] = CLIENT_METHODS.map(
  (m) => m.toLowerCase() as Lowercase<typeof m>,
);
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Follow an internal `$ref` (the description is bundled, so every ref is `#/...`): the node it leads to, or undefined
 * where it leads nowhere (missing, external, a cycle, too long a chain; description/pointer.ts). A node without a
 * `$ref` is itself.
 */
export function resolve(doc: OpenApiDocument, node: any): any {
  return followRefs(doc, node).node;
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
