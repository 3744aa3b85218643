import { Command, Option } from "commander";
import { AUDIT_FORMATS, auditSubject, buildAudit, renderAudit } from "../audit.js";
import type { AuditFormat } from "../audit.js";
import { readConfig } from "../config.js";
import { OptionError } from "../errors.js";
import { describeProblem } from "../levels.js";
import { loadModel } from "../model.js";
import { addSourceOptions, printWarnings, resolveSourceOptions } from "./shared.js";
import type { SourceFlags } from "./shared.js";

export function auditCommand(): Command {
  return addSourceOptions(new Command("audit").description("list every operation with the level it needs"))
    .addOption(new Option("--format <format>", "output format").choices(AUDIT_FORMATS).default("md"))
    .option("--color <color>", "what a client of this color may call, and what each refused operation needs")
    .action(async (flags: SourceFlags & { format: AuditFormat; color?: string }) => {
      // --strict is applied here, not in loadModel, so the audit still prints (it is the list of offenders) before the exit 1.
      const options = resolveSourceOptions(flags, readConfig());
      const model = await loadModel(options, { ...options, strict: false });
      printWarnings(model.warnings);
      const report = buildAudit(auditSubject(model), { color: flags.color });
      process.stdout.write(renderAudit(report, flags.format));
      const offenders = model.operations.filter((op) => op.requirement.problem);
      if (options.strict && offenders.length > 0) {
        const list = offenders.map((op) => `  ${op.method.toUpperCase()} ${op.path} (${op.pointer}): ${describeProblem(op.requirement, model.scopeField)}`);
        throw new OptionError(`--strict: ${offenders.length} operation${offenders.length > 1 ? "s" : ""} without a level on the ladder ${model.ladder.join(" < ")}:\n${list.join("\n")}`, model.description.source);
      }
    });
}
