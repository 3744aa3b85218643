import { CheckFailedError } from "../errors.js";
import type { AuditFormat } from "../reports/audit/report.js";
import { AUDIT_FORMATS } from "../reports/audit/report.js";
import { Command, Option } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import type { SourceFlags } from "./shared.js";
import { addSourceOptions, resolveSourceOptions } from "./shared.js";

export function auditCommand(io: CliIo): Command {
  return addSourceOptions(
    new Command("audit").description(
      "list every operation with the level (or, under the security policy, the OAuth2 scopes) it needs",
    ),
  )
    .addOption(new Option("--format <format>", "output format").choices(AUDIT_FORMATS).default("md"))
    .option("--color <color>", "what a client of this color may call, and what each refused operation needs")
    .action(async (flags: SourceFlags & { format: AuditFormat; color?: string }) => {
      const [{ buildAudit, renderAudit }, { loadModel, strictError }] = await Promise.all([
        import("../reports/audit/audit.js"),
        import("../model/model.js"),
      ]);
      // --strict is applied here, not in loadModel, so the audit still prints (it is the list of offenders) before the
      // exit 1.
      const options = resolveSourceOptions(flags, readConfig(io.cwd), io.cwd);
      const model = await loadModel(options, { ...options, strict: false });
      printWarnings(io, model.warnings);
      io.stdout.write(renderAudit(buildAudit(model, { color: flags.color }), flags.format));
      const error = options.strict ? strictError(model) : undefined;
      if (error) throw new CheckFailedError(error.message);
    });
}
