/**
 * What index.d.ts says of each operation beside its level: named types for its arguments, request body, answer and
 * error answers (`ReadJobArgs`, `RunCommandBody`, `ReadJobResponse`, `ReadJobError`), so that an editor's hover reads
 * names rather than `paths["/x"]["get"]["responses"]…` chains, and the TSDoc of its method on the client: summary,
 * description, level (or OAuth2 scopes), what it throws and an example call. Names come from the friendly name (one
 * per operation, already a unique identifier) and a fixed suffix, so they are deterministic; the rule is in
 * docs/client.md ("Named types").
 */
import type { Operation, Parameter } from "../model/operations.js";
import { isJsonMediaType, isSuccess } from "../model/responses.js";
import { effectiveLevel, PUBLIC } from "../model/scope.js";
import { printable } from "../printable.js";
import type { EmitContext } from "./context.js";
import { operationTags } from "./operations-table.js";
import { PUBLIC_ERRORS, PUBLIC_TYPES } from "./public-exports.js";
import { blockCommentText, interfaceHead, jsDoc, LINE_WIDTH, literal } from "./text.js";

/** The names of one operation's types; `op` (`paths[path][method]`) is the file's own shorthand. */
export interface OperationTypeNames {
  op: string;
  args: string;
  response: string;
  body?: string;
  error?: string;
}

/**
 * The one helper type every answer type goes through: `AnswerOf<ReadJobOp, 200>` is the JSON of that answer (another
 * media type as a third argument), and it is what an interface extends to give an object answer its own name
 * (`interface ReadJobResponse extends AnswerOf<…> {}`). One short generic instead of the whole chain per operation:
 * an indexed access, so the type is the same as the chain spelled out, at a third of the bytes.
 */
export const ANSWER_OF = "AnswerOf";
/**
 * `BodyOf<RunCommandOp, "application/x-www-form-urlencoded">`: the request body of that media type (JSON by
 * default).
 */
export const BODY_OF = "BodyOf";
const JSON_MEDIA = "application/json";

/**
 * Names index.d.ts imports or declares that end like ours (`ScopeError`, `CallResult`...): an operation named `scope`
 * or `call` would otherwise declare them twice. Every other name of the file ends otherwise (Paths, Client, ...).
 */
const TAKEN: ReadonlySet<string> = new Set([...PUBLIC_ERRORS, ...PUBLIC_TYPES, "Call", "OptionalCall"]);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const cache = new WeakMap<EmitContext, Map<string, OperationTypeNames>>();

/** Each operation's type names, by friendly name: `PascalName` + `Op`, `Args`, `Body`, `Response`, `Error`. */
export function operationTypeNames(ctx: EmitContext): Map<string, OperationTypeNames> {
  const known = cache.get(ctx);
  if (known) return known;
  const taken = new Set(TAKEN);
  const claim = (base: string, suffix: string) => {
    let name = `${base}${suffix}`;
    for (let k = 2; taken.has(name); k++) name = `${base}${k}${suffix}`;
    taken.add(name);
    return name;
  };
  const names = new Map<string, OperationTypeNames>();
  ctx.operations.forEach((op, i) => {
    const pascal = op.name.charAt(0).toUpperCase() + op.name.slice(1);
    const base = IDENTIFIER.test(pascal) ? pascal : `Operation${i}`;
    names.set(op.name, {
      op: claim(base, "Op"),
      args: claim(base, "Args"),
      response: claim(base, "Response"),
      ...(op.requestMediaTypes.length > 0 ? { body: claim(base, "Body") } : {}),
      ...(errorTypes(op, "").length > 0 ? { error: claim(base, "Error") } : {}),
    });
  });
  cache.set(ctx, names);
  return names;
}

/** The names of `op`'s types (see operationTypeNames). */
export function typeNamesOf(ctx: EmitContext, op: Operation): OperationTypeNames {
  return operationTypeNames(ctx).get(op.name)!;
}

/** A status as a type argument: `200` (openapi-typescript's keys are numbers), `"4XX"`, `"default"`. */
function statusArg(status: string): string {
  return /^[1-5]\d\d$/.test(status) ? status : literal(status);
}

/**
 * `AnswerOf<Ref, 200 | 201>`: the answers of `op` (success or error) with a JSON media type, from its `Op` shorthand
 * `ref`, one term per media type (`AnswerOf<Ref, 400, "application/problem+json">`) so that each status is read with
 * its own.
 */
function jsonAnswers(op: Operation, ref: string, success: boolean): string[] {
  const byMedia = new Map<string, string[]>();
  for (const r of op.answer.responses) {
    if (isSuccess(r.status) !== success) continue;
    const json = r.mediaTypes.find(isJsonMediaType);
    if (json) byMedia.set(json, [...(byMedia.get(json) ?? []), statusArg(r.status)]);
  }
  return [...byMedia].map(
    ([media, statuses]) =>
      `${ANSWER_OF}<${ref}, ${statuses.join(" | ")}${media === JSON_MEDIA ? "" : `, ${literal(media)}`}>`,
  );
}

