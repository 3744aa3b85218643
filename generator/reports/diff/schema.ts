/**
 * What changed inside an operation's schemas, for a client of the API: its parameters (each one's schema), its request
 * body and its responses, followed through `$ref`, `allOf` (merged), `oneOf`/`anyOf` (variants), arrays and nested
 * objects. Each change names where it is (a dotted field path in the body, and a JSON pointer in the description) and
 * whether it breaks a client, which depends on the direction: what a client sends (parameters, request bodies) must
 * still be accepted, what it receives (responses) must still be what its code reads. oasdiff's breaking-change checks
 * (checker/ in oasdiff/oasdiff) are the reference; docs/regenerating.md lists which of its classes are covered.
 *
 * The descriptions are untrusted: objects are read by own keys only, `$ref` chains are bounded, a schema pair already
 * being compared (recursion) is not entered again, and results are memoised per pair of schema pointers, so the work
 * is bounded by the number of schema pairs, not by how often operations share them.
 */
import type { HttpMethod, OpenApiDocument } from "../../description/document.js";
import { escapePointer, pathItemOf } from "../../description/document.js";
import { followRefs } from "../../description/pointer.js";
import { templateParts } from "../../model/operations.js";

/** Sent by the client (parameters, request bodies) or received by it (responses). */
export type Direction = "request" | "response";

export type SchemaChangeWhat =
  /** The type set changed (`string` -> `integer`, nullable added or dropped). */
  | "type"
  | "enum-value-removed"
  | "enum-value-added"
  /** An enum appeared where any value was allowed (narrowed), or disappeared (widened). */
  | "enum-added"
  | "enum-removed"
  | "field-removed"
  | "field-added"
  /** An optional field became required, or the reverse. */
  | "field-required"
  | "field-optional"
  /** A `oneOf`/`anyOf` alternative disappeared or appeared. */
  | "variant-removed"
  | "variant-added"
  /** A response status or media type disappeared or appeared. */
  | "status-removed"
  | "status-added"
  | "media-type-removed"
  | "media-type-added";

export interface SchemaChange {
  kind: "schema";
  /** `parameter` (with `parameter`), `request-body` or `response` (with `status`); `mediaType` for bodies. */
  in: "parameter" | "request-body" | "response";
  parameter?: { name: string; in: string };
  status?: string;
  mediaType?: string;
  /** Dotted path inside the value: `output[].state`; "" for the value itself. */
  field: string;
  /** JSON pointer of the schema (or property) in the description `side` names: the old one for what was removed. */
  pointer: string;
  side: "old" | "new";
  change: SchemaChangeWhat;
  /** Short text of the old and new values (`string`, `"dtn01"`), where there are any. */
  from?: string;
  to?: string;
  breaking: boolean;
}

/** Where a compared value sits: everything of a SchemaChange but what the walk finds. */
type Place = Pick<SchemaChange, "in" | "parameter" | "status" | "mediaType">;

/** A schema change relative to the pair it was found under (memoised), before its place is known. */
type Relative = Omit<SchemaChange, "kind" | keyof Place>;

interface Located {
  schema: Record<string, unknown> | undefined;
  pointer: string;
}

/** Deepest nesting compared below one value; deeper levels are left out (descriptions are bounded at 256). */
const MAX_DEPTH = 64;

const own = (o: unknown, key: string): unknown =>
  o && typeof o === "object" && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Compares schemas of one pair of descriptions; one per diff, so its memo serves every operation. */
export class SchemaComparer {
  private readonly memo = new Map<string, Relative[]>();
  /** Pairs being compared, with their depth in the current walk. */
  private readonly active = new Map<string, number>();
  /** The shallowest active pair a recursion back-edge reached within the pair being compared. */
  private low = Number.POSITIVE_INFINITY;

  constructor(
    readonly before: OpenApiDocument,
    readonly after: OpenApiDocument,
  ) {}

  /** Follow `$ref`s from `node` (at `pointer`) in `doc`, by description/pointer.ts's rule. */
  locate(doc: OpenApiDocument, node: unknown, pointer: string): Located {
    const { node: at, pointer: where } = followRefs(doc, node, pointer);
    return { schema: isObject(at) ? at : undefined, pointer: where };
  }

