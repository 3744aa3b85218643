/**
 * The packages a generated client imports at run time (openapi-fetch, jose), at the versions this generator's runtime
 * is built and tested with, and which of them the project around an output folder does not declare yet.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageRoot } from "../package-files.js";

/**
 * Imported by the generated runtime; `@types/node` only matters to TypeScript projects (keys go through node:crypto).
 */
const RUNTIME = ["openapi-fetch", "jose"] as const;

export interface MissingDependencies {
  /** The package.json looked at, or undefined when no folder above the output has one. */
  manifest: string | undefined;
  /** `name@range` for each package it lacks, ranges as sfapi-gen's own. */
  missing: string[];
}

export function missingRuntimeDependencies(outDir: string): MissingDependencies {
  const ours = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const manifest = nearestPackageJson(outDir);
  let declared: Record<string, unknown> = {};
  if (manifest) {
    try {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, unknown>;
      for (const field of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"])
        declared = { ...declared, ...(pkg[field] as object | undefined) };
    } catch {
      // An unreadable package.json: say what is needed, as if it declared nothing.
    }
  }
  return {
    manifest,
    missing: RUNTIME.filter((name) => !(name in declared)).map((name) => `${name}@${ours.dependencies[name]}`),
  };
}

/**
 * The package.json of the project the folder belongs to (the generated folder's own, `{ "type": "module" }`, skipped).
 */
function nearestPackageJson(outDir: string): string | undefined {
  for (let dir = dirname(outDir); ; dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
