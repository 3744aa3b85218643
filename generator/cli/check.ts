/** `sfapi-gen generate --check`: print "up to date" (exit 0) or what differs (exit 1); writes nothing either way. */
import type { DescriptionSource } from "../description/read.js";
import { CheckFailedError } from "../errors.js";
import type { ScopeOptions } from "../model/model.js";
import { renderCheck } from "../reports/diff/check.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";

export async function runCheck(io: CliIo, options: DescriptionSource & ScopeOptions, out: string): Promise<void> {
  const { checkOutput } = await import("../commands/check.js");
  const { report, model, kept } = await checkOutput(options, out);
  if (kept) io.stderr.write(`sfapi-gen: ${kept}\n`);
  printWarnings(io, model.warnings);
  io.stdout.write(renderCheck(report));
  if (!report.upToDate) {
    const edited = report.files.map((f) => f.path);
    const why = edited.length > 0 ? `: ${edited.join(", ")} not as generated` : " is out of date";
    throw new CheckFailedError(`--check: ${out}${why}; run \`sfapi-gen generate\` and commit the result`);
  }
}
