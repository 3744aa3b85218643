/**
 * Routes and literal siblings: what a request to an operation's template may also be, as the guard reads requests
 * (templates/runtime/matcher.ts). The audit lists both, `needs` counts them and the generated types follow them.
 *
 * - A route: templates of one method that no request tells apart by its path: equal but for parameter names
 *   (`/things/{aid}`, `/things/{zname}`), or path keys sharing the part before their `#`/`?` (`/#X-Amz-Target=A`,
 *   `/#X-Amz-Target=B`; `/{roleId}`, `/{roleId}#disambiguation_dummy`). A request to it needs every requirement of
 *   its operations, unless a discriminator the request carries rules some out (the guard's `mayBe`): a route is
 *   `discriminated` when each of its operations names a value of one header or query name that no other one names, so
 *   a request carrying that value is one operation (and the types keep each operation's own level).
 * - Literal siblings: `GET /things/{id}` may fall on `GET /things/secret` when `id` is `secret`; the guard judges the
 *   request by every operation it matches, so such a call needs the most demanding of them (mayFallOn).
 */

import type { CompiledTable } from "../../templates/runtime/matcher.js";
import {
  ALL,
  compileTable,
  discriminatorOf,
  keyValues,
  mayBe,
  mayFallOn,
  requestPath,
  templateShape,
} from "../../templates/runtime/matcher.js";
import type { OperationEntry } from "../../templates/runtime/table.js";
import type { Operation } from "./operations.js";
import type { Ladder } from "./scope.js";
import { effectiveLevel, levelRank, PUBLIC } from "./scope.js";

export interface Route {
  /** Upper case. */
  method: string;
  /** The request path of its first operation's template (before any `#`/`?`). */
  path: string;
  /** Its operations, in the model's order (two or more). */
  operations: Operation[];
  /** The discriminator's name (lower case) when it tells the operations apart; null: any request may be any of them. */
  discriminator: string | null;
  /** Why they are one route, in words. */
  why: string;
}

/** The routes of `operations`: groups of one method and one shape, each of two or more; linear in their number. */
export function routesOf(operations: readonly Operation[]): Route[] {
  const groups = new Map<string, Operation[]>();
  for (const op of operations) {
    const key = `${op.method.toUpperCase()} ${templateShape(op.path)}`;
    const group = groups.get(key);
    if (group) group.push(op);
    else groups.set(key, [op]);
  }
  const routes: Route[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const discriminator = discriminatorName(group);
    const keyed = group.some((op) => requestPath(op.path) !== op.path);
    const why = keyed
      ? discriminator === null
        ? "path keys share one request path and no header or query value tells them apart"
        : `path keys share one request path; the request's \`${discriminator}\` tells them apart where it carries ` +
          "one of their values, and without it the request may be any of them"
      : "templates equal but for their parameter names";
    routes.push({
      method: group[0]!.method.toUpperCase(),
      path: requestPath(group[0]!.path),
      operations: group,
      discriminator,
      why,
    });
  }
  return routes;
}

/** A name every operation's discriminator gives a value, each value its own; null when there is none. */
function discriminatorName(group: readonly Operation[]): string | null {
  const first = discriminatorOf(group[0]!.path);
  for (const [name, value] of first?.pairs ?? []) {
    if (value === undefined) continue;
    const values = new Set<string>();
    for (const op of group) {
      const pair = discriminatorOf(op.path)?.pairs.find(([n, v]) => n === name && v !== undefined);
      if (!pair || values.has(pair[1]!)) break;
      values.add(pair[1]!);
    }
    if (values.size === group.length) return name;
  }
  return null;
}

/** Of levels ("public" or on the ladder), the most demanding; "public" when there are none. */
export function mostDemanding(ladder: Ladder, levels: readonly string[]): string {
  return levels.reduce((most, level) => (levelRank(ladder, level) > levelRank(ladder, most) ? level : most), PUBLIC);
}

