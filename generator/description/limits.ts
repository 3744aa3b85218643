/**
 * Checks a parsed description must pass before anything follows its `$ref`s. Descriptions are untrusted, and the
 * walkers after this one (redocly's lint and bundle, openapi-typescript) read the files and URLs that external refs
 * name, spend time cubic in the length of a chain of `$ref`s to `$ref`s, loop on alias cycles, and recurse once per
 * level of nesting. So, in one pass that itself neither recurses nor follows anything outside the document:
 *
 * - external references (`$ref`, an example's `externalValue`, a discriminator `mapping`) are refused unless allowed;
 * - nesting is limited to MAX_NESTING levels, and the node count (YAML aliases expanded) to the text's length;
 * - every internal `$ref` must reach a node that is not itself a `$ref` within MAX_REF_CHAIN hops, without a cycle;
 * - the keys leading to a node (its JSON pointer) are limited to MAX_POINTER_LENGTH characters.
 *
 * Recursion through `properties`/`items` (a schema that contains a `$ref` to itself) is legal and untouched: only a
 * `$ref` whose target is again a `$ref` (an alias) extends a chain. Each failure is a DescriptionError with the JSON
 * pointer of the offending node.
 */

import { DescriptionError } from "../errors.js";
import { printableLine } from "../printable.js";
import { escapePointer, unescapePointer } from "./pointer.js";

/** Levels of nesting: GitHub's 13 MB description needs 20; redocly's walkers exhaust the stack beyond about 600. */
export const MAX_NESTING = 256;
/**
 * `$ref`s followed to reach one node: real descriptions need 1 (a `$ref` to a schema), rarely 2 (an alias). redocly's
 * time and memory grow with the square of a chain's length for every node on it: at 32, 1.6 MB of chains took 25 s
 * and 1.2 GB; at 8 no more than the same bytes of plain schemas.
 */
export const MAX_REF_CHAIN = 8;
/**
 * Characters of the keys leading to one node (its JSON pointer, unescaped). redocly's walkers build every node's
 * pointer from its parent's, so a long key costs its length again for each node below it, and worse than that: a
 * path key of 2,000 parameters (23 KB) over 20,000 schema nodes ran past 120 s. Real pointers stay under a few hundred
 * characters (GitHub's deepest: about 300); 4,096 also leaves room for MAX_NESTING levels of 16-character keys.
 */
export const MAX_POINTER_LENGTH = 4096;
/** Nodes, YAML aliases expanded: without aliases every node takes at least one character of the text. */
const MIN_NODE_BUDGET = 2_000_000;

export interface PreflightOptions {
  /** The description's name in messages. */
  source: string;
  /** Leave `$ref`s to other files and URLs to the resolver (`--allow-external-refs`). */
  allowExternalRefs?: boolean;
  /** Characters of the text the document was parsed from. */
  textLength: number;
  /** Parsed by JSON.parse, which shares no node: no YAML alias to look for (a set of every node seen, spared). */
  json?: boolean;
}

/** Where a node sits: its key and its parent's place, so pointers are built only for messages. */
interface Place {
  /** A property name, or an array index. */
  key: string | number;
  parent?: Place;
  node: unknown;
  depth: number;
  /** Characters of the keys from the root to here, one more per key for its "/". */
  chars?: number;
}

/** A string that names another node: a `$ref`, an `externalValue`, a discriminator mapping. */
interface Reference {
  ref: string;
  kind: string;
  place: Place;
  /** The `$ref` object itself (absent for mapping values, which are plain strings). */
  holder?: RefNode;
}

type RefNode = { $ref: string } & Record<string, unknown>;

/** redocly's own test for an anchor reference (`#name`), which it resolves without following further. */
const ANCHOR = /^#[A-Za-z][A-Za-z0-9\-_:.]*$/;

