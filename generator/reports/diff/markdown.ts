/**
 * The diff as Markdown: version line, summary, then added, removed and changed operations (how each was matched and
 * what changed, breaking ones marked), then, with `--code`, the uses in the code base that break or escalate.
 */
import { cell, counted, inline, code as span } from "../../emit/text.js";
import { setsText } from "../../model/scope-sets.js";
import { operationsCell } from "../../usage/site.js";
import type { Change, ChangedOperation, CodeImpact, DiffReport, OperationRef, SchemaChange } from "./report.js";

const BREAKING = " **(breaking)**";

export function renderDiffMarkdown(report: DiffReport): string {
  const { old: a, new: b, summary: s } = report;
  const version = (side: typeof a) => `${inline(side.version)}${side.api ? ` (${inline(side.api)})` : ""}`;
  const newTitle = b.title === a.title ? "" : `${inline(b.title)} `;
  const escalations = report.color ? `; new operations above ${inline(report.color)} count as escalations` : "";
  const lines = [
    `# API diff: ${inline(a.title)} ${inline(a.version)} -> ${newTitle}${inline(b.version)}`,
    "",
    `Old: ${inline(a.source)}. New: ${inline(b.source)}.`,
    "",
    report.versionChanged ? `Version changed: ${version(a)} -> ${version(b)}.` : `Version unchanged: ${version(a)}.`,
    report.policy === "security"
      ? "OAuth2 scopes (policy security): a change is an escalation when some grant that could call the operation " +
        "before cannot now, a relaxation when more grants can."
      : `Ladder ${report.ladder.map(inline).join(" < ")}, policy ${report.policy}${escalations}.`,
  ];
  if (report.prefix) {
    const how = report.prefix.how === "detected" ? "detected; `--prefix` overrides" : "`--prefix`";
    const [from, to] = [report.prefix.from || "(none)", report.prefix.to || "(none)"];
    lines.push(`Version prefix moved: ${span(from)} -> ${span(to)} (${how}).`);
  }
  lines.push("");
  if (s.added + s.removed + s.changed === 0) {
    lines.push("No changes to operations.");
    if (report.code) lines.push(...codeSection(report.code));
    return lines.join("\n") + "\n";
  }
  const moved =
    s.moved > 0
      ? ` (${s.moved} moved${s.methodChanged > 0 ? `, ${s.methodChanged} of them to another method` : ""})`
      : "";
  lines.push(
    `${s.added} added, ${s.removed} removed, ${s.changed} changed${moved}: ${counted(s.escalations, "escalation")}, ` +
      `${counted(s.relaxations, "relaxation")}, ${counted(s.breaking, "breaking change")}.`,
  );
  if (report.added.length > 0) {
    lines.push(
      "",
      `## Added (${report.added.length})`,
      "",
      "| method | path | name | level |",
      "| --- | --- | --- | --- |",
    );
    lines.push(
      ...report.added.map(
        (op) => `${opRow(op)}${op.aboveColor ? ` above ${inline(report.color ?? "")}${BREAKING}` : ""} |`,
      ),
    );
  }
  if (report.removed.length > 0) {
    lines.push(
      "",
      `## Removed (${report.removed.length})${BREAKING}`,
      "",
      "| method | path | name | level |",
      "| --- | --- | --- | --- |",
    );
    lines.push(...report.removed.map((op) => `${opRow(op)} |`));
  }
  if (report.changed.length > 0) {
    lines.push("", `## Changed (${report.changed.length})`);
    for (const op of report.changed) {
      const was =
        op.matchedBy === "method-path"
          ? []
          : [`Was ${op.was.method} ${span(op.was.path)} (${cell(op.was.name)}), ${matchedBy(op, report)}.`, ""];
      lines.push(
        "",
        `### ${op.method} ${span(op.path)} (${cell(op.name)})`,
        "",
        ...was,
        ...op.changes.map((c) => `- ${describeChange(c)}${c.breaking ? BREAKING : ""}`),
      );
    }
  }
  if (report.code) lines.push(...codeSection(report.code));
  return lines.join("\n") + "\n";
}

function matchedBy(op: ChangedOperation, report: DiffReport): string {
  switch (op.matchedBy) {
    case "method-path":
      return "matched by method and path";
    case "operationId":
      return op.was.operationId === op.operationId
        ? `matched by operationId ${span(op.operationId ?? "")}`
        : `matched by operationId stem (${span(op.was.operationId ?? "")} -> ${span(op.operationId ?? "")})`;
    case "prefix":
      return (
        "matched by path with the version prefix moved " +
        `(${span(report.prefix?.from ?? "")} -> ${span(report.prefix?.to ?? "")})`
      );
    case "path":
      return "matched by path: the one operation there before and after";
    case "path-parameters":
      return "matched by method and path, path parameters renamed";
  }
}

