/** `sfapi-gen generate --check`: print "up to date" (exit 0) or the diff (exit 1); writes nothing either way. */
import type { DescriptionSource } from "../description/read.js";
import { FindingsError } from "../errors.js";
import type { ScopeOptions } from "../model/model.js";
import { loadModel } from "../model/model.js";
import { readManifest } from "../output/client-folder.js";
import { checkGenerated, renderCheck } from "../reports/diff/check.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";

export async function runCheck(io: CliIo, options: DescriptionSource & ScopeOptions, out: string): Promise<void> {
  // The manifest first: without one there is nothing to compare, and no reason to fetch a description.
  const manifest = readManifest(out, io.cwd, "nothing generated here to check against; run `sfapi-gen generate` first");
  const model = await loadModel(options, options);
  printWarnings(io, model.warnings);
  const report = checkGenerated(model, manifest, out);
  io.stdout.write(renderCheck(report));
  if (!report.upToDate) {
    throw new FindingsError(`--check: ${out} is out of date; run \`sfapi-gen generate\` and commit the result`);
  }
}
