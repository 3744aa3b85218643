import { relative, resolve } from "node:path";
import { Command } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import type { SourceFlags } from "./shared.js";
import { addSourceOptions, resolveSourceOptions } from "./shared.js";

/** Where generate writes with neither `--out` nor a config file's `out`. */
const DEFAULT_OUT = "generated";

export function generateCommand(io: CliIo): Command {
  return addSourceOptions(new Command("generate").description("generate a typed, scope-annotated client folder"))
    .option("--out <dir>", "output folder (default generated/)")
    .option(
      "--check",
      "write nothing; exit 1, printing the diff, when --out was generated from another description (for CI)",
    )
    .action(async (flags: SourceFlags & { out?: string; check?: boolean }) => {
      const { generate } = await import("../commands/generate.js");
      const config = readConfig(io.cwd);
      const out = flags.out ?? config.out ?? DEFAULT_OUT;
      if (flags.check) {
        const check = await import("./check.js");
        // Checked where generate would write with the same flags and config; with neither naming a folder and no
        // client in the default one, say where we looked rather than fail on a folder the user never wrote to.
        if (flags.out === undefined && config.out === undefined) check.defaultFolderOrHelp(io.cwd, DEFAULT_OUT, flags);
        return check.runCheck(
          io,
          resolveSourceOptions(flags, config, io.cwd),
          out,
          check.regenerateCommand(flags, out),
        );
      }
      const { model, files, kept } = await generate({
        ...resolveSourceOptions(flags, config, io.cwd),
        out,
        onPhase: io.phase,
      });
      if (kept) io.stdout.write(`sfapi-gen: ${kept}\n`);
      printWarnings(io, model.warnings);
      const counts = new Map<string, number>();
      for (const op of model.operations) counts.set(op.scope, (counts.get(op.scope) ?? 0) + 1);
      const summary = [...counts].map(([level, n]) => `${level} ${n}`).join(", ");
      io.stdout.write(
        `sfapi-gen: wrote ${files.length} files to ${out}/ (${model.operations.length} operations: ${summary})\n`,
      );
      const baseUrl = model.baseUrl;
      const from = baseUrl.server === undefined ? "built in" : `servers[0].url ${JSON.stringify(baseUrl.server)}`;
      io.stdout.write(`  default base URL: ${baseUrl.url} (${from})\n`);
      const { missingRuntimeDependencies } = await import("./runtime-deps.js");
      const { manifest, missing } = missingRuntimeDependencies(resolve(io.cwd, out));
      if (missing.length > 0) {
        const where = manifest
          ? `${relative(io.cwd, manifest) || "package.json"} does not list`
          : "no package.json lists";
        const names = missing.map((m) => m.replace(/@[^@]*$/, "")).join(" and ");
        io.stdout.write(
          `sfapi-gen: the client imports ${names} at run time; ${where} ${missing.length > 1 ? "them" : "it"}:\n` +
            `  npm install ${missing.join(" ")}\n`,
        );
      }
    });
}
