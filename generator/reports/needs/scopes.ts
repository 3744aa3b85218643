/**
 * `needs` for a client generated under the security policy: the least OAuth2 grant a code base needs. The uses are
 * the ones the color report finds, resolved the same way (usage/resolve.ts: a concrete path fitting several templates
 * must be allowed for each); each operation reached is one requirement (its table's `security`, OR-ed alternatives),
 * and an unknown use needs every scope the table names (fail closed). grants.ts finds the smallest grant meeting them
 * all (model/least-grant.ts), and says whether it proved it least; this words it.
 */
import { OptionError } from "../../errors.js";
import type { LeastGrant } from "../../model/least-grant.js";
import { leastGrant, SEARCH_BOUND } from "../../model/least-grant.js";
import { needOf, permits, unknownNeed } from "../../model/permission.js";
import { PUBLIC } from "../../model/scope.js";
import type { ScopeSets } from "../../model/scope-sets.js";
import { isScopeToken } from "../../model/security.js";
import type { ClientTable, TableEntry } from "../../output/client-folder.js";
import type { Resolution } from "../../usage/resolve.js";
import { operationRef, useSite } from "../../usage/site.js";
import type { FoundUse, Scan } from "../../usage/uses.js";
import { neededGrants, tableScopes } from "./grants.js";
import type { GrantSearch, ScopedOperation, ScopeNeedsReport, ScopeNeedsUse } from "./report.js";
import { SCOPE_NEEDS_FORMAT_ID } from "./report.js";

export function buildScopeNeeds(source: string, table: ClientTable, scan: Scan): ScopeNeedsReport {
  const all = tableScopes(table);
  const needed = neededGrants(table, scan);
  const overall = search(needed.grant);
  const held = new Set(overall.scopes);
  const uses = needed.uses.map(({ use, resolution }) => scopeUse(use, resolution, held, all, table.ladder));
  const clients = needed.clients.map(({ site, grant, uses }) => ({
    id: site.id,
    file: site.file,
    line: site.line,
    code: site.code,
    grant: search(grant),
    uses,
  }));
  const forced = new Set(overall.forced);
  const byScope = overall.scopes.map((scope) => ({
    scope,
    forced: forced.has(scope),
    uses: uses.filter((u) => u.scopes.includes(scope)).map((u) => `${u.file}:${u.line}:${u.column}`),
  }));
  const isPublic = (u: ScopeNeedsUse) => u.unknown === null && u.operations.every((op) => op.scope === PUBLIC);
  return {
    format: SCOPE_NEEDS_FORMAT_ID,
    source,
    client: { dir: table.dir, found: "option", policy: "security", scopes: all, description: table.description },
    grant: overall,
    byScope,
    uses,
    clients,
    skipped: scan.skipped,
    summary: {
      uses: uses.length,
      files: new Set(uses.map((u) => u.file)).size,
      unknown: uses.filter((u) => u.unknown !== null).length,
      public: uses.filter(isPublic).length,
      tokenOnly: uses.filter((u) => !isPublic(u) && u.unknown === null && u.scopes.length === 0).length,
    },
  };
}

/** A least grant as the report shows its search. */
function search(grant: LeastGrant): GrantSearch {
  return { ...grant, bound: SEARCH_BOUND };
}

function scopeUse(
  use: FoundUse,
  resolution: Resolution,
  held: ReadonlySet<string>,
  all: string[],
  ladder: readonly string[],
): ScopeNeedsUse {
  const { assumed, ...site } = useSite(use);
  const taken = new Set<string>();
  if (resolution.unknown !== null) for (const s of all) taken.add(s);
  for (const op of resolution.operations) {
    const alt = (op.security ?? []).find((set) => set.every((s) => held.has(s)));
    for (const s of alt ?? []) taken.add(s);
  }
  return {
    ...site,
    operations: resolution.operations.map(scopedRef),
    unknown: resolution.unknown === null ? null : everyScope(resolution.unknown, ladder),
    scopes: [...taken].sort(),
    ...(assumed === undefined ? {} : { assumed }),
  };
}

/** usage/resolve.ts words an unknown use for the ladder ("assumes top level (red)"); under scopes it needs them all. */
function everyScope(why: string, ladder: readonly string[]): string {
  const suffix = `; assumes top level (${ladder[ladder.length - 1]})`;
  return `${why.endsWith(suffix) ? why.slice(0, -suffix.length) : why}; needs every scope`;
}

export function scopedRef(entry: TableEntry): ScopedOperation {
  return { ...operationRef(entry), ...(entry.security ? { security: entry.security } : {}) };
}

/** `--fail-beyond a,b`: the scopes, checked (RFC 6749 scope-tokens the client names). */
export function parseGrant(text: string, table: ClientTable): string[] {
  const named = tableScopes(table);
  const scopes = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const s of scopes) {
    if (!isScopeToken(s)) throw new OptionError(`--fail-beyond: ${JSON.stringify(s)} is not an OAuth2 scope`);
    if (!named.includes(s))
      throw new OptionError(
        `--fail-beyond: ${JSON.stringify(s)} is not a scope the client ${table.dir} names (a typo?)`,
      );
  }
  return [...new Set(scopes)].sort();
}

/**
 * What `--fail-beyond` refuses: the uses that no grant inside `allowed` covers (one of their operations has no
 * alternative inside it), and the least scopes to add to `allowed` to cover them. A least grant outside `allowed` is
 * not enough to fail: another grant, as small, may fit inside it (an operation allowing `a` or `b`).
 */
export function beyond(
  report: ScopeNeedsReport,
  allowed: readonly string[],
): { uses: ScopeNeedsUse[]; missing: string[] } {
  const grant = new Set(allowed);
  const unknown = unknownNeed("security", [], report.client.scopes);
  const needsOf = (u: ScopeNeedsUse): ScopeSets[] =>
    u.unknown !== null ? [unknown] : u.operations.map((op) => needOf("security", [], op));
  const uses = report.uses.filter((u) => !needsOf(u).every((need) => permits(grant, need)));
  const least = leastGrant(uses.flatMap(needsOf), allowed);
  return { uses, missing: least.scopes.filter((s) => !grant.has(s)) };
}
