/**
 * Least privilege for a code base: map every use of a generated client (found by needs/scan.ts) to the operations it
 * reaches in the client's table (read from its manifest.json), by the run-time guard's rules (needs/resolve.ts), and
 * report the lowest color that may make all of them, with the uses that force it. Anything that cannot be mapped fails
 * closed: it assumes the top level, as the runtime would refuse it for every other color.
 */
import { PUBLIC } from "../../model/scope.js";
import type { ClientTable } from "../../output/client-folder.js";
import { readClientTable } from "../../output/client-folder.js";
import type { Resolution } from "../../usage/resolve.js";
import { coveringColor, lookupOf, resolveUse } from "../../usage/resolve.js";
import type { FoundUse, Scan } from "../../usage/scan.js";
import { scanSources } from "../../usage/scan.js";
import { operationRef, useSite } from "../../usage/site.js";
import type { NeedsReport, NeedsUse } from "./report.js";
import { NEEDS_FORMAT_ID } from "./report.js";

export type { NeedsOperation, NeedsReport, NeedsUse } from "./report.js";
export { NEEDS_FORMAT_ID } from "./report.js";

export function needs(sourceDir: string, clientDir: string, cwd: string = process.cwd()): NeedsReport {
  const table = readClientTable(clientDir, cwd);
  return buildNeeds(sourceDir, table, scanSources(sourceDir, cwd, new Set(table.entries.map((e) => e.name))));
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
  const levels = Object.fromEntries([PUBLIC, ...ladder].map((l) => [l, uses.filter((u) => u.level === l).length]));
  return {
    format: NEEDS_FORMAT_ID,
    source,
    client: { dir: table.dir, ladder: [...ladder], description: table.description },
    color,
    forcedBy: onlyPublic ? [] : uses.filter((u) => u.level === color),
    uses,
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
  return {
    ...useSite(found),
    operations: resolution.operations.map(operationRef),
    level: resolution.level,
    unknown: resolution.unknown,
  };
}
