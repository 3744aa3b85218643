/**
 * What changed between two versions of a description, operation by operation, read through the same operation model
 * `generate` uses. Operations are paired across versions by method and path, then operationId, then a moved version
 * prefix, then a method change on the same path (diff/match.ts); each pair says how it was made, and a moved path or
 * changed method is itself a change. Each change says whether it breaks existing clients, so CI can fail on it.
 *
 * Why not an OpenAPI diff library: the maintained npm ones (openapi-diff, @useoptic/openapi-utilities) parse
 * descriptions their own way and classify paths, bodies and responses, but not the parameter and media-type changes
 * we must name, and not scopes; the model already carries parameters, media types and schema refs.
 */

import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve as resolvePath } from "node:path";
import type { OpenApiDocument } from "../../description/document.js";
import { apiName } from "../../description/document.js";
import type { DescriptionSource } from "../../description/read.js";
import { loadDescription } from "../../description/read.js";
import { reportJson } from "../../emit/text.js";
import { OptionError, SfapiGenError } from "../../errors.js";
import type { Model, ScopeOptions } from "../../model/model.js";
import { buildModel } from "../../model/model.js";
import type { Operation, Parameter } from "../../model/operations.js";
import { colorGrant, levelNeed, permits } from "../../model/permission.js";
import type { Ladder, Policy } from "../../model/scope.js";
import { checkColor, effectiveLevel, levelRank } from "../../model/scope.js";
import { compareSets } from "../../model/scope-sets.js";
import type { Manifest } from "../../output/client-folder.js";
import { MANIFEST_FILE, readManifest } from "../../output/client-folder.js";
import { keepFrom } from "../../output/kept.js";
import type { TableEntry } from "../../output/manifest.js";
import { DESCRIPTION_FILE, OLD_DESCRIPTION_FILE, sha256Of, tableEntries } from "../../output/manifest.js";
import { renderDiffMarkdown } from "./markdown.js";
import { matchOperations } from "./match.js";
import { detectPrefix } from "./prefix.js";
import type {
  Change,
  ChangedOperation,
  DiffFormat,
  DiffReport,
  DiffSide,
  FailOn,
  OperationRef,
  ParameterRef,
  PrefixMove,
} from "./report.js";
import { DIFF_FORMAT_ID } from "./report.js";
import { operationSchemaChanges, pathRenames, pathShape, SchemaComparer } from "./schema.js";

export type {
  Change,
  ChangedOperation,
  DiffFormat,
  DiffReport,
  DiffSide,
  FailOn,
  OperationRef,
  PrefixMove,
  SchemaChange,
} from "./report.js";
export { DIFF_FORMAT_ID, DIFF_FORMATS, FAIL_ON } from "./report.js";

/**
 * What the diff compares beyond the table, when both sides were read from a description (a manifest has only the
 * table: no parameters, bodies, schemas, nor the answer's JSON-text fields).
 */
type Details = Pick<
  Operation,
  "parameters" | "requestMediaTypes" | "requestBodyRequired" | "requestSchemaRefs" | "responseSchemaRefs" | "answer"
>;

export interface DiffOperation extends TableEntry {
  details?: Details;
}

/** One side of a diff: where it comes from, and its operations in table order. */
export interface DiffInput {
  side: DiffSide;
  operations: DiffOperation[];
  /** The description, when the side was read from one: its schemas are compared with the other side's. */
  document?: OpenApiDocument;
}

/** How two sides are compared (`buildDiff`'s options add how they are read). */
export interface CompareOptions {
  /** New operations this color may not call count as escalations. */
  color?: string;
  /** The version prefix that moved; undefined: detect one; null: none. */
  prefix?: Omit<PrefixMove, "how"> | null;
}

/**
 * Both descriptions under one ladder: the options' levels, else the ladder either one brings (a bundled
 * description's own), else the default, so that a level means the same on both sides; and under the same whole-path
 * marks.
 */
export async function loadPair(
  before: DiffSource,
  after: DiffSource,
  options: ScopeOptions = {},
): Promise<[Model, Model]> {
  const [a, b] = await Promise.all([loadDescription(before), loadDescription(after)]);
  // A generated client's settings are part of it: the old side's first, as the client is what code was written to.
  // Its whole-path marks too, on both sides: the diff is then what regenerating the folder would change. The same
  // rule `generate` keeps them by (output/kept.ts).
  const client = before.client ?? after.client;
  const kept = client ? keepFrom(client.manifest, `${client.dir}/${MANIFEST_FILE}`, options).options : options;
  // The ladder file's whole-path marks (the bundled description's) say what the API does, not what one description's
  // bytes say: the facility's own description cannot carry them. So a side that has them lends them to the other, as
  // kept marks (model/whole-path.ts): a description's own `x-sfapi-whole-path` wins, a template it lacks is skipped.
  // Else the bundled description against any newer one reads every marked operation as no longer taking a whole path.
  const marks = [...new Set([...(kept.wholePaths ?? []), ...(a.wholePaths ?? []), ...(b.wholePaths ?? [])])].sort();
  const scope: ScopeOptions = {
    ...kept,
    levels: kept.levels ?? a.levels ?? b.levels,
    ...(marks.length > 0 ? { wholePaths: marks } : {}),
  };
  return [buildModel(a, scope), buildModel(b, scope)];
}

