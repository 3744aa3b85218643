/**
 * `diff --code <dir>`: which uses of a generated client in a code base the change breaks or escalates, read with the
 * same scanner and the same guard rules as `needs` (usage/scan.ts, usage/resolve.ts), and the color the code needs
 * before and after. Broken: a call whose operation was removed, moved or changed its method (the old method and path
 * no longer reach it); a table or named-operation use whose entry was removed or renamed. Escalated: a use that still
 * resolves but needs a higher level, from a level change or from a new template its concrete path now also fits.
 */

import type { ScopeOptions } from "../../model/model.js";
import { leastColor } from "../../model/permission.js";
import { mostDemanding } from "../../model/routes.js";
import type { Ladder } from "../../model/scope.js";
import { levelRank } from "../../model/scope.js";
import type { KeptScope } from "../../output/kept.js";
import { keepScope } from "../../output/kept.js";
import type { TableEntry } from "../../output/manifest.js";
import { findClient } from "../../usage/find-client.js";
import { lookupOf, resolveUse } from "../../usage/resolve.js";
import { useSite } from "../../usage/site.js";
import type { TypeCheck } from "../../usage/typecheck.js";
import type { Scan } from "../../usage/uses.js";
import { ref } from "./diff.js";
import type { ChangedOperation, CodeImpact, DiffReport } from "./report.js";
import { pathShape } from "./schema.js";

/**
 * With `--code` when `<old>` is not a client folder: the client folder the code imports (usage/find-client.ts) and
 * the scope options completed from its manifest by the rule `generate` keeps them by (output/kept.ts), so both sides
 * are read under its ladder and whole-path marks and the new client type-checked in its place is the one regenerating
 * it would write. `why` says why there is no folder (none imported, or an alias that resolves to nothing).
 */
export function codeClient(
  codeDir: string,
  cwd: string,
  options: ScopeOptions,
): { dir: string; scope: KeptScope } | { why: string } {
  const search = findClient(codeDir, cwd);
  if (search.found) return { dir: search.found.dir, scope: keepScope(search.found.dir, cwd, options) };
  const [alias] = search.unresolved;
  if (alias)
    return {
      why:
        `no client folder: ${alias.file}:${alias.line} imports ${JSON.stringify(alias.specifier)} (${alias.alias}), ` +
        "which resolves to no module; give the client folder as <old>",
    };
  if (search.imported.length > 1)
    return { why: `no client folder: the code imports ${search.imported.join(", ")}; give one as <old>` };
  return { why: "no client folder: give the client folder as <old>, or import one from the code" };
}

/** How an old operation fared: removed, or its counterpart with what changed; absent: unchanged. */
type Fate = { removed: true } | { removed: false; now: ChangedOperation };

