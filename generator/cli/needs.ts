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
    .action(async (sourceDir: string, flags: { client?: string; format: "md" | "json" }) => {
      // Loaded on use: the scan needs ts-morph's TypeScript compiler (~0.3 s to load).
      const [{ needs }, { renderNeedsMarkdown }] = await Promise.all([
        import("../reports/needs/needs.js"),
        import("../reports/needs/markdown.js"),
      ]);
      const client = flags.client ?? readConfig(io.cwd).out ?? "generated";
      const report = needs(sourceDir, client, io.cwd);
      io.stdout.write(flags.format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderNeedsMarkdown(report));
    });
}