function errorTypes(op: Operation, ref: string): string[] {
  return jsonAnswers(op, ref, false);
}

/** What a success answer resolves to: its JSON (JSON-text fields parsed), text, a Blob, or undefined. */
function dataTypes(op: Operation, ref: string): { union: string[]; fields: string[] } {
  const types = new Set<string>(jsonAnswers(op, ref, true));
  for (const r of op.answer.responses.filter((r) => isSuccess(r.status))) {
    if (!r.mediaTypes.some(isJsonMediaType) && r.mediaTypes.length > 0)
      types.add(op.answer.responseType === "text" ? "string" : "Blob");
  }
  return { union: types.size === 0 ? ["undefined"] : [...types], fields: op.answer.jsonText };
}

/** `export type Name = A | B;`, its union one member a line when it does not fit on one. */
function alias(name: string, members: readonly string[], exported = true): string[] {
  const head = `${exported ? "export " : ""}type ${name} =`;
  const one = `${head} ${members.join(" | ")};`;
  if (one.length <= LINE_WIDTH) return [one];
  if (members.length === 1) return [head, `  ${members[0]};`];
  return [head, ...members.map((m, i) => `  | ${m}${i === members.length - 1 ? ";" : ""}`)];
}

/** `{ a: A; b?: B }` on one line, or one member a line when it does not fit. */
function objectType(head: string, members: readonly string[], tail: string): string[] {
  const one = `${head}{ ${members.join("; ")} }${tail}`;
  if (one.length <= LINE_WIDTH) return [one];
  return [`${head}{`, ...members.map((m) => `  ${m};`), `}${tail}`];
}

/** The helper types, then the named types of every operation, for index.d.ts (either policy). */
export function operationTypes(ctx: EmitContext): string[] {
  const out = [
    "// ---- named types " + "-".repeat(89),
    "",
    jsDoc(
      [
        "`AnswerOf<XOp, 200>`: operation X's answer of status 200, JSON unless `M` names another media type. An " +
          "interface extends it to give an object answer its own name, so that editors show the name.",
      ],
      [],
    ),
    `type ${ANSWER_OF}<Op extends { responses: any }, S extends PropertyKey, ` +
      `M extends PropertyKey = ${literal(JSON_MEDIA)}> =`,
    '  Op["responses"][S]["content"][M];',
    jsDoc(["`BodyOf<XOp>`: operation X's request body, JSON unless `M` names another media type."], []),
    `type ${BODY_OF}<Op extends { requestBody?: any }, M extends PropertyKey = ${literal(JSON_MEDIA)}> =`,
    '  NonNullable<Op["requestBody"]>["content"][M];',
    "",
  ];
  for (const op of ctx.operations) {
    const n = typeNamesOf(ctx, op);
    out.push(...alias(n.op, [`paths[${literal(op.path)}][${literal(op.method)}]`], false));
    const members = argMembers(op, n);
    out.push(
      ...(members.length > 0
        ? objectType(`export type ${n.args} = `, members, ";")
        : [`export type ${n.args} = Record<string, never>;`]),
    );
    const media = op.requestMediaTypes[0];
    if (n.body !== undefined && media !== undefined)
      out.push(...alias(n.body, [`${BODY_OF}<${n.op}${media === JSON_MEDIA ? "" : `, ${literal(media)}`}>`]));
    const data = dataTypes(op, n.op);
    if (op.answer.objectData && data.union.length === 1 && data.fields.length === 0)
      out.push(interfaceHead(n.response, [data.union[0]!], " {}"));
    else if (data.fields.length > 0) {
      const fields = data.fields.map(literal).join(" | ");
      out.push(...alias(n.response, [`WithJsonText<${data.union.join(" | ")}, ${fields}>`]));
    } else out.push(...alias(n.response, data.union));
    if (n.error !== undefined) out.push(...alias(n.error, errorTypes(op, n.op)));
    out.push("");
  }
  return out;
}

/** `path: ReadJobOp["parameters"]["path"]`, `query?: …`, `body: RunCommandBody`: what the call takes. */
function argMembers(op: Operation, n: OperationTypeNames): string[] {
  const members: string[] = [];
  for (const where of ["path", "query", "header"] as const) {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) continue;
    const needed = params.some((p) => p.required);
    members.push(`${where}${needed ? "" : "?"}: ${n.op}["parameters"][${literal(where)}]`);
  }
  if (n.body !== undefined) members.push(`body${op.requestBodyRequired ? "" : "?"}: ${n.body}`);
  return members;
}

