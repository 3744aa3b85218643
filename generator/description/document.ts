/**
 * Reading a bundled description: its internal `$ref`s, its path items and its operation objects. The description is
 * untrusted input, so each reader returns undefined rather than trusting a shape.
 */
import type { HttpMethod } from "../model/scope.js";
import type { OpenApiDocument } from "./read.js";

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
export function operationObjectOf(doc: OpenApiDocument, path: string, method: HttpMethod): Record<string, any> | undefined {
  const op = pathItemOf(doc, path)?.[method];
  return op && typeof op === "object" && !Array.isArray(op) ? op : undefined;
}
