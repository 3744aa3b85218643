/**
 * Concrete request paths to the description's operations, read and matched by the runtime's own path reader
 * (templates/runtime/path.ts, the one the color guard uses), so the facility and the guard never disagree on which
 * template a path means or which paths are tricks. A server routes a path to the most literal template
 * (`/status/outages` before `/status/{name}`), the first of the matches; the path as sent decides, and where an
 * encoded slash makes it fit nothing, the reading with that slash decoded (as a server that decodes it routes it).
 * An operation marked for whole paths takes the rest of the path in its trailing parameter, slashes and all
 * (`/utilities/ls/perlmutter//global/homes` -> `path` = `/global/homes`), and hands it on as one value.
 *
 * As the guard does, a match lists `also` the other operations of the method the request may be (a route's, whose
 * templates no path tells apart, and the less literal templates it fits), less those a discriminator the request
 * carries rules out (matcher.ts's mayBe): the facility asks the caller's token for every one of them.
 */

import type { CompiledTable } from "../../templates/runtime/matcher.js";
import { compileTable, matchAll, mayBe, templateParams } from "../../templates/runtime/matcher.js";
import { readPath } from "../../templates/runtime/path.js";
import type { OperationEntry } from "../../templates/runtime/table.js";
import type { Operation } from "../model/operations.js";

export type RouteMatch =
  | { kind: "operation"; operation: Operation; params: Record<string, string>; also: Operation[] }
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
  /**
   * `carried(name)`: every value the request carries under that (lower-case) header or query name, for path keys'
   * discriminators; without it none is carried.
   */
  match(method: string, pathname: string, carried: (name: string) => readonly string[] = () => []): RouteMatch {
    const reading = readPath(pathname);
    if ("refused" in reading) return reading.refused === "escape" ? BAD_ENCODING : NOT_FOUND;
    const upper = method.toUpperCase();
    for (const segments of reading.split ? [reading.segments, reading.split] : [reading.segments]) {
      const byMethod = this.#matchesPerMethod(segments, carried);
      if (byMethod.size === 0) continue;
      const entries = byMethod.get(upper);
      if (!entries) return { kind: "method-not-allowed", allowed: [...byMethod.keys()] };
      const [entry] = entries;
      // Under every reading, as the guard: an encoded slash's other reading may fit more operations.
      const others = new Set(entries.slice(1));
      if (reading.split)
        for (const e of matchAll(this.#table, upper, segments === reading.split ? reading.segments : reading.split))
          if (e !== entry && mayBe(e, carried)) others.add(e);
      return {
        kind: "operation",
        operation: this.#operations.get(entry!)!,
        params: templateParams(entry!.path, segments, entry!.wholePath)!,
        also: [...others].map((e) => this.#operations.get(e)!),
      };
    }
    return NOT_FOUND;
  }

  /** For each method with a template that fits, its matches the request may be, most literal first. */
  #matchesPerMethod(
    segments: readonly string[],
    carried: (name: string) => readonly string[],
  ): Map<string, OperationEntry[]> {
    const found = new Map<string, OperationEntry[]>();
    for (const method of this.#table.tries.keys()) {
      const matches = matchAll(this.#table, method, segments).filter((e) => mayBe(e, carried));
      if (matches.length > 0) found.set(method, matches);
    }
    return found;
  }
}
