/**
 * The operation model: one record per (method, path), with a friendly name, the scope it requires and what the
 * emitters, the audit and the diff need to know about its inputs. Ordered by path, then method, for stable output.
 */

import type { HttpMethod, OpenApiDocument } from "../description/document.js";
import { eachOperationObject, HTTP_METHODS, resolve } from "../description/document.js";
import type { AnswerInfo } from "./responses.js";
import { answerOf } from "./responses.js";
import type { Requirement, ScopeRules } from "./scope.js";
import { requirementOf, rulesFor } from "./scope.js";
import type { WholePathMarks } from "./whole-path.js";
import { checkListedWholePaths, pathItemPointer, wholePathOf } from "./whole-path.js";

export interface Parameter {
  name: string;
  in: "query" | "header" | "path" | "cookie";
  required: boolean;
  /**
   * The parameter's schema, its own `$ref` resolved (deeper `$ref`s resolve against the document); {} when it has none.
   */
  schema: unknown;
}

export interface Operation {
  /** Friendly camelCase name, unique within the description (`runCommand`). */
  name: string;
  operationId?: string;
  method: HttpMethod;
  path: string;
  tags: string[];
  summary?: string;
  /** The operation's `description` (untrusted Markdown): the client's TSDoc carries it. */
  description?: string;
  /** The table's scope: the named level verbatim, "public" or "unranked". */
  scope: string;
  requirement: Requirement;
  /** Request body media types in the description's order; the first is what the runtime sends. */
  requestMediaTypes: string[];
  requestBodyRequired: boolean;
  parameters: Parameter[];
  /** `$ref`s of the request body schemas and of each response's schemas, for the diff. */
  requestSchemaRefs: string[];
  responseSchemaRefs: Record<string, string[]>;
  /** JSON pointer of the operation object in the description. */
  pointer: string;
  deprecated: boolean;
  /** What it answers: statuses and media types, non-JSON success answers, JSON-text fields. */
  answer: AnswerInfo;
  /** The trailing path parameter that takes a whole file path, slashes included (whole-path.ts); usually absent. */
  wholePath?: string;
}

export function buildOperations(
  doc: OpenApiDocument,
  rules: ScopeRules,
  marks: WholePathMarks = { source: "description" },
): Operation[] {
  checkListedWholePaths(doc, marks);
  const effectiveRules = rulesFor(doc, rules);
  const records = [...eachOperationObject(doc)].map(([path, method, op, item]) => {
    const body = resolve(doc, op.requestBody);
    const content: Record<string, any> = body?.content ?? {};
    const pointer = `${pathItemPointer(path)}/${method}`;
    const wholePath = wholePathOf(
      doc,
      path,
      [
        [item.parameters, pathItemPointer(path)],
        [op.parameters, pointer],
      ],
      marks,
    );
    return {
      operationId: typeof op.operationId === "string" ? op.operationId : undefined,
      method,
      path,
      tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
      summary: typeof op.summary === "string" ? op.summary : undefined,
      description: typeof op.description === "string" ? op.description : undefined,
      requirement: requirementOf(doc, method, op, effectiveRules, pointer),
      requestMediaTypes: Object.keys(content),
      requestBodyRequired: body?.required === true,
      parameters: parametersOf(doc, item, op),
      requestSchemaRefs: schemaRefs(content),
      responseSchemaRefs: Object.fromEntries(
        Object.entries<any>(op.responses ?? {}).map(([status, r]) => [
          status,
          schemaRefs(resolve(doc, r)?.content ?? {}),
        ]),
      ),
      pointer,
      deprecated: op.deprecated === true,
      answer: answerOf(doc, op),
      ...(wholePath === undefined ? {} : { wholePath }),
    };
  });
  records.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method),
  );
  const names = assignNames(records);
  return records.map((r, i) => ({ name: names[i]!, scope: r.requirement.scope, ...r }));
}

/**
 * Path-level parameters, overridden by operation-level ones of the same (name, in): the one merge every consumer
 * (the emitted types, the diff, the facility's validation) reads.
 */
function parametersOf(doc: OpenApiDocument, item: Record<string, any>, op: Record<string, any>): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [item.parameters, op.parameters]) {
    for (const ref of Array.isArray(list) ? list : []) {
      const p = resolve(doc, ref);
      if (!p || typeof p.name !== "string") continue;
      byKey.set(`${p.in}:${p.name}`, {
        name: p.name,
        in: p.in,
        required: p.required === true || p.in === "path",
        schema: resolve(doc, p.schema) ?? {},
      });
    }
  }
  return [...byKey.values()];
}

function schemaRefs(content: Record<string, any>): string[] {
  const refs = Object.values(content)
    .map((media) => media?.schema?.$ref)
    .filter((r): r is string => typeof r === "string");
  return [...new Set(refs)].sort();
}

// ---- friendly names ---------------------------------------------------------------------------------------------

/**
 * Names an operation may not take: JavaScript's reserved words and strict-mode bindings (names are exported
 * `const`s of operations.js), the generated modules' other exports, the client's own members (named calls sit beside
 * them), and what objects inherit or promises look for (`then` would make the client a thenable).
 */
const RESERVED_WORDS = new Set(
  [
    "break case catch class const continue debugger default delete do else enum export extends false finally for",
    "function if import in instanceof new null return super switch this throw true try typeof var void while with",
    "yield let static implements interface package private protected public await",
    "eval arguments undefined NaN Infinity",
    "operations ladder description defaultBaseUrl createClient waitForTask",
    "request use eject then constructor prototype",
    "toString valueOf hasOwnProperty isPrototypeOf propertyIsEnumerable toLocaleString",
  ]
    .join(" ")
    .split(" "),
);

