/**
 * Least privilege for a code base: map every use of a generated client (found by usage/scan.ts) to the operations it
 * reaches in the client's table (read from its manifest.json), by the run-time guard's rules (usage/resolve.ts), and
 * report the lowest color that may make all of them, with the uses that force it. Anything that cannot be mapped fails
 * closed: it assumes the top level, as the runtime would refuse it for every other color.
 */
import { reportJson } from "../../emit/text.js";
import { SfapiGenError } from "../../errors.js";
import { colorGrant, colorOf, levelNeed, permits } from "../../model/permission.js";
import { checkColor, PUBLIC } from "../../model/scope.js";
import type { ClientTable } from "../../output/client-folder.js";
import { readClientTable } from "../../output/client-folder.js";
import { findClient } from "../../usage/find-client.js";
import type { Resolution } from "../../usage/resolve.js";
import { scanSources } from "../../usage/scan.js";
import { operationRef, useSite } from "../../usage/site.js";
import type { FoundUse, Scan } from "../../usage/uses.js";
import { neededGrants } from "./grants.js";
import { renderNeedsMarkdown } from "./markdown.js";
import type { AnyNeedsReport, NeedsFormat, NeedsReport, NeedsUse } from "./report.js";
import { NEEDS_FORMAT_ID, SCOPE_NEEDS_FORMAT_ID } from "./report.js";
import { buildScopeNeeds } from "./scopes.js";
import { renderScopeNeedsMarkdown } from "./scopes-markdown.js";

export type {
  AnyNeedsReport,
  NeedsClient,
  NeedsFormat,
  NeedsReport,
  NeedsUse,
  ScopeNeedsReport,
  ScopeNeedsUse,
} from "./report.js";
export { NEEDS_FORMAT_ID, NEEDS_FORMATS, SCOPE_NEEDS_FORMAT_ID } from "./report.js";
export { beyond, parseGrant } from "./scopes.js";

/** What `needs` reads: a code base, and the generated client whose uses in it are counted. */
export interface NeedsSource {
  /** The code base: a folder of TypeScript and JavaScript files (node_modules, .d.ts and dot-folders skipped). */
  code: string;
  /**
   * The generated client folder. Undefined: the client the code's imports point to, else the only generated folder
   * under it, else `generated/` (see usage/find-client.ts); several imported clients are an error naming them. Or a
   * client already read with `chooseTable` (the CLI checks its flags against the client's policy before the scan).
   */
  client?: string | ChosenTable;
}

export interface NeedsOptions {
  /** Where relative paths are read from (default: the process's working directory). */
  cwd?: string;
}

/**
 * The report the client's policy calls for: the lowest color covering every use of the client in the code
 * (`NeedsReport`), or, for a client generated under the security policy, the least grant of OAuth2 scopes
 * (`ScopeNeedsReport`); `format` tells them apart. Uses that cannot be mapped fail closed, to the top level (every
 * scope). Synchronous: the scan reads the code with the TypeScript compiler, which reads files synchronously.
 */
export function buildNeeds(source: NeedsSource, options: NeedsOptions = {}): AnyNeedsReport {
  const cwd = options.cwd ?? process.cwd();
  const chosen = typeof source.client === "object" ? source.client : chooseTable(source.code, source.client, cwd);
  const { table } = chosen;
  const scan = scanSources(source.code, cwd, new Set(table.entries.map((e) => e.name)));
  const report =
    table.policy === "security" ? buildScopeNeeds(source.code, table, scan) : buildLevelNeeds(source.code, table, scan);
  report.client.found = chosen.how;
  return report;
}

/** The needs report in one of `NEEDS_FORMATS`, as `sfapi-gen needs --format` prints it. */
export function renderNeeds(report: AnyNeedsReport, format: NeedsFormat): string {
  if (format === "json") return reportJson(report);
  return report.format === SCOPE_NEEDS_FORMAT_ID ? renderScopeNeedsMarkdown(report) : renderNeedsMarkdown(report);
}

/** The client a scan of `code` is read against (see `NeedsSource.client`), before any scan: its table and how found. */
export function chooseTable(code: string, clientDir: string | undefined, cwd: string = process.cwd()): ChosenTable {
  const chosen = clientDir === undefined ? chooseClient(code, cwd) : { dir: clientDir, how: "option" as const };
  return { table: readClientTable(chosen.dir, cwd), how: chosen.how };
}

/** A generated client's table, and how it was found. */
export interface ChosenTable {
  table: ClientTable;
  how: NeedsReport["client"]["found"];
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
  const { ladder } = report.client;
  checkColor(ladder, color);
  const grant = new Set(colorGrant(ladder, color));
  return report.uses.filter((u) => !permits(grant, levelNeed(ladder, u.level)));
}

/** The report by color from a scan of `source`: the least grant (grants.ts) worded as the color it amounts to. */
export function buildLevelNeeds(source: string, table: ClientTable, scan: Scan): NeedsReport {
  const { ladder } = table;
  const needed = neededGrants(table, scan);
  const uses = needed.uses.map(({ use, resolution }) => needsUse(use, resolution));
  const color = colorOf(ladder, needed.grant.scopes);
  const onlyPublic = uses.every((u) => u.level === PUBLIC);
  const clients = needed.clients.map(({ site, grant, uses }) => ({
    id: site.id,
    file: site.file,
    line: site.line,
    code: site.code,
    color: site.color,
    needs: colorOf(ladder, grant.scopes),
    uses,
  }));
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
