/**
 * What changed between two versions of a description, operation by operation, read through the same operation model
 * `generate` uses. Operations are identified by (method, path), which is what a client calls; a moved path is a
 * removal plus an addition. Each change says whether it breaks existing clients, so CI can fail on it.
 *
 * Why not an OpenAPI diff library: the maintained npm ones (openapi-diff, @useoptic/openapi-utilities) parse
 * descriptions their own way and classify paths, bodies and responses, but not the parameter and media-type changes
 * we must name, and not scopes; the model already carries parameters, media types and schema refs.
 */
import { canCall, checkColor, effectiveLevel, PUBLIC, rank } from "./levels.js";
import type { Ladder } from "./levels.js";
import type { DescriptionSource } from "./load.js";
import { loadDescription } from "./load.js";
import { buildModel } from "./model.js";
import type { Model, ScopeOptions } from "./model.js";
import type { Operation, Parameter } from "./operations.js";
import { DIFF_FORMAT_ID } from "./diff/report.js";
import type { Change, DiffReport, DiffSide, FailOn, OperationRef, ParameterRef } from "./diff/report.js";

export { DIFF_FORMAT_ID, FAIL_ON } from "./diff/report.js";
export type { Change, ChangedOperation, DiffReport, DiffSide, FailOn, OperationRef } from "./diff/report.js";

const key = (op: Operation) => `${op.method} ${op.path}`;

/** What changed from `before` to `after`, both read under the same scope options. */
export async function diff(before: DescriptionSource, after: DescriptionSource, options: ScopeOptions & { color?: string } = {}): Promise<DiffReport> {
  const [a, b] = await loadPair(before, after, options);
  return diffModels(a, b, { color: options.color });
}

/**
 * Both descriptions under one ladder: the options' levels, else the ladder either one brings (a bundled
 * description's own), else the default, so that a level means the same on both sides.
 */
export async function loadPair(before: DescriptionSource, after: DescriptionSource, options: ScopeOptions = {}): Promise<[Model, Model]> {
  const [a, b] = await Promise.all([loadDescription(before), loadDescription(after)]);
  const levels = options.levels ?? a.levels ?? b.levels;
  return [buildModel(a, { ...options, levels }), buildModel(b, { ...options, levels })];
}

export function diffModels(before: Model, after: Model, options: { color?: string } = {}): DiffReport {
  const ladder = after.ladder;
  const color = options.color;
  if (color !== undefined) checkColor(ladder, color);
  const old = new Map(before.operations.map((op) => [key(op), op]));
  const now = new Map(after.operations.map((op) => [key(op), op]));
  const added = after.operations.filter((op) => !old.has(key(op))).map((op) => ({ ...ref(op, ladder), aboveColor: color !== undefined && !canCall(ladder, color, op.scope) }));
  const removed = before.operations.filter((op) => !now.has(key(op))).map((op) => ref(op, ladder));
  const changed = after.operations
    .filter((op) => old.has(key(op)))
    .map((op) => ({ ...ref(op, ladder), changes: compare(old.get(key(op))!, op, ladder) }))
    .filter((c) => c.changes.length > 0);
  const all = changed.flatMap((c) => c.changes);
  const levelChanges = all.filter((c): c is Extract<Change, { kind: "level" }> => c.kind === "level");
  const escalations = levelChanges.filter((c) => c.direction === "escalation").length + added.filter((a) => a.aboveColor).length;
  return {
    format: DIFF_FORMAT_ID,
    old: side(before),
    new: side(after),
    versionChanged: before.description.version.info !== after.description.version.info || before.description.version.api !== after.description.version.api,
    ladder: [...ladder],
    color: color ?? null,
    added,
    removed,
    changed,
    summary: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      escalations,
      relaxations: levelChanges.filter((c) => c.direction === "relaxation").length,
      breaking: removed.length + all.filter((c) => c.breaking).length + added.filter((a) => a.aboveColor).length,
    },
  };
}

