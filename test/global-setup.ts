/**
 * Before any test: make sure dist/ (the compiled generator, and the compiled runtime that every generated client
 * copies) is not older than the sources, so a test never generates with yesterday's runtime.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(ts|json|mjs)$/.test(entry.name)) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

export default function setup(): void {
  let built = 0;
  try {
    built = statSync(join(root, "dist", ".built")).mtimeMs;
  } catch {
    // never built
  }
  const sources = Math.max(newest("generator"), newest("templates/runtime"), statSync(join(root, "bin", "build.mjs")).mtimeMs);
  if (sources > built) execFileSync(process.execPath, [join(root, "bin", "build.mjs")], { cwd: root, stdio: "inherit" });
}
