/** The needs report as Markdown: the color, the uses that force it, unknown uses, then every use. */
import type { NeedsReport, NeedsUse } from "../needs.js";

export function renderNeedsMarkdown(report: NeedsReport): string {
  const { summary: s, client } = report;
  const about = client.description ? ` (${client.description.title} ${client.description.version})` : "";
  const lines = [
    `# Needs: ${report.color}`,
    "",
    `${report.color} is the lowest color covering ${s.uses} use${s.uses === 1 ? "" : "s"} of the generated client in ${s.files} file${s.files === 1 ? "" : "s"} under ${report.source}.`,
    `Client ${client.dir}${about}, ladder ${client.ladder.join(" < ")}.`,
  ];
  if (report.forcedBy.length > 0) lines.push("", `## Forced by (${report.forcedBy.length})`, "", ...table(report.forcedBy));
  else lines.push("", s.uses === 0 ? "No uses found." : "Only public operations are used; any color will do.");
  const unknown = report.uses.filter((u) => u.unknown);
  if (unknown.length > 0) lines.push("", `## Unknown: assumes top level (${unknown.length})`, "", ...unknown.map((u) => `- ${u.file}:${u.line} \`${cell(u.code)}\`: ${u.unknown}`));
  if (report.uses.length > 0) lines.push("", `## All uses (${report.uses.length})`, "", ...table(report.uses));
  return lines.join("\n") + "\n";
}

function table(uses: NeedsUse[]): string[] {
  return [
    "| where | code | operation | level |",
    "| --- | --- | --- | --- |",
    ...uses.map((u) => {
      const op = u.operation ? `${u.operation.method} \`${cell(u.operation.path)}\` (${u.operation.name})` : "unknown";
      return `| ${u.file}:${u.line} | \`${cell(u.code)}\` | ${op} | ${u.level} |`;
    }),
  ];
}

/** Pipes and backticks would break the table cell or the code span. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/`/g, "'");
}
