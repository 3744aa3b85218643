/**
 * What both needs reports are made from, whichever the client's policy: every use of the scan resolved by the guard's
 * rules (usage/resolve.ts) to what it needs in the one permission model (model/permission.ts), the least grant that
 * meets them all, and per `createClient(...)` call the least grant for its own uses and every use the analysis could
 * not attribute to one client (those count for each). needs.ts words a grant as a color, scopes.ts as OAuth2 scopes.
 */
import type { LeastGrant } from "../../model/least-grant.js";
import { leastGrant } from "../../model/least-grant.js";
import { needOf, unknownNeed } from "../../model/permission.js";
import type { ScopeSets } from "../../model/scope-sets.js";
import { scopesOf } from "../../model/scope-sets.js";
import type { ClientTable } from "../../output/client-folder.js";
import type { Resolution } from "../../usage/resolve.js";
import { lookupOf, resolveUse } from "../../usage/resolve.js";
import type { ClientSite, FoundUse, Scan } from "../../usage/uses.js";

/** A use the client's table resolves (a named import that is no table entry is none), with what it needs. */
export interface NeedingUse {
  use: FoundUse;
  resolution: Resolution;
  /** One need per operation it may reach (a call must be allowed for each); every requirement when unknown. */
  needs: ScopeSets[];
}

export interface Needed {
  uses: NeedingUse[];
  /** The least grant meeting every use. */
  grant: LeastGrant;
  /** Each `createClient(...)` call of the scan, in order, with its least grant and its own uses' count. */
  clients: { site: ClientSite; grant: LeastGrant; uses: number }[];
}

export function neededGrants(table: ClientTable, scan: Scan): Needed {
  const { ladder, policy } = table;
  const lookup = lookupOf(ladder, table.entries);
  const unknown = unknownNeed(policy, ladder, tableScopes(table));
  const uses: NeedingUse[] = [];
  for (const use of scan.uses) {
    const resolution = resolveUse(use, lookup);
    if (resolution === undefined) continue;
    const needs =
      resolution.unknown !== null ? [unknown] : resolution.operations.map((op) => needOf(policy, ladder, op));
    uses.push({ use, resolution, needs });
  }
  const least = (of: readonly NeedingUse[]) => leastGrant(of.flatMap((u) => u.needs));
  const unattributed = uses.filter((u) => u.use.client === undefined);
  const clients = scan.clients.map((site) => {
    const own = uses.filter((u) => u.use.client === site.id);
    return { site, grant: least([...own, ...unattributed]), uses: own.length };
  });
  return { uses, grant: least(uses), clients };
}

/** Every scope a client's table names: what an unknown use needs under the security policy. */
export function tableScopes(table: ClientTable): string[] {
  return scopesOf(table.entries.map((e) => e.security ?? []));
}
