/**
 * Pair each operation of the old description with its counterpart in the new one, in an order that can be explained
 * (each pair says which step made it; an operation is paired at most once, by the first step that fits):
 *  1. `method-path`: the same method and path;
 *     `path-parameters`: the same method and path once path parameter names are ignored (a renamed parameter);
 *  2. `operationId`: the same operationId, else the same FastAPI operationId stem (`read_jobs` of
 *     `read_jobs_api_v1_jobs_get`), when it names one unpaired operation on each side;
 *  3. `prefix`: the same path once the version prefix is moved (`/api/v1/jobs` -> `/api/v2/jobs`): the same method
 *     first, else, when one operation is left on each side of that path, a method change;
 *  4. `path`: the same path with another method, when one operation is left on each side of it.
 * What is left unpaired was removed (old) or added (new).
 */

import { stripFastApiSuffix } from "../../model/operations.js";
import type { TableEntry } from "../../output/manifest.js";
import { isUnder, movePath } from "./prefix.js";
import type { MatchedBy, PrefixMove } from "./report.js";
import { pathShape } from "./schema.js";

export interface Pair<T> {
  before: T;
  after: T;
  by: MatchedBy;
}

export interface Matching<T> {
  /** In the new description's order. */
  pairs: Pair<T>[];
  removed: T[];
  added: T[];
}

export function matchOperations<T extends TableEntry>(
  before: readonly T[],
  after: readonly T[],
  prefix: PrefixMove | null,
): Matching<T> {
  const partner = new Map<T, Pair<T>>();
  const pair = (a: T, b: T, by: MatchedBy) => {
    const p = { before: a, after: b, by };
    partner.set(a, p).set(b, p);
  };
  const open = (ops: readonly T[]) => ops.filter((op) => !partner.has(op));

  const key = (op: T) => `${op.method} ${op.path}`;
  const exact = new Map(after.map((op) => [key(op), op]));
  for (const a of before) {
    const b = exact.get(key(a));
    if (b) pair(a, b, "method-path");
  }

  pairUnique(
    open(before),
    open(after),
    (op) => `${op.method} ${pathShape(op.path)}`,
    (a, b) => pair(a, b, "path-parameters"),
  );

  const stem = (op: T) =>
    op.operationId ? stripFastApiSuffix(op.operationId, op.path, op.method.toLowerCase()) : null;
  for (const id of [(op: T) => op.operationId, stem])
    pairUnique(open(before), open(after), id, (a, b) => pair(a, b, "operationId"));

  if (prefix) {
    const moved = open(before).filter((op) => isUnder(op.path, prefix.from));
    pairByPath(
      moved,
      open(after),
      (op) => movePath(op.path, prefix),
      (a, b) => pair(a, b, "prefix"),
    );
  }
  pairByPath(
    open(before),
    open(after),
    (op) => op.path,
    (a, b) => pair(a, b, "path"),
  );

  return { pairs: after.flatMap((b) => partner.get(b) ?? []), removed: open(before), added: open(after) };
}

/**
 * Pair operations with the same key when that key names exactly one of the given operations on each side. `oldKey`
 * reads the old side's key (a path with its prefix moved); by default both sides use `key`.
 */
function pairUnique<T>(
  before: readonly T[],
  after: readonly T[],
  key: (op: T) => string | null | undefined,
  pair: (a: T, b: T) => void,
  oldKey = key,
): void {
  const once = (ops: readonly T[], keyOf: typeof key) => {
    const found = new Map<string, T | null>();
    for (const op of ops) {
      const k = keyOf(op);
      if (k) found.set(k, found.has(k) ? null : op);
    }
    return found;
  };
  const now = once(after, key);
  for (const [k, a] of once(before, oldKey)) {
    const b = now.get(k);
    if (a && b) pair(a, b);
  }
}

/**
 * Pair operations at the same path (the old one mapped by `oldPath`): the same method first, then the one left on each
 * side.
 */
function pairByPath<T extends TableEntry>(
  before: readonly T[],
  after: readonly T[],
  oldPath: (op: T) => string,
  pair: (a: T, b: T) => void,
): void {
  const paired = new Set<T>();
  const join = (a: T, b: T) => {
    pair(a, b);
    paired.add(a).add(b);
  };
  pairUnique(
    before,
    after,
    (op) => `${op.method} ${op.path}`,
    join,
    (op) => `${op.method} ${oldPath(op)}`,
  );
  const left = (ops: readonly T[]) => ops.filter((op) => !paired.has(op));
  pairUnique(left(before), left(after), (op) => op.path, join, oldPath);
}
