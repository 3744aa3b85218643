/**
 * The scope audit: which level every operation needs, as one plain report object that every format renders
 * (Markdown, JSON, CSV, HTML). Built from the operation model only, so the audit can never read a description
 * differently from `generate`. The JSON format is this object verbatim; its shape is
 * `generator/reports/audit/audit-report.schema.json`.
 */

export type {
  AnyAuditReport,
  AuditedOperation,
  AuditedRoute,
  AuditFormat,
  AuditReport,
  AuditSubject,
  ScopeAuditedOperation,
  ScopeAuditReport,
} from "./report.js";
export { AUDIT_FORMAT_ID, AUDIT_FORMATS, SCOPE_AUDIT_FORMAT_ID } from "./report.js";
export { buildScopeAudit } from "./scopes.js";

import { reportJson } from "../../emit/text.js";
import { OptionError } from "../../errors.js";
import type { Model } from "../../model/model.js";
import { colorGrant, levelNeed, permits } from "../../model/permission.js";
import { fallsOn, mostDemanding, routeLevels, routesOf } from "../../model/routes.js";
import { checkColor, describeProblem, effectiveLevel, PUBLIC } from "../../model/scope.js";
import { subjectOf } from "../../model/subject.js";
import { renderCsv } from "./csv.js";
import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import type {
  AnyAuditReport,
  AuditedOperation,
  AuditedRoute,
  AuditFormat,
  AuditReport,
  AuditSubject,
} from "./report.js";
import { AUDIT_FORMAT_ID, operationIdentity, reportHead, SCOPE_AUDIT_FORMAT_ID } from "./report.js";
import { buildScopeAudit } from "./scopes.js";
import { renderScopeCsv, renderScopeHtml, renderScopeMarkdown } from "./scopes-render.js";

/** What an audit reads: a model (`loadModel`'s), or its subject (an emitter's context is one). */
export type AuditSource = Model | AuditSubject;

export interface AuditOptions {
  /** What a client of this color may call; a level of the ladder (not under the security policy). */
  color?: string;
}

/**
 * The audit the source's policy calls for: by level (`AuditReport`, with `color` what a client of that color may
 * call), or by OAuth2 scopes under the security policy (`ScopeAuditReport`; no `color` then). Pure: it reads the
 * model only. `format` tells the two apart.
 */
export function buildAudit(source: AuditSource, options: AuditOptions = {}): AnyAuditReport {
  const subject = "description" in source ? subjectOf(source) : source;
  if (subject.policy !== "security") return buildLevelAudit(subject, options);
  if (options.color !== undefined)
    throw new OptionError(
      "--color names a level, but this description is read under the security policy (OAuth2 scopes): " +
        "the audit lists what each scope unlocks",
    );
  return buildScopeAudit(subject);
}

/** The audit by level; refuses a subject read under the security policy (`buildAudit` chooses for you). */
export function buildLevelAudit(subject: AuditSubject, options: AuditOptions = {}): AuditReport {
  // A ladder audit of OAuth2 scopes would call every secured operation "scoped" and rank it nowhere.
  if (subject.policy === "security")
    throw new OptionError("read under the security policy (OAuth2 scopes): use buildAudit() or buildScopeAudit()");
  const { ladder } = subject;
  const { color } = options;
  if (color !== undefined) checkColor(ladder, color);
  const grant = color === undefined ? undefined : new Set(colorGrant(ladder, color));
  const callLevels = routeLevels(subject.operations, ladder);
  const falls = fallsOn(subject.operations, ladder);
  const operations = subject.operations.map((op): AuditedOperation => {
    const fell = falls.get(op)!;
    return {
      ...operationIdentity(op),
      level: effectiveLevel(ladder, op.scope),
      // The model decided whether the operation is ranked (`requirement.problem`); the audit only words it.
      unranked: op.requirement.problem ? (describeProblem(op.requirement, subject.scopeField) ?? "not ranked") : null,
      callable: grant === undefined ? null : permits(grant, levelNeed(ladder, callLevels.get(op)!)),
      fallsOn: fell.onto.map((o) => o.name),
      fallsOnMore: fell.more,
      reach: mostDemanding(ladder, [callLevels.get(op)!, fell.reach]),
    };
  });
  const routes = routesOf(subject.operations).map(
    (route): AuditedRoute => ({
      method: route.method,
      path: route.path,
      operations: route.operations.map((op) => op.name),
      discriminator: route.discriminator,
      level: mostDemanding(
        ladder,
        route.operations.map((op) => effectiveLevel(ladder, op.scope)),
      ),
      why: route.why,
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
    routes,
  };
}

/** The audit in one of `AUDIT_FORMATS`, as `sfapi-gen audit --format` prints it. */
export function renderAudit(report: AnyAuditReport, format: AuditFormat): string {
  if (format === "json") return reportJson(report);
  if (report.format === SCOPE_AUDIT_FORMAT_ID) {
    switch (format) {
      case "md":
        return renderScopeMarkdown(report);
      case "csv":
        return renderScopeCsv(report);
      case "html":
        return renderScopeHtml(report);
    }
  }
  switch (format) {
    case "md":
      return renderMarkdown(report);
    case "csv":
      return renderCsv(report);
    case "html":
      return renderHtml(report);
  }
}
