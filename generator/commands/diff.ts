import { Command, Option } from "commander";
import { readConfig } from "../config.js";
import { FAIL_ON } from "../diff/report.js";
import type { FailOn } from "../diff/report.js";
import { SfapiGenError } from "../errors.js";
import type { DescriptionSource } from "../load.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import { addExternalRefsOption, addScopeOptions, resolveSourceOptions } from "./shared.js";
import type { SourceFlags } from "./shared.js";

interface DiffFlags extends Pick<SourceFlags, "vendor" | "levels" | "policy" | "allowExternalRefs"> {
  format: "md" | "json";
  failOn?: FailOn;
  color?: string;
}

/** `http://` and `https://` arguments are URLs (a base URL or a .json/.yaml URL); anything else is a file. */
export function sourceOf(arg: string, cwd: string): DescriptionSource {
  return /^https?:\/\//i.test(arg) ? { url: arg } : { file: arg, cwd };
}

export function diffCommand(io: CliIo): Command {
  const command = new Command("diff")
    .description("what changed between two descriptions: operations added, removed, changed, and levels raised")
    .argument("<old>", "the earlier description: a file, or an http(s) URL")
    .argument("<new>", "the later description: a file, or an http(s) URL")
    .addOption(new Option("--format <format>", "output format").choices(["md", "json"]).default("md"))
    .addOption(new Option("--fail-on <what>", "exit 1 when the diff has: an escalation, a removal, or any breaking change").choices(FAIL_ON))
    .option("--color <color>", "new operations this color may not call count as escalations");
  return addExternalRefsOption(addScopeOptions(command)).action(async (oldArg: string, newArg: string, flags: DiffFlags) => {
    const [{ diffModels, fails, loadPair }, { renderDiffMarkdown }] = await Promise.all([import("../diff.js"), import("../diff/markdown.js")]);
    const options = resolveSourceOptions(flags, readConfig(io.cwd), io.cwd);
    const side = (arg: string) => ({ ...sourceOf(arg, io.cwd), allowExternalRefs: options.allowExternalRefs });
    const [before, after] = await loadPair(side(oldArg), side(newArg), options);
    printWarnings(io, [...new Set([...before.warnings, ...after.warnings])]);
    const report = diffModels(before, after, { color: flags.color });
    io.stdout.write(flags.format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderDiffMarkdown(report));
    if (flags.failOn && fails(report, flags.failOn)) {
      const s = report.summary;
      const counts = { escalation: `${s.escalations} escalation(s)`, removal: `${s.removed} removed operation(s)`, breaking: `${s.breaking} breaking change(s)` };
      throw new SfapiGenError(`--fail-on ${flags.failOn}: ${counts[flags.failOn]} between ${report.old.source} and ${report.new.source}`);
    }
  });
}
