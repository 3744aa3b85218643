/**
 * The audit as one self-contained HTML page (inline CSS, no scripts, no external assets): a summary, what a color may
 * do, a matrix of operations by tag (rows) and level (columns) coloured per level, and the full list.
 */

import { html as esc } from "../../emit/text.js";
import { auditGroups } from "./groups.js";
import type { AuditedOperation, AuditReport } from "./report.js";
import { noSecurityText } from "./report.js";

const UNTAGGED = "(untagged)";

export function renderHtml(report: AuditReport): string {
  const { description: d, scope, summary } = report;
  const groups = auditGroups(report);
  // Columns least capable first, like the ladder reads: public, each level, then unranked (only when there are any).
  const columns = [...groups].reverse().filter((g) => g.key !== "unranked" || g.operations.length > 0);
  const tags = [...new Set(report.operations.flatMap((op) => (op.tags.length ? op.tags : [UNTAGGED])))].sort();
  const title = `Scope audit: ${d.title} ${d.version}`;
  const chip = (key: string, text: string) => `<span class="chip ${levelClass(report, key)}">${esc(text)}</span>`;
  const source = d.source ? ` Source: ${esc(d.source)}.` : "";
  const columnHeads = columns.map((g) => `<th class="${levelClass(report, g.key)}">${esc(g.title)}</th>`);
  const colorColumn = report.color ? `<th>${esc(report.color.name)} client</th>` : "";
  const body = [
    `<h1>${esc(title)}</h1>`,
    `<p class="meta">Scope field <code>${esc(scope.field)}</code>, ` +
      `ladder ${scope.ladder.map((l) => chip(l, l)).join(" &lt; ")}, policy ${esc(scope.policy)}. ` +
      `${summary.total} operations.${source} Description SHA-256 <code>${esc(d.sha256)}</code>; ` +
      `audited by sfapi-gen ${esc(report.generator.version)}.</p>`,
    d.note ? `<p class="note"><b>Note:</b> ${esc(d.note)}</p>` : "",
    d.declaresSecurity !== false
      ? ""
      : `<p class="note"><b>No security declared:</b> ${noSecurityText((s) => `<code>${s}</code>`)}</p>`,
    `<table class="summary"><thead><tr><th>level</th><th>operations</th></tr></thead><tbody>`,
    ...groups.map((g) => `<tr><td>${chip(g.key, g.title)}</td><td class="num">${g.operations.length}</td></tr>`),
    `</tbody></table>`,
    report.color ? colorSection(report) : "",
    `<h2>Operations by tag and level</h2>`,
    `<table class="matrix"><thead><tr><th>tag</th>${columnHeads.join("")}</tr></thead><tbody>`,
    ...tags.map(
      (tag) =>
        `<tr><th scope="row">${esc(tag)}</th>${columns
          .map((g) => {
            const ops = g.operations.filter((op) => (op.tags.length ? op.tags.includes(tag) : tag === UNTAGGED));
            return `<td class="${levelClass(report, g.key)}">${ops.map((op) => opCard(op)).join("")}</td>`;
          })
          .join("")}</tr>`,
    ),
    `</tbody></table>`,
    `<h2>All operations</h2>`,
    '<table class="list"><thead><tr><th>method</th><th>path</th><th>name</th><th>level</th><th>tags</th>' +
      `${colorColumn}</tr></thead><tbody>`,
    ...report.operations.map(
      (op) =>
        `<tr><td><b>${esc(op.method)}</b></td><td><code>${esc(op.path)}</code></td><td>${esc(op.name)}</td>` +
        `<td>${op.unranked ? chip("unranked", `unranked: ${op.level} only`) : chip(op.level, op.level)}</td>` +
        `<td>${esc(op.tags.join(", "))}</td>${op.callable === null ? "" : `<td>${callableCell(op)}</td>`}</tr>`,
    ),
    `</tbody></table>`,
  ];
  return htmlPage(title, css(report), body);
}

