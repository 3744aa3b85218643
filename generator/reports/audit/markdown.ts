/** The audit as Markdown: a summary table, what a color may do, then one table per level, highest first. */
import { cell, code, inline } from "../../emit/text.js";
import { auditGroups } from "./groups.js";
import type { AuditedOperation, AuditReport } from "./report.js";

export function renderMarkdown(report: AuditReport): string {
  const { description: d, scope, summary } = report;
  const groups = auditGroups(report);
  const from = d.source ? ` Source: ${inline(d.source)}.` : "";
  const lines = [
    `# Scope audit: ${inline(d.title)} ${inline(d.version)}`,
    "",
    `Scope field ${code(scope.field)}, ladder ${scope.ladder.map(inline).join(" < ")}, policy ${scope.policy}. ` +
      `${summary.total} operations.${from}`,
    `Description SHA-256 \`${d.sha256}\`; audited by sfapi-gen ${report.generator.version}.`,
    ...(d.note ? ["", `> **Note:** ${inline(d.note)}`] : []),
    "",
    "| level | operations |",
    "| --- | --- |",
    ...groups.map((g) => `| ${cell(g.title)} | ${g.operations.length} |`),
  ];
  if (report.color) {
    const { name, callable, refused } = report.color;
    lines.push("", `## What a ${inline(name)} client can do`, "", `${callable} callable, ${refused} refused.`);
    const refusedOps = groups.flatMap((g) => g.operations).filter((op) => op.callable === false);
    if (refusedOps.length > 0) {
      lines.push("", "| refused | name | needs |", "| --- | --- | --- |");
      lines.push(...refusedOps.map((op) => `| ${op.method} ${code(op.path)} | ${cell(op.name)} | ${cell(op.level)} |`));
    }
  }
  for (const g of groups) {
    if (g.operations.length === 0) continue;
    const why = g.key === "unranked";
    lines.push("", `## ${inline(g.title)} (${g.operations.length})`, "");
    lines.push(
      why ? "| method | path | name | tags | why |" : "| method | path | name | tags |",
      why ? "| --- | --- | --- | --- | --- |" : "| --- | --- | --- | --- |",
    );
    lines.push(...g.operations.map((op) => row(op, why)));
  }
  return lines.join("\n") + "\n";
}

function row(op: AuditedOperation, why: boolean): string {
  const cells = [op.method, code(op.path), cell(op.name), cell(op.tags.join(", "))];
  if (why) cells.push(cell(op.unranked ?? ""));
  return `| ${cells.join(" | ")} |`;
}
