/**
 * Path matching: compile an operation table once into one segment trie per HTTP method, then find every template a
 * request path could mean. Lookups walk the path's segments (literal children first, then `{param}` children), so
 * their cost depends on the path's depth, not on the number of operations.
 *
 * Segments are compared percent-decoded (path.ts reads them). A `{param}` matches any non-empty segment; empty segments
 * (from `//` or a trailing `/`) match only a template's own empty segment, so `/account/` and `/account` are different
 * paths. An entry's `wholePath` parameter (its template's last segment) takes every remaining segment, empty ones
 * included, as one value joined with `/`, provided that value is not empty: `/utilities/ls/{machine}/{path}` fits
 * `/utilities/ls/perlmutter//global/homes` with `path` = `/global/homes`.
 */
import type { OperationEntry, OperationTable } from "./table.js";

interface Node {
  literals?: Map<string, Node>;
  param?: Node;
  /** Segments mixing text and parameters (`{name}.json`), tested in order. */
  patterns?: { pieces: readonly string[]; key: string; node: Node }[];
  /** A trailing whole-path parameter: the rest of the path, one or more segments. */
  rest?: Node;
  op?: OperationEntry;
}

export interface CompiledTable {
  readonly entries: readonly OperationEntry[];
  /** Method (upper case) -> the trie of that method's templates. */
  readonly tries: ReadonlyMap<string, Node>;
  /** `METHOD template` -> entry, for calls written with the template itself. */
  readonly byTemplate: ReadonlyMap<string, OperationEntry>;
}

const WHOLE_PARAM = /^\{[^{}]+\}$/;
const PART_PARAM = /\{[^{}]+\}/g;
const compiled = new WeakMap<object, CompiledTable>();

/** Compile (once per table object) the lookup structure for `table`. */
export function compileTable(table: OperationTable): CompiledTable {
  const cached = compiled.get(table);
  if (cached) return cached;
  const entries = Object.values(table);
  const tries = new Map<string, Node>();
  const byTemplate = new Map<string, OperationEntry>();
  for (const entry of entries) {
    const method = entry.method.toUpperCase();
    let node = tries.get(method);
    if (!node) tries.set(method, (node = {}));
    const segments = templateSegments(entry.path);
    const whole = wholePathAt(entry, segments);
    for (let i = 0; i < segments.length; i++) node = i === whole ? (node.rest ??= {}) : child(node, segments[i]!);
    // Two entries for one (method, template) would be a generator bug; keep the first, like the table's order.
    node.op ??= entry;
    byTemplate.set(`${method} ${entry.path}`, entry);
  }
  const result: CompiledTable = { entries, tries, byTemplate };
  compiled.set(table, result);
  return result;
}

/**
 * `template` as the matcher reads it, with every parameter name left out (each parameter is `\0`, which no literal
 * of an accepted description holds): templates of one shape match the same paths, so a description may not have two
 * (`/things/{aid}` and `/things/{zname}`; OpenAPI calls them identical). `/files/{name}.json` gives "files/", NUL,
 * ".json".
 */
export function templateShape(template: string): string {
  return templateSegments(template)
    .map((segment) =>
      WHOLE_PARAM.test(segment) ? "\0" : segment.includes("{") ? segment.split(PART_PARAM).join("\0") : segment,
    )
    .join("/");
}

/**
 * The literal text of `template`, segment by segment: `/files/{name}.json` -> `[["files"], ["", ".json"]]` (a
 * segment that is one parameter has none). What a request must hold, decoded, to match it.
 */
export function templateLiterals(template: string): string[][] {
  return templateSegments(template).map((segment) =>
    WHOLE_PARAM.test(segment) ? [] : segment.includes("{") ? segment.split(PART_PARAM) : [segment],
  );
}

function templateSegments(path: string): string[] {
  return (path.startsWith("/") ? path.slice(1) : path).split("/");
}

/**
 * The index of the template segment a whole path fills: the last one, when it is exactly `{<entry.wholePath>}`; -1
 * otherwise (a mark that does not fit the template is ignored, so the parameter stays one segment: fail closed).
 */
function wholePathAt(entry: { wholePath?: string }, segments: readonly string[]): number {
  if (entry.wholePath === undefined) return -1;
  const last = segments.length - 1;
  return segments[last] === `{${entry.wholePath}}` ? last : -1;
}

