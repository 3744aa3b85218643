/**
 * The one permission model the reports decide by, for both policies. What a call needs is OR-ed alternatives of
 * AND-ed scopes (scope-sets.ts), and a client holds a grant, a set of scopes: OAuth2's under the security policy. A
 * ladder is read into the same sets: a level is the set of itself and every level below it, an operation of that level
 * needs that set, and a color's grant is its own level's set. Grants of colors then nest as the ladder orders them, so
 * who may call what and the least grant a code base needs are decided by the scope-set rules alone (`permits`,
 * least-grant.ts) for colors and scopes alike, and only the words differ: a color is named by the top of its grant.
 * The runtime's guard keeps its own copy of the ladder rule (it ships alone); test/generator/model/permission.test.ts
 * checks that the two agree.
 */

import { leastGrant } from "./least-grant.js";
import type { Policy } from "./scope.js";
import { effectiveLevel, type Ladder, PUBLIC, rank, topLevel } from "./scope.js";
import type { ScopeSets } from "./scope-sets.js";

/** What an operation with table scope `scope` needs under `ladder`: nothing when public, else its level's set. */
export function levelNeed(ladder: Ladder, scope: string): ScopeSets {
  const level = effectiveLevel(ladder, scope);
  return level === PUBLIC ? [] : [colorGrant(ladder, level)];
}

/** The grant of a client of `color`: every level up to and including it (none for a name off the ladder). */
export function colorGrant(ladder: Ladder, color: string): string[] {
  return ladder.slice(0, rank(ladder, color) + 1);
}

/** The color a grant amounts to: the highest level whose whole set it holds; the lowest level when it holds none. */
export function colorOf(ladder: Ladder, grant: Iterable<string>): string {
  const held = new Set(grant);
  let color = ladder[0]!;
  for (const level of ladder) {
    if (!held.has(level)) break;
    color = level;
  }
  return color;
}

/** The lowest color that may make uses needing `levels` (public or on the ladder): the color of their least grant. */
export function leastColor(ladder: Ladder, levels: readonly string[]): string {
  return colorOf(ladder, leastGrant(levels.map((level) => levelNeed(ladder, level))).scopes);
}

/** The table fields a need is read from. */
export interface Permissioned {
  scope: string;
  /** Under the security policy: the OR-ed scope sets (absent for a public operation). */
  security?: ScopeSets;
}

/** What a call of `entry` needs, whichever the policy (under the security policy a secured entry has its sets). */
export function needOf(policy: Policy, ladder: Ladder, entry: Permissioned): ScopeSets {
  if (policy !== "security") return levelNeed(ladder, entry.scope);
  return entry.security ?? (entry.scope === PUBLIC ? [] : [[]]);
}

/**
 * What a use the analysis cannot resolve needs (fail closed): the top level, or under the security policy every scope
 * the client names (`scopes`).
 */
export function unknownNeed(policy: Policy, ladder: Ladder, scopes: readonly string[]): ScopeSets {
  return policy === "security" ? [[...scopes]] : levelNeed(ladder, topLevel(ladder));
}

/** May a client holding `grant` make a call needing `need`? Public: always; else when it holds some alternative. */
export function permits(grant: ReadonlySet<string>, need: ScopeSets): boolean {
  return need.length === 0 || need.some((set) => set.every((s) => grant.has(s)));
}