/** `--code`: the answer to "does this code need another client color?", then the uses that break or escalate. */
function codeSection(code: CodeImpact): string[] {
  const s = code.summary;
  const lines = [
    "",
    `## Code under ${inline(code.source)} (${counted(s.uses, "use")} in ${counted(s.files, "file")})`,
    "",
  ];
  const { before, after } = code.color;
  lines.push(
    code.color.raised
      ? `It needs ${before} before this change and **${after} after it: a ${after} client is needed**.`
      : code.color.before === code.color.after
        ? `It needs ${code.color.before} before and after this change.`
        : `It needs ${code.color.before} before this change and ${code.color.after} after it.`,
  );
  const unmapped =
    s.unknown > 0 ? `; ${s.unknown} not mapped to an operation (they need the top level before and after)` : "";
  const assumed = s.assumed > 0 ? `; ${counted(s.assumed, "job call")} assumed, not traced (below)` : "";
  lines.push(`${s.broken} broken, ${s.escalated} escalated${unmapped}${assumed}.`);
  if (code.skipped.length > 0)
    lines.push(`Not scanned (generated client folders): ${code.skipped.map(span).join(", ")}.`);
  if (code.broken.length > 0) {
    lines.push(
      "",
      `### Broken (${code.broken.length})`,
      "",
      "| where | code | was | why | now needs |",
      "| --- | --- | --- | --- | --- |",
    );
    lines.push(
      ...code.broken.map((u) => {
        const [was, now] = [operationsCell(u.was), cell(u.level ?? "nothing (removed)") + assumedMark(u)];
        return `| ${cell(u.file)}:${u.line} | ${span(u.code)} | ${was} | ${cell(u.reason)} | ${now} |`;
      }),
    );
  }
  if (code.escalated.length > 0) {
    lines.push(
      "",
      `### Escalated (${code.escalated.length})`,
      "",
      "| where | code | operation | level |",
      "| --- | --- | --- | --- |",
    );
    lines.push(
      ...code.escalated.map((u) => {
        const levels = `${cell(u.from)} -> ${cell(u.to)}${assumedMark(u)}`;
        return `| ${cell(u.file)}:${u.line} | ${span(u.code)} | ${operationsCell(u.operations)} | ${levels} |`;
      }),
    );
  }
  if (code.assumed.length > 0) {
    lines.push("", `### Assumed job calls (${code.assumed.length})`, "");
    lines.push(
      ...code.assumed.map((u) => {
        const levels = `${inline(u.from)} -> ${inline(u.to ?? "nothing (removed)")}`;
        return `- ${inline(u.file)}:${u.line} ${span(u.code)} (${levels}): ${inline(u.reason)}`;
      }),
    );
  }
  lines.push(...typeCheckLines(code));
  return lines;
}

/** A use counted without being traced is marked where its level is shown, as `needs` marks it. */
const assumedMark = (use: { assumed?: string }) => (use.assumed === undefined ? "" : " (assumed)");

function opRow(op: OperationRef): string {
  if (op.level === op.scope && (op.security !== undefined || op.scope === "public"))
    return `| ${op.method} | ${span(op.path)} | ${cell(op.name)} | ${scopesText(op.security ?? [])}`;
  const level = op.scope === op.level ? op.level : `${op.level} (${op.scope})`;
  return `| ${op.method} | ${span(op.path)} | ${cell(op.name)} | ${cell(level)}`;
}

/** Scope sets in words, each scope a code span: `a` and `b`, or `c`. */
const scopesText = (sets: readonly (readonly string[])[]) => setsText(sets, span);

const list = (items: string[]) => (items.length ? items.map(span).join(", ") : "none");

