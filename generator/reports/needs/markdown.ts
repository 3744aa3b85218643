/** The needs report as Markdown: the color, the uses that force it, unknown uses, then every use. */
import { cell, code, counted, inline } from "../../emit/text.js";
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
  const uses = counted(s.uses, "use");
  const files = counted(s.files, "file");
  const described = `${inline(client.description.title)} ${inline(client.description.version)}`;
  const lines = [
    `# Needs: ${inline(report.color)}`,
    "",
    `${inline(report.color)} is the lowest color covering ${uses} of the generated client in ${files} ` +
      `under ${inline(report.source)}.`,
    `Client ${inline(client.dir)}${FOUND[client.found]} (${described}), ` +
      `ladder ${client.ladder.map(inline).join(" < ")}.`,
  ];
  if (report.skipped.length > 0)
    lines.push(`Not scanned (generated client folders): ${report.skipped.map(code).join(", ")}.`);
  if (report.forcedBy.length > 0)
    lines.push("", `## Forced by (${report.forcedBy.length})`, "", ...table(report.forcedBy));
  else lines.push("", s.uses === 0 ? "No uses found." : "Only public operations are used; any color will do.");
  if (report.clients.length > 0)
    lines.push(
      "",
      `## By client (${report.clients.length})`,
      "",
      "| client | color | needs | uses |",
      "| --- | --- | --- | --- |",
      ...report.clients.map((c) => {
        const color = cell(c.color ?? "(not a literal)");
        return `| ${cell(c.file)}:${c.line} ${code(c.code)} | ${color} | ${cell(c.needs)} | ${c.uses} |`;
      }),
    );
  const unknown = report.uses.filter((u) => u.unknown);
  if (unknown.length > 0)
    lines.push(
      "",
      `## Unknown: assumes top level (${unknown.length})`,
      "",
      ...unknown.map((u) => `- ${inline(u.file)}:${u.line} ${code(u.code)}: ${inline(u.unknown ?? "")}`),
    );
  const assumed = report.uses.filter((u) => u.assumed !== undefined);
  if (assumed.length > 0)
    lines.push(
      "",
      `## Assumed job calls (${assumed.length})`,
      "",
      ...assumed.map((u) => `- ${inline(u.file)}:${u.line} ${code(u.code)}: ${inline(u.assumed ?? "")}`),
    );
  if (report.uses.length > 0) lines.push("", `## All uses (${report.uses.length})`, "", ...table(report.uses));
  return lines.join("\n") + "\n";
}

function table(uses: NeedsUse[]): string[] {
  return [
    "| where | code | operation | level |",
    "| --- | --- | --- | --- |",
    ...uses.map((u) => {
      const level = `${cell(u.level)}${u.assumed === undefined ? "" : " (assumed)"}`;
      return `| ${cell(u.file)}:${u.line} | ${code(u.code)} | ${operationsCell(u.operations)} | ${level} |`;
    }),
  ];
}