/** One self-contained page: no scripts, the style inline; `title` is escaped here, `body` already is. */
export function htmlPage(title: string, style: string, body: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
${style}
</style>
</head>
<body>
${body.filter(Boolean).join("\n")}
</body>
</html>
`;
}

function colorSection(report: AuditReport): string {
  const { name, callable, refused } = report.color!;
  const refusedOps = report.operations.filter((op) => op.callable === false);
  return [
    `<h2>What a <span class="chip ${levelClass(report, name)}">${esc(name)}</span> client can do</h2>`,
    `<p>${callable} callable, ${refused} refused. ` +
      "Refused operations are struck through below and name the level they need.</p>",
  ]
    .concat(refusedOps.length ? [`<ul class="refused">${refusedOps.map(refusedItem).join("")}</ul>`] : [])
    .join("\n");
}

function callableCell(op: AuditedOperation): string {
  return op.callable ? "callable" : `refused (needs ${esc(op.level)})`;
}

function refusedItem(op: AuditedOperation): string {
  return `<li><b>${esc(op.method)}</b> <code>${esc(op.path)}</code> ${esc(op.name)}: needs ${esc(op.level)}</li>`;
}

function opCard(op: AuditedOperation): string {
  const refused = op.callable === false;
  const note = op.unranked ? `<span class="why">${esc(op.unranked)}</span>` : "";
  const needs = refused ? `<span class="needs">refused: needs ${esc(op.level)}</span>` : "";
  return (
    `<div class="op${refused ? " refused" : ""}"><b>${esc(op.method)}</b> <code>${esc(op.path)}</code>` +
    `<span class="name">${esc(op.name)}</span>${note}${needs}</div>`
  );
}

/** CSS class for a group key: `lvl-<rank>` for ladder levels, so any ladder gets colours, not only green/yellow/red. */
function levelClass(report: AuditReport, key: string): string {
  if (key === "public" || key === "unranked") return `lvl-${key}`;
  const i = report.scope.ladder.indexOf(key);
  return i >= 0 ? `lvl-${i}` : "lvl-unranked";
}

/** Hues of colour words a ladder's levels may be named by (the facility's are green < yellow < orange < red). */
const NAMED_HUES: ReadonlyMap<string, number> = new Map([
  ["red", 0],
  ["orange", 30],
  ["amber", 45],
  ["yellow", 55],
  ["green", 120],
  ["teal", 175],
  ["blue", 215],
  ["purple", 275],
]);

/**
 * Each level class sets three colours (tint, chip, strong) as custom properties. A ladder whose every level is a
 * colour word (NAMED_HUES, case aside) shows those colours; any other runs from green (least capable) to red (the
 * top), spread over the ladder. Public is blue-grey; unranked grey with a dashed border (fails closed).
 */
function css(report: AuditReport): string {
  const { ladder } = report.scope;
  const n = ladder.length;
  const named = ladder.map((level) => NAMED_HUES.get(level.toLowerCase()));
  const byName = named.every((hue) => hue !== undefined);
  const levels = ladder.map((_, i) => {
    const hue = byName ? named[i]! : n === 1 ? 0 : Math.round(120 * (1 - i / (n - 1)));
    return `.lvl-${i} { --tint: hsl(${hue} 75% 93%); --chip: hsl(${hue} 65% 78%); --strong: hsl(${hue} 60% 36%); }`;
  });
  return [
    'body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; ' +
      "color: #1d2329; margin: 24px; background: #fff; }",
    "h1 { font-size: 22px; margin: 0 0 6px; }",
    "h2 { font-size: 17px; margin: 26px 0 8px; }",
    'code { font: 12.5px ui-monospace, "DejaVu Sans Mono", monospace; }',
    ".meta { color: #4a545e; margin: 0 0 14px; }",
    ".note { border-left: 4px solid #c98a00; background: #fff8e6; padding: 6px 10px; max-width: 70em; }",
    "table { border-collapse: collapse; }",
    "th, td { border: 1px solid #c9d0d6; padding: 6px 8px; text-align: left; vertical-align: top; }",
    "thead th { background: #eef1f4; }",
    ".num { text-align: right; font-variant-numeric: tabular-nums; }",
    ...levels,
    ".lvl-public { --tint: hsl(210 45% 95%); --chip: hsl(210 45% 84%); --strong: hsl(210 35% 40%); }",
    ".lvl-unranked { --tint: #f0f0f0; --chip: #d5d5d5; --strong: #3d3d3d; --style: dashed; }",
    ".chip { display: inline-block; padding: 1px 8px; border-radius: 10px; " +
      "border: 1px var(--style, solid) var(--strong, #8a949c); background: var(--chip, #eee); }",
    'thead th[class^="lvl-"] { background: var(--chip); }',
    'td[class^="lvl-"] { background: var(--tint); }',
    ".matrix { width: 100%; table-layout: fixed; }",
    ".matrix tbody th, .matrix thead th:first-child { width: 110px; background: #f6f7f9; }",
    ".op { border: 1px var(--style, solid) var(--strong); border-left-width: 5px; border-radius: 4px; " +
      "padding: 3px 6px; margin: 0 0 5px; background: #fff; overflow-wrap: anywhere; }",
    ".op .name { display: block; color: #4a545e; font-size: 12px; }",
    ".op .why, .op .needs { display: block; font-size: 12px; color: #7a1f1f; }",
    ".op.refused code, .op.refused b { text-decoration: line-through; color: #6b7379; }",
    ".refused li { margin: 2px 0; }",
  ].join("\n");
}
