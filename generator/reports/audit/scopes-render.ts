/**
 * The scope audit (scopes.ts) as Markdown, CSV and HTML. Scope names, operation names, paths and tags come from the
 * description, which is untrusted: every one goes through emit/text.ts's escaping for its format (code spans and cells
 * in Markdown, neutralised fields in CSV, entities in HTML).
 */
import { cell, code, csvField, html as esc, inline } from "../../emit/text.js";
import { setsText } from "../../model/scope-sets.js";
import { htmlPage } from "./html.js";
import type { ScopeAuditedOperation, ScopeAuditReport } from "./report.js";

/** Words for an operation's alternatives with every scope rendered by `quote`. */
function needsText(op: ScopeAuditedOperation, quote: (s: string) => string): string {
  if (op.malformed !== null) return "every scope (malformed)";
  return setsText(
    op.anyOf.map((set) => set.scopes),
    quote,
  );
}

function header(report: ScopeAuditReport): { title: string; counts: [string, number][] } {
  const { description: d, summary: s } = report;
  return {
    title: `Scope audit: ${d.title} ${d.version}`,
    counts: [
      ["public, no token", s.public],
      ["a token, no scope", s.tokenOnly],
      ["one or more scopes", s.scoped],
      ["malformed, every scope", s.malformed],
    ],
  };
}

export function renderScopeMarkdown(report: ScopeAuditReport): string {
  const { description: d, scope, summary } = report;
  const { counts } = header(report);
  const from = d.source ? ` Source: ${inline(d.source)}.` : "";
  const names = (list: string[]) => (list.length === 0 ? "-" : `${list.length}: ${list.map(cell).join(", ")}`);
  const lines = [
    `# Scope audit: ${inline(d.title)} ${inline(d.version)}`,
    "",
    `OAuth2 scopes from \`security\` (policy security), schemes ${scope.schemes.map(code).join(", ") || "none"}: ` +
      `${scope.scopes.length} scopes, ${summary.total} operations.${from}`,
    `Description SHA-256 \`${d.sha256}\`; audited by sfapi-gen ${report.generator.version}.`,
    ...(d.note ? ["", `> **Note:** ${inline(d.note)}`] : []),
    "",
    "| operations needing | operations |",
    "| --- | --- |",
    ...counts.map(([what, n]) => `| ${what} | ${n} |`),
  ];
  if (report.routes.length > 0) {
    lines.push("", `## Routes (${report.routes.length})`, "");
    lines.push("A request to a route may be any of its operations, so it needs a grant that allows every one.", "");
    lines.push("| method | request path | operations | why |", "| --- | --- | --- | --- |");
    for (const r of report.routes)
      lines.push(`| ${r.method} | ${code(r.path)} | ${cell(r.operations.join(", "))} | ${cell(r.why)} |`);
  }
  if (report.scopes.length > 0)
    lines.push(
      "",
      `## What each scope unlocks (${report.scopes.length})`,
      "",
      `A grant of the scope alone may call what it unlocks, besides the ${summary.tokenOnly} operations any token ` +
        "may call; operations that need it list it in every alternative.",
      "",
      "| scope | unlocks alone | needed by | listed by |",
      "| --- | --- | --- | --- |",
      ...report.scopes.map(
        (s) => `| ${code(s.scope)} | ${names(s.unlocks)} | ${names(s.requiredBy)} | ${s.listedBy.length} |`,
      ),
    );
  const malformed = report.operations.filter((op) => op.malformed !== null);
  if (malformed.length > 0)
    lines.push(
      "",
      `## Malformed requirements, callable only with every scope (${malformed.length})`,
      "",
      "| method | path | name | where | why |",
      "| --- | --- | --- | --- | --- |",
      ...malformed.map(
        (op) =>
          `| ${op.method} | ${code(op.path)} | ${cell(op.name)} | ` +
          `${code(op.pointer ?? "")} | ${cell(op.malformed ?? "")} |`,
      ),
    );
  lines.push(
    "",
    `## Operations (${report.operations.length})`,
    "",
    "| method | path | name | needs | tags |",
    "| --- | --- | --- | --- | --- |",
    ...report.operations.map(
      (op) =>
        `| ${op.method} | ${code(op.path)} | ${cell(op.name)} | ${needsText(op, code)} | ${cell(op.tags.join(", "))} |`,
    ),
  );
  return lines.join("\n") + "\n";
}

/** One row per operation; `scopes` lists every scope any alternative names, `;`-separated. */
export const SCOPE_CSV_COLUMNS = [
  "method",
  "path",
  "name",
  "operationId",
  "scope",
  "needs",
  "scopes",
  "alternatives",
  "tags",
  "malformed",
  "pointer",
  "description_sha256",
  "generator",
] as const;

