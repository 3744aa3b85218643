/**
 * Where the generator's own files are, whether it runs from source (`generator/*.ts`, tests) or from the package
 * (`dist/generator/*.js`, or the CLI's bundle in `dist/cli/`): the bundled descriptions, the compiled runtime
 * template, the version.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const fromDist = basename(dirname(here)) === "dist";

/** The package root (the folder of sfapi-gen's package.json). */
export const packageRoot: string = fromDist ? dirname(dirname(here)) : dirname(here);
/**
 * Bundled descriptions, each `<name>.json` with its `<name>.levels.json` (copied into dist/generator/ by the build),
 * found from the package root: the CLI's bundle (dist/cli/) runs this module from another folder than dist/generator/.
 */
export const descriptionsDir: string = fromDist
  ? join(packageRoot, "dist", "generator", "descriptions")
  : join(here, "descriptions");
export const bundledDescriptionPath: string = join(descriptionsDir, "v1.2.json");
export const bundledLevelsPath: string = join(descriptionsDir, "v1.2.levels.json");
/** The runtime compiled to `.js` + `.d.ts` by `npm run build` (from templates/runtime). */
export const runtimeBuildDir: string = join(packageRoot, "dist", "runtime");
/** The generator's name, as manifests (`generator.name`, how a folder is recognised as ours) and audits record it. */
export const GENERATOR_NAME = "sfapi-gen";
export const generatorVersion: string = readVersion();

function readVersion(): string {
  const manifest = join(packageRoot, "package.json");
  if (!existsSync(manifest)) throw new Error(`sfapi-gen: no package.json at ${packageRoot}`);
  return String(JSON.parse(readFileSync(manifest, "utf8")).version);
}
