/**
 * Least privilege for a code base: map every use of a generated client (found by usage/scan.ts) to the operations it
 * reaches in the client's table (read from its manifest.json), by the run-time guard's rules (usage/resolve.ts), and
 * report the lowest color that may make all of them, with the uses that force it. Anything that cannot be mapped fails
 * closed: it assumes the top level, as the runtime would refuse it for every other color.
 */
import { SfapiGenError } from "../../errors.js";
import { checkColor, levelRank, PUBLIC } from "../../model/scope.js";
import type { ClientTable } from "../../output/client-folder.js";
import { readClientTable } from "../../output/client-folder.js";
import { findClient } from "../../usage/find-client.js";
import type { Resolution } from "../../usage/resolve.js";
import { coveringColor, lookupOf, resolveUse } from "../../usage/resolve.js";
import { scanSources } from "../../usage/scan.js";
import { operationRef, useSite } from "../../usage/site.js";
import type { FoundUse, Scan } from "../../usage/uses.js";
import type { NeedsReport, NeedsUse, ScopeNeedsReport } from "./report.js";
import { NEEDS_FORMAT_ID, SCOPE_NEEDS_FORMAT_ID } from "./report.js";
import { buildScopeNeeds } from "./scopes.js";

export type {
  GrantSearch,
  NeedsClient,
  NeedsOperation,
  NeedsReport,
  NeedsUse,
  ScopeNeedsClient,
  ScopeNeedsReport,
  ScopeNeedsUse,
} from "./report.js";
export { NEEDS_FORMAT_ID, SCOPE_NEEDS_FORMAT_ID } from "./report.js";
export { beyond, parseGrant } from "./scopes.js";

/**
 * `clientDir` undefined: the client the code's imports point to, else the only generated folder under it, else
 * `generated/` (see usage/find-client.ts); several imported clients are an error naming them.
 */
export function needs(sourceDir: string, clientDir: string | undefined, cwd: string = process.cwd()): NeedsReport {
  const report = anyNeeds(sourceDir, clientDir, cwd);
  if (report.format !== NEEDS_FORMAT_ID)
    throw new SfapiGenError(
      "generated under the security policy: it is granted OAuth2 scopes, not a color; use scopeNeeds() or anyNeeds()",
      report.client.dir,
    );
  return report;
}

/** `needs` for a client generated under the security policy: the least OAuth2 grant (reports/needs/scopes.ts). */
export function scopeNeeds(
  sourceDir: string,
  clientDir: string | undefined,
  cwd: string = process.cwd(),
): ScopeNeedsReport {
  const report = anyNeeds(sourceDir, clientDir, cwd);
  if (report.format !== SCOPE_NEEDS_FORMAT_ID)
    throw new SfapiGenError("generated with a ladder of colors, not OAuth2 scopes; use needs()", report.client.dir);
  return report;
}

/** The report the client's policy calls for: the lowest color, or the least grant of OAuth2 scopes. */
export function anyNeeds(
  sourceDir: string,
  clientDir: string | undefined,
  cwd: string = process.cwd(),
): NeedsReport | ScopeNeedsReport {
  return needsOf(sourceDir, chooseTable(sourceDir, clientDir, cwd), cwd);
}

/** The client a scan of `sourceDir` is read against (see `needs`), before any scan: its table and how it was found. */
export function chooseTable(
  sourceDir: string,
  clientDir: string | undefined,
  cwd: string = process.cwd(),
): ChosenTable {
  const chosen = clientDir === undefined ? chooseClient(sourceDir, cwd) : { dir: clientDir, how: "option" as const };
  return { table: readClientTable(chosen.dir, cwd), how: chosen.how };
}

export interface ChosenTable {
  table: ClientTable;
  how: NeedsReport["client"]["found"];
}

/** Scan `sourceDir` and report against the chosen client, by its policy. */
export function needsOf(
  sourceDir: string,
  chosen: ChosenTable,
  cwd: string = process.cwd(),
): NeedsReport | ScopeNeedsReport {
  const { table } = chosen;
  const scan = scanSources(sourceDir, cwd, new Set(table.entries.map((e) => e.name)));
  const report =
    table.policy === "security" ? buildScopeNeeds(sourceDir, table, scan) : buildNeeds(sourceDir, table, scan);
  report.client.found = chosen.how;
  return report;
}

function chooseClient(sourceDir: string, cwd: string): { dir: string; how: NeedsReport["client"]["found"] } {
  const search = findClient(sourceDir, cwd);
  if (search.found) return { dir: search.found.dir, how: search.found.how };
  if (search.imported.length > 1)
    throw new SfapiGenError(
      `the code imports ${search.imported.length} generated clients (${search.imported.join(", ")}); ` +
        "name one with --client",
      sourceDir,
    );
  const [first] = search.unresolved;
  if (first !== undefined)
    throw new SfapiGenError(
      `${JSON.stringify(first.specifier)} (${first.alias}) resolves to no module, ` +
        "so the client it may be is unknown; " +
        "fix the import, or name the client with --client",
      `${first.file}:${first.line}`,
    );
  return { dir: "generated", how: "default" };
}

/** The uses that need more than `color` (a ladder level): what `--fail-above` names. */
export function usesAbove(report: NeedsReport, color: string): NeedsUse[] {
  checkColor(report.client.ladder, color);
  return report.uses.filter((u) => levelRank(report.client.ladder, u.level) > levelRank(report.client.ladder, color));
}

export function buildNeeds(source: string, table: ClientTable, scan: Scan): NeedsReport {
  const { ladder } = table;
  const lookup = lookupOf(ladder, table.entries);
  const uses: NeedsUse[] = [];
  for (const found of scan.uses) {
    const resolution = resolveUse(found, lookup);
    if (resolution) uses.push(needsUse(found, resolution));
  }
  const color = coveringColor(
    ladder,
    uses.map((u) => u.level),
  );
  const onlyPublic = uses.every((u) => u.level === PUBLIC);
  const unattributed = uses.filter((u) => u.client === undefined).map((u) => u.level);
  const clients = scan.clients.map((site) => {
    const own = uses.filter((u) => u.client === site.id);
    const needs = coveringColor(ladder, [...own.map((u) => u.level), ...unattributed]);
    return {
      id: site.id,
      file: site.file,
      line: site.line,
      code: site.code,
      color: site.color,
      needs,
      uses: own.length,
    };
  });
  const levels = Object.fromEntries([PUBLIC, ...ladder].map((l) => [l, uses.filter((u) => u.level === l).length]));
  return {
    format: NEEDS_FORMAT_ID,
    source,
    client: { dir: table.dir, found: "option", ladder: [...ladder], description: table.description },
    color,
    forcedBy: onlyPublic ? [] : uses.filter((u) => u.level === color),
    uses,
    clients,
    skipped: scan.skipped,
    summary: {
      uses: uses.length,
      files: new Set(uses.map((u) => u.file)).size,
      unknown: uses.filter((u) => u.unknown).length,
      levels,
    },
  };
}

function needsUse(found: FoundUse, resolution: Resolution): NeedsUse {
  const { assumed, ...site } = useSite(found);
  return {
    ...site,
    operations: resolution.operations.map(operationRef),
    level: resolution.level,
    unknown: resolution.unknown,
    ...(assumed === undefined ? {} : { assumed }),
  };
}