export function renderScopeCsv(report: ScopeAuditReport): string {
  const rows = report.operations.map((op) => [
    op.method,
    op.path,
    op.name,
    op.operationId ?? "",
    op.scope,
    needsText(op, (s) => s),
    [...new Set(op.anyOf.flatMap((set) => set.scopes))].sort().join(";"),
    String(op.anyOf.length),
    op.tags.join(";"),
    op.malformed ?? "",
    op.pointer ?? "",
    report.description.sha256,
    `sfapi-gen ${report.generator.version}`,
  ]);
  return [[...SCOPE_CSV_COLUMNS], ...rows].map((cells) => cells.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/**
 * One self-contained page (inline CSS, no scripts): the summary, what each scope unlocks, the malformed requirements,
 * and the matrix of operations (rows) by scopes (columns): `●` the scope is in every alternative (needed), `○` in
 * some (one way to call it), blank otherwise.
 */
export function renderScopeHtml(report: ScopeAuditReport): string {
  const { description: d, scope, summary } = report;
  const { title, counts } = header(report);
  const source = d.source ? ` Source: ${esc(d.source)}.` : "";
  const list = (names: string[]) => (names.length === 0 ? "-" : esc(names.join(", ")));
  const malformed = report.operations.filter((op) => op.malformed !== null);
  const heads = report.scopes.map((s) => `<th class="scope"><span>${esc(s.scope)}</span></th>`).join("");
  const body = [
    `<h1>${esc(title)}</h1>`,
    `<p class="meta">OAuth2 scopes from <code>security</code> (policy security), schemes ` +
      `${scope.schemes.map((s) => `<code>${esc(s)}</code>`).join(", ") || "none"}: ${scope.scopes.length} scopes, ` +
      `${summary.total} operations.${source} Description SHA-256 <code>${esc(d.sha256)}</code>; ` +
      `audited by sfapi-gen ${esc(report.generator.version)}.</p>`,
    d.note ? `<p class="note"><b>Note:</b> ${esc(d.note)}</p>` : "",
    `<table class="summary"><thead><tr><th>operations needing</th><th>operations</th></tr></thead><tbody>`,
    ...counts.map(([what, n]) => `<tr><td>${esc(what)}</td><td class="num">${n}</td></tr>`),
    `</tbody></table>`,
    `<h2>What each scope unlocks</h2>`,
    `<p>A grant of the scope alone may call what it unlocks, besides the ${summary.tokenOnly} operations any token ` +
      "may call.</p>",
    '<table class="list"><thead><tr><th>scope</th><th>unlocks alone</th><th>needed by</th><th>listed by</th></tr>' +
      "</thead><tbody>",
    ...report.scopes.map(
      (s) =>
        `<tr><td><code>${esc(s.scope)}</code></td><td>${list(s.unlocks)}</td><td>${list(s.requiredBy)}</td>` +
        `<td class="num">${s.listedBy.length}</td></tr>`,
    ),
    `</tbody></table>`,
    malformed.length > 0 ? `<h2>Malformed requirements, callable only with every scope</h2>` : "",
    malformed.length > 0
      ? '<ul class="malformed">' +
        malformed
          .map(
            (op) =>
              `<li><b>${esc(op.method)}</b> <code>${esc(op.path)}</code> ${esc(op.name)}: ` +
              `<code>${esc(op.pointer ?? "")}</code> ${esc(op.malformed ?? "")}</li>`,
          )
          .join("") +
        "</ul>"
      : "",
    `<h2>Operations by scope</h2>`,
    "<p>● needed (in every alternative), ○ one way to call it (in some alternative).</p>",
    `<table class="matrix"><thead><tr><th>operation</th><th>needs</th>${heads}</tr></thead><tbody>`,
    ...report.operations.map((op) => {
      const cells = report.scopes
        .map((s) => {
          const every = op.anyOf.length > 0 && op.anyOf.every((set) => set.scopes.includes(s.scope));
          const some = op.anyOf.some((set) => set.scopes.includes(s.scope));
          const mark = every ? "●" : some ? "○" : "";
          const label = every ? "needed" : some ? "one way" : "";
          const title = label ? ` title="${esc(`${s.scope}: ${label}`)}"` : "";
          return `<td class="${every ? "need" : some ? "some" : ""}"${title}>${mark}</td>`;
        })
        .join("");
      const row = op.malformed !== null ? ' class="malformed"' : "";
      return (
        `<tr${row}><th scope="row"><b>${esc(op.method)}</b> <code>${esc(op.path)}</code>` +
        `<span class="name">${esc(op.name)}</span></th><td>${needsText(op, (s) => `<code>${esc(s)}</code>`)}</td>` +
        `${cells}</tr>`
      );
    }),
    `</tbody></table>`,
  ];
  return htmlPage(title, CSS, body);
}

const CSS = [
  'body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2329; margin: 24px; }',
  "h1 { font-size: 22px; margin: 0 0 6px; }",
  "h2 { font-size: 17px; margin: 26px 0 8px; }",
  'code { font: 12.5px ui-monospace, "DejaVu Sans Mono", monospace; }',
  ".meta { color: #4a545e; margin: 0 0 14px; }",
  ".note { border-left: 4px solid #c98a00; background: #fff8e6; padding: 6px 10px; max-width: 70em; }",
  "table { border-collapse: collapse; }",
  "th, td { border: 1px solid #c9d0d6; padding: 4px 6px; text-align: left; vertical-align: top; }",
  "thead th { background: #eef1f4; }",
  ".num { text-align: right; font-variant-numeric: tabular-nums; }",
  ".matrix th.scope { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }",
  ".matrix td.need, .matrix td.some { text-align: center; }",
  ".matrix td.need { background: hsl(0 65% 88%); }",
  ".matrix td.some { background: hsl(40 80% 90%); }",
  ".matrix tbody th { font-weight: normal; overflow-wrap: anywhere; max-width: 28em; }",
  ".matrix .name { display: block; color: #4a545e; font-size: 12px; }",
  ".matrix tr.malformed th { background: #f0f0f0; border-left: 4px dashed #3d3d3d; }",
].join("\n");