  /** The changes from `a` (old) to `b` (new) of one value at `place`. */
  compare(a: Located, b: Located, direction: Direction, place: Place): SchemaChange[] {
    return this.pair(a, b, direction, 0).map((c) => ({ kind: "schema", ...place, ...c }));
  }

  private pair(a: Located, b: Located, direction: Direction, depth: number): Relative[] {
    if (!a.schema || !b.schema || depth > MAX_DEPTH) return [];
    const key = `${direction} ${a.pointer} ${b.pointer}`;
    const cached = this.memo.get(key);
    if (cached) return cached;
    const activeAt = this.active.get(key);
    if (activeAt !== undefined) {
      // Recursion: what lies below was, or is being, compared at the shallower occurrence.
      this.low = Math.min(this.low, activeAt);
      return [];
    }
    const level = this.active.size;
    this.active.set(key, level);
    const outerLow = this.low;
    this.low = Number.POSITIVE_INFINITY;
    const changes = this.walk(a, b, direction, depth);
    this.active.delete(key);
    const reached = this.low;
    this.low = Math.min(outerLow, reached);
    // Complete unless a back-edge reached a pair above this one (its result would lack what lies beyond); a pair
    // recursing into itself is complete, its changes reported once at the shallowest path.
    if (reached >= level) this.memo.set(key, changes);
    return changes;
  }

  private walk(a: Located, b: Located, direction: Direction, depth: number): Relative[] {
    const out: Relative[] = [];
    const sa = merged(this.before, this, a);
    const sb = merged(this.after, this, b);
    const receive = direction === "response";
    const add = (change: SchemaChangeWhat, breaking: boolean, extra: Partial<Relative> = {}) =>
      out.push({ field: "", pointer: b.pointer, side: "new", change, breaking, ...extra });

    const ta = typesOf(sa);
    const tb = typesOf(sb);
    if (ta && tb && !sameSet(ta, tb)) {
      // A client must still accept every type it may now receive, and the server every type the client may send.
      const breaking = receive ? !covers(ta, tb) : !covers(tb, ta);
      add("type", breaking, { from: [...ta].sort().join(" | "), to: [...tb].sort().join(" | ") });
      // Another kind of value altogether: what lies inside is not comparable.
      if (!overlap(ta, tb)) return out;
    }

    const ea = enumOf(sa);
    const eb = enumOf(sb);
    if (ea && eb) {
      const removed = [...ea.keys()].filter((v) => !eb.has(v));
      const added = [...eb.keys()].filter((v) => !ea.has(v));
      // Narrowing breaks senders and typed code comparing with the old value; widening is announced.
      for (const v of removed) add("enum-value-removed", true, { from: v });
      for (const v of added) add("enum-value-added", false, { to: v });
    } else if (ea && !eb) add("enum-removed", false, { from: [...ea.keys()].join(", ") });
    else if (!ea && eb) add("enum-added", !receive, { to: [...eb.keys()].join(", ") });

    // Objects: fields by name.
    const pa = sa.properties;
    const pb = sb.properties;
    if (pa.size > 0 || pb.size > 0) {
      for (const [name, was] of pa) {
        const now = pb.get(name);
        const field = fieldName(name);
        if (!now) {
          // A field the client reads is gone; one it sends is ignored or refused by the server, not its code.
          out.push({
            field,
            pointer: was.pointer,
            side: "old",
            change: "field-removed",
            breaking: receive,
          });
          continue;
        }
        const req = [sa.required.has(name), sb.required.has(name)];
        if (!req[0] && req[1])
          out.push({ field, pointer: now.pointer, side: "new", change: "field-required", breaking: !receive });
        if (req[0] && !req[1])
          out.push({ field, pointer: now.pointer, side: "new", change: "field-optional", breaking: receive });
        for (const c of this.pair(was, now, direction, depth + 1)) out.push({ ...c, field: field + suffix(c.field) });
      }
      for (const [name, now] of pb) {
        if (pa.has(name)) continue;
        const required = sb.required.has(name);
        out.push({
          field: fieldName(name),
          pointer: now.pointer,
          side: "new",
          change: "field-added",
          // A new required input breaks every old call; a new field in a response breaks nothing.
          breaking: !receive && required,
          to: required ? "required" : "optional",
        });
      }
    } else {
      // Fields that became required without being declared as properties (a bare `required` list).
      for (const name of sb.required)
        if (!sa.required.has(name))
          out.push({
            field: fieldName(name),
            pointer: b.pointer,
            side: "new",
            change: "field-required",
            breaking: !receive,
          });
    }

    // Arrays: their items.
    if (sa.items && sb.items)
      for (const c of this.pair(sa.items, sb.items, direction, depth + 1))
        out.push({ ...c, field: `[]${suffix(c.field)}` });

    // Alternatives: paired by the schema they name, else by position.
    if (sa.variants.length > 0 || sb.variants.length > 0) {
      const va = new Map(sa.variants.map((v, i) => [v.key ?? `#${i}`, v]));
      const vb = new Map(sb.variants.map((v, i) => [v.key ?? `#${i}`, v]));
      for (const [k, was] of va) {
        const now = vb.get(k);
        if (!now) {
          // The client may no longer send that shape; it will simply not receive it.
          add("variant-removed", !receive, { pointer: was.at.pointer, side: "old", from: k });
          continue;
        }
        out.push(...this.pair(was.at, now.at, direction, depth + 1));
      }
      for (const [k, now] of vb) if (!va.has(k)) add("variant-added", receive, { pointer: now.at.pointer, to: k });
    }
    return out;
  }
}