/** Whether a call must pass an argument object (`Call`) or may leave it out (`OptionalCall`). */
function argsRequired(op: Operation): boolean {
  return (
    op.parameters.some((p) => p.in !== "cookie" && p.required) ||
    (op.requestMediaTypes.length > 0 && op.requestBodyRequired)
  );
}

/** `Call<ReadJobArgs, ReadJobResponse, ReadJobError>`, or `OptionalCall` when no argument is required. */
export function callType(ctx: EmitContext, op: Operation): string {
  const n = typeNamesOf(ctx, op);
  return `${argsRequired(op) ? "Call" : "OptionalCall"}<${n.args}, ${n.response}, ${n.error ?? "unknown"}>`;
}

/**
 * The TSDoc of an operation's method on a client: summary, description (untrusted: escaped, wrapped), `METHOD path`,
 * the level tags of the operation table, what the call throws, and an example call.
 */
export function memberDoc(ctx: EmitContext, op: Operation, indent = "  "): string {
  const text = (s: string | undefined) => (s ? blockCommentText(printable(s)) : "");
  const paragraphs = [text(op.summary), text(op.description), text(`\`${op.method.toUpperCase()} ${op.path}\``)];
  return jsDoc(
    paragraphs.filter(Boolean),
    [...operationTags(op, ctx), ...throwsTags(ctx, op), example(ctx, op)],
    indent,
  );
}

/** What a named call throws (templates/runtime/calls.ts, guard.ts, token.ts, guarded-fetch.ts). */
function throwsTags(ctx: EmitContext, op: Operation): [string, string][] {
  const tags: [string, string][] = [["throws", "{@link ResponseError} on a non-2xx answer (`body` holds it)."]];
  if (op.scope !== PUBLIC) {
    const level = blockCommentText(printable(literal(effectiveLevel(ctx.ladder, op.scope))));
    tags.push(
      ctx.policy === "security"
        ? ["throws", "{@link ScopeError} when the client's grant covers none of its scope sets (nothing is sent)."]
        : ["throws", `{@link ScopeError} on a client whose color is below ${level} (nothing is sent).`],
      ["throws", "{@link CredentialsError} on a client without credentials; {@link TokenError} when no token is had."],
    );
  }
  tags.push(["throws", "{@link NetworkError} when unreachable (GET, HEAD, OPTIONS retried)."]);
  return tags;
}

/** `await client.readJob({ path: { machine: "perlmutter", jobid: "123" } })`, in a fenced block. */
function example(ctx: EmitContext, op: Operation): [string, string] {
  const n = typeNamesOf(ctx, op);
  const parts: string[] = [];
  const lines: string[] = [];
  for (const where of ["path", "query", "header"] as const) {
    const params = op.parameters.filter((p) => p.in === where && (where === "path" || p.required));
    if (params.length === 0) continue;
    parts.push(`${where}: { ${params.map((p) => `${key(p.name)}: ${exampleValue(p)}`).join(", ")} }`);
  }
  if (n.body !== undefined && op.requestBodyRequired) {
    lines.push(`declare const body: ${n.body};`);
    parts.push("body");
  }
  const method = IDENTIFIER.test(op.name) ? `.${op.name}` : `[${literal(op.name)}]`;
  const call = (args: string) => `await client${method}(${args});`;
  const hasData = dataTypes(op, "").union[0] !== "undefined";
  const line = (args: string) => (hasData ? `const answer: ${n.response} = ${call(args)}` : call(args));
  const one = line(parts.length > 0 ? `{ ${parts.join(", ")} }` : "");
  // Five characters of comment prefix (`   * `) before each line.
  if (one.length <= LINE_WIDTH - 5 || parts.length === 0) lines.push(one);
  else lines.push(...line(`{\n${parts.map((p) => `  ${p},`).join("\n")}\n}`).split("\n"));
  return ["example", ["", "```ts", ...lines.map(codeLine), "```"].join("\n")];
}

/** A line of the example, made safe for the comment as any text is, its indentation kept. */
function codeLine(line: string): string {
  return " ".repeat(line.length - line.trimStart().length) + blockCommentText(printable(line));
}

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : literal(name);
}

/** A short safe value of a parameter's type: its example, first enum value or default when plain, else by type. */
function exampleValue(p: Parameter): string {
  const schema = (p.schema && typeof p.schema === "object" ? p.schema : {}) as Record<string, unknown>;
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : undefined);
  for (const v of [schema.example, first(schema.examples), first(schema.enum), schema.default]) {
    if (typeof v === "string" && /^[\w.\-/]{1,40}$/.test(v)) return literal(v);
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v === "boolean") return String(v);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "integer" || type === "number") return "1";
  if (type === "boolean") return "true";
  if (type === "array") return "[]";
  return literal(/id$/i.test(p.name) ? "123" : /^[\w.-]{1,40}$/.test(p.name) ? p.name : "value");
}
