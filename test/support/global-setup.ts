/**
 * Before any test: empty the previous run's temporary folders (test/.tmp, except the benchmarks' own), and make sure
 * dist/ (the compiled generator, and the compiled runtime that every generated client copies) is not older than the
 * sources, so a test never generates with yesterday's runtime.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
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

/** Tests leave their folders behind for inspection after a failure; the next run starts from none. */
function emptyTmp(): void {
  const tmp = tmpRoot;
  let entries: string[] = [];
  try {
    entries = readdirSync(tmp);
  } catch {
    return; // no folder yet
  }
  for (const name of entries) if (name !== "bench") rmSync(join(tmp, name), { recursive: true, force: true });
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
