/**
 * `generate --check` (for CI): is the output folder what `generate` would write now? Three questions, each answered
 * from the folder itself, never from what it claims alone:
 *  - were its files edited after generation (each file's SHA-256 against the list in its manifest.json)?
 *  - does the description, read under the folder's own ladder, vendor and policy (unless options name others), have
 *    the hash and settings the manifest records? If not, the report is the diff from the manifest's table;
 *  - if it does, is every file byte for byte what this sfapi-gen emits for it (a re-emit and compare)? This catches
 *    a file and its listed hash edited together, and output of another generator version.
 */
import { resolve } from "node:path";
import type { DescriptionSource } from "../description/read.js";
import type { Model, ScopeOptions } from "../model/model.js";
import { loadModel } from "../model/model.js";
import type { Manifest } from "../output/client-folder.js";
import { MANIFEST_FILE, readFolderFiles, readManifest } from "../output/client-folder.js";
import { dropFoldedWarning, keepFrom, keptNote } from "../output/kept.js";
import { fileBytes, sha256Of } from "../output/manifest.js";
import type { CheckReport, FileProblem } from "../reports/diff/check.js";
import { checkGenerated } from "../reports/diff/check.js";
import { emitClient } from "./generate.js";

export interface Checked {
  report: CheckReport;
  model: Model;
  /** What the folder's manifest kept (ladder, vendor, policy), in one line; absent when options named them all. */
  kept?: string;
}

/**
 * Checks the folder `out`; `regenerate` is the command that writes it (named in the message when there is no client
 * there yet; default `sfapi-gen generate --out <out>`).
 */
export async function checkOutput(
  options: DescriptionSource & ScopeOptions,
  out: string,
  regenerate = `sfapi-gen generate --out ${out}`,
): Promise<Checked> {
  const cwd = options.cwd ?? process.cwd();
  // The manifest first: without one there is nothing to compare, and no reason to fetch a description.
  const manifest = readManifest(out, cwd, `nothing generated here to check against; run \`${regenerate}\` first`);
  const kept = keepFrom(manifest, `${out.replace(/\/+$/, "")}/${MANIFEST_FILE}`, options);
  const model = await loadModel(options, kept.options);
  const { files, others } = readFolderFiles(resolve(cwd, out));
  const problems = verifyHashes(manifest, files, others);
  let report = checkGenerated(model, manifest, out, problems);
  if (report.diff === null && problems.length === 0) {
    const emitted = await emitClient(model);
    const stale = [...new Set([...emitted.keys(), ...files.keys()])]
      .sort()
      .filter((path) => {
        const now = emitted.get(path);
        const there = files.get(path);
        return now === undefined || there === undefined || !there.equals(fileBytes(now));
      })
      .map((path): FileProblem => ({ path, problem: "stale" }));
    report = checkGenerated(model, manifest, out, stale);
  }
  const note = keptNote(kept, model, { ...options, out });
  dropFoldedWarning(kept, model);
  return { report, model, ...(note ? { kept: note } : {}) };
}

/** Each file against the manifest's list: edited, missing, or not listed. */
function verifyHashes(manifest: Manifest, files: ReadonlyMap<string, Buffer>, others: string[]): FileProblem[] {
  const listed = manifest.files;
  if (listed === undefined) return [{ path: MANIFEST_FILE, problem: "unverifiable" }];
  const problems: FileProblem[] = [];
  for (const path of Object.keys(listed).sort()) {
    const bytes = files.get(path);
    if (bytes === undefined) problems.push({ path, problem: "missing" });
    else if (sha256Of(bytes) !== listed[path]) problems.push({ path, problem: "edited" });
  }
  const unlisted = [...files.keys(), ...others].filter((p) => p !== MANIFEST_FILE && !Object.hasOwn(listed, p));
  for (const path of unlisted.sort()) problems.push({ path, problem: "unexpected" });
  return problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