interface Merged {
  schema: Record<string, unknown>;
  /** The first `type` and `enum` found, the schema's own before its `allOf` members' (`allOf: [{ $ref: Enum }]`). */
  type?: unknown;
  enum?: unknown[];
  properties: Map<string, Located>;
  required: Set<string>;
  items?: Located;
  variants: { key?: string; at: Located }[];
}

/** One schema with its `allOf` members folded in (fields, required names, items), and its alternatives. */
function merged(doc: OpenApiDocument, comparer: SchemaComparer, at: Located): Merged {
  const result: Merged = { schema: at.schema!, properties: new Map(), required: new Set(), variants: [] };
  const seen = new Set<string>();
  const fold = (node: Located, depth: number) => {
    if (!node.schema || seen.has(node.pointer) || depth > 16) return;
    seen.add(node.pointer);
    const s = node.schema;
    if (result.type === undefined && own(s, "type") !== undefined) result.type = own(s, "type");
    const values = own(s, "enum");
    if (result.enum === undefined && Array.isArray(values)) result.enum = values;
    const props = own(s, "properties");
    if (isObject(props))
      for (const name of Object.keys(props)) {
        if (!result.properties.has(name))
          result.properties.set(
            name,
            comparer.locate(doc, props[name], `${node.pointer}/properties/${escapePointer(name)}`),
          );
      }
    const required = own(s, "required");
    if (Array.isArray(required)) for (const r of required) if (typeof r === "string") result.required.add(r);
    const items = own(s, "items");
    if (isObject(items) && !result.items) result.items = comparer.locate(doc, items, `${node.pointer}/items`);
    for (const keyword of ["oneOf", "anyOf"]) {
      const list = own(s, keyword);
      if (Array.isArray(list))
        list.forEach((v, i) => {
          const ref = own(v, "$ref");
          result.variants.push({
            ...(typeof ref === "string" ? { key: ref } : {}),
            at: comparer.locate(doc, v, `${node.pointer}/${keyword}/${i}`),
          });
        });
    }
    const all = own(s, "allOf");
    if (Array.isArray(all))
      all.forEach((member, i) => fold(comparer.locate(doc, member, `${node.pointer}/allOf/${i}`), depth + 1));
  };
  fold(at, 0);
  return result;
}

/** The JSON types a schema allows (with `nullable`/`null`), from itself and its `allOf` members; null: any. */
function typesOf(m: Merged): Set<string> | null {
  const type = m.type;
  let types: Set<string> | null = null;
  if (typeof type === "string") types = new Set([type]);
  else if (Array.isArray(type)) types = new Set(type.filter((t): t is string => typeof t === "string"));
  else if (m.properties.size > 0) types = new Set(["object"]);
  else if (m.items) types = new Set(["array"]);
  if (types && own(m.schema, "nullable") === true) types.add("null");
  return types;
}

