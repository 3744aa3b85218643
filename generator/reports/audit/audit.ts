/**
 * The scope audit: which level every operation needs, as one plain report object that every format renders
 * (Markdown, JSON, CSV, HTML). Built from the operation model only, so the audit can never read a description
 * differently from `generate`. The JSON format is this object verbatim; its shape is
 * `generator/reports/audit/audit-report.schema.json`.
 */

export { subjectOf as auditSubject } from "../../model/subject.js";
export type {
  AuditedOperation,
  AuditFormat,
  AuditReport,
  AuditSubject,
  ScopeAuditedOperation,
  ScopeAuditReport,
  ScopeUse,
} from "./report.js";
export { AUDIT_FORMAT_ID, AUDIT_FORMATS, SCOPE_AUDIT_FORMAT_ID } from "./report.js";
export { buildScopeAudit } from "./scopes.js";

import type { DescriptionSource } from "../../description/read.js";
import { OptionError } from "../../errors.js";
import type { ScopeOptions } from "../../model/model.js";
import { loadModel } from "../../model/model.js";
import { canCall, checkColor, describeProblem, effectiveLevel, PUBLIC } from "../../model/scope.js";
import { subjectOf } from "../../model/subject.js";
import { renderCsv } from "./csv.js";
import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import type { AuditedOperation, AuditFormat, AuditReport, AuditSubject, ScopeAuditReport } from "./report.js";
import { AUDIT_FORMAT_ID, operationIdentity, reportHead, SCOPE_AUDIT_FORMAT_ID } from "./report.js";
import { buildScopeAudit } from "./scopes.js";
import { renderScopeCsv, renderScopeHtml, renderScopeMarkdown } from "./scopes-render.js";

/**
 * The audit of a description (default: the bundled v1.2 one) read by levels; with `color`, what a client of that color
 * may call. A description read under the security policy is refused: `auditAny` gives its scope audit.
 */
export async function audit(
  source: DescriptionSource = {},
  options: ScopeOptions & { color?: string } = {},
): Promise<AuditReport> {
  return buildAudit(subjectOf(await loadModel(source, options)), { color: options.color });
}

/** The audit the subject's policy calls for: by level, or by OAuth2 scopes (security policy; no `color` then). */
export function auditAny(subject: AuditSubject, options: { color?: string } = {}): AuditReport | ScopeAuditReport {
  if (subject.policy !== "security") return buildAudit(subject, options);
  if (options.color !== undefined)
    throw new OptionError(
      "--color names a level, but this description is read under the security policy (OAuth2 scopes): " +
        "the audit lists what each scope unlocks",
    );
  return buildScopeAudit(subject);
}

export function buildAudit(subject: AuditSubject, options: { color?: string } = {}): AuditReport {
  // A ladder audit of OAuth2 scopes would call every secured operation "scoped" and rank it nowhere.
  if (subject.policy === "security")
    throw new OptionError("read under the security policy (OAuth2 scopes): use auditAny() or buildScopeAudit()");
  const { ladder } = subject;
  const { color } = options;
  if (color !== undefined) checkColor(ladder, color);
  const operations = subject.operations.map(
    (op): AuditedOperation => ({
      ...operationIdentity(op),
      level: effectiveLevel(ladder, op.scope),
      // The model decided whether the operation is ranked (`requirement.problem`); the audit only words it.
      unranked: op.requirement.problem ? (describeProblem(op.requirement, subject.scopeField) ?? "not ranked") : null,
      callable: color === undefined ? null : canCall(ladder, color, op.scope),
    }),
  );
  const levels = Object.fromEntries(
    ladder.map((level) => [level, operations.filter((op) => op.scope === level && op.unranked === null).length]),
  );
  const callable = operations.filter((op) => op.callable === true).length;
  return {
    format: AUDIT_FORMAT_ID,
    ...reportHead(subject),
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

export function renderAudit(report: AuditReport | ScopeAuditReport, format: AuditFormat): string {
  if (report.format === SCOPE_AUDIT_FORMAT_ID) {
    switch (format) {
      case "md":
        return renderScopeMarkdown(report);
      case "json":
        return JSON.stringify(report, null, 2) + "\n";
      case "csv":
        return renderScopeCsv(report);
      case "html":
        return renderScopeHtml(report);
    }
  }
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
