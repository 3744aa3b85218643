/**
 * `sfapi-gen generate --check` (for CI): is the output folder generated from this description? It compares the
 * description's SHA-256 and scope settings with the folder's manifest.json and writes nothing. When they differ, the
 * old side of the diff is the operation table the manifest holds (a manifest cannot hold the whole description), so
 * the diff covers what the table has: operations added, removed, moved, re-methoded, renamed and re-levelled;
 * parameters, bodies and schemas are not compared.
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
  /** The table diff from the folder's manifest to the description; null when up to date. */
  diff: DiffReport | null;
}

/** Compare `model` (the description `generate` would read) with what the folder `out` was generated from (its manifest). */
export function checkGenerated(model: Model, manifest: Manifest, out: string): CheckReport {
  const current = model.description.sha256;
  const settings = settingChanges(manifest, model);
  const upToDate = manifest.description.sha256 === current && settings.length === 0;
  const report: CheckReport = {
    out,
    upToDate,
    sha256: { generated: manifest.description.sha256, current },
    settings,
    diff: null,
  };
  if (upToDate) return report;
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

export function renderCheck(report: CheckReport): string {
  const short = (sha: string) => sha.slice(0, 12);
  if (report.upToDate)
    return `sfapi-gen: ${report.out} is up to date (description sha256 ${short(report.sha256.current)}…)\n`;
  const lines: string[] = [];
  if (report.sha256.generated !== report.sha256.current) {
    lines.push(
      `The description changed: sha256 ${short(report.sha256.generated)}… (manifest) -> ${short(report.sha256.current)}… (now).`,
    );
  }
  if (report.settings.length > 0) lines.push(`Scope settings changed: ${report.settings.join("; ")}.`);
  lines.push("The operation tables are compared (the manifest holds no parameters, bodies or schemas).", "");
  return `${lines.join("\n")}\n${renderDiffMarkdown(report.diff!)}`;
}
