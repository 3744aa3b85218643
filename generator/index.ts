/**
 * sfapi-gen's programmatic API: `generate`, and the three reports in one shape: `buildAudit`, `buildDiff` and
 * `buildNeeds` (source, options) return the report, and `renderAudit`, `renderDiff` and `renderNeeds` (report, format)
 * the text the command prints, for build scripts and CI jobs that want the data rather than the text.
 * The local facility for tests is `sfapi-gen/facility`. The CLI is not part of this API: it is the `sfapi-gen`
 * binary (bin/sfapi-gen.js, over generator/cli/main.ts).
 *
 * @module sfapi-gen
 */

export type { DiffOptions, DiffPair } from "./commands/diff.js";
export { buildDiff } from "./commands/diff.js";
export type { Generated, GenerateOptions } from "./commands/generate.js";
export { generate } from "./commands/generate.js";
export type { OpenApiDocument } from "./description/document.js";
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
export type { BaseUrlChoice } from "./model/base-url.js";
export type { Model, ScopeOptions } from "./model/model.js";
export { loadModel } from "./model/model.js";
export type { Operation, Parameter } from "./model/operations.js";
export type { AnswerInfo, ResponseInfo } from "./model/responses.js";
export type { Ladder, Requirement } from "./model/scope.js";
export type { ScopeSet } from "./model/security.js";
export type { Subject } from "./model/subject.js";
export type { KeptWholePaths } from "./model/whole-path.js";
export type { ClientTable } from "./output/client-folder.js";
export type { Manifest, TableEntry } from "./output/manifest.js";
export type {
  AnyAuditReport,
  AuditedOperation,
  AuditedRoute,
  AuditFormat,
  AuditOptions,
  AuditReport,
  AuditSource,
  AuditSubject,
  ScopeAuditedOperation,
  ScopeAuditReport,
} from "./reports/audit/audit.js";
export { AUDIT_FORMATS, buildAudit, renderAudit } from "./reports/audit/audit.js";
export type { ScopeUse } from "./reports/audit/report.js";
export type { CompareOptions, DiffFormat, DiffReport, DiffSource, FailOn } from "./reports/diff/diff.js";
export { DIFF_FORMATS, diffSource, fails, renderDiff } from "./reports/diff/diff.js";
export type {
  Change,
  ChangedOperation,
  CodeImpact,
  DiffSide,
  MatchedBy,
  OperationRef,
  ParameterRef,
  PrefixMove,
} from "./reports/diff/report.js";
export type { SchemaChange, SchemaChangeWhat } from "./reports/diff/schema.js";
export type {
  AnyNeedsReport,
  ChosenTable,
  NeedsClient,
  NeedsFormat,
  NeedsOptions,
  NeedsReport,
  NeedsSource,
  NeedsUse,
  ScopeNeedsReport,
  ScopeNeedsUse,
} from "./reports/needs/needs.js";
export { buildNeeds, chooseTable, NEEDS_FORMATS, renderNeeds } from "./reports/needs/needs.js";
export type { GrantSearch, NeedsOperation, ScopedOperation, ScopeNeedsClient } from "./reports/needs/report.js";
/** An operation a use in the code base reaches (`NeedsUse.operations`): its name, method, path and level. */
export type { OperationRef as UsedOperation, UseSite } from "./usage/site.js";
export type { TypeBreak } from "./usage/typecheck.js";
