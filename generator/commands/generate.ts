import { Command } from "commander";
import { readConfig } from "../config.js";
import { generate } from "../generate.js";
import { addSourceOptions, printWarnings, resolveSourceOptions } from "./shared.js";
import type { SourceFlags } from "./shared.js";

export function generateCommand(): Command {
  return addSourceOptions(new Command("generate").description("generate a typed, scope-annotated client folder"))
    .option("--out <dir>", "output folder (default generated/)")
    .action(async (flags: SourceFlags & { out?: string }) => {
      const config = readConfig();
      const out = flags.out ?? config.out ?? "generated";
      const { model, files } = await generate({ ...resolveSourceOptions(flags, config), out });
      printWarnings(model.warnings);
      const counts = new Map<string, number>();
      for (const op of model.operations) counts.set(op.scope, (counts.get(op.scope) ?? 0) + 1);
      const summary = [...counts].map(([level, n]) => `${level} ${n}`).join(", ");
      process.stdout.write(`sfapi-gen: wrote ${files.length} files to ${out}/ (${model.operations.length} operations: ${summary})\n`);
    });
}
