/**
 * The scope settings a client folder keeps across regenerations: its manifest's ladder, vendor and policy are part of
 * the client (code written against a yellow client must keep compiling), so regenerating into the folder, or checking
 * it, reads the new description under them unless flags (or the config file) say otherwise. So are its whole-path
 * marks (model/whole-path.ts): a live or newer description without `x-sfapi-whole-path` would otherwise change the
 * wire of the same call (`a%2Fb` for `a/b`); no flag overrides them, a new folder starts without them.
 */
import { resolve } from "node:path";
import { SfapiGenError } from "../errors.js";
import type { Model, ScopeOptions } from "../model/model.js";
import { offLadderLevels, offLadderWarning } from "../model/model.js";
import type { Policy } from "../model/scope.js";
import { DEFAULT_LADDER, DEFAULT_VENDOR, topLevel } from "../model/scope.js";
import { isGeneratedFolder, MANIFEST_FILE, readManifest } from "./client-folder.js";
import type { Manifest } from "./manifest.js";

export interface KeptScope {
  /** The options with what the folder keeps filled in where the caller left them undefined. */
  options: ScopeOptions;
  /** The manifest the settings were kept from ("src/sfapi/manifest.json"); absent when there was none. */
  from?: string;
  /** What was taken from it (the caller named the rest). */
  kept: { ladder?: readonly string[]; vendor?: string; policy?: Policy; wholePaths?: readonly string[] };
  /** Why the folder's settings could not be read (a malformed manifest); absent otherwise. */
  warning?: string;
}

/** `options` completed from the manifest of the generated folder `dir` (relative to `cwd`), when there is one. */
export function keepScope(dir: string, cwd: string, options: ScopeOptions): KeptScope {
  if (!isGeneratedFolder(resolve(cwd, dir))) return { options, kept: {} };
  let manifest: Manifest;
  try {
    manifest = readManifest(dir, cwd);
  } catch (error) {
    if (!(error instanceof SfapiGenError)) throw error;
    return {
      options,
      kept: {},
      warning: `${error.message}; its ladder, vendor, policy and whole-path marks are not kept`,
    };
  }
  return keepFrom(manifest, `${dir.replace(/\/+$/, "")}/${MANIFEST_FILE}`, options);
}

/** `options` completed from `manifest` (read from `from`). */
export function keepFrom(manifest: Manifest, from: string, options: ScopeOptions): KeptScope {
  const { ladder, vendor, policy } = manifest.scope;
  const kept: KeptScope["kept"] = {};
  const out: ScopeOptions = { ...options };
  // A client of OAuth2 scopes has no ladder (its manifest's is the unused default): keeping it would ask for one.
  if (options.levels === undefined && (options.policy ?? policy) !== "security") out.levels = kept.ladder = ladder;
  if (options.vendor === undefined) out.vendor = kept.vendor = vendor;
  if (options.policy === undefined) out.policy = kept.policy = policy;
  const marks = wholePathTemplates(manifest);
  if (options.wholePaths === undefined && marks.length > 0) out.wholePaths = kept.wholePaths = marks;
  return { options: out, from, kept };
}

/** The templates of `manifest`'s table entries that take a whole path (one per template, sorted). */
export function wholePathTemplates(manifest: Manifest): string[] {
  return [...new Set(manifest.operations.filter((op) => op.wholePath !== undefined).map((op) => op.path))].sort();
}

/** Where the description came from and where the client goes, to spell out the command that adopts its ladder. */
export interface AdoptCommand {
  out: string;
  file?: string | undefined;
  url?: string | undefined;
}

/**
 * The kept ladder and the one the description brings itself (a bundled description's ladder file), when they
 * differ; `folds` when every level the kept ladder lacks is on the description's, so the line keptNote writes says
 * all the model's off-ladder warning would (offLadderWarning), and the caller drops that warning.
 */
export function ladderChange(
  scope: KeptScope,
  model: Model,
): { kept: readonly string[]; own: readonly string[]; off: string[]; folds: boolean } | undefined {
  const kept = scope.kept.ladder;
  const own = model.description.levels;
  if (!kept || !own || kept.join() === own.join() || scope.from === undefined) return undefined;
  const off = offLadderLevels(model);
  return { kept, own, off, folds: off.every((level) => own.includes(level)) };
}