function child(node: Node, segment: string): Node {
  if (WHOLE_PARAM.test(segment)) return (node.param ??= {});
  if (segment.includes("{")) {
    const pieces = segment.split(PART_PARAM);
    const key = JSON.stringify(pieces);
    node.patterns ??= [];
    let found = node.patterns.find((p) => p.key === key);
    if (!found) node.patterns.push((found = { pieces, key, node: {} }));
    return found.node;
  }
  node.literals ??= new Map();
  let next = node.literals.get(segment);
  if (!next) node.literals.set(segment, (next = {}));
  return next;
}

/**
 * The values `text` gives the parameters between `pieces`, the literal text of a segment mixing text and parameters
 * (`{name}.{ext}` -> `["", ".", ""]`), or undefined when it does not fit: each value non-empty, the first piece a
 * prefix, the last a suffix. Each inner piece is taken at its leftmost place that leaves the value before it non-empty,
 * which gives what the regex `^(.+?)\.(.+?)$` would (`run.log.gz` -> `run`, `log.gz`) with no backtracking: one
 * forward search per piece, so the cost is linear in the text for a given template.
 */
function matchPieces(pieces: readonly string[], text: string): string[] | undefined {
  const lastAt = pieces.length - 1;
  const first = pieces[0]!;
  if (lastAt === 0) return text === first ? [] : undefined; // `{}` or `{a`: no parameter, literal text
  const last = pieces[lastAt]!;
  const end = text.length - last.length;
  if (end < first.length || !text.startsWith(first) || !text.endsWith(last)) return undefined;
  const values: string[] = [];
  let at = first.length;
  for (let i = 1; i < lastAt; i++) {
    const piece = pieces[i]!;
    // The value before the piece takes at least one character, and the one after it at least one before `end`.
    const found = text.indexOf(piece, at + 1);
    if (found < 0 || found + piece.length >= end) return undefined;
    values.push(text.slice(at, found));
    at = found + piece.length;
  }
  if (end - at < 1) return undefined;
  values.push(text.slice(at, end));
  return values;
}

/**
 * Every entry of `method` whose template matches the decoded `segments`, most specific first (a literal segment
 * before a parameter). Usually zero or one; several when a concrete path fits a literal and a parameter template.
 */
export function matchAll(table: CompiledTable, method: string, segments: readonly string[]): OperationEntry[] {
  const found: OperationEntry[] = [];
  const root = table.tries.get(method) ?? table.tries.get(method.toUpperCase());
  if (root) collect(root, segments, 0, found);
  return found;
}

function collect(node: Node, segments: readonly string[], i: number, found: OperationEntry[]): void {
  if (i === segments.length) {
    if (node.op) found.push(node.op);
    return;
  }
  const segment = segments[i]!;
  const literal = node.literals?.get(segment);
  if (literal) collect(literal, segments, i + 1, found);
  if (segment !== "") {
    if (node.patterns)
      for (const p of node.patterns) if (matchPieces(p.pieces, segment)) collect(p.node, segments, i + 1, found);
    if (node.param) collect(node.param, segments, i + 1, found);
  }
  // Least specific last: the rest of the path as one value, unless that value is empty (`/ls/pm/`).
  if (node.rest?.op && (segment !== "" || i < segments.length - 1)) found.push(node.rest.op);
}

/**
 * The parameter values a concrete path gives `template`, for a server that routes with matchAll and then needs the
 * values: `templateParams("/jobs/{machine}/{jobid}", ["jobs", "pm", "123"])` -> `{ machine: "pm", jobid: "123" }`.
 * `segments` are decoded, as for matchAll, and undefined is returned when they do not fit the template. `wholePath`
 * names the trailing parameter that takes the rest of the path, as the entry's mark does for matchAll.
 */
export function templateParams(
  template: string,
  segments: readonly string[],
  wholePath?: string,
): Record<string, string> | undefined {
  const parts = templateSegments(template);
  const params: Record<string, string> = {};
  const whole = wholePathAt({ wholePath }, parts);
  if (whole >= 0) {
    if (segments.length < parts.length) return undefined;
    const rest = segments.slice(whole).join("/");
    if (rest === "") return undefined;
    params[wholePath!] = rest;
    parts.pop();
    segments = segments.slice(0, whole);
  } else if (parts.length !== segments.length) return undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const segment = segments[i]!;
    if (WHOLE_PARAM.test(part)) {
      if (segment === "") return undefined;
      params[part.slice(1, -1)] = segment;
    } else if (part.includes("{")) {
      const values = matchPieces(part.split(PART_PARAM), segment);
      if (!values) return undefined;
      (part.match(PART_PARAM) ?? []).forEach((name, k) => (params[name.slice(1, -1)] = values[k]!));
    } else if (part !== segment) return undefined;
  }
  return params;
}