/**
 * FastAPI's default operationId is `{function}{path with non-word characters as _}_{method}`; strip that suffix so
 * `run_command_utilities_command__machine__post` becomes `run_command`.
 */
export function stripFastApiSuffix(operationId: string, path: string, method: string): string {
  const suffix = `${path.replace(/\W/g, "_")}_${method}`;
  if (operationId.length > suffix.length && operationId.endsWith(suffix)) return operationId.slice(0, -suffix.length);
  // Written before a path parameter was renamed (`__transfer_id__` for `{globus_uuid}`): the same suffix with any
  // names in the parameters' places, so the friendly name survives the rename. The limits keep the names of before,
  // when a backtracking regex did this; looseSuffixStart needs no limit of its own.
  const { literals } = templateParts(path);
  if (literals.length < 2 || literals.length > 5 || operationId.length > 300) return operationId;
  const start = looseSuffixStart(
    operationId,
    literals.map((l) => l.replace(/\W/g, "_")),
    method,
  );
  return start === undefined ? operationId : operationId.slice(0, start);
}

/**
 * `/a/{b}/c{d}` -> literals `["/a/", "/c", ""]`, names `["b", "d"]`: the text around each `{...}` and the names
 * inside, as `/\{([^}]*)\}/g` finds them (a `{` without a `}` after it is text) but in one pass: that regex scans to
 * the end again from every `{` of a path with no `}`.
 */
export function templateParts(path: string): { literals: string[]; names: string[] } {
  const literals: string[] = [];
  const names: string[] = [];
  let from = 0;
  for (let open = path.indexOf("{"); open >= 0; ) {
    const close = path.indexOf("}", open + 1);
    if (close < 0) break;
    literals.push(path.slice(from, open));
    names.push(path.slice(open + 1, close));
    from = close + 1;
    open = path.indexOf("{", from);
  }
  literals.push(path.slice(from));
  return { literals, names };
}

/**
 * Where the loose FastAPI suffix starts in `id`: the least `p` >= 1 such that `id.slice(p)` is the `literals` joined
 * by `_<word characters>_` and followed by `_<method>`, and `id.slice(0, p)` holds no line terminator; undefined when
 * there is none. This is what `^(.+?)<literal0>_\w+_<literal1>..._<method>$` captures, found right to left instead:
 * `ok[i]` says whether the pattern's tokens from the current one on match `id` from `i` to its end, one token at a
 * time, so the cost is the number of tokens times the length (times a literal's length), never exponential.
 */
function looseSuffixStart(id: string, literals: readonly string[], method: string): number | undefined {
  // Tokens: literal text, or `\w+` (null). `l0_`, `\w+`, `_l1_`, `\w+`, ..., `_lk_method`.
  const tokens: (string | null)[] = [];
  literals.forEach((literal, i) => {
    const last = i === literals.length - 1;
    if (i > 0) tokens.push(null);
    tokens.push(`${i > 0 ? "_" : ""}${literal}${last ? `_${method}` : "_"}`);
  });
  const n = id.length;
  let ok = new Uint8Array(n + 1);
  ok[n] = 1;
  for (let t = tokens.length - 1; t >= 0; t--) {
    const token = tokens[t]!;
    const next = ok;
    ok = new Uint8Array(n + 1);
    if (token === null) {
      for (let i = n - 1; i >= 0; i--) ok[i] = isWordCode(id.charCodeAt(i)) && (next[i + 1] || ok[i + 1]) ? 1 : 0;
    } else {
      for (let i = n - token.length; i >= 0; i--) ok[i] = next[i + token.length] && id.startsWith(token, i) ? 1 : 0;
    }
  }
  for (let p = 1; p < n; p++) {
    if (isLineTerminator(id.charCodeAt(p - 1))) return undefined;
    if (ok[p]) return p;
  }
  return undefined;
}

/** `\w`: ASCII letters, digits and `_`. */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 /* _ */;
}

/** What `.` does not match without the `s` flag. */
function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

export function camelCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
  return joined;
}

/** A name from method and path when there is no operationId: `GET /tasks/{id}` -> `getTasksById`. */
function nameFromPath(method: string, path: string): string {
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith("{") ? `by ${seg.slice(1, -1)}` : seg));
  return camelCase([method, ...parts].join(" "));
}

function baseName(r: { operationId?: string; method: string; path: string }): string {
  const fromId = r.operationId ? camelCase(stripFastApiSuffix(r.operationId, r.path, r.method)) : "";
  let name = fromId || nameFromPath(r.method, r.path) || r.method;
  if (/^[0-9]/.test(name)) name = `op${name[0]!.toUpperCase()}${name.slice(1)}`;
  if (RESERVED_WORDS.has(name)) name = `${name}Operation`;
  return name;
}

/**
 * Unique names, deterministic: records arrive sorted by (path, method); a name already taken gets the method
 * appended (`readTaskDelete`), then a counter. Suffixed names never take another operation's own base name.
 */
function assignNames(records: { operationId?: string; method: string; path: string }[]): string[] {
  const bases = records.map(baseName);
  const claimed = new Set(bases);
  const taken = new Set<string>();
  return records.map((r, i) => {
    let name = bases[i]!;
    if (taken.has(name)) {
      const withMethod = name + r.method[0]!.toUpperCase() + r.method.slice(1);
      name = withMethod;
      for (let n = 2; taken.has(name) || claimed.has(name); n++) name = `${withMethod}${n}`;
    }
    taken.add(name);
    return name;
  });
}
