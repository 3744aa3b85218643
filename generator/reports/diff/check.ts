/**
 * `sfapi-gen generate --check` (for CI): is the output folder generated from this description? It compares the
 * description's SHA-256 and scope settings with the folder's manifest.json and writes nothing. When they differ, the
 * old side of the diff is the operation table the manifest holds (a manifest cannot hold the whole description), so
 * the diff covers what the table has: operations added, removed, moved, re-methoded, renamed and re-levelled, and
 * whole-path marks added or dropped; parameters, bodies, schemas and JSON-text fields are not compared.
 */
import { join } from "node:path";
import type { Model } from "../../model/model.js";
import type { Manifest } from "../../output/client-folder.js";
import { MANIFEST_FILE } from "../../output/client-folder.js";
import type { DiffReport } from "./diff.js";
import { diffTables, modelInput } from "./diff.js";
import { renderDiffMarkdown } from "./markdown.js";

export interface CheckReport {
  /** The output folder as given. */
  out: string;
  upToDate: boolean;
  sha256: { generated: string; current: string };
  /** Scope settings that differ (`ladder: green < red -> green < yellow < red`); empty when they agree. */
  settings: string[];
  /** The table diff from the folder's manifest to the description; null when the description and settings agree. */
  diff: DiffReport | null;
  /** Files of the folder that are not what generate wrote (edited, missing, added), by path; empty when all are. */
  files: FileProblem[];
}

export interface FileProblem {
  path: string;
  /**
   * `edited`: its SHA-256 is not the one manifest.json lists; `missing`: listed, not there; `unexpected`: there, not
   * listed (or not a regular file); `stale`: not what this sfapi-gen writes for this description and these settings;
   * `unverifiable`: the manifest lists no hashes (written before they were recorded).
   */
  problem: "edited" | "missing" | "unexpected" | "stale" | "unverifiable";
}

/**
 * Compare `model` (the description `generate` would read) with what the folder `out` was generated from (its manifest).
 */
export function checkGenerated(model: Model, manifest: Manifest, out: string, files: FileProblem[] = []): CheckReport {
  const current = model.description.sha256;
  const settings = settingChanges(manifest, model);
  const same = manifest.description.sha256 === current && settings.length === 0;
  const report: CheckReport = {
    out,
    upToDate: same && files.length === 0,
    sha256: { generated: manifest.description.sha256, current },
    settings,
    diff: null,
    files,
  };
  if (same) return report;
  const { title, version, api } = manifest.description;
  const before = { side: { source: join(out, MANIFEST_FILE), title, version, api }, operations: manifest.operations };
  report.diff = diffTables(before, modelInput(model), { ladder: model.ladder, policy: model.policy });
  return report;
}

function settingChanges(manifest: Manifest, model: Model): string[] {
  const was = manifest.scope;
  const changes: string[] = [];
  if (was.field !== model.scopeField) changes.push(`scope field: ${was.field} -> ${model.scopeField}`);
  if (was.ladder.join() !== model.ladder.join())
    changes.push(`ladder: ${was.ladder.join(" < ")} -> ${model.ladder.join(" < ")}`);
  if (was.policy !== model.policy) changes.push(`policy: ${was.policy} -> ${model.policy}`);
  return changes;
}

const FILE_PROBLEMS: Record<FileProblem["problem"], string> = {
  edited: "edited after generation (its SHA-256 is not the one manifest.json lists)",
  missing: "missing (manifest.json lists it)",
  unexpected: "not written by sfapi-gen (manifest.json does not list it)",
  stale: "differs from what this sfapi-gen generates from this description",
  unverifiable: "manifest.json lists no file hashes (written by an older sfapi-gen)",
};

export function renderCheck(report: CheckReport): string {
  const short = (sha: string) => sha.slice(0, 12);
  if (report.upToDate)
    return `sfapi-gen: ${report.out} is up to date (description sha256 ${short(report.sha256.current)}…)\n`;
  const lines: string[] = [];
  for (const { path, problem } of report.files) lines.push(`${join(report.out, path)}: ${FILE_PROBLEMS[problem]}`);
  if (report.diff === null) return `${lines.join("\n")}\n`;
  if (lines.length > 0) lines.push("");
  if (report.sha256.generated !== report.sha256.current) {
    const { generated, current } = report.sha256;
    lines.push(`The description changed: sha256 ${short(generated)}… (manifest) -> ${short(current)}… (now).`);
  }
  if (report.settings.length > 0) lines.push(`Scope settings changed: ${report.settings.join("; ")}.`);
  lines.push("The operation tables are compared (the manifest holds no parameters, bodies or schemas).", "");
  return `${lines.join("\n")}\n${renderDiffMarkdown(report.diff!)}`;
}
