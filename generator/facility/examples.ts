/**
 * A valid example value for a response schema, so every operation without scripted behaviour still answers with
 * something its generated types describe. `$ref`s resolve through the bundled description; a reference cycle stops
 * at optional properties and empty arrays, which keeps the value finite and still valid.
 *
 * The description is untrusted, so the value is also kept small: shared `$ref`s (ten properties each referring to a
 * schema of ten properties, and so on) would otherwise grow it exponentially, and `minItems` or `minLength` can ask
 * for a billion. At most EXAMPLE_VALUES values are built per example (past that, optional properties are left out,
 * required ones are null and arrays empty, as at a cycle), arrays hold at most MAX_ITEMS items and strings at most
 * MAX_LENGTH characters, though `minItems` or `minLength` ask for more.
 */
import type { OpenApiDocument } from "../description/document.js";
import { operationObjectOf, resolve } from "../description/document.js";
import type { Operation } from "../model/operations.js";

/** A fixed instant, so the same description always gives the same examples. */
const EXAMPLE_DATE_TIME = "2025-01-01T00:00:00Z";
const EXAMPLE_VALUES = 10_000;
const MAX_ITEMS = 100;
const MAX_LENGTH = 10_000;

/** Values an example may still build; shared by every branch of one example. */
type Budget = { left: number };

export function exampleFor(
  doc: OpenApiDocument,
  schema: unknown,
  seen: ReadonlySet<string> = new Set(),
  budget: Budget = { left: EXAMPLE_VALUES },
): unknown {
  if (budget.left <= 0) return undefined;
  budget.left--;
  if (!schema || typeof schema !== "object") return {};
  const node = schema as Record<string, any>;
  if (typeof node.$ref === "string") {
    if (seen.has(node.$ref)) return undefined;
    return exampleFor(doc, resolve(doc, { $ref: node.$ref }), new Set([...seen, node.$ref]), budget);
  }
  if ("example" in node) return node.example;
  if ("const" in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if (Array.isArray(node.allOf))
    return mergeAll(
      node.allOf.map((part: unknown) => exampleFor(doc, part, seen, budget)),
      ownPart(doc, node, seen, budget),
    );
  for (const key of ["oneOf", "anyOf"] as const) {
    if (Array.isArray(node[key]) && node[key].length > 0) return exampleFor(doc, node[key][0], seen, budget);
  }
  if ("default" in node) return node.default;
  const type = Array.isArray(node.type) ? node.type.find((t: unknown) => t !== "null") : node.type;
  switch (type ?? (node.properties ? "object" : node.items ? "array" : undefined)) {
    case "string":
      return stringExample(node);
    case "integer":
      return numberExample(node, true);
    case "number":
      return numberExample(node, false);
    case "boolean":
      return false;
    case "array":
      return arrayExample(doc, node, seen, budget);
    case "object":
      return objectExample(doc, node, seen, budget);
    default:
      return {};
  }
}

/** The example body of an operation's first 2xx JSON response (200 preferred); undefined when it has none. */
export function responseExample(
  doc: OpenApiDocument,
  operation: Operation,
): { status: number; body: unknown } | undefined {
  const responses: Record<string, any> = operationObjectOf(doc, operation.path, operation.method)?.responses ?? {};
  const status = [
    "200",
    ...Object.keys(responses)
      .filter((s) => /^2\d\d$/.test(s))
      .sort(),
  ].find((s) => s in responses);
  if (!status) return undefined;
  const content: Record<string, any> = resolve(doc, responses[status])?.content ?? {};
  const media = content["application/json"] ?? Object.entries(content).find(([type]) => type.endsWith("+json"))?.[1];
  return { status: Number(status), body: media ? exampleFor(doc, media.schema) : undefined };
}

function stringExample(node: Record<string, any>): string {
  const byFormat: Record<string, string> = {
    "date-time": EXAMPLE_DATE_TIME,
    date: EXAMPLE_DATE_TIME.slice(0, 10),
    time: "00:00:00Z",
    email: "user@example.org",
    uri: "https://example.org/",
    uuid: "00000000-0000-4000-8000-000000000000",
    byte: "",
  };
  let text = byFormat[String(node.format)] ?? "string";
  if (typeof node.minLength === "number" && text.length < node.minLength)
    text = text.padEnd(Math.min(node.minLength, MAX_LENGTH), "x");
  if (typeof node.maxLength === "number" && text.length > node.maxLength) text = text.slice(0, node.maxLength);
  return text;
}

function numberExample(node: Record<string, any>, integer: boolean): number {
  let value =
    typeof node.minimum === "number" ? node.minimum : typeof node.maximum === "number" ? Math.min(0, node.maximum) : 0;
  if (node.exclusiveMinimum === true || typeof node.exclusiveMinimum === "number")
    value = (typeof node.exclusiveMinimum === "number" ? node.exclusiveMinimum : value) + 1;
  if (typeof node.multipleOf === "number" && node.multipleOf > 0)
    value = Math.ceil(value / node.multipleOf) * node.multipleOf;
  return integer ? Math.ceil(value) : value;
}

function arrayExample(
  doc: OpenApiDocument,
  node: Record<string, any>,
  seen: ReadonlySet<string>,
  budget: Budget,
): unknown[] {
  const before = budget.left;
  const item = exampleFor(doc, node.items, seen, budget);
  if (item === undefined) return [];
  if (node.maxItems === 0) return [];
  // One item shows the shape; more only when minItems asks for them, each copy paid for from the budget.
  const cost = before - budget.left;
  const wanted = Math.min(Math.max(typeof node.minItems === "number" ? node.minItems : 0, 1), MAX_ITEMS);
  const count = Math.min(wanted, 1 + Math.floor(budget.left / cost));
  budget.left -= cost * (count - 1);
  return Array.from({ length: count }, () => structuredClone(item));
}

function objectExample(
  doc: OpenApiDocument,
  node: Record<string, any>,
  seen: ReadonlySet<string>,
  budget: Budget,
): Record<string, unknown> {
  const required = new Set<string>(Array.isArray(node.required) ? node.required : []);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries<unknown>(node.properties ?? {})) {
    const value = exampleFor(doc, property, seen, budget);
    // A property that would close a reference cycle (or exceed the budget) is left out when optional, null when
    // required. defineProperty: a property named `__proto__` must be one of the example's own, not its prototype.
    const own = value !== undefined ? value : required.has(name) ? null : undefined;
    if (own !== undefined)
      Object.defineProperty(out, name, { value: own, writable: true, enumerable: true, configurable: true });
  }
  return out;
}

/** allOf's own siblings (`properties` next to `allOf`), as one more part to merge. */
function ownPart(doc: OpenApiDocument, node: Record<string, any>, seen: ReadonlySet<string>, budget: Budget): unknown {
  const { allOf: _allOf, ...rest } = node;
  return Object.keys(rest).some((k) => k === "properties" || k === "type" || k === "items")
    ? exampleFor(doc, rest, seen, budget)
    : undefined;
}

function mergeAll(parts: unknown[], own: unknown): unknown {
  const all = [...parts, own].filter((p) => p !== undefined);
  if (all.every((p) => p && typeof p === "object" && !Array.isArray(p))) return Object.assign({}, ...all);
  return all[0];
}
