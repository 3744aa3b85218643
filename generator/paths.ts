import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root, found from this file whether it runs from source (tests) or from dist/ (the CLI). */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "sfapi-gen") return dir;
    if (dirname(dir) === dir) throw new Error(`sfapi-gen: cannot find the package root above ${from}`);
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const bundledDescriptionPath = join(packageRoot, "generator", "descriptions", "v1.2.json");
export const runtimeTemplateDir = join(packageRoot, "templates", "runtime");
export const generatorVersion: string = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")).version;