/** Does `wide` allow every type of `narrow`? (An integer is a number.) */
function covers(wide: Set<string>, narrow: Set<string>): boolean {
  return [...narrow].every((t) => wide.has(t) || (t === "integer" && wide.has("number")));
}

/** Do the two type sets share a kind of value (an integer being a number)? */
function overlap(a: Set<string>, b: Set<string>): boolean {
  return [...b].some((t) => covers(a, new Set([t]))) || [...a].some((t) => covers(b, new Set([t])));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** Enum values by their JSON text (`"dtn01"`, `3`), or undefined without an enum. */
function enumOf(m: Merged): Map<string, unknown> | undefined {
  const values = m.enum;
  if (!Array.isArray(values)) return undefined;
  return new Map(values.map((v) => [JSON.stringify(v) ?? String(v), v]));
}

/** A property as a field path segment: `state`, or `["odd.name"]` when it is not an identifier. */
function fieldName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `[${JSON.stringify(name)}]`;
}

/** A relative field path appended to its parent's: `.state`, `[]`, `["x"]`. */
function suffix(field: string): string {
  return field === "" || field.startsWith("[") ? field : `.${field}`;
}

// ---- operations --------------------------------------------------------------------------------------------------

/** The names of a path's parameters in order: `/a/{x}/b/{y}` -> `["x", "y"]`. */
export function pathParameterNames(path: string): string[] {
  return templateParts(path).names;
}

/** The path with its parameter names left out: `/a/{x}` and `/a/{y}` are the same operation path. */
export function pathShape(path: string): string {
  return templateParts(path).literals.join("{}");
}

interface OperationAt {
  path: string;
  /** Upper case, as the table has it. */
  method: string;
}

interface ParameterAt {
  name: string;
  in: string;
  schema: Located;
}

/**
 * The schema changes of one operation from `a` (old description) to `b` (new): each parameter's schema (a path
 * parameter renamed in place is the same parameter), the request body's schema per media type both accept, and each
 * response's schema per status and media type; statuses and response media types that disappear or appear.
 */
export function operationSchemaChanges(cmp: SchemaComparer, a: OperationAt, b: OperationAt): SchemaChange[] {
  const opA = operationAt(cmp.before, a);
  const opB = operationAt(cmp.after, b);
  if (!opA || !opB) return [];
  const changes: SchemaChange[] = [];
  const renamed = pathRenames(a.path, b.path);
  const paramsB = new Map(parametersAt(cmp, cmp.after, b.path, opB).map((p) => [`${p.in}:${p.name}`, p]));
  for (const p of parametersAt(cmp, cmp.before, a.path, opA)) {
    const name = p.in === "path" ? (renamed.get(p.name) ?? p.name) : p.name;
    const now = paramsB.get(`${p.in}:${name}`);
    if (now)
      changes.push(...cmp.compare(p.schema, now.schema, "request", { in: "parameter", parameter: { name, in: p.in } }));
  }

  const contentOf = (doc: OpenApiDocument, node: unknown, pointer: string) => {
    const at = cmp.locate(doc, node, pointer);
    const content = own(at.schema, "content");
    return { pointer: `${at.pointer}/content`, content: isObject(content) ? content : {} };
  };
  const bodyA = contentOf(cmp.before, own(opA.op, "requestBody"), `${opA.pointer}/requestBody`);
  const bodyB = contentOf(cmp.after, own(opB.op, "requestBody"), `${opB.pointer}/requestBody`);
  for (const media of Object.keys(bodyA.content)) {
    if (!Object.hasOwn(bodyB.content, media)) continue;
    changes.push(
      ...cmp.compare(mediaSchema(cmp, cmp.before, bodyA, media), mediaSchema(cmp, cmp.after, bodyB, media), "request", {
        in: "request-body",
        mediaType: media,
      }),
    );
  }

  const responsesA = own(opA.op, "responses");
  const responsesB = own(opB.op, "responses");
  const ra = isObject(responsesA) ? responsesA : {};
  const rb = isObject(responsesB) ? responsesB : {};
  const success = (status: string) => /^2(\d\d|XX)$/i.test(status);
  for (const status of Object.keys(ra)) {
    const pointerA = `${opA.pointer}/responses/${escapePointer(status)}`;
    if (!Object.hasOwn(rb, status)) {
      // Code written for a success answer no longer gets it; an error status going away breaks nothing.
      changes.push(statusChange("status-removed", status, pointerA, "old", success(status)));
      continue;
    }
    const pointerB = `${opB.pointer}/responses/${escapePointer(status)}`;
    const ca = contentOf(cmp.before, ra[status], pointerA);
    const cb = contentOf(cmp.after, rb[status], pointerB);
    for (const media of Object.keys(ca.content)) {
      if (!Object.hasOwn(cb.content, media)) {
        changes.push({
          ...statusChange(
            "media-type-removed",
            status,
            `${ca.pointer}/${escapePointer(media)}`,
            "old",
            success(status),
          ),
          mediaType: media,
        });
        continue;
      }
      changes.push(
        ...cmp.compare(mediaSchema(cmp, cmp.before, ca, media), mediaSchema(cmp, cmp.after, cb, media), "response", {
          in: "response",
          status,
          mediaType: media,
        }),
      );
    }
    for (const media of Object.keys(cb.content))
      if (!Object.hasOwn(ca.content, media))
        changes.push({
          ...statusChange("media-type-added", status, `${cb.pointer}/${escapePointer(media)}`, "new", false),
          mediaType: media,
        });
  }
  for (const status of Object.keys(rb))
    if (!Object.hasOwn(ra, status))
      changes.push(
        statusChange("status-added", status, `${opB.pointer}/responses/${escapePointer(status)}`, "new", false),
      );
  return changes;
}