/** Does the report trip `--fail-on <mode>`? */
export function fails(report: DiffReport, mode: FailOn): boolean {
  switch (mode) {
    case "escalation":
      return report.summary.escalations > 0;
    case "removal":
      return report.summary.removed > 0;
    case "breaking":
      return report.summary.breaking > 0;
  }
}

function side(model: Model): DiffSide {
  const { source, version, document } = model.description;
  return { source, title: String(document.info?.title ?? "API"), version: version.info, api: version.api ?? null };
}

function ref(op: Operation, ladder: Ladder): OperationRef {
  return { name: op.name, method: op.method.toUpperCase(), path: op.path, scope: op.scope, level: effectiveLevel(ladder, op.scope) };
}

/** Position of the level a scope needs: public below every level, unranked at the top (fail closed). */
function levelRank(ladder: Ladder, scope: string): number {
  return scope === PUBLIC ? -1 : rank(ladder, effectiveLevel(ladder, scope));
}

function compare(a: Operation, b: Operation, ladder: Ladder): Change[] {
  const changes: Change[] = [];
  if (a.scope !== b.scope) {
    const delta = levelRank(ladder, b.scope) - levelRank(ladder, a.scope);
    const direction = delta > 0 ? "escalation" : delta < 0 ? "relaxation" : "same";
    changes.push({ kind: "level", from: a.scope, to: b.scope, fromLevel: effectiveLevel(ladder, a.scope), toLevel: effectiveLevel(ladder, b.scope), direction, breaking: direction === "escalation" });
  }
  changes.push(...compareParameters(a.parameters, b.parameters));
  if (!sameList(a.requestMediaTypes, b.requestMediaTypes)) {
    // Breaking when a media type old clients send is no longer accepted; a new alternative alone is not.
    const dropped = a.requestMediaTypes.some((t) => !b.requestMediaTypes.includes(t));
    changes.push({ kind: "request-media-type", from: a.requestMediaTypes, to: b.requestMediaTypes, breaking: dropped });
  }
  if (a.requestBodyRequired !== b.requestBodyRequired) {
    changes.push({ kind: "request-body-required", from: a.requestBodyRequired, to: b.requestBodyRequired, breaking: b.requestBodyRequired });
  }
  if (!sameList(a.requestSchemaRefs, b.requestSchemaRefs)) changes.push({ kind: "request-schema", from: a.requestSchemaRefs, to: b.requestSchemaRefs, breaking: false });
  const statuses = [...new Set([...Object.keys(a.responseSchemaRefs), ...Object.keys(b.responseSchemaRefs)])].sort();
  for (const status of statuses) {
    const from = a.responseSchemaRefs[status] ?? [];
    const to = b.responseSchemaRefs[status] ?? [];
    if (!sameList(from, to)) changes.push({ kind: "response-schema", status, from, to, breaking: false });
  }
  if (a.name !== b.name) changes.push({ kind: "name", from: a.name, to: b.name, breaking: false });
  return changes;
}

function compareParameters(before: Parameter[], after: Parameter[]): Change[] {
  const id = (p: Parameter) => `${p.in}:${p.name}`;
  const old = new Map(before.map((p) => [id(p), p]));
  const now = new Map(after.map((p) => [id(p), p]));
  const changes: Change[] = [];
  for (const p of after) {
    const was = old.get(id(p));
    if (!was) changes.push({ kind: "parameter-added", parameter: param(p), breaking: p.required });
    else if (!was.required && p.required) changes.push({ kind: "parameter-required", parameter: param(p), breaking: true });
    else if (was.required && !p.required) changes.push({ kind: "parameter-optional", parameter: param(p), breaking: false });
  }
  for (const p of before) if (!now.has(id(p))) changes.push({ kind: "parameter-removed", parameter: param(p), breaking: false });
  return changes;
}

const param = (p: Parameter): ParameterRef => ({ name: p.name, in: p.in, required: p.required });

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
