/**
 * FastAPI's 422 answers, driven by the description: path and query parameters that do not parse or fall outside
 * their enum (an unknown machine), and form bodies (commands, jobs, transfers, groups) with a required field missing
 * or a boolean, integer or enum that does not parse. Only the fields the description declares are checked; others
 * are ignored, as FastAPI does.
 */
import type { OpenApiDocument } from "../description/document.js";
import { operationObjectOf, pathItemOf, resolve } from "../description/document.js";
import type { Operation } from "../model/operations.js";
import type { FacilityRequest, Reply } from "./http.js";
import { FORM, mediaType, reply } from "./http.js";

type Problem = { loc: (string | number)[]; msg: string; type: string };

/** FastAPI's 422 body (`HTTPValidationError`), one entry per problem. */
export function validationError(problems: readonly Problem[]): Reply {
  return reply(422, { detail: problems });
}

/**
 * Path and query parameters that do not fit their schemas (a machine outside the enum, `?sacct=maybe`), as a 422;
 * undefined when every value fits.
 */
export function invalidParameters(
  doc: OpenApiDocument,
  operation: Operation,
  params: Record<string, string>,
  query: URLSearchParams,
): Reply | undefined {
  const own = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);
  const declared = [
    ...own(pathItemOf(doc, operation.path)?.parameters),
    ...own(operationObjectOf(doc, operation.path, operation.method)?.parameters),
  ].map((p) => resolve(doc, p));
  const problems: Problem[] = [];
  for (const parameter of declared) {
    const name: string = parameter?.name;
    const values =
      parameter?.in === "path" && Object.hasOwn(params, name)
        ? [params[name]!]
        : parameter?.in === "query"
          ? query.getAll(name)
          : [];
    for (const value of values) {
      const problem = valueProblem(doc, parameter.schema, value, [parameter.in, name]);
      if (problem) problems.push(problem);
    }
  }
  return problems.length > 0 ? validationError(problems) : undefined;
}

/**
 * The form fields of a request to an operation whose body is `application/x-www-form-urlencoded`; a 422 when the body
 * is not a form or does not fit the schema; undefined for operations that take no form.
 */
export function readForm(
  doc: OpenApiDocument,
  operation: Operation,
  request: FacilityRequest,
): URLSearchParams | Reply | undefined {
  if (operation.requestMediaTypes[0] !== FORM) return undefined;
  const schema = resolve(
    doc,
    resolve(doc, operationObjectOf(doc, operation.path, operation.method)?.requestBody)?.content?.[FORM]?.schema,
  );
  if (mediaType(request.headers) !== FORM) {
    const got = request.headers["content-type"] ? `"${mediaType(request.headers)}"` : "no Content-Type";
    return validationError([{ loc: ["body"], msg: `the body must be ${FORM} (got ${got})`, type: "value_error" }]);
  }
  const form = new URLSearchParams(request.body.toString("utf8"));
  const required = new Set<string>(Array.isArray(schema?.required) ? schema.required : []);
  const problems: Problem[] = [];
  for (const [name, property] of Object.entries<unknown>(schema?.properties ?? {})) {
    const value = form.get(name);
    if (value === null || value.trim() === "") {
      if (required.has(name))
        problems.push({ loc: ["body", name], msg: "field required", type: "value_error.missing" });
      continue;
    }
    const problem = valueProblem(doc, property, value, ["body", name]);
    if (problem) problems.push(problem);
  }
  return problems.length > 0 ? validationError(problems) : form;
}

/** pydantic's boolean words (`true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`), as true, false or undefined. */
export function parseBoolean(value: string | null): boolean | undefined {
  const word = value?.trim().toLowerCase() ?? "";
  if (["true", "1", "yes", "on"].includes(word)) return true;
  if (["false", "0", "no", "off"].includes(word)) return false;
  return undefined;
}

/** A whole number written in decimal, or undefined. */
export function parseInteger(value: string | null): number | undefined {
  return value !== null && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** What is wrong with one value of a parameter or form field, for the types a form or query can carry. */
function valueProblem(doc: OpenApiDocument, schema: unknown, value: string, loc: Problem["loc"]): Problem | undefined {
  const node = resolve(doc, schema);
  if (node?.type === "boolean" && parseBoolean(value) === undefined)
    return { loc, msg: "value could not be parsed to a boolean", type: "type_error.bool" };
  if (node?.type === "integer" && parseInteger(value) === undefined)
    return { loc, msg: "value is not a valid integer", type: "type_error.integer" };
  return enumProblem(doc, schema, value, loc);
}

function enumProblem(doc: OpenApiDocument, schema: unknown, value: string, loc: Problem["loc"]): Problem | undefined {
  const allowed = enumOf(doc, schema);
  if (!allowed || allowed.includes(value)) return undefined;
  return {
    loc,
    msg: `value is not a valid enumeration member; permitted: ${allowed.map((v) => JSON.stringify(v)).join(", ")}`,
    type: "type_error.enum",
  };
}

function enumOf(doc: OpenApiDocument, schema: unknown): unknown[] | undefined {
  const node = resolve(doc, schema);
  if (Array.isArray(node?.enum)) return node.enum;
  const [only] = Array.isArray(node?.allOf) && node.allOf.length === 1 ? node.allOf : [];
  return only ? enumOf(doc, only) : undefined;
}
