import { Command, Option } from "commander";
import { readConfig } from "../config.js";

export function needsCommand(): Command {
  return new Command("needs")
    .description("the lowest color that covers every use of a generated client in a TypeScript code base")
    .argument("<source-dir>", "the code base to scan (.ts, .tsx, .mts, .cts; node_modules and .d.ts skipped)")
    .option("--client <generated-dir>", "the generated client whose operations.ts gives the table and ladder (default: the config's out, else generated/)")
    .addOption(new Option("--format <format>", "output format").choices(["md", "json"]).default("md"))
    .action(async (sourceDir: string, flags: { client?: string; format: "md" | "json" }) => {
      // Loaded on use: the scan needs ts-morph's TypeScript compiler (~0.3 s to load), which every other command,
      // `generate` included, would otherwise pay for at start-up.
      const [{ needs }, { renderNeedsMarkdown }] = await Promise.all([import("../needs.js"), import("../needs/markdown.js")]);
      const report = needs(sourceDir, flags.client ?? readConfig().out ?? "generated");
      process.stdout.write(flags.format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderNeedsMarkdown(report));
    });
}
