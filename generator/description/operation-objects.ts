/**
 * What the lint does not refuse but would make the model, the audit and the generated types disagree about which
 * operations exist. Every reader of operations (model, audit, diff, facility, openapi-typescript) must see the same
 * set, so these are refused with the pointer rather than read one way here and another way there.
 *
 * - A path item with a `$ref` and fields beside it (`post`, `parameters`...): the specification leaves the result
 *   undefined, and a reader that follows the `$ref` drops the operation written beside it, which then vanishes from
 *   the audit. Only `summary` and `description` (which OpenAPI 3.1 allows there, and which change nothing) may stay.
 * - An operation object holding a `$ref` (never valid: readers disagree on whether the fields beside it or its target
 *   count, scope included).
 * - Two operations sharing an `operationId`: the generated types key operations by it, so one would shadow the other.
 * - Literal text in a template that a request cannot hold as written or that decodes to other text (`%`, `\`, control
 *   characters, lone surrogates, dot-segments): the audit would read the template one way, the guard, `needs` and the
 *   facility the request (`/utilities/%63ommand/pm` is `/utilities/command/pm`), so a request would mean one thing to
 *   us and another to the server.
 *
 * Not refused: two templates equal but for their parameter names (`/things/{aid}`, `/things/{zname}`) and path keys
 * holding `#` or `?` (`/tags/{arn}#tagKeys`, `/#X-Amz-Target=Service.Op`): the part before is the request path, the
 * rest a discriminator (templates/runtime/matcher.ts's discriminatorOf). Under one method such templates are one
 * route, which needs every requirement of its operations (see docs/security.md, "Routes"); under different methods
 * no request can match both. A discriminator may not hold a parameter or the characters refused above.
 */
import { requestPath, templateLiterals } from "../../templates/runtime/matcher.js";
import { DescriptionError } from "../errors.js";
import { eachOperationObject, HTTP_METHODS, type OpenApiDocument } from "./document.js";
import { escapePointer } from "./pointer.js";

/** Fields that may sit beside a path item's `$ref` without changing what it means. */
const HARMLESS_BESIDE_REF = new Set(["$ref", "summary", "description"]);

/** Refuse `$ref`s whose siblings change which operations exist or what they need; see the module comment. */
export function checkOperationRefs(doc: OpenApiDocument, source: string): void {
  const paths = doc.paths;
  if (!paths || typeof paths !== "object") return;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!item || typeof item !== "object" || Array.isArray(item)) continue;
    const at = `/paths/${escapePointer(path)}`;
    if (typeof item.$ref === "string") {
      const beside = Object.keys(item).filter((k) => !HARMLESS_BESIDE_REF.has(k));
      if (beside.length > 0)
        throw new DescriptionError(
          source,
          `the path item has a $ref and ${beside.map((k) => JSON.stringify(k)).join(", ")} beside it; ` +
            "what that means is undefined, so it is refused: " +
            "move the fields into the referenced path item or drop the $ref",
          at,
        );
    }
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op && typeof op === "object" && "$ref" in op)
        throw new DescriptionError(
          source,
          "an operation object cannot be a $ref (readers disagree on which operation it is); write the operation out",
          `${at}/${method}`,
        );
    }
  }
}

/** Refuse two operations with one `operationId`, naming both. */
export function checkOperationIds(doc: OpenApiDocument, source: string): void {
  const seen = new Map<string, string>();
  for (const [path, method, op] of eachOperationObject(doc)) {
    const id = op.operationId;
    // An empty operationId names nothing (the generated types and the model both ignore it).
    if (typeof id !== "string" || id === "") continue;
    const at = `/paths/${escapePointer(path)}/${method}`;
    const first = seen.get(id);
    if (first !== undefined)
      throw new DescriptionError(
        source,
        `operationId ${JSON.stringify(id)} is used by two operations, ${first} and ${at}; operationIds must be unique`,
        at,
      );
    seen.set(id, at);
  }
}

/** Characters a template's literal text may not hold, and why; see checkPathTemplates. */
const LITERAL_PROBLEMS: [RegExp, string][] = [
  [/%/, "a percent sign: the guard and the facility decode it, so a request for it reads as other text (%63 is c)"],
  [/[\\\x00-\x1f\x7f]/, "a backslash or a control character, which the URL parser rewrites or drops"],
  [
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    "a lone surrogate, which the URL parser replaces with U+FFFD",
  ],
];

/**
 * Refuse path templates that the audit and the request readers (the guard, `needs`, the facility) would read
 * differently: literal text holding what LITERAL_PROBLEMS lists or a dot-segment, and a `#`/`?` discriminator holding
 * a parameter, a second `#` or what LITERAL_PROBLEMS lists.
 */
export function checkPathTemplates(doc: OpenApiDocument, source: string): void {
  const paths = doc.paths;
  if (!paths || typeof paths !== "object") return;
  for (const path of Object.keys(paths)) {
    const at = `/paths/${escapePointer(path)}`;
    const discriminator = path.slice(requestPath(path).length + 1);
    if (/[{}#]/.test(discriminator))
      throw new DescriptionError(
        source,
        `the path ${JSON.stringify(path)} has a parameter, a brace or a second # after its first ? or #, ` +
          "where only a discriminator (name=value pairs) may stand",
        at,
      );
    for (const [pattern, why] of LITERAL_PROBLEMS)
      if (pattern.test(discriminator))
        throw new DescriptionError(source, `the path ${JSON.stringify(path)} holds ${why}`, at);
    for (const pieces of templateLiterals(path)) {
      if (pieces.length === 1 && (pieces[0] === "." || pieces[0] === ".."))
        throw new DescriptionError(
          source,
          `the path ${JSON.stringify(path)} has a dot-segment (${pieces[0]}), which the URL parser resolves away`,
          at,
        );
      for (const [pattern, why] of LITERAL_PROBLEMS)
        if (pieces.some((piece) => pattern.test(piece)))
          throw new DescriptionError(source, `the path ${JSON.stringify(path)} holds ${why}`, at);
    }
  }
}