/**
 * The level a call of each operation needs by its route: the most demanding of the route's operations for one that
 * is not discriminated, its own level otherwise. What the generated types and the guard apply to a call by template.
 */
export function routeLevels(operations: readonly Operation[], ladder: Ladder): Map<Operation, string> {
  const levels = new Map(operations.map((op) => [op, effectiveLevel(ladder, op.scope)]));
  for (const route of routesOf(operations)) {
    if (route.discriminator !== null) continue;
    const level = mostDemanding(
      ladder,
      route.operations.map((op) => levels.get(op)!),
    );
    for (const op of route.operations) levels.set(op, level);
  }
  return levels;
}

/** How many operations `fallsOn` names per operation at most: the most demanding are kept. */
export const FALLS_ON_LISTED = 50;

export interface Falls {
  /** The most demanding of what a call of it whose path values are not known may be, it included. */
  reach: string;
  /**
   * The other operations a request filled from its template may also be that need more than it does (its route's,
   * its literal siblings'), most demanding first, at most FALLS_ON_LISTED; `more` counts those left out.
   */
  onto: Operation[];
  more: number;
}

/**
 * For each operation, what a request filled from its template may also be (matcher.ts's mayFallOn), less what its
 * own `?` discriminator rules out: its reach and the more demanding operations it may fall on. Past the walk's budget,
 * every operation of the method counts, from one count per method (no list per operation): linear in the operations.
 */
export function fallsOn(operations: readonly Operation[], ladder: Ladder): Map<Operation, Falls> {
  const table: Record<string, OperationEntry> = Object.create(null);
  operations.forEach((op, i) => (table[String(i)] = op));
  const compiled: CompiledTable = compileTable(table);
  const levelOf = (op: Operation) => effectiveLevel(ladder, op.scope);
  const rankOf = (op: Operation) => levelRank(ladder, levelOf(op));
  const byMethod = new Map<string, Operation[]>();
  for (const op of operations) {
    const method = op.method.toUpperCase();
    const list = byMethod.get(method);
    if (list) list.push(op);
    else byMethod.set(method, [op]);
  }
  // Per method, most demanding first, and how many of them rank above each rank: "every operation of the method"
  // (mayFallOn's ALL) is a prefix of that list, so no operation pays for the whole method.
  const sorted = new Map<string, { ops: Operation[]; above: Map<number, number> }>();
  for (const [method, ops] of byMethod) {
    const list = [...ops].sort((a, b) => rankOf(b) - rankOf(a));
    const above = new Map<number, number>();
    list.forEach((op, i) => {
      if (!above.has(rankOf(op))) above.set(rankOf(op), i);
    });
    sorted.set(method, { ops: list, above });
  }
  const result = new Map<Operation, Falls>();
  for (const op of operations) {
    const all = sorted.get(op.method.toUpperCase())!;
    const ranking = all.above.get(rankOf(op))!;
    // Nothing of its method needs more (every operation of a one-level description): nothing to fall on, no walk.
    if (ranking === 0) {
      result.set(op, { reach: levelOf(op), onto: [], more: 0 });
      continue;
    }
    const fallen = mayFallOn(compiled, op);
    let above: Operation[];
    let count: number;
    if (fallen === ALL) {
      count = ranking;
      above = all.ops.slice(0, Math.min(count, FALLS_ON_LISTED));
    } else {
      const own = keyValues(op.path);
      above = (fallen as Operation[])
        .filter((e) => e !== op && rankOf(e) > rankOf(op) && mayBe(e, own))
        .sort((a, b) => rankOf(b) - rankOf(a));
      count = above.length;
    }
    result.set(op, {
      reach: count > 0 ? levelOf(above[0]!) : levelOf(op),
      onto: above.slice(0, FALLS_ON_LISTED),
      more: Math.max(0, count - FALLS_ON_LISTED),
    });
  }
  return result;
}
