import { Command, Option } from "commander";
import { readConfig } from "../config.js";
import { diffModels, FAIL_ON, fails } from "../diff.js";
import type { FailOn } from "../diff.js";
import { renderDiffMarkdown } from "../diff/markdown.js";
import { SfapiGenError } from "../errors.js";
import type { DescriptionSource } from "../load.js";
import { loadModel } from "../model.js";
import { printWarnings, resolveSourceOptions } from "./shared.js";
import type { SourceFlags } from "./shared.js";

interface DiffFlags extends Pick<SourceFlags, "vendor" | "levels" | "policy"> {
  format: "md" | "json";
  failOn?: FailOn;
  color?: string;
}

/** `http://` and `https://` arguments are URLs (a base URL or a .json/.yaml URL); anything else is a file. */
export function sourceOf(arg: string): DescriptionSource {
  return /^https?:\/\//i.test(arg) ? { url: arg } : { file: arg };
}

export function diffCommand(): Command {
  return new Command("diff")
    .description("what changed between two descriptions: operations added, removed, changed, and levels raised")
    .argument("<old>", "the earlier description: a file, or an http(s) URL")
    .argument("<new>", "the later description: a file, or an http(s) URL")
    .addOption(new Option("--format <format>", "output format").choices(["md", "json"]).default("md"))
    .addOption(new Option("--fail-on <what>", "exit 1 when the diff has: an escalation, a removal, or any breaking change").choices(FAIL_ON))
    .option("--color <color>", "new operations this color may not call count as escalations")
    .option("--vendor <vendor>", 'scope field x-<vendor>-scope; "auto" finds the one each description uses')
    .option("--levels <a,b,c>", "the ladder of levels, least capable first (default green,red)")
    .addOption(new Option("--policy <policy>", "rank by the scope field, or by method (GET: lowest, else top)").choices(["scope", "method"]))
    .action(async (oldArg: string, newArg: string, flags: DiffFlags) => {
      const options = resolveSourceOptions(flags, readConfig());
      const [before, after] = await Promise.all([loadModel(sourceOf(oldArg), options), loadModel(sourceOf(newArg), options)]);
      printWarnings([...new Set([...before.warnings, ...after.warnings])]);
      const report = diffModels(before, after, { color: flags.color });
      process.stdout.write(flags.format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderDiffMarkdown(report));
      if (flags.failOn && fails(report, flags.failOn)) {
        const s = report.summary;
        const counts = { escalation: `${s.escalations} escalation(s)`, removal: `${s.removed} removed operation(s)`, breaking: `${s.breaking} breaking change(s)` };
        throw new SfapiGenError(`--fail-on ${flags.failOn}: ${counts[flags.failOn]} between ${report.old.source} and ${report.new.source}`);
      }
    });
}
