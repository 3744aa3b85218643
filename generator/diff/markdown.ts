/** The diff as Markdown: version line, summary, then added, removed and changed operations, breaking ones marked. */
import type { Change, DiffReport, OperationRef } from "./report.js";

const BREAKING = " **(breaking)**";

export function renderDiffMarkdown(report: DiffReport): string {
  const { old: a, new: b, summary: s } = report;
  const version = (side: typeof a) => `${side.version}${side.api ? ` (${side.api})` : ""}`;
  const lines = [
    `# API diff: ${a.title} ${a.version} -> ${b.title === a.title ? "" : `${b.title} `}${b.version}`,
    "",
    `Old: ${a.source}. New: ${b.source}.`,
    "",
    report.versionChanged ? `Version changed: ${version(a)} -> ${version(b)}.` : `Version unchanged: ${version(a)}.`,
    `Ladder ${report.ladder.join(" < ")}${report.color ? `; new operations above ${report.color} count as escalations` : ""}.`,
    "",
  ];
  if (s.added + s.removed + s.changed === 0) {
    lines.push("No changes to operations.");
    return lines.join("\n") + "\n";
  }
  lines.push(
    `${s.added} added, ${s.removed} removed, ${s.changed} changed: ${s.escalations} escalation${s.escalations === 1 ? "" : "s"}, ` +
      `${s.relaxations} relaxation${s.relaxations === 1 ? "" : "s"}, ${s.breaking} breaking change${s.breaking === 1 ? "" : "s"}.`,
  );
  if (report.added.length > 0) {
    lines.push("", `## Added (${report.added.length})`, "", "| method | path | name | level |", "| --- | --- | --- | --- |");
    lines.push(...report.added.map((op) => `${opRow(op)}${op.aboveColor ? ` above ${report.color}${BREAKING}` : ""} |`));
  }
  if (report.removed.length > 0) {
    lines.push("", `## Removed (${report.removed.length})${BREAKING}`, "", "| method | path | name | level |", "| --- | --- | --- | --- |");
    lines.push(...report.removed.map((op) => `${opRow(op)} |`));
  }
  if (report.changed.length > 0) {
    lines.push("", `## Changed (${report.changed.length})`);
    for (const op of report.changed) {
      lines.push("", `### ${op.method} \`${op.path}\` (${op.name})`, "", ...op.changes.map((c) => `- ${describeChange(c)}${c.breaking ? BREAKING : ""}`));
    }
  }
  return lines.join("\n") + "\n";
}

function opRow(op: OperationRef): string {
  const level = op.scope === op.level ? op.level : `${op.level} (${op.scope})`;
  return `| ${op.method} | \`${op.path.replace(/\|/g, "\\|")}\` | ${op.name} | ${level}`;
}

const list = (items: string[]) => (items.length ? items.map((i) => `\`${i}\``).join(", ") : "none");

export function describeChange(c: Change): string {
  switch (c.kind) {
    case "level": {
      const named = (scope: string, level: string) => (scope === level ? level : `${scope} (needs ${level})`);
      const what = c.direction === "same" ? "scope changed" : `level ${c.direction === "escalation" ? "escalated" : "relaxed"}`;
      return `${what}: ${named(c.from, c.fromLevel)} -> ${named(c.to, c.toLevel)}`;
    }
    case "parameter-added":
      return `parameter added: \`${c.parameter.name}\` (${c.parameter.in}, ${c.parameter.required ? "required" : "optional"})`;
    case "parameter-removed":
      return `parameter removed: \`${c.parameter.name}\` (${c.parameter.in})`;
    case "parameter-required":
      return `parameter made required: \`${c.parameter.name}\` (${c.parameter.in})`;
    case "parameter-optional":
      return `parameter made optional: \`${c.parameter.name}\` (${c.parameter.in})`;
    case "request-media-type":
      return `request media type: ${list(c.from)} -> ${list(c.to)}`;
    case "request-body-required":
      return `request body ${c.to ? "now required" : "now optional"}`;
    case "request-schema":
      return `request schema: ${list(c.from)} -> ${list(c.to)}`;
    case "response-schema":
      return `response ${c.status} schema: ${list(c.from)} -> ${list(c.to)}`;
    case "name":
      return `table name: \`${c.from}\` -> \`${c.to}\` (code using \`operations.${c.from}\` must follow)`;
  }
}
