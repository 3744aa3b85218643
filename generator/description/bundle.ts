/**
 * Bundling without the bundler's walk. With every `$ref` internal (limits.ts refuses the others), redocly's bundler
 * changes a description only where lint.ts's walk saw that it would: usually nowhere. One kind
 * of change is common enough to make here as the bundler does (GitHub's description has 20: a `$ref` as an example's
 * `value`); for any other, the caller runs the bundler itself.
 */

import type { Redocly } from "./cjs.js";
import type { BundlerChange } from "./lint.js";
import { unescapePointer } from "./pointer.js";

type Plain = Record<string, unknown>;

/**
 * Make `inline` changes on `document` as the bundler's replaceRef does: a `$ref` whose target is a plain object takes
 * the target's fields under its own, any other target takes its place. Returns false, having changed nothing, when
 * there are other changes or one does not lead where the lint said.
 */
export function inlineLikeTheBundler(document: object, changes: readonly BundlerChange[]): boolean {
  const steps: { parent: Plain; key: string; ref: Plain; target: unknown }[] = [];
  const done = new Set<string>(); // the walk meets a node once per way to it: the bundler changes it the first time
  for (const change of changes) {
    if (change.kind !== "inline") return false;
    if (done.has(change.at)) continue;
    done.add(change.at);
    const at = locate(document, change.at);
    const target = locate(document, change.target);
    if (!at || !target || !isPlainObject(at.node) || typeof at.node.$ref !== "string") return false;
    // Targets are taken before any change, as the bundler resolved every $ref before its walk.
    steps.push({ parent: at.parent, key: at.key, ref: at.node, target: target.node });
  }
  for (const { parent, key, ref, target } of steps) {
    if (!isPlainObject(target)) {
      setOwn(parent, key, target);
    } else {
      delete ref.$ref;
      for (const [name, value] of Object.entries({ ...target, ...ref })) setOwn(ref, name, value);
    }
  }
  return true;
}

/**
 * The node at a redocly location pointer (`#/a/b~1c`), its parent and key; undefined where redocly's reading is not
 * plain.
 */
function locate(document: object, pointer: string): { parent: Plain; key: string; node: unknown } | undefined {
  const path = pointer.replace(/^#\/?/, "");
  // redocly drops empty segments; a pointer with one would lead elsewhere here.
  if (path === "" || path.split("/").includes("")) return undefined;
  let segments: string[];
  try {
    segments = path.split("/").map(unescapePointer);
  } catch {
    return undefined; // bad percent-encoding
  }
  let parent: Plain = document as Plain;
  for (const [i, key] of segments.entries()) {
    if (!Object.hasOwn(parent, key)) return undefined;
    const node = parent[key];
    if (i === segments.length - 1) return { parent, key, node };
    if (node === null || typeof node !== "object") return undefined;
    parent = node as Plain;
  }
  return undefined;
}

/** `object[key] = value` as an own property, also for `__proto__` (an assignment would set the prototype instead). */
function setOwn(object: Plain, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

/** redocly's isPlainObject. */
function isPlainObject(value: unknown): value is Plain {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * redocly's resolver for its bundler, or one that refuses every external document (limits.ts refuses external refs
 * first, with a clearer message).
 */
export function refResolver(
  redocly: Redocly,
  allowExternalRefs: boolean,
  config?: ConstructorParameters<Redocly["BaseResolver"]>[0],
): InstanceType<Redocly["BaseResolver"]> {
  const { BaseResolver, ResolveError } = redocly;
  if (allowExternalRefs) return new BaseResolver(config);
  class LocalOnlyResolver extends BaseResolver {
    override async loadExternalRef(absoluteRef: string): Promise<never> {
      throw new ResolveError(new Error(`${absoluteRef} is outside the description (external references are refused)`));
    }
  }
  return new LocalOnlyResolver(config);
}