export function codeImpact(
  report: DiffReport,
  oldTable: readonly TableEntry[],
  newTable: readonly TableEntry[],
  source: string,
  scan: Scan,
  check: { client: string; result: TypeCheck & { omitted: number } } | { why: string } = {
    why: "no client folder to check against",
  },
): CodeImpact {
  const ladder: Ladder = report.ladder;
  const old = lookupOf(ladder, oldTable);
  const now = lookupOf(ladder, newTable);
  const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
  const fates = new Map<string, Fate>([
    ...report.removed.map((op): [string, Fate] => [key(op), { removed: true }]),
    ...report.changed.map((op): [string, Fate] => [key(op.was), { removed: false, now: op }]),
  ]);
  const broken: CodeImpact["broken"] = [];
  const escalated: CodeImpact["escalated"] = [];
  const assumed: CodeImpact["assumed"] = [];
  const levelsBefore: string[] = [];
  const levelsAfter: string[] = [];
  const files = new Set<string>();
  let unknown = 0;
  for (const use of scan.uses) {
    const was = resolveUse(use, old);
    if (!was) continue;
    files.add(use.file);
    levelsBefore.push(was.level);
    if (was.unknown) unknown++;
    // By path, a moved or re-methoded operation is gone; by name, only a removed or renamed one is.
    const byPath = use.kind === "call" || use.kind === "wait";
    const reasons: string[] = [];
    const successors: string[] = [];
    for (const op of was.operations) {
      const fate = fates.get(key(op));
      if (!fate) continue;
      if (fate.removed) reasons.push(`${op.name} removed`);
      else if (
        byPath &&
        op.method === fate.now.method &&
        op.path !== fate.now.path &&
        pathShape(op.path) === pathShape(fate.now.path)
      )
        reasons.push(`${op.name}: path parameters renamed (${fate.now.path})`);
      else if (byPath && (op.method !== fate.now.method || op.path !== fate.now.path))
        reasons.push(`${op.name} moved to ${fate.now.method} ${fate.now.path}`);
      else if (!byPath && op.name !== fate.now.name) reasons.push(`${op.name} renamed to ${fate.now.name}`);
      else continue;
      if (!fate.removed) successors.push(fate.now.level);
    }
    if (reasons.length > 0) {
      // The code must follow the operation to its new method, path or name; a removed one needs nothing any more.
      const level = successors.length > 0 ? mostDemanding(ladder, successors) : null;
      broken.push({
        ...useSite(use),
        was: was.operations.map((op) => ref(op, ladder)),
        reason: reasons.join("; "),
        level,
      });
      if (level !== null) levelsAfter.push(level);
      if (use.kind === "call" && use.assumed !== undefined)
        assumed.push({ ...useSite(use), reason: use.assumed, from: was.level, to: level });
      continue;
    }
    const is = resolveUse(use, now)!;
    levelsAfter.push(is.level);
    if (use.kind === "call" && use.assumed !== undefined)
      assumed.push({ ...useSite(use), reason: use.assumed, from: was.level, to: is.level });
    if (levelRank(ladder, is.level) > levelRank(ladder, was.level)) {
      escalated.push({
        ...useSite(use),
        operations: is.operations.map((op) => ref(op, ladder)),
        from: was.level,
        to: is.level,
      });
    }
  }
  const color = { before: leastColor(ladder, levelsBefore), after: leastColor(ladder, levelsAfter) };
  const typeCheck = typeCheckSection(check, scan, old, ladder);
  return {
    source,
    skipped: scan.skipped,
    color: { ...color, raised: levelRank(ladder, color.after) > levelRank(ladder, color.before) },
    broken,
    escalated,
    assumed,
    summary: {
      uses: levelsBefore.length,
      files: files.size,
      broken: broken.length,
      escalated: escalated.length,
      unknown,
      assumed: assumed.length,
      typeErrors: typeCheck.errors.length + typeCheck.omitted,
    },
    typeCheck,
  };
}

/** The type check's errors, each placed in the client call it sits in (its operations, by the old table) or a read. */
function typeCheckSection(
  check: { client: string; result: TypeCheck & { omitted: number } } | { why: string },
  scan: Scan,
  old: ReturnType<typeof lookupOf>,
  ladder: Ladder,
): CodeImpact["typeCheck"] {
  if ("why" in check) return { client: null, tsconfig: null, why: check.why, errors: [], omitted: 0 };
  const at = new Map(scan.uses.map((u) => [`${u.file}:${u.line}:${u.column}`, u]));
  const errors = check.result.breaks.map((b) => {
    const use = b.call ? at.get(`${b.file}:${b.call.line}:${b.call.column}`) : undefined;
    const resolved = use ? resolveUse(use, old) : undefined;
    return {
      ...b,
      kind: use ? ("call" as const) : ("read" as const),
      operations: resolved ? resolved.operations.map((op) => ref(op, ladder)) : [],
    };
  });
  return {
    client: check.client,
    tsconfig: check.result.tsconfig,
    why: null,
    errors,
    omitted: check.result.omitted,
  };
}
