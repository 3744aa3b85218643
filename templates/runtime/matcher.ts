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
  /**
   * The entries this template ends at: one, or several when templates no request tells apart by path end here (equal
   * but for parameter names, or path keys sharing the part before their `#`/`?`): one route, see routeKey.
   */
  ops?: OperationEntry[];
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
    // Several entries here are one route: a request to it may be any of them, so every match lists them all.
    if (!node.ops) node.ops = [entry];
    else if (!node.ops.includes(entry)) node.ops.push(entry);
    byTemplate.set(`${method} ${entry.path}`, entry);
  }
  const result: CompiledTable = { entries, tries, byTemplate };
  compiled.set(table, result);
  return result;
}

/**
 * `template`'s request path as the matcher reads it, with every parameter name left out (each parameter is `\0`,
 * which no literal of an accepted description holds): templates of one shape match the same paths, so under one
 * method they are one route (`/things/{aid}` and `/things/{zname}`; OpenAPI calls them identical).
 * `/files/{name}.json` gives "files/", NUL, ".json".
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
  const request = requestPath(path);
  return (request.startsWith("/") ? request.slice(1) : request).split("/");
}

/**
 * The request path of a path key: the part before its first `#` or `?`. Providers write `/tags/{arn}#tagKeys` or
 * `/#X-Amz-Target=Service.Op` to give one URL several operations; the rest is their discriminator (discriminatorOf).
 */
export function requestPath(key: string): string {
  let end = key.indexOf("#");
  const q = key.indexOf("?");
  if (q >= 0 && (end < 0 || q < end)) end = q;
  return end < 0 ? key : key.slice(0, end);
}

/**
 * A path key's discriminator: what follows its first `#` or `?`, read as `name=value` pairs joined by `&`
 * (`X-Amz-Target=Service.Op` -> `[["x-amz-target", "Service.Op"]]`; a bare `tagKeys` has the value undefined), the
 * names lower case (headers are matched without case); `sent`: whether the client sends it as written (`?`: the
 * runtime sends it as the query) or only where the caller sets a header or query value of that name (`#`).
 */
export function discriminatorOf(key: string): { sent: boolean; pairs: [string, string | undefined][] } | undefined {
  const path = requestPath(key);
  if (path.length === key.length) return undefined;
  const pairs = key
    .slice(path.length + 1)
    .split("&")
    .filter((part) => part !== "")
    .map((part): [string, string | undefined] => {
      const eq = part.indexOf("=");
      return eq < 0 ? [part.toLowerCase(), undefined] : [part.slice(0, eq).toLowerCase(), part.slice(eq + 1)];
    });
  return { sent: key.charCodeAt(path.length) === 63 /* "?" */, pairs };
}

/**
 * The values a call by a path key surely sends, as mayBe asks for them: a `?` key's own (`/things?view=full`:
 * `view` -> `["full"]`), which the runtime sends as the query; none for a `#` key, whose discriminator only the
 * caller may send (a header it sets), which a call by name or template need not do.
 */
export function keyValues(key: string): (name: string) => string[] {
  const discriminator = discriminatorOf(key);
  const pairs = discriminator?.sent ? discriminator.pairs : [];
  return (name) => pairs.filter(([n, v]) => n === name && v !== undefined).map(([, v]) => v!);
}

/**
 * Whether a request may be `entry`, by the discriminator of its path key, given the request's header and query
 * values (`valuesOf(name)`: every value the request carries under that name, header or query): an entry is ruled out
 * only when the request carries a name of its discriminator, with a value, and no carried value is the one the key
 * names. A discriminator the request does not carry rules nothing out (fail closed: the route needs every entry).
 */
