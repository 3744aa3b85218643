import { CheckFailedError } from "../errors.js";
import { Command, Option } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";

export function needsCommand(io: CliIo): Command {
  return new Command("needs")
    .description("the lowest color that covers every use of a generated client in a TypeScript code base")
    .argument("<source-dir>", "the code base to scan (.ts, .tsx, .mts, .cts; node_modules and .d.ts skipped)")
    .option(
      "--client <generated-dir>",
      "the generated client whose table and ladder to use (default: the config's out, else generated/)",
    )
    .addOption(new Option("--format <format>", "output format").choices(["md", "json"]).default("md"))
    .option("--fail-above <color>", "exit 1, naming the uses, when the code needs a color above this one (for CI)")
    .action(async (sourceDir: string, flags: { client?: string; format: "md" | "json"; failAbove?: string }) => {
      // Loaded on use: the scan needs ts-morph's TypeScript compiler (~0.3 s to load).
      const [{ needs, usesAbove }, { renderNeedsMarkdown }] = await Promise.all([
        import("../reports/needs/needs.js"),
        import("../reports/needs/markdown.js"),
      ]);
      // No --client and no configured out: the client the code imports (or the only one under it), else generated/.
      const client = flags.client ?? readConfig(io.cwd).out;
      const report = needs(sourceDir, client, io.cwd);
      io.stdout.write(flags.format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderNeedsMarkdown(report));
      if (flags.failAbove !== undefined) {
        const above = usesAbove(report, flags.failAbove);
        if (above.length > 0) {
          const shown = above.slice(0, 10).map((u) => `${u.file}:${u.line} ${u.code} (${u.level})`);
          const more = above.length > shown.length ? `; and ${above.length - shown.length} more` : "";
          throw new CheckFailedError(
            `--fail-above ${flags.failAbove}: ${sourceDir} needs ${report.color}: ${shown.join("; ")}${more}`,
          );
        }
      }
    });
}
