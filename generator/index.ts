/**
 * sfapi-gen's programmatic API: the commands as functions that return their reports (render them with the
 * `render*` functions), for build scripts and CI jobs that want the data rather than the text.
 * The local facility for tests is `sfapi-gen/facility`.
 */
export { generate } from "./commands/generate.js";
export type { GenerateOptions } from "./commands/generate.js";
export { audit, buildAudit, renderAudit, AUDIT_FORMATS } from "./reports/audit/audit.js";
export type { AuditFormat, AuditReport, AuditedOperation } from "./reports/audit/audit.js";
export { diff, diffModels, fails } from "./reports/diff/diff.js";
export type { DiffReport, FailOn } from "./reports/diff/diff.js";
export { renderDiffMarkdown } from "./reports/diff/markdown.js";
export { needs } from "./reports/needs/needs.js";
export type { NeedsReport, NeedsUse } from "./reports/needs/needs.js";
export { renderNeedsMarkdown } from "./reports/needs/markdown.js";
export { loadModel } from "./model/model.js";
export type { Model, ScopeOptions } from "./model/model.js";
export type { DescriptionSource, LoadedDescription } from "./description/read.js";
export type { Operation } from "./model/operations.js";
export { DescriptionError, OptionError, SfapiGenError } from "./errors.js";
export { main } from "./cli/main.js";
export type { CliIo } from "./cli/main.js";