/**
 * One line saying what keeping changed: the kept settings that differ from what the description alone would have
 * given (its own ladder or green,red; vendor nersc; policy scope; its own whole-path marks), and the kept whole-path
 * marks that were skipped, with why. When the description brings its own ladder and the kept one differs, the line
 * names both, what the kept ladder makes of the levels it lacks, and the command that adopts the description's.
 * Undefined when keeping changed nothing.
 */
export function keptNote(scope: KeptScope, model: Model, adopt?: AdoptCommand): string | undefined {
  const { kept, from } = scope;
  const items: string[] = [];
  const defaultLadder = model.description.levels ?? DEFAULT_LADDER;
  const change = ladderChange(scope, model);
  if (kept.ladder && kept.ladder.join() !== defaultLadder.join()) items.push(`ladder ${kept.ladder.join(" < ")}`);
  if (kept.vendor && kept.vendor !== DEFAULT_VENDOR) items.push(`vendor ${kept.vendor}`);
  if (kept.policy && kept.policy !== "scope") items.push(`policy ${kept.policy}`);
  const settings = items.length > 0;
  const marks = kept.wholePaths ? model.keptWholePaths : undefined;
  const applied = marks?.applied ?? [];
  if (applied.length > 0) items.push(`whole-path mark${plural(applied)} on ${applied.join(", ")}`);
  if (from === undefined) return undefined;
  const notes: string[] = [];
  if (items.length > 0) {
    const last = items.pop()!;
    const list = items.length > 0 ? `${items.join(", ")} and ${last}` : last;
    const overrides = settings && !change ? " (--levels, --vendor, --policy override)" : "";
    notes.push(`keeping the ${list} of ${from}${overrides}`);
  }
  if (change) notes.push(ladderAdvice(change, topLevel(change.kept), adopt));
  const byWhy = new Map<string, string[]>();
  for (const { template, why } of marks?.skipped ?? []) byWhy.set(why, [...(byWhy.get(why) ?? []), template]);
  for (const [why, templates] of byWhy)
    notes.push(
      notes.length > 0
        ? `not keeping its whole-path mark${plural(templates)} on ${templates.join(", ")}: ${why}`
        : `not keeping the whole-path mark${plural(templates)} of ${from} on ${templates.join(", ")}: ${why}`,
    );
  return notes.length > 0 ? notes.join("; ") : undefined;
}

/** Drops the model's off-ladder warning when keptNote's line says it all (ladderChange's `folds`). */
export function dropFoldedWarning(scope: KeptScope, model: Model): void {
  if (!ladderChange(scope, model)?.folds) return;
  const folded = offLadderWarning(model);
  model.warnings = model.warnings.filter((warning) => warning !== folded);
}

/** `not the description's own ladder a < b < c ("b" is for c only here); adopt it: sfapi-gen generate ...`. */
function ladderAdvice(
  change: NonNullable<ReturnType<typeof ladderChange>>,
  top: string,
  adopt: AdoptCommand | undefined,
): string {
  const off = change.off.filter((level) => change.own.includes(level));
  const lacks =
    off.length === 0 ? "" : ` (${off.map((level) => `"${level}"`).join(", ")} operations are for ${top} only here)`;
  const levels = `--levels ${change.own.join(",")}`;
  const command = adopt
    ? [
        "sfapi-gen generate",
        ...(adopt.url !== undefined ? ["--url", shellWord(adopt.url)] : []),
        ...(adopt.file !== undefined ? ["--file", shellWord(adopt.file)] : []),
        "--out",
        shellWord(adopt.out),
        levels,
      ].join(" ")
    : levels;
  return `the description's own ladder is ${change.own.join(" < ")}${lacks}; adopt it with: ${command}`;
}

/** A word a POSIX shell reads back as it is: bare when it is plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

const plural = (list: readonly unknown[]) => (list.length > 1 ? "s" : "");
