/** The audit as Markdown: a summary table, what a color may do, then one table per level, highest first. */
import { cell, code, inline } from "../../emit/text.js";
import { auditGroups } from "./groups.js";
import type { AuditedOperation, AuditReport } from "./report.js";
import { noSecurityText } from "./report.js";

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
    ...(d.declaresSecurity !== false ? [] : ["", `> **No security declared:** ${noSecurityText(code)}`]),
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
      // A route's operation needs the route's level (every operation a request to it may be).
      const byRoute = new Map(
        report.routes.filter((r) => r.discriminator === null).flatMap((r) => r.operations.map((n) => [n, r.level])),
      );
      const needs = (op: AuditedOperation) => byRoute.get(op.name) ?? op.level;
      lines.push(
        ...refusedOps.map((op) => `| ${op.method} ${code(op.path)} | ${cell(op.name)} | ${cell(needs(op))} |`),
      );
    }
  }
  lines.push(...routeLines(report));
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

/**
 * The routes (templates no request path tells apart) and the calls that may fall on more demanding operations: a
 * request to a route needs every operation it may be, and a call whose path values are not known needs its reach.
 */
function routeLines(report: AuditReport): string[] {
  const lines: string[] = [];
  if (report.routes.length > 0) {
    lines.push("", `## Routes (${report.routes.length})`, "");
    lines.push("A request to a route may be any of its operations, so it needs every one of them.", "");
    lines.push("| method | request path | operations | needs | why |", "| --- | --- | --- | --- | --- |");
    for (const r of report.routes)
      lines.push(
        `| ${r.method} | ${code(r.path)} | ${cell(r.operations.join(", "))} | ${cell(r.level)} | ${cell(r.why)} |`,
      );
  }
  const raised = report.operations.filter((op) => op.reach !== op.level);
  if (raised.length > 0) {
    lines.push("", `## Calls that may fall on other operations (${raised.length})`, "");
    lines.push(
      "A path value equal to a literal sibling's segment (or any value, on a route) makes the request the other " +
        "operation too: the guard judges it by every one, and `needs` counts a call whose values it cannot see at " +
        "the reach.",
      "",
    );
    lines.push("| name | level | may fall on | reach |", "| --- | --- | --- | --- |");
    for (const op of raised)
      lines.push(`| ${cell(op.name)} | ${cell(op.level)} | ${cell(fellOn(op))} | ${cell(op.reach)} |`);
  }
  return lines;
}

function fellOn(op: AuditedOperation): string {
  return op.fallsOn.join(", ") + (op.fallsOnMore > 0 ? ` and ${op.fallsOnMore} more` : "");
}

function row(op: AuditedOperation, why: boolean): string {
  const cells = [op.method, code(op.path), cell(op.name), cell(op.tags.join(", "))];
  if (why) cells.push(cell(op.unranked ?? ""));
  return `| ${cells.join(" | ")} |`;
}
