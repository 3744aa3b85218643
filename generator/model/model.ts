/**
 * From a description source and scope options to the operation model: the one path every command takes
 * (generate, audit, diff), so they never read a description differently.
 */

import type { DescriptionSource, LoadedDescription } from "../description/read.js";
import { loadDescription } from "../description/read.js";
import { OptionError } from "../errors.js";
import { type BaseUrlChoice, chooseBaseUrl, serverUrl } from "./base-url.js";
import type { Operation } from "./operations.js";
import { buildOperations } from "./operations.js";
import type { Ladder, Policy, PolicyChoice } from "./scope.js";
import {
  choosePolicy,
  DEFAULT_LADDER,
  describeProblem,
  isPolicyChoice,
  POLICY_CHOICES,
  PUBLIC,
  parseLadder,
  scopeField,
  topLevel,
  UNRANKED,
  unusedLevelsError,
  vendorOf,
} from "./scope.js";
import { type KeptWholePaths, keptWholePaths } from "./whole-path.js";

export interface ScopeOptions {
  /** Vendor of the `x-<vendor>-scope` field, or "auto". Default "nersc". */
  vendor?: string;
  /** The ladder, least capable first. Default green,red. */
  levels?: string | readonly string[];
  /** Default `auto`: the vendor field when an operation has one, else `security` when requirements list scopes. */
  policy?: PolicyChoice;
  /** Unranked operations and off-ladder levels become an error. */
  strict?: boolean;
  /**
   * Templates whose trailing path parameter takes a whole file path, kept from a previous output (output/kept.ts):
   * marked unless the description marks them itself (its `false` wins); ones it no longer has are skipped.
   */
  wholePaths?: readonly string[];
}

export interface Model {
  description: LoadedDescription;
  vendor: string;
  scopeField: string;
  ladder: Ladder;
  policy: Policy;
  operations: Operation[];
  /** The generated client's default base URL, chosen once from `servers[0].url` (and why not, when it was not). */
  baseUrl: BaseUrlChoice;
  /** What became of `options.wholePaths` (whole-path.ts); absent when none were given. */
  keptWholePaths?: KeptWholePaths;
  /** Human-readable warnings (levels the ladder lacks, unranked operations), for stderr. */
  warnings: string[];
}

export async function loadModel(source: DescriptionSource, options: ScopeOptions = {}): Promise<Model> {
  const description = await loadDescription(source);
  return buildModel(description, options);
}

export function buildModel(description: LoadedDescription, options: ScopeOptions = {}): Model {
  const choice = options.policy ?? "auto";
  if (!isPolicyChoice(choice))
    throw new OptionError(
      `--policy must be ${POLICY_CHOICES.map((p) => `"${p}"`).join(", ")}, not ${JSON.stringify(String(choice))}`,
    );
  // Levels given with `auto` ask for a ladder: the security policy has none.
  const policy =
    choice === "auto" && options.levels !== undefined ? "scope" : choosePolicy(description.document, choice);
  if (policy === "security" && options.levels !== undefined)
    throw new OptionError("--levels orders colors; the security policy reads sets of OAuth2 scopes and has no ladder");
  const ladder = parseLadder(options.levels ?? description.levels ?? DEFAULT_LADDER);
  const field = scopeField(description.document, options.vendor);
  const keptUsed = new Set<string>();
  const operations = buildOperations(
    description.document,
    { field, ladder, policy },
    { source: description.source, listed: description.wholePaths, kept: options.wholePaths, keptUsed },
  );
  if (options.levels !== undefined) {
    const used = new Set(
      operations
        .filter((op) => op.requirement.problem === undefined || op.requirement.problem === "not-on-ladder")
        .map((op) => op.scope)
        .filter((scope) => scope !== PUBLIC),
    );
    const unused = unusedLevelsError(ladder, used, description.source);
    if (unused) throw unused;
  }
  const unranked = operations.filter((op) => op.requirement.problem);
  const model: Model = {
    description,
    vendor: vendorOf(field),
    scopeField: field,
    ladder,
    policy,
    operations,
    baseUrl: chooseBaseUrl(serverUrl(description.document)),
    ...(options.wholePaths === undefined
      ? {}
      : {
          keptWholePaths: keptWholePaths(
            description.document,
            options.wholePaths,
            keptUsed,
            new Set(operations.filter((op) => op.wholePath !== undefined).map((op) => op.path)),
          ),
        }),
    warnings: [...(description.warnings ?? [])],
  };
  const error = options.strict ? strictError(model) : undefined;
  if (error) throw error;
  const warnings = model.warnings;
  const offLadder = offLadderWarning(model);
  if (offLadder) warnings.push(offLadder);
  const otherUnranked = unranked.filter((op) => op.requirement.problem !== "not-on-ladder");
  if (otherUnranked.length > 0) {
    const count = `${otherUnranked.length} operation${otherUnranked.length > 1 ? "s are" : " is"}`;
    const list = otherUnranked.map((op) => `${op.method.toUpperCase()} ${op.path}`).join(", ");
    const who = policy === "security" ? "callable only with every scope" : `callable only by ${topLevel(ladder)}`;
    warnings.push(`${description.source}: ${count} ${UNRANKED} (${who}): ${list}`);
  }
  return model;
}

/** The levels the description uses that `model`'s ladder lacks (sorted): those operations are for the top level. */
export function offLadderLevels(model: Model): string[] {
  const off = model.operations.filter((op) => op.requirement.problem === "not-on-ladder").map((op) => op.scope);
  return [...new Set(off)].sort();
}

/** The warning about offLadderLevels, as buildModel adds it to `model.warnings`; undefined when there are none. */
export function offLadderWarning(model: Model): string | undefined {
  const offLadder = offLadderLevels(model);
  if (offLadder.length === 0) return undefined;
  const levels = `level${offLadder.length > 1 ? "s" : ""} ${offLadder.map((l) => `"${l}"`).join(", ")}`;
  return (
    `${model.description.source}: ${model.scopeField} uses ${levels} not on the ladder ${model.ladder.join(" < ")}; ` +
    `those operations are callable only by ${topLevel(model.ladder)} (give the full order with --levels)`
  );
}

/** `--strict`: every unranked operation, with why, as one error; undefined when there are none. */
export function strictError(model: Model): OptionError | undefined {
  const unranked = model.operations.filter((op) => op.requirement.problem);
  if (unranked.length === 0) return undefined;
  const list = unranked.map(
    (op) =>
      `  ${op.method.toUpperCase()} ${op.path} (${op.pointer}): ${describeProblem(op.requirement, model.scopeField)}`,
  );
  return new OptionError(
    `--strict: ${unranked.length} operation${unranked.length > 1 ? "s" : ""} ` +
      `without a level on the ladder ${model.ladder.join(" < ")}:\n${list.join("\n")}`,
    model.description.source,
  );
}