/** A description, or a generated client folder: its kept description copy read under its manifest's settings. */
export interface DiffSource extends DescriptionSource {
  client?: { dir: string; manifest: Manifest };
}

/**
 * The side named by `arg`: an http(s) URL, a description file, or a folder written by `sfapi-gen generate` (or its
 * manifest.json), whose kept description copy is read and whose ladder, vendor and policy apply.
 */
export function diffSource(arg: string, cwd: string): DiffSource {
  if (/^https?:\/\//i.test(arg)) return { url: arg };
  const path = resolvePath(cwd, arg);
  const stat = statSync(path, { throwIfNoEntry: false });
  const dir = stat?.isDirectory() ? arg : basename(path) === MANIFEST_FILE ? dirname(arg) : undefined;
  if (dir === undefined) return { file: arg, cwd };
  const manifest = readManifest(
    dir,
    cwd,
    "give a description file, a URL, or a folder written by `sfapi-gen generate`",
  );
  // The copy in gzip, or an older folder's uncompressed one (loadDescription reads either).
  const name = [DESCRIPTION_FILE, OLD_DESCRIPTION_FILE].find((f) => existsSync(resolvePath(cwd, join(dir, f))));
  if (name === undefined)
    throw new SfapiGenError(
      `no ${DESCRIPTION_FILE}: generated by an older sfapi-gen; regenerate it, or diff the description it came from`,
      dir,
    );
  const file = join(dir, name);
  // The old side must be what the client was generated from: an edited copy would hide changes.
  const listed = manifest.files?.[name];
  if (listed !== undefined && sha256Of(readFileSync(resolvePath(cwd, file))) !== listed)
    throw new SfapiGenError(`edited after generation (its SHA-256 is not the one ${MANIFEST_FILE} lists)`, file);
  return { file, cwd, client: { dir, manifest } };
}

export function diffModels(before: Model, after: Model, options: CompareOptions = {}): DiffReport {
  // Levels and scope sets do not compare: a description that gained OAuth2 scopes is read by `auto` another way.
  if (before.policy !== after.policy)
    throw new OptionError(
      `the old description is read under the ${before.policy} policy and the new one under the ${after.policy} ` +
        "policy, so their permissions do not compare; pass --policy to read both alike",
    );
  return diffTables(modelInput(before), modelInput(after), { ...options, ladder: after.ladder, policy: after.policy });
}

/** A model as a diff side: its table entries, with the details the diff compares. */
export function modelInput(model: Model): DiffInput {
  const entries = tableEntries(model.operations);
  return {
    side: side(model),
    operations: entries.map((entry, i) => ({ ...entry, details: model.operations[i]! })),
    document: model.description.document,
  };
}

/**
 * The diff of two tables under `ladder`; details (parameters, bodies, schemas) are compared where both sides have them.
 */
export function diffTables(
  before: DiffInput,
  after: DiffInput,
  options: CompareOptions & { ladder: Ladder; policy: Policy },
): DiffReport {
  const { ladder, color, policy } = options;
  if (color !== undefined && policy === "security")
    throw new OptionError(
      "--color names a level, but these descriptions are read under the security policy (OAuth2 scopes)",
    );
  if (color !== undefined) checkColor(ladder, color);
  const grant = new Set(color === undefined ? [] : colorGrant(ladder, color));
  const prefix = prefixMove(options.prefix, before, after);
  const matching = matchOperations(before.operations, after.operations, prefix);
  const schemas = before.document && after.document ? new SchemaComparer(before.document, after.document) : undefined;
  const added = matching.added.map((op) => ({
    ...ref(op, ladder, policy),
    aboveColor: color !== undefined && !permits(grant, levelNeed(ladder, op.scope)),
  }));
  const removed = matching.removed.map((op) => ref(op, ladder, policy));
  const changed: ChangedOperation[] = matching.pairs
    .map(({ before: a, after: b, by }) => ({
      ...ref(b, ladder, policy),
      matchedBy: by,
      was: ref(a, ladder, policy),
      changes: compare(a, b, ladder, policy, schemas),
    }))
    .filter((c) => c.changes.length > 0);
  const all = changed.flatMap((c) => c.changes);
  // A scope change that is both (an alternative traded for another) counts as both.
  const permissionChanges = all.filter(
    (c): c is Extract<Change, { kind: "level" | "scopes" }> => c.kind === "level" || c.kind === "scopes",
  );
  const raised = (c: (typeof permissionChanges)[number]) => c.direction === "escalation" || c.direction === "mixed";
  const lowered = (c: (typeof permissionChanges)[number]) => c.direction === "relaxation" || c.direction === "mixed";
  const escalations = permissionChanges.filter(raised).length + added.filter((a) => a.aboveColor).length;
  return {
    format: DIFF_FORMAT_ID,
    old: before.side,
    new: after.side,
    versionChanged: before.side.version !== after.side.version || before.side.api !== after.side.api,
    ladder: [...ladder],
    policy: options.policy,
    color: color ?? null,
    prefix,
    added,
    removed,
    changed,
    summary: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      moved: changed.filter((c) => c.changes.some((x) => x.kind === "path" || x.kind === "method")).length,
      methodChanged: changed.filter((c) => c.changes.some((x) => x.kind === "method")).length,
      escalations,
      relaxations: permissionChanges.filter(lowered).length,
      breaking: removed.length + all.filter((c) => c.breaking).length + added.filter((a) => a.aboveColor).length,
    },
    code: null,
  };
}

