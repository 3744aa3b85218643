/**
 * Concrete request paths to the description's operations, with the runtime's own path matcher (the segment trie the
 * color guard uses), so the facility and the guard never disagree on which template a path means. A server routes a
 * path to the most literal template (`/status/outages` before `/status/{name}`), the first of matchAll's answers.
 * A path with more segments than any template fits a template's last parameter greedily, because file paths
 * (`/utilities/ls/{machine}/{path}`) may arrive with their slashes unencoded, as the facility's own routes take them.
 */

import type { CompiledTable } from "../../templates/runtime/matcher.js";
import { compileTable, matchAll, templateParams } from "../../templates/runtime/matcher.js";
import type { OperationEntry } from "../../templates/runtime/table.js";
import type { Operation } from "../model/operations.js";

export type RouteMatch =
  | { kind: "operation"; operation: Operation; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" }
  | { kind: "bad-encoding" };

export class Router {
  readonly #table: CompiledTable;
  readonly #operations: ReadonlyMap<OperationEntry, Operation>;

  constructor(operations: readonly Operation[]) {
    this.#table = compileTable(Object.fromEntries(operations.map((op, i) => [String(i), op])));
    this.#operations = new Map<OperationEntry, Operation>(operations.map((op) => [op, op]));
  }

  /** `pathname` relative to the API base, still percent-encoded, starting with "/". */
  match(method: string, pathname: string): RouteMatch {
    let segments: string[];
    try {
      segments = pathname.split("/").slice(1).map(decodeURIComponent);
    } catch {
      return { kind: "bad-encoding" };
    }
    for (const reading of readings(segments)) {
      const byMethod = this.#bestPerMethod(reading);
      if (byMethod.size === 0) continue;
      const entry = byMethod.get(method.toUpperCase());
      if (!entry) return { kind: "method-not-allowed", allowed: [...byMethod.keys()] };
      return {
        kind: "operation",
        operation: this.#operations.get(entry)!,
        params: templateParams(entry.path, reading)!,
      };
    }
    return { kind: "not-found" };
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

/** The path as sent, then with its tail folded into ever earlier last segments (`a/b/c` -> `a/b/c` as one value). */
function* readings(segments: string[]): Generator<string[]> {
  yield segments;
  for (let last = segments.length - 2; last >= 0; last--)
    yield [...segments.slice(0, last), segments.slice(last).join("/")];
}
