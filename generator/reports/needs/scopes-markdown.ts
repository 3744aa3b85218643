/** The scope needs report as Markdown: the least grant, how it was found, why each scope, per client, every use. */
import { cell, code, counted, inline } from "../../emit/text.js";
import { setsText } from "../../model/scope-sets.js";
import type { GrantSearch, ScopedOperation, ScopeNeedsReport, ScopeNeedsUse } from "./report.js";

const FOUND: Record<ScopeNeedsReport["client"]["found"], string> = {
  option: "",
  default: "",
  import: ", the one the code imports",
  only: ", the only generated client under the code",
};

export function renderScopeNeedsMarkdown(report: ScopeNeedsReport): string {
  const { summary: s, client, grant } = report;
  const described = `${inline(client.description.title)} ${inline(client.description.version)}`;
  const lines = [
    `# Needs: ${grantText(grant.scopes)}`,
    "",
    `${grant.proven ? "The least grant" : "A sufficient grant (not proven least)"} covering ` +
      `${counted(s.uses, "use")} of the generated client in ${counted(s.files, "file")} ` +
      `under ${inline(report.source)}` +
      `: ${counted(grant.scopes.length, "scope")} of the ${client.scopes.length} the client names.`,
    `Client ${inline(client.dir)}${FOUND[client.found]} (${described}), OAuth2 scopes (security policy).`,
  ];
  if (s.public + s.tokenOnly > 0)
    lines.push(`${counted(s.public, "use")} of public operations, ${s.tokenOnly} that need a token and no scope.`);
  if (report.skipped.length > 0)
    lines.push(`Not scanned (generated client folders): ${report.skipped.map(code).join(", ")}.`);
  lines.push("", "## How it is computed", "", ...howText(grant));
  if (report.byScope.length > 0)
    lines.push(
      "",
      `## Why each scope (${report.byScope.length})`,
      "",
      "| scope | forced | uses |",
      "| --- | --- | --- |",
      ...report.byScope.map((b) => {
        const where = b.uses.slice(0, 5).map(cell).join(", ");
        const more = b.uses.length > 5 ? `, and ${b.uses.length - 5} more` : "";
        return `| ${code(b.scope)} | ${b.forced ? "yes" : "chosen"} | ${where}${more} |`;
      }),
    );
  else lines.push("", s.uses === 0 ? "No uses found." : "No use needs a scope.");
  if (report.clients.length > 0)
    lines.push(
      "",
      `## By client (${report.clients.length})`,
      "",
      "| client | least grant | uses |",
      "| --- | --- | --- |",
      ...report.clients.map((c) => {
        const proof = c.grant.proven ? "" : " (not proven least)";
        return `| ${cell(c.file)}:${c.line} ${code(c.code)} | ${grantText(c.grant.scopes)}${proof} | ${c.uses} |`;
      }),
    );
  const unknown = report.uses.filter((u) => u.unknown !== null);
  if (unknown.length > 0)
    lines.push(
      "",
      `## Unknown: needs every scope (${unknown.length})`,
      "",
      ...unknown.map((u) => `- ${inline(u.file)}:${u.line} ${code(u.code)}: ${inline(u.unknown ?? "")}`),
    );
  if (report.uses.length > 0)
    lines.push(
      "",
      `## All uses (${report.uses.length})`,
      "",
      "| where | code | operation | allowed with | takes |",
      "| --- | --- | --- | --- | --- |",
      ...report.uses.map(useRow),
    );
  return lines.join("\n") + "\n";
}

/** The method, in words, with the numbers of this run. */
export function howText(grant: GrantSearch): string[] {
  const forced = grant.forced.length > 0 ? ` (${grant.forced.map(code).join(", ")})` : "";
  return [
    "Each operation a use reaches is allowed by any one of its alternatives, when the grant holds all of that " +
      "alternative's scopes; an unknown use needs every scope.",
    `Operations with one alternative force its scopes: ${counted(grant.forced.length, "forced scope")}${forced}.`,
    `Then ${counted(grant.choices, "operation")} still had a choice of alternatives; ` +
      (grant.choices === 0
        ? "nothing was left to search, so the grant is least."
        : grant.proven
          ? `an exact search over them (${counted(grant.visited, "grant")} visited, within ${grant.bound} steps) ` +
            "found no smaller grant: it is least."
          : `the exact search stopped at its bound of ${grant.bound} steps (${counted(grant.visited, "grant")} ` +
            "visited): this grant suffices, " +
            "but a smaller one may exist."),
  ];
}

function grantText(scopes: readonly string[]): string {
  return scopes.length === 0 ? "no scope" : scopes.map(code).join(", ");
}

function useRow(u: ScopeNeedsUse): string {
  const ops = u.operations.length === 0 ? "unknown" : u.operations.map(opText).join(", ");
  // Each operation must be allowed: a condition that several share is said once.
  const each = new Set(u.operations.map((op) => setsText(op.security ?? [], code)));
  const allowed = u.unknown !== null ? "every scope" : [...each].join("; ");
  const takes = u.scopes.length === 0 ? "-" : u.scopes.map(code).join(", ");
  const assumed = u.assumed === undefined ? "" : " (assumed)";
  return `| ${cell(u.file)}:${u.line} | ${code(u.code)} | ${ops}${assumed} | ${allowed} | ${takes} |`;
}

function opText(op: ScopedOperation): string {
  return `${op.method} ${code(op.path)} (${cell(op.name)})`;
}
