/** The needs report as Markdown: the color, the uses that force it, unknown uses, then every use. */
import { cell } from "../../emit/markdown-cell.js";
import { operationsCell } from "../../usage/site.js";
import type { NeedsReport, NeedsUse } from "./report.js";

const FOUND: Record<NeedsReport["client"]["found"], string> = {
  option: "",
  default: "",
  import: ", the one the code imports",
  only: ", the only generated client under the code",
};

export function renderNeedsMarkdown(report: NeedsReport): string {
  const { summary: s, client } = report;
  const lines = [
    `# Needs: ${report.color}`,
    "",
    `${report.color} is the lowest color covering ${s.uses} use${s.uses === 1 ? "" : "s"} of the generated client in ${s.files} file${s.files === 1 ? "" : "s"} under ${report.source}.`,
    `Client ${client.dir}${FOUND[client.found]} (${client.description.title} ${client.description.version}), ladder ${client.ladder.join(" < ")}.`,
  ];
  if (report.skipped.length > 0)
    lines.push(`Not scanned (generated client folders): ${report.skipped.map((d) => `\`${cell(d)}\``).join(", ")}.`);
  if (report.forcedBy.length > 0)
    lines.push("", `## Forced by (${report.forcedBy.length})`, "", ...table(report.forcedBy));
  else lines.push("", s.uses === 0 ? "No uses found." : "Only public operations are used; any color will do.");
  const unknown = report.uses.filter((u) => u.unknown);
  if (unknown.length > 0)
    lines.push(
      "",
      `## Unknown: assumes top level (${unknown.length})`,
      "",
      ...unknown.map((u) => `- ${u.file}:${u.line} \`${cell(u.code)}\`: ${u.unknown}`),
    );
  if (report.uses.length > 0) lines.push("", `## All uses (${report.uses.length})`, "", ...table(report.uses));
  return lines.join("\n") + "\n";
}

function table(uses: NeedsUse[]): string[] {
  return [
    "| where | code | operation | level |",
    "| --- | --- | --- | --- |",
    ...uses.map((u) => `| ${u.file}:${u.line} | \`${cell(u.code)}\` | ${operationsCell(u.operations)} | ${u.level} |`),
  ];
}
