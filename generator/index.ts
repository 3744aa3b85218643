/**
 * sfapi-gen's programmatic API: the commands as functions that return their reports (render them with the
 * `render*` functions), for build scripts and CI jobs that want the data rather than the text.
 * The local facility for tests is `sfapi-gen/facility`.
 */
export { generate } from "./generate.js";
export type { GenerateOptions } from "./generate.js";
export { audit, buildAudit, renderAudit, AUDIT_FORMATS } from "./audit.js";
export type { AuditFormat, AuditReport, AuditedOperation } from "./audit.js";
export { diff, diffModels, fails } from "./diff.js";
export type { DiffReport, FailOn } from "./diff.js";
export { renderDiffMarkdown } from "./diff/markdown.js";
export { needs } from "./needs.js";
export type { NeedsReport, NeedsUse } from "./needs.js";
export { renderNeedsMarkdown } from "./needs/markdown.js";
export { loadModel } from "./model.js";
export type { Model, ScopeOptions } from "./model.js";
export type { DescriptionSource, LoadedDescription } from "./load.js";
export type { Operation } from "./operations.js";
export { DescriptionError, OptionError, SfapiGenError } from "./errors.js";
export { main } from "./cli.js";
export type { CliIo } from "./cli.js";
