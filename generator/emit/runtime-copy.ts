/**
 * `runtime/`: the runtime compiled from templates/runtime (`npm run build` puts it in dist/runtime), `.js` and
 * `.d.ts`, each file headed as generated. Shipped compiled so that a consumer's type check reads declarations only.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { SfapiGenError } from "../errors.js";
import { runtimeBuildDir } from "../package-files.js";

const HEADER = "// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.\n";

export async function runtimeFiles(from: string = runtimeBuildDir): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = (await readdir(from)).filter((name) => /\.(?:d\.ts|js)$/.test(name)).sort();
  } catch {
    throw new SfapiGenError(`the compiled runtime is missing (${from}); run \`npm run build\` in the sfapi-gen folder`);
  }
  const files = new Map<string, string>();
  for (const name of names) files.set(`runtime/${name}`, HEADER + (await readFile(join(from, name), "utf8")));
  return files;
}