export function describeChange(c: Change): string {
  switch (c.kind) {
    case "path":
      return `path moved: ${span(c.from)} -> ${span(c.to)}`;
    case "method":
      return `method changed: ${c.from} -> ${c.to}`;
    case "level": {
      const named = (scope: string, level: string) => (scope === level ? level : `${scope} (needs ${level})`);
      const what =
        c.direction === "same" ? "scope changed" : `level ${c.direction === "escalation" ? "escalated" : "relaxed"}`;
      return `${what}: ${cell(named(c.from, c.fromLevel))} -> ${cell(named(c.to, c.toLevel))}`;
    }
    case "scopes": {
      const what = {
        escalation: "scopes escalated (a grant that could call it before cannot now)",
        relaxation: "scopes relaxed (every grant that could call it still can)",
        mixed: "scopes changed both ways (some grants lose it, others gain it)",
        same: "scopes reworded (the same grants may call it)",
      }[c.direction];
      const alternatives = [
        ...(c.added.length > 0 ? [`added ${c.added.map((set) => scopesText([set])).join("; ")}`] : []),
        ...(c.removed.length > 0 ? [`removed ${c.removed.map((set) => scopesText([set])).join("; ")}`] : []),
      ];
      const detail = alternatives.length > 0 ? ` (alternatives ${alternatives.join(", ")})` : "";
      return `${what}: ${scopesText(c.from)} -> ${scopesText(c.to)}${detail}`;
    }
    case "parameter-added":
      return (
        `parameter added: ${span(c.parameter.name)} ` +
        `(${c.parameter.in}, ${c.parameter.required ? "required" : "optional"})`
      );
    case "parameter-removed":
      return `parameter removed: ${span(c.parameter.name)} (${c.parameter.in})`;
    case "parameter-required":
      return `parameter made required: ${span(c.parameter.name)} (${c.parameter.in})`;
    case "parameter-optional":
      return `parameter made optional: ${span(c.parameter.name)} (${c.parameter.in})`;
    case "request-media-type":
      return `request media type: ${list(c.from)} -> ${list(c.to)}`;
    case "request-body-required":
      return `request body ${c.to ? "now required" : "now optional"}`;
    case "request-schema":
      return `request schema: ${list(c.from)} -> ${list(c.to)}`;
    case "response-schema":
      return `response ${c.status} schema: ${list(c.from)} -> ${list(c.to)}`;
    case "name":
      return `table name: ${span(c.from)} -> ${span(c.to)} (code using ${span(`operations.${c.from}`)} must follow)`;
    case "path-parameter-renamed":
      return (
        `path parameter renamed: ${span(`{${c.from}}`)} -> ${span(`{${c.to}}`)} ` +
        "(the same operation; typed calls name it)"
      );
    case "whole-path":
      return c.to !== null
        ? `path parameter ${span(`{${c.to}}`)} now takes a whole path: ` +
            `a value with slashes is sent with them (${span("a/b")}, was ${span("a%2Fb")})`
        : `path parameter ${span(`{${c.from}}`)} no longer takes a whole path: ` +
            `a value with slashes is sent encoded (${span("a%2Fb")}, was ${span("a/b")})`;
    case "json-text":
      return (
        `response fields parsed from JSON text: ${list(c.from)} -> ${list(c.to)} ` +
        "(a field leaving the list arrives as text, one joining it arrives parsed)"
      );
    case "schema":
      return describeSchemaChange(c);
  }
}

const SCHEMA_CHANGES: Record<SchemaChange["change"], string> = {
  type: "type changed",
  "enum-value-removed": "enum value removed",
  "enum-value-added": "enum value added",
  "enum-added": "now limited to an enum",
  "enum-removed": "no longer limited to an enum",
  "field-removed": "field removed",
  "field-added": "field added",
  "field-required": "field now required",
  "field-optional": "field now optional (may be absent)",
  "variant-removed": "alternative removed",
  "variant-added": "alternative added",
  "status-removed": "response status removed",
  "status-added": "response status added",
  "media-type-removed": "response media type removed",
  "media-type-added": "response media type added",
};

/** `response 200 \`output[].state\`: enum value removed: \`"dtn01"\` (at /components/schemas/X/properties/state)`. */
export function describeSchemaChange(c: SchemaChange): string {
  const where =
    c.in === "parameter"
      ? `${c.parameter!.in} parameter ${span(c.parameter!.name)}`
      : c.in === "request-body"
        ? "request body"
        : `response ${inline(c.status ?? "")}`;
  const field = c.field === "" ? "" : ` ${span(c.field)}`;
  const values =
    c.from !== undefined && c.to !== undefined
      ? `: ${span(c.from)} -> ${span(c.to)}`
      : c.from !== undefined
        ? `: ${span(c.from)}`
        : c.to !== undefined
          ? `: ${span(c.to)}`
          : "";
  const media = c.mediaType && c.change.startsWith("media-type") ? ` ${span(c.mediaType)}` : "";
  const at = `${span(c.pointer)}${c.side === "old" ? " in the old description" : ""}`;
  return `${where}${field}: ${SCHEMA_CHANGES[c.change]}${media}${values} (at ${at})`;
}

/** `--code`'s type check: what the new client's types break in the code, call by call and read by read. */
function typeCheckLines(code: CodeImpact): string[] {
  const t = code.typeCheck;
  if (t.why !== null) return ["", `Not type-checked against the new client: ${t.why}.`];
  const lines = [
    "",
    `### Type errors against the new client (${t.errors.length + t.omitted})`,
    "",
    `The code type-checked against ${span(t.client ?? "")} and against the new client in its place ` +
      `(${t.tsconfig ? span(t.tsconfig) : "strict defaults, no tsconfig.json found"}): ` +
      "what only the new client's types reject.",
  ];
  if (t.errors.length === 0) return [...lines, "", "None."];
  lines.push("", "| where | code | in | error |", "| --- | --- | --- | --- |");
  // The code and TypeScript's message are code: in code spans, where Markdown reads no HTML, so they print as they are
  // (`NeedsColor<"jobs", "red">`); cell() is for prose, and inside a code span its `&lt;` would show on GitHub too.
  for (const e of t.errors)
    lines.push(
      `| ${cell(e.file)}:${e.line} | ${span(e.code)} | ` +
        `${e.kind === "call" ? operationsCell(e.operations) : "a read of a returned value"} | ${span(e.message)} |`,
    );
  if (t.omitted > 0) lines.push("", `${t.omitted} more not listed.`);
  return lines;
}
