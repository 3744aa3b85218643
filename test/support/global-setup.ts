/**
 * Before any test: empty the previous run's temporary folders (test/.tmp, except the benchmarks' own), and make sure
 * dist/ (the compiled generator, and the compiled runtime that every generated client copies) is not older than the
 * sources, so a test never generates with yesterday's runtime.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, renameSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { root, tmpRoot } from "./project.js";

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(ts|json|mjs)$/.test(entry.name))
      latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Tests leave their folders behind for inspection after a failure; the next run starts from none. They are moved
 * aside at once and deleted while the tests run: deleting them (some 14,000 files) took 2 to 10 s before the first
 * test could start. A run that ends first leaves the rest to the next one's.
 */
function emptyTmp(): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(tmpRoot);
  } catch {
    return; // no folder yet
  }
  const old = entries.filter((name) => name !== "bench");
  if (old.length === 0) return;
  const previous = mkdtempSync(join(tmpRoot, "previous-runs-"));
  for (const name of old) renameSync(join(tmpRoot, name), join(previous, name));
  void rm(previous, { recursive: true, force: true });
}

export default function setup(): void {
  emptyTmp();
  let built = 0;
  try {
    built = statSync(join(root, "dist", ".built")).mtimeMs;
  } catch {
    // never built
  }
  const sources = Math.max(
    newest("generator"),
    newest("templates/runtime"),
    statSync(join(root, "bin", "build.mjs")).mtimeMs,
  );
  if (sources > built)
    execFileSync(process.execPath, [join(root, "bin", "build.mjs")], { cwd: root, stdio: "inherit" });
}