export function preflight(document: object, options: PreflightOptions): void {
  const fail = (detail: string, place: Place) => new DescriptionError(options.source, detail, pointerOf(place));
  const references = scan(document, options, fail);
  if (!options.allowExternalRefs) {
    const external = references.find((r) => !isInternal(r.ref));
    if (external) {
      throw fail(
        `${external.kind} ${quote(external.ref)} refers outside the description; ` +
          "external references are refused (give --allow-external-refs to follow them)",
        external.place,
      );
    }
  }
  checkChains(document, references, fail);
}

/** Walk every node once (aliased YAML nodes once per use), depth first in document order, collecting references. */
function scan(
  document: object,
  options: PreflightOptions,
  fail: (detail: string, place: Place) => DescriptionError,
): Reference[] {
  const budget = Math.max(MIN_NODE_BUDGET, options.textLength);
  const references: Reference[] = [];
  const seen = options.json ? undefined : new Set<object>();
  const stack: Place[] = [{ key: "", node: document, depth: 0, chars: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const place = stack.pop()!;
    const node = place.node as Record<string, unknown>;
    if (place.depth > MAX_NESTING) throw fail(`nested more than ${MAX_NESTING} levels deep`, place);
    if (place.chars! > MAX_POINTER_LENGTH)
      throw fail(
        `the keys leading here are ${place.chars} characters long (a path, a property name...); ` +
          `at most ${MAX_POINTER_LENGTH} are accepted`,
        place,
      );
    if (seen?.has(node)) {
      // Only YAML aliases share a node; one that contains itself would never end.
      for (let up = place.parent; up; up = up.parent)
        if (up.node === node) throw fail("a YAML alias contains itself", place);
    }
    seen?.add(node);
    if (Array.isArray(node)) {
      // By index: Object.keys of an array makes a string of every index.
      nodes += 1 + node.length;
      if (nodes > budget) throw fail(`more than ${budget} nodes once YAML aliases are expanded`, place);
      for (let i = node.length - 1; i >= 0; i--) {
        const value: unknown = node[i];
        if (value !== null && typeof value === "object")
          stack.push({
            key: i,
            parent: place,
            node: value,
            depth: place.depth + 1,
            chars: place.chars! + 1 + (i < 10 ? 1 : String(i).length),
          });
      }
      continue;
    }
    const keys = Object.keys(node);
    nodes += 1 + keys.length;
    if (nodes > budget) throw fail(`more than ${budget} nodes once YAML aliases are expanded`, place);
    collectReferences(node, place, references);
    for (let i = keys.length - 1; i >= 0; i--) {
      const value = node[keys[i]!];
      if (value !== null && typeof value === "object")
        stack.push({
          key: keys[i]!,
          parent: place,
          node: value,
          depth: place.depth + 1,
          chars: place.chars! + 1 + keys[i]!.length,
        });
    }
  }
  return references;
}

function collectReferences(node: Record<string, unknown>, place: Place, into: Reference[]): void {
  if (typeof node.$ref === "string") into.push({ ref: node.$ref, kind: "$ref", place, holder: node as RefNode });
  // redocly loads an example's externalValue like a $ref (and the bundler inlines what it read).
  if (typeof node.externalValue === "string")
    into.push({ ref: node.externalValue, kind: "externalValue", place: child(place, "externalValue") });
  if (place.key === "mapping" && place.parent?.key === "discriminator") {
    for (const [name, target] of Object.entries(node)) {
      if (typeof target === "string" && isMappingRef(target))
        into.push({ ref: target, kind: "discriminator mapping", place: child(place, name) });
    }
  }
}

/**
 * Follow every internal reference to the node it finally names, as redocly's resolver does (including `$ref`s met
 * part-way along a pointer), counting the `$ref`s passed through. Memoised per `$ref` object: linear overall.
 */
function checkChains(
  document: object,
  references: readonly Reference[],
  fail: (detail: string, place: Place) => DescriptionError,
): void {
  const placeOf = new Map<object, Place>();
  for (const r of references) if (r.holder && !placeOf.has(r.holder)) placeOf.set(r.holder, r.place);
  const memo = new Map<object, { hops: number; target: unknown }>();
  const trail: RefNode[] = [];
  const chainName = (nodes: readonly RefNode[]) => nodes.map((n) => "#" + pointerOf(placeOf.get(n)!)).join(" -> ");

  /** The `$ref`s passed through to reach the target of `ref`, including itself, and the target. */
  const follow = (ref: string, from: Reference): { hops: number; target: unknown } => {
    if (!isInternal(ref) || ANCHOR.test(ref)) return { hops: 1, target: undefined };
    let segments: string[];
    try {
      segments = (ref.split("#/")[1] ?? "")
        .split("/")
        .map((s) => (/[~%]/.test(s) ? unescapePointer(s) : s))
        .filter(Boolean);
    } catch {
      throw fail(`malformed ${from.kind} ${quote(ref)} (bad percent-encoding)`, from.place);
    }
    let hops = 1;
    let at: unknown = document;
    for (const segment of segments) {
      if (isObject(at) && Object.hasOwn(at, segment)) {
        at = at[segment];
      } else if (isRefNode(at)) {
        const through = followNode(at, from);
        hops += through.hops;
        at = isObject(through.target) && Object.hasOwn(through.target, segment) ? through.target[segment] : undefined;
      } else {
        return { hops, target: undefined }; // unresolvable: redocly's no-unresolved-refs names it
      }
    }
    if (!isRefNode(at)) return { hops, target: at };
    const next = followNode(at, from);
    return { hops: hops + next.hops, target: next.target };
  };

  const followNode = (node: RefNode, from: Reference): { hops: number; target: unknown } => {
    const known = memo.get(node);
    if (known) return known;
    const loop = trail.indexOf(node);
    if (loop >= 0) {
      const cycle = trail.slice(loop);
      throw fail(`circular $ref: ${chainName([...cycle, node])}`, placeOf.get(node) ?? from.place);
    }
    if (trail.length >= MAX_REF_CHAIN)
      throw fail(
        `$ref chain longer than ${MAX_REF_CHAIN}: ${trail
          .slice(0, 3)
          .map((n) => n.$ref)
          .join(" -> ")} -> …`,
        from.place,
      );
    trail.push(node);
    const result = follow(node.$ref, from);
    trail.pop();
    memo.set(node, result);
    return result;
  };

  for (const reference of references) {
    const { hops } = reference.holder ? followNode(reference.holder, reference) : follow(reference.ref, reference);
    if (hops > MAX_REF_CHAIN)
      throw fail(`$ref chain longer than ${MAX_REF_CHAIN} (${hops} $refs to reach its target)`, reference.place);
  }
}

/**
 * Internal as redocly reads it: nothing (or `#`) before the first `#/`, or an anchor. Anything else names a file or URL
 * to load.
 */
function isInternal(ref: string): boolean {
  return ref.startsWith("#/") || ref.startsWith("##/") || ref === "" || ref === "#" || ANCHOR.test(ref);
}

/** redocly's test for a discriminator mapping value that names a schema by reference rather than by name. */
function isMappingRef(value: string): boolean {
  return value.startsWith("#") || value.includes("/");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

function isRefNode(value: unknown): value is RefNode {
  return isObject(value) && !Array.isArray(value) && typeof value.$ref === "string";
}

function child(place: Place, key: string): Place {
  return { key, parent: place, node: undefined, depth: place.depth + 1 };
}

/** The JSON pointer of a place; a deep one keeps its first and last segments, so the message stays one short line. */
function pointerOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | undefined = place; at?.parent; at = at.parent) keys.push(String(at.key));
  keys.reverse();
  const escaped = keys.map(escapePointer);
  const shown =
    keys.length > 16 ? [...escaped.slice(0, 12), `… ${keys.length - 15} more …`, ...escaped.slice(-3)] : escaped;
  const short = (k: string) => (k.length > 80 ? `${k.slice(0, 60)}… (${k.length} characters)` : k);
  return shown.map((k) => "/" + printableLine(short(k))).join("");
}

/** A reference as messages show it: quoted, control characters escaped, long ones cut. */
function quote(ref: string): string {
  return JSON.stringify(ref.length > 120 ? ref.slice(0, 117) + "..." : ref);
}
