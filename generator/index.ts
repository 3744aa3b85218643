/**
 * sfapi-gen's programmatic API: the commands as functions that return their reports (render them with the
 * `render*` functions), for build scripts and CI jobs that want the data rather than the text.
 * The local facility for tests is `sfapi-gen/facility`.
 */

export type { CliIo } from "./cli/main.js";
export { main } from "./cli/main.js";
export type { GenerateOptions } from "./commands/generate.js";
export { generate } from "./commands/generate.js";
export type { DescriptionSource, LoadedDescription } from "./description/read.js";
export type { AnyGeneratorError, SfapiGenErrorCode } from "./errors.js";
export {
  CheckFailedError,
  DescriptionError,
  ManifestError,
  OptionError,
  OutputError,
  SfapiGenError,
} from "./errors.js";
export type { Model, ScopeOptions } from "./model/model.js";
export { loadModel } from "./model/model.js";
export type { Operation } from "./model/operations.js";
export type {
  AuditedOperation,
  AuditFormat,
  AuditReport,
  ScopeAuditedOperation,
  ScopeAuditReport,
} from "./reports/audit/audit.js";
export { AUDIT_FORMATS, audit, auditAny, buildAudit, buildScopeAudit, renderAudit } from "./reports/audit/audit.js";
export type { DiffReport, FailOn } from "./reports/diff/diff.js";
export { diff, diffModels, fails } from "./reports/diff/diff.js";
export { renderDiffMarkdown } from "./reports/diff/markdown.js";
export { renderNeedsMarkdown } from "./reports/needs/markdown.js";
export type { NeedsReport, NeedsUse, ScopeNeedsReport, ScopeNeedsUse } from "./reports/needs/needs.js";
export { anyNeeds, needs, scopeNeeds } from "./reports/needs/needs.js";
export { renderScopeNeedsMarkdown } from "./reports/needs/scopes-markdown.js";
