import type { DescriptionSource } from "../description/read.js";
import { CheckFailedError } from "../errors.js";
import type { DiffFormat, FailOn } from "../reports/diff/report.js";
import { DIFF_FORMATS, FAIL_ON } from "../reports/diff/report.js";
import { Command, Option } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import type { SourceFlags } from "./shared.js";
import { addExternalRefsOption, addScopeOptions, resolveSourceOptions } from "./shared.js";

interface DiffFlags extends Pick<SourceFlags, "vendor" | "levels" | "policy" | "allowExternalRefs"> {
  format: DiffFormat;
  failOn?: FailOn;
  color?: string;
  prefix?: string;
  code?: string;
}

/** `http://` and `https://` arguments are URLs (a base URL or a .json/.yaml URL); anything else is a file. */
export function sourceOf(arg: string, cwd: string): DescriptionSource {
  return /^https?:\/\//i.test(arg) ? { url: arg } : { file: arg, cwd };
}

export function diffCommand(io: CliIo): Command {
  const command = new Command("diff")
    .description("what changed between two descriptions: operations added, removed, changed, and levels raised")
    .argument("<old>", "the earlier description: a file, an http(s) URL, or a folder written by generate")
    .argument("<new>", "the later description: a file, or an http(s) URL")
    .addOption(new Option("--format <format>", "output format").choices(DIFF_FORMATS).default("md"))
    .addOption(
      new Option(
        "--fail-on <what>",
        "exit 1 when the diff has: an escalation, a removal, or any breaking change",
      ).choices(FAIL_ON),
    )
    .option("--color <color>", "new operations this color may not call count as escalations")
    .option(
      "--prefix <old=new>",
      "the version prefix that moved, e.g. /api/v1=/api/v2 (default: detected; none: no prefix)",
    )
    .option(
      "--code <dir>",
      "list the uses in this TypeScript code base that the change breaks or escalates, and the color it now needs",
    );
  return addExternalRefsOption(addScopeOptions(command)).action(
    async (oldArg: string, newArg: string, flags: DiffFlags) => {
      const [{ buildDiff }, { diffSource, fails, renderDiff }, { parsePrefix }] = await Promise.all([
        import("../commands/diff.js"),
        import("../reports/diff/diff.js"),
        import("../reports/diff/prefix.js"),
      ]);
      const options = resolveSourceOptions(flags, readConfig(io.cwd), io.cwd);
      const prefix = flags.prefix === undefined ? undefined : parsePrefix(flags.prefix);
      const side = (arg: string) => ({ ...diffSource(arg, io.cwd), allowExternalRefs: options.allowExternalRefs });
      const report = await buildDiff(
        { old: side(oldArg), new: side(newArg) },
        { ...options, color: flags.color, prefix, code: flags.code, onWarning: (w) => printWarnings(io, [w]) },
      );
      io.stdout.write(renderDiff(report, flags.format));
      if (flags.failOn && fails(report, flags.failOn)) {
        const s = report.summary;
        const counts = {
          escalation: `${s.escalations} escalation(s)`,
          removal: `${s.removed} removed${s.moved > 0 ? ` and ${s.moved} moved` : ""} operation(s)`,
          breaking: `${s.breaking} breaking change(s)`,
        };
        throw new CheckFailedError(
          `--fail-on ${flags.failOn}: ${counts[flags.failOn]} between ${report.old.source} and ${report.new.source}`,
        );
      }
    },
  );
}
