/**
 * The scope audit: which level every operation needs, as one plain report object that every format renders
 * (Markdown, JSON, CSV, HTML). Built from the operation model only, so the audit can never read a description
 * differently from `generate`. The JSON format is this object verbatim; its shape is `generator/audit/audit-report.schema.json`.
 */
import { canCall, checkColor, describeProblem, effectiveLevel, PUBLIC, rank } from "./levels.js";
import type { Ladder, Policy } from "./levels.js";
import type { Model } from "./model.js";
import type { Operation } from "./operations.js";
import { renderCsv } from "./audit/csv.js";
import { renderHtml } from "./audit/html.js";
import { renderMarkdown } from "./audit/markdown.js";

/** What an audit needs to know; a Model and the emitters' context both provide it. */
export interface AuditSubject {
  title: string;
  version: { info: string; api?: string };
  /** Where the description came from (absent for the generated client's own audit). */
  source?: string;
  scopeField: string;
  ladder: Ladder;
  policy: Policy;
  operations: Operation[];
}

export const AUDIT_FORMAT_ID = "sfapi-gen/audit@1";

export interface AuditedOperation {
  name: string;
  operationId: string | null;
  method: string;
  path: string;
  tags: string[];
  summary: string | null;
  /** The operation table's scope: the named level verbatim, "public" or "unranked". */
  scope: string;
  /** The level a client needs: a ladder level, or "public". Unranked operations need the top level. */
  level: string;
  /** Why the operation is unranked (callable only by the top level), or null when it is ranked or public. */
  unranked: string | null;
  /** With a color: whether a client of that color may call it; null without one. */
  callable: boolean | null;
}

export interface AuditReport {
  format: typeof AUDIT_FORMAT_ID;
  description: { title: string; version: string; api: string | null; source: string | null };
  scope: { field: string; ladder: string[]; policy: Policy };
  summary: {
    total: number;
    /** Operations whose scope is that ladder level (unranked ones are counted under `unranked` only). */
    levels: Record<string, number>;
    public: number;
    unranked: number;
  };
  /** With `--color`: the color asked about and how many operations it may call. */
  color: { name: string; callable: number; refused: number } | null;
  /** In the model's order: by path, then method. */
  operations: AuditedOperation[];
}

export type AuditFormat = "md" | "json" | "csv" | "html";
export const AUDIT_FORMATS: readonly AuditFormat[] = ["md", "json", "csv", "html"];

export function auditSubject(model: Model): AuditSubject {
  return {
    title: String(model.description.document.info?.title ?? "API"),
    version: model.description.version,
    source: model.description.source,
    scopeField: model.scopeField,
    ladder: model.ladder,
    policy: model.policy,
    operations: model.operations,
  };
}

export function buildAudit(subject: AuditSubject, options: { color?: string } = {}): AuditReport {
  const { ladder } = subject;
  const { color } = options;
  if (color !== undefined) checkColor(ladder, color);
  const operations = subject.operations.map((op): AuditedOperation => ({
    name: op.name,
    operationId: op.operationId ?? null,
    method: op.method.toUpperCase(),
    path: op.path,
    tags: op.tags,
    summary: op.summary ?? null,
    scope: op.scope,
    level: effectiveLevel(ladder, op.scope),
    unranked: isUnranked(op, ladder) ? (describeProblem(op.requirement, subject.scopeField) ?? "not ranked") : null,
    callable: color === undefined ? null : canCall(ladder, color, op.scope),
  }));
  const levels = Object.fromEntries(ladder.map((level) => [level, operations.filter((op) => op.scope === level && op.unranked === null).length]));
  const callable = operations.filter((op) => op.callable === true).length;
  return {
    format: AUDIT_FORMAT_ID,
    description: { title: subject.title, version: subject.version.info, api: subject.version.api ?? null, source: subject.source ?? null },
    scope: { field: subject.scopeField, ladder: [...ladder], policy: subject.policy },
    summary: {
      total: operations.length,
      levels,
      public: operations.filter((op) => op.scope === PUBLIC).length,
      unranked: operations.filter((op) => op.unranked !== null).length,
    },
    color: color === undefined ? null : { name: color, callable, refused: operations.length - callable },
    operations,
  };
}

/** Not public and not a level on the ladder: callable only by the top level. */
function isUnranked(op: Operation, ladder: Ladder): boolean {
  return op.scope !== PUBLIC && rank(ladder, op.scope) < 0;
}

export function renderAudit(report: AuditReport, format: AuditFormat): string {
  switch (format) {
    case "md":
      return renderMarkdown(report);
    case "json":
      return JSON.stringify(report, null, 2) + "\n";
    case "csv":
      return renderCsv(report);
    case "html":
      return renderHtml(report);
  }
}
