/**
 * The diff report's build: two descriptions (or client folders) read under one ladder (reports/diff/diff.ts's
 * `loadPair`) and compared (`diffModels`); with `code`, the uses in that code base the change breaks or escalates
 * (reports/diff/code.ts), type-checked against the client regenerated from the new side. It lives here, beside
 * `generate`, because that check emits the new client (commands/generate.ts), which reports/ may not import.
 */
import { OptionError } from "../errors.js";
import type { ScopeOptions } from "../model/model.js";
import type { CompareOptions, DiffSource } from "../reports/diff/diff.js";
import { diffModels, loadPair } from "../reports/diff/diff.js";
import type { DiffReport } from "../reports/diff/report.js";

/** What a diff compares: the earlier and the later description, each a description or a generated client folder. */
export interface DiffPair {
  old: DiffSource;
  new: DiffSource;
}

export interface DiffOptions extends ScopeOptions, CompareOptions {
  /** A TypeScript code base: report the uses of the old client in it that the change breaks or escalates. */
  code?: string;
  /** Where a relative `code` is read from (default: the process's working directory). */
  cwd?: string;
  /** Called with each warning about the two descriptions (levels off the ladder, kept settings), once each. */
  onWarning?: (message: string) => void;
}

/** What changed from `source.old` to `source.new`, both read under the same scope options. */
export async function buildDiff(source: DiffPair, options: DiffOptions = {}): Promise<DiffReport> {
  const { color, prefix, code, onWarning, ...scopeOptions } = options;
  const cwd = options.cwd ?? process.cwd();
  // With code and no client folder as the old side: the one the code imports, whose kept settings then apply.
  const codeClient =
    code !== undefined && source.old.client === undefined
      ? (await import("../reports/diff/code.js")).codeClient(code, cwd, scopeOptions)
      : undefined;
  const scope = codeClient && "scope" in codeClient ? codeClient.scope : undefined;
  const [before, after] = await loadPair(source.old, source.new, scope?.options ?? scopeOptions);
  if (scope?.warning) before.warnings.push(scope.warning);
  for (const warning of new Set([...before.warnings, ...after.warnings])) onWarning?.(warning);
  const report = diffModels(before, after, { color, prefix });
  if (code === undefined) return report;
  if (report.policy === "security")
    throw new OptionError(
      "--code reports the color code needs, but these descriptions are read under the security policy " +
        "(OAuth2 scopes): run `sfapi-gen needs` against the client before and after",
    );
  // Loaded on use: the scan needs the TypeScript compiler.
  const [{ codeImpact }, { scanCode }, { tableEntries }] = await Promise.all([
    import("../reports/diff/code.js"),
    import("../usage/scan.js"),
    import("../output/manifest.js"),
  ]);
  const [oldTable, newTable] = [tableEntries(before.operations), tableEntries(after.operations)];
  const { scan, code: codeBase } = scanCode(code, cwd, new Set(oldTable.map((e) => e.name)));
  // The client to swap for the new one: the old side when it is a client folder, else the one the code imports.
  const clientDir = source.old.client?.dir ?? (codeClient && "dir" in codeClient ? codeClient.dir : undefined);
  let check: Parameters<typeof codeImpact>[5];
  if (clientDir === undefined) {
    check = { why: codeClient && "why" in codeClient ? codeClient.why : "no client folder" };
  } else {
    const [{ emitClient }, { typeBreaks }] = await Promise.all([
      import("./generate.js"),
      import("../usage/typecheck.js"),
    ]);
    // Its text files: the type check reads no other (the description's copy is bytes).
    const served = new Map<string, string>();
    for (const [path, content] of await emitClient(after)) if (typeof content === "string") served.set(path, content);
    // The first check reads the scan's Program when it can (usage/typecheck.ts says when).
    check = { client: clientDir, result: typeBreaks(code, clientDir, served, cwd, codeBase) };
  }
  report.code = codeImpact(report, oldTable, newTable, code, scan, check);
  return report;
}
