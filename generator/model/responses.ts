/**
 * What an operation answers, as the named calls need it: each declared status with its media types, how to read a
 * success answer that is not JSON, and which string fields of a JSON success answer hold JSON text (a task's
 * `result`), so the runtime can hand them over parsed.
 */
import type { OpenApiDocument } from "../description/document.js";
import { resolve } from "../description/document.js";

export interface ResponseInfo {
  /** As the description writes it: "200", "2XX", "default". */
  status: string;
  mediaTypes: string[];
}

export interface AnswerInfo {
  responses: ResponseInfo[];
  /** How a success answer is read when none of its media types is JSON. */
  responseType?: "text" | "blob";
  /** Fields of the JSON success answer (or of each of its items) that hold JSON text. */
  jsonText: string[];
  /**
   * Every JSON success answer is one plain object schema (`type: object`, no null, no composition): the client's
   * types can then name it with an interface, which editors show by name.
   */
  objectData?: true;
}

/** `application/json`, `application/problem+json`, `application/json; charset=utf-8`. */
export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(mediaType);
}

export function isSuccess(status: string): boolean {
  return /^2(?:\d\d|XX)$/i.test(status);
}

/**
 * A string field holds JSON text when the description says so: OpenAPI 3.1's `contentMediaType: application/json`,
 * or (3.0 has no keyword for it) a description calling it JSON-encoded, JSON text or a JSON string.
 */
const SAYS_JSON_TEXT = /\bJSON[- ]encoded\b|\bJSON (?:text|string)\b/i;

export function answerOf(doc: OpenApiDocument, op: Record<string, any>): AnswerInfo {
  const responses = Object.entries<any>(op.responses ?? {}).map(([status, r]) => ({
    status,
    mediaTypes: Object.keys(resolve(doc, r)?.content ?? {}),
  }));
  const success = responses.filter((r) => isSuccess(r.status));
  const media = success.flatMap((r) => r.mediaTypes);
  const info: AnswerInfo = { responses, jsonText: [] };
  if (media.length > 0 && !media.some(isJsonMediaType))
    info.responseType = media.every((m) => /^text\//i.test(m)) ? "text" : "blob";
  const first = success.find((r) => r.mediaTypes.some(isJsonMediaType));
  if (first) {
    const content = resolve(doc, op.responses[first.status])?.content ?? {};
    const schema = resolve(doc, content[first.mediaTypes.find(isJsonMediaType)!]?.schema);
    info.jsonText = jsonTextFields(doc, schema?.type === "array" ? resolve(doc, schema.items) : schema);
    const jsonAnswers = success.filter((r) => r.mediaTypes.some(isJsonMediaType));
    if (jsonAnswers.length === 1 && first.mediaTypes.filter(isJsonMediaType).length === 1 && isPlainObject(schema))
      info.objectData = true;
  }
  return info;
}

/**
 * A schema openapi-typescript writes as one object type (not `| null`, not a union or intersection). Extra properties
 * (`additionalProperties` other than false, `patternProperties`) are written as `{ ... } & { [key: string]: ... }`,
 * which an interface cannot extend when a named property does not fit the index type.
 */
function isPlainObject(schema: any): boolean {
  if (!schema || typeof schema !== "object" || schema.type !== "object" || schema.nullable === true) return false;
  if (("additionalProperties" in schema && schema.additionalProperties !== false) || "patternProperties" in schema)
    return false;
  return !["allOf", "anyOf", "oneOf", "not", "enum", "const", "$ref", "$dynamicRef"].some((k) => k in schema);
}

function jsonTextFields(doc: OpenApiDocument, schema: any): string[] {
  const properties =
    schema && typeof schema === "object" && schema.properties && typeof schema.properties === "object"
      ? schema.properties
      : {};
  return Object.entries<any>(properties)
    .filter(([, raw]) => {
      const field = resolve(doc, raw);
      if (!field || typeof field !== "object") return false;
      const types = Array.isArray(field.type) ? field.type : [field.type];
      if (!types.includes("string")) return false;
      return (
        field.contentMediaType === "application/json" ||
        (typeof field.description === "string" && SAYS_JSON_TEXT.test(field.description))
      );
    })
    .map(([name]) => name)
    .sort();
}
