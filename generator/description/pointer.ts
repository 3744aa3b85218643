/**
 * JSON pointers (RFC 6901) and internal `$ref`s, written once for every reader of a description (the model through
 * description/document.ts `resolve`, the diff's schema comparer, the reader's checks). A leaf: it imports nothing.
 *
 * A description is untrusted input, so a `$ref` is followed only as far as it provably leads: within the document
 * (`#` or `#/...`; an external or anchor ref leads nowhere here), through own properties only (`__proto__`,
 * `constructor` and the like are keys like any other), at most MAX_REF_HOPS `$ref`s, never twice through the same
 * one (a cycle leads nowhere rather than looping). Segments are read as redocly's resolver reads them (`~1` as `/`,
 * `~0` as `~`, then percent-decoding), so a ref means here what it meant when the description was bundled; a
 * segment with bad percent-encoding leads nowhere. No regular expression backtracks, and the cost is linear in the
 * length of the refs followed.
 */

/** `$ref`s followed from one node at most (the reader refuses chains longer than 8: description/limits.ts). */
export const MAX_REF_HOPS = 32;

/** One JSON-pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointer(segment: string): string {
  // Most keys need no escape: a walk of a large description calls this for every node.
  if (!segment.includes("~") && !segment.includes("/")) return segment;
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * One JSON-pointer segment read back as redocly's resolver reads it (`~1` as `/`, `~0` as `~`, then percent-decoding):
 * throws a URIError on bad percent-encoding. Written out here so that reading a pointer does not load redocly.
 */
export function unescapePointer(segment: string): string {
  if (!segment.includes("~") && !segment.includes("%")) return segment;
  return decodeURIComponent(segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** A pointer from its segments (`["paths", "/a"]` -> `/paths/~1a`); `""` for none, the whole document. */
export function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => `/${escapePointer(s)}`).join("");
}

/**
 * The segments of an internal `$ref` (`#`, `#/a/b`) or of a pointer (`""`, `/a/b`), unescaped; undefined for anything
 * else (an external ref, an anchor `#name`) and for bad percent-encoding.
 */
export function refSegments(ref: string): string[] | undefined {
  const pointer = ref.startsWith("#") ? ref.slice(1) : ref;
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  try {
    return pointer.slice(1).split("/").map(unescapePointer);
  } catch (error) {
    // Bad percent-encoding only: anything else (the stack running out deep in a description) is not "no such ref".
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

/** The value at `segments` in `doc`, through own properties only; undefined when there is none. */
export function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let at = doc;
  for (const segment of segments) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/** Where a node's `$ref`s led: the node reached, and where it is. */
export interface Followed {
  /** The first node that is not a `$ref`; undefined when a ref leads nowhere (see the header). */
  node: unknown;
  /** The pointer of `node` (as its ref wrote it, with `#` taken off), or of the last place reached. */
  pointer: string;
}

/** Follow `node`'s `$ref`s (an own, string `$ref`) in `doc`; `pointer` is where `node` is. */
export function followRefs(doc: unknown, node: unknown, pointer = ""): Followed {
  let at = node;
  let where = pointer;
  const seen = new Set<string>();
  for (;;) {
    const ref = ownRef(at);
    if (ref === undefined) return { node: at, pointer: where };
    if (seen.size >= MAX_REF_HOPS || seen.has(ref)) return { node: undefined, pointer: where };
    seen.add(ref);
    const segments = refSegments(ref);
    if (segments === undefined || !ref.startsWith("#")) return { node: undefined, pointer: where };
    where = ref.slice(1);
    at = valueAt(doc, segments);
  }
}

function ownRef(node: unknown): string | undefined {
  if (node === null || typeof node !== "object" || !Object.hasOwn(node, "$ref")) return undefined;
  const ref = (node as { $ref: unknown }).$ref;
  return typeof ref === "string" ? ref : undefined;
}
