/**
 * Least privilege for a code base: map every use of a generated client (found by needs/scan.ts) to its operation in
 * the client's table, and report the lowest color that may make all of them, with the uses that force it.
 * Anything that cannot be mapped (a path that is not a literal, a path or entry the table lacks) fails closed: it
 * assumes the top level, as the runtime would refuse it for every other color.
 */
import { readClientTable } from "./needs/client.js";
import type { ClientTable, TableEntry } from "./needs/client.js";
import { scanSources } from "./needs/scan.js";
import { effectiveLevel, topLevel } from "./levels.js";
import type { FoundUse } from "./needs/scan.js";

export const NEEDS_FORMAT_ID = "sfapi-gen/needs@1";
const PUBLIC = "public";

export interface NeedsUse {
  file: string;
  line: number;
  column: number;
  kind: "call" | "table";
  /** The code as written, shortened. */
  code: string;
  /** The operation it maps to (friendly name, method, path template, table scope), or null when unknown. */
  operation: { name: string; method: string; path: string; scope: string } | null;
  /** The level this use needs: "public", a ladder level, or the top for unknown and unranked ones. */
  level: string;
  /** Why the use could not be mapped ("unknown: assumes top level"), or null. */
  unknown: string | null;
}

export interface NeedsReport {
  format: typeof NEEDS_FORMAT_ID;
  source: string;
  client: { dir: string; ladder: string[]; description: ClientTable["description"] };
  /** The lowest color that may make every use. With no uses above public: the lowest level. */
  color: string;
  /** The uses that need exactly `color` (empty when only public operations are used). */
  forcedBy: NeedsUse[];
  uses: NeedsUse[];
  summary: { uses: number; files: number; unknown: number; levels: Record<string, number> };
}

export function needs(sourceDir: string, clientDir: string, cwd: string = process.cwd()): NeedsReport {
  const table = readClientTable(clientDir, cwd);
  return buildNeeds(sourceDir, table, scanSources(sourceDir, cwd));
}

export function buildNeeds(source: string, table: ClientTable, found: FoundUse[]): NeedsReport {
  const { ladder } = table;
  const top = topLevel(ladder);
  const byName = new Map(table.entries.map((e) => [e.name, e]));
  const uses: NeedsUse[] = [];
  for (const use of found) {
    const { file, line, column, code, kind } = use;
    let entry: TableEntry | undefined;
    let unknown: string | null = null;
    if (use.kind === "call") {
      if (use.path === null) unknown = "path is not a literal";
      else if (!(entry = matchOperation(table.entries, use.method, use.path))) unknown = `no ${use.method} operation matches ${use.path}`;
    } else if (use.entry === null) {
      unknown = "entry name is not a literal";
    } else if (!(entry = byName.get(use.entry))) {
      if (use.via === "import") continue; // another export of operations.ts (`ladder`, `OperationScopes`), not an entry
      unknown = `the table has no entry "${use.entry}"`;
    }
    uses.push({
      file,
      line,
      column,
      kind,
      code,
      operation: entry ? { name: entry.name, method: entry.method, path: entry.path, scope: entry.scope } : null,
      level: entry ? effectiveLevel(ladder, entry.scope) : top,
      unknown: unknown === null ? null : `unknown: ${unknown}; assumes top level (${top})`,
    });
  }
  const need = Math.max(-1, ...uses.map((u) => ladder.indexOf(u.level)));
  const color = ladder[Math.max(0, need)]!;
  const levels = Object.fromEntries([PUBLIC, ...ladder].map((l) => [l, uses.filter((u) => u.level === l).length]));
  return {
    format: NEEDS_FORMAT_ID,
    source,
    client: { dir: table.dir, ladder: [...ladder], description: table.description },
    color,
    forcedBy: need < 0 ? [] : uses.filter((u) => u.level === color),
    uses,
    summary: { uses: uses.length, files: new Set(uses.map((u) => u.file)).size, unknown: uses.filter((u) => u.unknown).length, levels },
  };
}

/**
 * The operation a (method, path) call reaches. The path is a template (`/utilities/command/{machine}`) or concrete
 * (`/utilities/command/dtn01`); `{param}` matches one non-empty segment. Of several matching templates the one with
 * the most literal segments wins (`/status/outages` over `/status/{name}`), as servers route.
 */
export function matchOperation(entries: readonly TableEntry[], method: string, path: string): TableEntry | undefined {
  const wanted = path.split(/[?#]/)[0]!;
  const candidates = entries.filter((e) => e.method === method.toUpperCase());
  const exact = candidates.find((e) => e.path === wanted);
  if (exact) return exact;
  const segments = wanted.split("/");
  let best: { entry: TableEntry; literals: number } | undefined;
  for (const entry of candidates) {
    const template = entry.path.split("/");
    if (template.length !== segments.length) continue;
    let literals = 0;
    const fits = template.every((t, i) => {
      const s = segments[i]!;
      if (/^\{[^}]+\}$/.test(t)) return s !== "";
      literals++;
      return t === s;
    });
    if (fits && (!best || literals > best.literals)) best = { entry, literals };
  }
  return best?.entry;
}
