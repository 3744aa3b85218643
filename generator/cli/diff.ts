import type { DescriptionSource } from "../description/read.js";
import { CheckFailedError, OptionError } from "../errors.js";
import type { FailOn } from "../reports/diff/report.js";
import { FAIL_ON } from "../reports/diff/report.js";
import { Command, Option } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import type { SourceFlags } from "./shared.js";
import { addExternalRefsOption, addScopeOptions, resolveSourceOptions } from "./shared.js";

interface DiffFlags extends Pick<SourceFlags, "vendor" | "levels" | "policy" | "allowExternalRefs"> {
  format: "md" | "json";
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
    .addOption(new Option("--format <format>", "output format").choices(["md", "json"]).default("md"))
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
      const [{ diffModels, diffSource, fails, loadPair }, { renderDiffMarkdown }, { parsePrefix }] = await Promise.all([
        import("../reports/diff/diff.js"),
        import("../reports/diff/markdown.js"),
        import("../reports/diff/prefix.js"),
      ]);
      const options = resolveSourceOptions(flags, readConfig(io.cwd), io.cwd);
      const prefix = flags.prefix === undefined ? undefined : parsePrefix(flags.prefix);
      const side = (arg: string) => ({ ...diffSource(arg, io.cwd), allowExternalRefs: options.allowExternalRefs });
      const oldSide = side(oldArg);
      // With --code and no client folder as <old>: the one the code imports, whose kept settings then apply.
      const codeClient =
        flags.code !== undefined && oldSide.client === undefined
          ? (await import("../reports/diff/code.js")).codeClient(flags.code, io.cwd, options)
          : undefined;
      const scope = codeClient && "scope" in codeClient ? codeClient.scope : undefined;
      const [before, after] = await loadPair(oldSide, side(newArg), scope?.options ?? options);
      if (scope?.warning) before.warnings.push(scope.warning);
      printWarnings(io, [...new Set([...before.warnings, ...after.warnings])]);
      const report = diffModels(before, after, { color: flags.color, prefix });
      if (flags.code !== undefined && report.policy === "security")
        throw new OptionError(
          "--code reports the color code needs, but these descriptions are read under the security policy " +
            "(OAuth2 scopes): run `sfapi-gen needs` against the client before and after",
        );
      if (flags.code !== undefined) {
        // Loaded on use: the scan needs ts-morph's TypeScript compiler.
        const [{ codeImpact }, { scanCode }, { tableEntries }] = await Promise.all([
          import("../reports/diff/code.js"),
          import("../usage/scan.js"),
          import("../output/manifest.js"),
        ]);
        const [oldTable, newTable] = [tableEntries(before.operations), tableEntries(after.operations)];
        const { scan, code } = scanCode(flags.code, io.cwd, new Set(oldTable.map((e) => e.name)));
        // The client to swap for the new one: the old side when it is a client folder, else the one the code imports.
        const clientDir = oldSide.client?.dir ?? (codeClient && "dir" in codeClient ? codeClient.dir : undefined);
        let check: Parameters<typeof codeImpact>[5];
        if (clientDir === undefined) {
          check = { why: codeClient && "why" in codeClient ? codeClient.why : "no client folder" };
        } else {
          const [{ emitClient }, { typeBreaks }] = await Promise.all([
            import("../commands/generate.js"),
            import("../usage/typecheck.js"),
          ]);
          const served = await emitClient(after);
          // The first check reads the scan's Program when it can (usage/typecheck.ts says when).
          check = { client: clientDir, result: typeBreaks(flags.code, clientDir, served, io.cwd, code) };
        }
        report.code = codeImpact(report, oldTable, newTable, flags.code, scan, check);
      }
      io.stdout.write(flags.format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderDiffMarkdown(report));
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