/** The prefix named by the option, none when it is null, else the one detected from both sides' paths. */
function prefixMove(option: CompareOptions["prefix"], before: DiffInput, after: DiffInput): PrefixMove | null {
  if (option === null) return null;
  if (option) return { ...option, how: "option" };
  const paths = (input: DiffInput) => input.operations.map((op) => op.path);
  return detectPrefix(paths(before), paths(after));
}

/** The diff in one of `DIFF_FORMATS`, as `sfapi-gen diff --format` prints it. */
export function renderDiff(report: DiffReport, format: DiffFormat): string {
  return format === "json" ? reportJson(report) : renderDiffMarkdown(report);
}

/** Does the report trip `--fail-on <mode>`? */
export function fails(report: DiffReport, mode: FailOn): boolean {
  switch (mode) {
    case "escalation":
      return report.summary.escalations > 0;
    case "removal":
      // A moved path or changed method is a removal for every call written against the old one.
      return report.summary.removed + report.summary.moved > 0;
    case "breaking":
      return report.summary.breaking > 0;
  }
}

function side(model: Model): DiffSide {
  const { source, version, document } = model.description;
  return { source, title: apiName(document).title, version: version.info, api: version.api ?? null };
}

export function ref(op: TableEntry, ladder: Ladder, policy?: Policy): OperationRef {
  const base = { name: op.name, operationId: op.operationId, method: op.method, path: op.path, scope: op.scope };
  if (policy !== "security") return { ...base, level: effectiveLevel(ladder, op.scope) };
  return { ...base, level: op.scope, ...(op.security === undefined ? {} : { security: op.security }) };
}

function compare(
  a: DiffOperation,
  b: DiffOperation,
  ladder: Ladder,
  policy: Policy,
  schemas?: SchemaComparer,
): Change[] {
  const changes: Change[] = [];
  const renames = pathRenames(a.path, b.path);
  if (a.path !== b.path && pathShape(a.path) === pathShape(b.path)) {
    for (const [from, to] of renames) changes.push({ kind: "path-parameter-renamed", from, to, breaking: true });
  } else if (a.path !== b.path) changes.push({ kind: "path", from: a.path, to: b.path, breaking: true });
  if (a.method !== b.method) changes.push({ kind: "method", from: a.method, to: b.method, breaking: true });
  if (policy === "security") {
    const scopes = scopeChange(a.security ?? [], b.security ?? []);
    if (scopes) changes.push(scopes);
  } else if (a.scope !== b.scope) {
    const delta = levelRank(ladder, b.scope) - levelRank(ladder, a.scope);
    const direction = delta > 0 ? "escalation" : delta < 0 ? "relaxation" : "same";
    changes.push({
      kind: "level",
      from: a.scope,
      to: b.scope,
      fromLevel: effectiveLevel(ladder, a.scope),
      toLevel: effectiveLevel(ladder, b.scope),
      direction,
      breaking: direction === "escalation",
    });
  }
  // The manifest's table keeps `wholePath` too, so this is compared for `generate --check` as well.
  const whole = wholePathChange(a, b);
  if (whole) changes.push(whole);
  if (a.details && b.details) changes.push(...compareDetails(a.details, b.details, renames));
  if (schemas) changes.push(...operationSchemaChanges(schemas, a, b));
  if (a.name !== b.name) changes.push({ kind: "name", from: a.name, to: b.name, breaking: false });
  return changes;
}

