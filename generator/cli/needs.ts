import { CheckFailedError, OptionError } from "../errors.js";
import type { NeedsFormat } from "../reports/needs/report.js";
import { NEEDS_FORMATS, SCOPE_NEEDS_FORMAT_ID } from "../reports/needs/report.js";
import { Command, Option } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";

interface NeedsFlags {
  client?: string;
  format: NeedsFormat;
  failAbove?: string;
  failBeyond?: string;
}

export function needsCommand(io: CliIo): Command {
  return new Command("needs")
    .description(
      "the lowest color (or, for an OAuth2 client, the least grant of scopes) that covers every use of a generated " +
        "client in a TypeScript code base",
    )
    .argument(
      "<source-dir>",
      "the code base to scan (TypeScript and JavaScript; node_modules, .d.ts and dot-folders skipped)",
    )
    .option(
      "--client <generated-dir>",
      "the generated client whose table and ladder to use (default: the config's out, else generated/)",
    )
    .addOption(new Option("--format <format>", "output format").choices(NEEDS_FORMATS).default("md"))
    .option("--fail-above <color>", "exit 1, naming the uses, when the code needs a color above this one (for CI)")
    .option(
      "--fail-beyond <scopes>",
      "OAuth2 clients: exit 1, naming the scopes and uses, when no grant within these scopes (a,b,...) covers the code",
    )
    .action(async (sourceDir: string, flags: NeedsFlags) => {
      // Loaded on use: the scan needs the TypeScript compiler (~0.3 s to load).
      const { buildNeeds, chooseTable, renderNeeds, usesAbove, beyond, parseGrant } = await import(
        "../reports/needs/needs.js"
      );
      // No --client and no configured out: the client the code imports (or the only one under it), else generated/.
      const chosen = chooseTable(sourceDir, flags.client ?? readConfig(io.cwd).out, io.cwd);
      const { table } = chosen;
      // Flags that do not fit the client's policy are refused before the scan.
      if (table.policy === "security" && flags.failAbove !== undefined)
        throw new OptionError(
          `--fail-above takes a color, but ${table.dir} was generated under the security policy ` +
            "(OAuth2 scopes): use --fail-beyond scope1,scope2",
        );
      if (table.policy !== "security" && flags.failBeyond !== undefined)
        throw new OptionError(
          `--fail-beyond takes OAuth2 scopes, but ${table.dir} ranks calls by color: use --fail-above <color>`,
        );
      const allowed = flags.failBeyond === undefined ? undefined : parseGrant(flags.failBeyond, table);
      const report = buildNeeds({ code: sourceDir, client: chosen }, { cwd: io.cwd });
      io.stdout.write(renderNeeds(report, flags.format));
      if (report.format === SCOPE_NEEDS_FORMAT_ID) {
        if (allowed === undefined) return;
        const { uses, missing } = beyond(report, allowed);
        if (uses.length > 0) {
          const shown = uses.slice(0, 10).map((u) => `${u.file}:${u.line} ${u.code}`);
          const more = uses.length > shown.length ? `; and ${uses.length - shown.length} more` : "";
          throw new CheckFailedError(
            `--fail-beyond ${allowed.join(",") || '""'}: ${sourceDir} also needs ${missing.join(", ")}: ` +
              `${shown.join("; ")}${more}`,
          );
        }
        return;
      }
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