function statusChange(
  change: SchemaChangeWhat,
  status: string,
  pointer: string,
  side: "old" | "new",
  breaking: boolean,
): SchemaChange {
  return { kind: "schema", in: "response", status, field: "", pointer, side, change, breaking };
}

function mediaSchema(
  cmp: SchemaComparer,
  doc: OpenApiDocument,
  body: { pointer: string; content: Record<string, unknown> },
  media: string,
): Located {
  const at = `${body.pointer}/${escapePointer(media)}`;
  const mediaObject = cmp.locate(doc, body.content[media], at);
  return cmp.locate(doc, own(mediaObject.schema, "schema"), `${mediaObject.pointer}/schema`);
}

/**
 * Old path parameter name -> new one, by position, for two paths of the same shape (`{transfer_id}` ->
 * `{globus_uuid}`).
 */
export function pathRenames(before: string, after: string): Map<string, string> {
  const renames = new Map<string, string>();
  if (pathShape(before) !== pathShape(after)) return renames;
  const a = pathParameterNames(before);
  const b = pathParameterNames(after);
  a.forEach((name, i) => {
    if (b[i] !== undefined && b[i] !== name) renames.set(name, b[i]!);
  });
  return renames;
}

function operationAt(doc: OpenApiDocument, at: OperationAt) {
  const item = pathItemOf(doc, at.path);
  const method = at.method.toLowerCase() as HttpMethod;
  const op = own(item, method);
  if (!item || !isObject(op)) return undefined;
  return { item, op, pointer: `/paths/${escapePointer(at.path)}/${method}` };
}

/** Path-level parameters overridden by operation-level ones of the same (name, in), each with its schema located. */
function parametersAt(
  cmp: SchemaComparer,
  doc: OpenApiDocument,
  path: string,
  at: { item: Record<string, unknown>; op: Record<string, unknown>; pointer: string },
): ParameterAt[] {
  const byKey = new Map<string, ParameterAt>();
  const lists: [unknown, string][] = [
    [own(at.item, "parameters"), `/paths/${escapePointer(path)}/parameters`],
    [own(at.op, "parameters"), `${at.pointer}/parameters`],
  ];
  for (const [list, pointer] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((node, i) => {
      const p = cmp.locate(doc, node, `${pointer}/${i}`);
      const name = own(p.schema, "name");
      const where = own(p.schema, "in");
      if (typeof name !== "string" || typeof where !== "string") return;
      byKey.set(`${where}:${name}`, {
        name,
        in: where,
        schema: cmp.locate(doc, own(p.schema, "schema"), `${p.pointer}/schema`),
      });
    });
  }
  return [...byKey.values()];
}
