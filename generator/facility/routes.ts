/**
 * Concrete request paths to the description's operations, read and matched by the runtime's own path reader
 * (templates/runtime/path.ts, the one the color guard uses), so the facility and the guard never disagree on which
 * template a path means or which paths are tricks. A server routes a path to the most literal template
 * (`/status/outages` before `/status/{name}`), the first of the matches; the path as sent decides, and where an
 * encoded slash makes it fit nothing, the reading with that slash decoded (as a server that decodes it routes it).
 * An operation marked for whole paths takes the rest of the path in its trailing parameter, slashes and all
 * (`/utilities/ls/perlmutter//global/homes` -> `path` = `/global/homes`), and hands it on as one value.
 */

import type { CompiledTable } from "../../templates/runtime/matcher.js";
import { compileTable, matchAll, templateParams } from "../../templates/runtime/matcher.js";
import { readPath } from "../../templates/runtime/path.js";
import type { OperationEntry } from "../../templates/runtime/table.js";
import type { Operation } from "../model/operations.js";

export type RouteMatch =
  | { kind: "operation"; operation: Operation; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" }
  | { kind: "bad-encoding" };

const NOT_FOUND: RouteMatch = { kind: "not-found" };
const BAD_ENCODING: RouteMatch = { kind: "bad-encoding" };

export class Router {
  readonly #table: CompiledTable;
  readonly #operations: ReadonlyMap<OperationEntry, Operation>;

  constructor(operations: readonly Operation[]) {
    this.#table = compileTable(Object.fromEntries(operations.map((op, i) => [String(i), op])));
    this.#operations = new Map<OperationEntry, Operation>(operations.map((op) => [op, op]));
  }

  /**
   * `pathname` relative to the API base, still percent-encoded, starting with "/". A path the reader refuses is
   * `bad-encoding` when its escapes are malformed, else `not-found` (dot-segments, backslashes: no route has them).
   */
  match(method: string, pathname: string): RouteMatch {
    const reading = readPath(pathname);
    if ("refused" in reading) return reading.refused === "escape" ? BAD_ENCODING : NOT_FOUND;
    for (const segments of reading.split ? [reading.segments, reading.split] : [reading.segments]) {
      const byMethod = this.#bestPerMethod(segments);
      if (byMethod.size === 0) continue;
      const entry = byMethod.get(method.toUpperCase());
      if (!entry) return { kind: "method-not-allowed", allowed: [...byMethod.keys()] };
      return {
        kind: "operation",
        operation: this.#operations.get(entry)!,
        params: templateParams(entry.path, segments, entry.wholePath)!,
      };
    }
    return NOT_FOUND;
  }

  /** For each method with a template that fits, its most literal one. */
  #bestPerMethod(segments: readonly string[]): Map<string, OperationEntry> {
    const found = new Map<string, OperationEntry>();
    for (const method of this.#table.tries.keys()) {
      const [best] = matchAll(this.#table, method, segments);
      if (best) found.set(method, best);
    }
    return found;
  }
}