/** The scopes change of an operation under the security policy, by which grants may call it; none when unchanged. */
function scopeChange(from: string[][], to: string[][]): Change | undefined {
  const key = (set: readonly string[]) => set.join(" ");
  const [was, now] = [new Set(from.map(key)), new Set(to.map(key))];
  // Public is no alternative at all: going to or from it changes the sets even when both list none.
  if (from.length === to.length && was.size === now.size && [...was].every((k) => now.has(k))) return undefined;
  const direction = compareSets(from, to);
  return {
    kind: "scopes",
    from,
    to,
    added: to.filter((set) => !was.has(key(set))),
    removed: from.filter((set) => !now.has(key(set))),
    direction,
    breaking: direction === "escalation" || direction === "mixed",
  };
}

function compareDetails(a: Details, b: Details, renames: ReadonlyMap<string, string>): Change[] {
  const changes = compareParameters(a.parameters, b.parameters, renames);
  if (!sameList(a.requestMediaTypes, b.requestMediaTypes)) {
    // Breaking when a media type old clients send is no longer accepted; a new alternative alone is not.
    const dropped = a.requestMediaTypes.some((t) => !b.requestMediaTypes.includes(t));
    changes.push({ kind: "request-media-type", from: a.requestMediaTypes, to: b.requestMediaTypes, breaking: dropped });
  }
  if (a.requestBodyRequired !== b.requestBodyRequired) {
    changes.push({
      kind: "request-body-required",
      from: a.requestBodyRequired,
      to: b.requestBodyRequired,
      breaking: b.requestBodyRequired,
    });
  }
  if (!sameList(a.requestSchemaRefs, b.requestSchemaRefs))
    changes.push({ kind: "request-schema", from: a.requestSchemaRefs, to: b.requestSchemaRefs, breaking: false });
  const statuses = [...new Set([...Object.keys(a.responseSchemaRefs), ...Object.keys(b.responseSchemaRefs)])].sort();
  for (const status of statuses) {
    const from = a.responseSchemaRefs[status] ?? [];
    const to = b.responseSchemaRefs[status] ?? [];
    if (!sameList(from, to)) changes.push({ kind: "response-schema", status, from, to, breaking: false });
  }
  const [wasText, isText] = [a.answer.jsonText, b.answer.jsonText];
  // Breaking either way: a field that starts being parsed reaches code that read it as a string as an object, one
  // that stops arrives as the string code read as an object, and the generated type follows. A field new to the
  // answer also counts (fail closed; the schema change beside it says it is new).
  if (!sameList(wasText, isText)) changes.push({ kind: "json-text", from: wasText, to: isText, breaking: true });
  return changes;
}

/**
 * Only a mark added or dropped is a change: a marked parameter renamed with its path is reported as that rename, and
 * it still keeps its slashes.
 */
function wholePathChange(a: TableEntry, b: TableEntry): Change | undefined {
  if ((a.wholePath === undefined) === (b.wholePath === undefined)) return undefined;
  const dropped = b.wholePath === undefined;
  // Dropped: a value with slashes now goes out encoded as one segment (`a%2Fb`) and a raw path spanning segments no
  // longer matches the template, so calls that passed one break. Added: the types are the same and values without
  // slashes go out as before; ones with slashes now go out as the whole path the description says the server takes.
  return { kind: "whole-path", from: a.wholePath ?? null, to: b.wholePath ?? null, breaking: dropped };
}

function compareParameters(before: Parameter[], after: Parameter[], renames: ReadonlyMap<string, string>): Change[] {
  // An old path parameter is known by its new name when it was renamed in place.
  const oldId = (p: Parameter) => `${p.in}:${p.in === "path" ? (renames.get(p.name) ?? p.name) : p.name}`;
  const newId = (p: Parameter) => `${p.in}:${p.name}`;
  const old = new Map(before.map((p) => [oldId(p), p]));
  const now = new Set(after.map(newId));
  const changes: Change[] = [];
  for (const p of after) {
    const was = old.get(newId(p));
    if (!was) changes.push({ kind: "parameter-added", parameter: param(p), breaking: p.required });
    else if (!was.required && p.required)
      changes.push({ kind: "parameter-required", parameter: param(p), breaking: true });
    else if (was.required && !p.required)
      changes.push({ kind: "parameter-optional", parameter: param(p), breaking: false });
  }
  for (const p of before)
    if (!now.has(oldId(p))) changes.push({ kind: "parameter-removed", parameter: param(p), breaking: false });
  return changes;
}

const param = (p: Parameter): ParameterRef => ({ name: p.name, in: p.in, required: p.required });

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