export function mayBe(entry: OperationEntry, valuesOf: (name: string) => readonly string[]): boolean {
  const discriminator = discriminatorOf(entry.path);
  if (!discriminator) return true;
  for (const [name, value] of discriminator.pairs) {
    if (value === undefined) continue;
    const carried = valuesOf(name);
    if (carried.length > 0 && !carried.includes(value)) return false;
  }
  return true;
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
    if (node.ops) found.push(...node.ops);
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
  if (node.rest?.ops && (segment !== "" || i < segments.length - 1)) found.push(...node.rest.ops);
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

/** The walk budget of mayFallOn, per template: past it, every entry of the method counts (fail closed). */
const FALL_BUDGET = 1024;

/**
 * Every entry of `entry`'s method that some request filled from `entry`'s template may also match, `entry` and its
 * route included: `/things/{id}` may fall on `/things/secret` when `id` is `secret`. A parameter stands for any value
 * (its segment fits every child, and a value holding an encoded slash spans several, as path.ts's split reading reads
 * it), a literal or mixed segment for what it matches; a whole-path parameter reaches everything below.
 * Over-approximate where unsure (a mixed segment fits every mixed child): a call by this template whose values are not
 * known needs every entry listed. The walk is bounded: past FALL_BUDGET nodes it answers ALL,
 * every entry of the method (fail closed), so that a large API costs at most FALL_BUDGET steps per template.
 */
export function mayFallOn(table: CompiledTable, entry: OperationEntry): OperationEntry[] | typeof ALL {
  const method = entry.method.toUpperCase();
  const root = table.tries.get(method);
  if (!root) return [entry];
  const segments = templateSegments(entry.path);
  const whole = wholePathAt(entry, segments);
  const found = new Set<OperationEntry>();
  let budget = FALL_BUDGET;
  const everything = (node: Node): void => {
    if (--budget < 0) return;
    node.ops?.forEach((op) => found.add(op));
    if (node.rest) everything(node.rest);
    children(node, everything);
  };
  // Loops stop as the budget runs out: a node of many children costs at most the budget, not its size.
  const children = (node: Node, each: (next: Node) => void) => {
    if (node.literals) for (const next of node.literals.values()) if (budget >= 0) each(next);
    if (node.patterns) for (const p of node.patterns) if (budget >= 0) each(p.node);
    if (node.param && budget >= 0) each(node.param);
  };
  // (node, i, spanning) already walked: a value spanning segments reaches one node along many ways.
  const seen = new Map<Node, Set<number>>();
  // `spanning`: segment i is the rest of a value that began in an earlier segment, so it may be any text, even where
  // the template's segment is mixed (`x{a}y{b}` with b = "c/d" sends `.../x1yc%2Fd`, read split as `x1yc` then `d`).
  const walk = (node: Node, i: number, spanning = false): void => {
    let at = seen.get(node);
    if (!at) seen.set(node, (at = new Set()));
    const key = spanning ? -1 - i : i;
    if (at.has(key) || --budget < 0) return;
    at.add(key);
    if (i === segments.length) {
      node.ops?.forEach((op) => found.add(op));
      return;
    }
    // A whole path beside: it takes the rest of a request below this node, unless that rest is empty (matchAll's rule).
    if (segments[i] !== "" || i < segments.length - 1) node.rest?.ops?.forEach((op) => found.add(op));
    if (i === whole) {
      children(node, everything);
      return;
    }
    const segment = segments[i]!;
    const isParam = spanning || WHOLE_PARAM.test(segment);
    const pieces = !isParam && segment.includes("{") ? segment.split(PART_PARAM) : undefined;
    if (isParam || pieces) {
      if (node.literals)
        for (const [text, next] of node.literals) {
          if (budget < 0) break;
          if (text !== "" && (isParam || matchPieces(pieces!, text))) walk(next, i + 1);
        }
      if (node.patterns) for (const p of node.patterns) if (budget >= 0) walk(p.node, i + 1);
      if (node.param) walk(node.param, i + 1);
      // A value holding an encoded slash is also read split (path.ts): it may span several segments, any of them.
      children(node, (next) => walk(next, i, true));
    } else {
      const literal = node.literals?.get(segment);
      if (literal) walk(literal, i + 1);
      if (segment !== "") node.patterns?.forEach((p) => matchPieces(p.pieces, segment) && walk(p.node, i + 1));
      if (node.param && segment !== "") walk(node.param, i + 1);
    }
  };
  walk(root, 0);
  if (budget < 0) return ALL;
  found.add(entry);
  return [...found];
}

/** What mayFallOn answers past its budget: every entry of the method (the caller has them; no list is built). */
export const ALL = "all";
