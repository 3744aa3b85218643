/**
 * The scope model: which `x-<vendor>-scope` field names an operation's level, the ladder that orders levels, and
 * the rule that turns an operation's scope value into the level it requires. Unknown or malformed values fail closed.
 */

import {
  canCall,
  colorProblem,
  ladderProblem,
  PUBLIC,
  rank,
  requiredLevel,
  topLevel,
  UNRANKED,
} from "../../templates/runtime/levels.js";
import type { HttpMethod, OpenApiDocument } from "../description/document.js";
import { eachOperationObject } from "../description/document.js";
import { OptionError } from "../errors.js";
import type { ScopeSet, SecurityReading } from "./security.js";
import { allScopes, readSecurity, statesScopes } from "./security.js";

export type { HttpMethod };
// The ladder rules themselves live in the runtime (the guard enforces them); the generator, the facility and `needs`
// use that one copy.
export { canCall, PUBLIC, rank, topLevel, UNRANKED };
/** The level a client needs for `scope` under `ladder`: the level itself when ranked, "public", else the top. */
export const effectiveLevel: typeof requiredLevel = requiredLevel;

/** Levels from least to most capable; the last one (the top) may call everything. */
export type Ladder = readonly string[];

export const DEFAULT_LADDER: Ladder = ["green", "red"];
export const DEFAULT_VENDOR = "nersc";

/**
 * Where an operation's level comes from: `scope`, its scope field; `method`, the earlier facility rule (reads need the
 * lowest level, writes the top); `security`, OpenAPI's own `security` field, read as sets of OAuth2 scopes
 * (security.ts) instead of a ladder.
 */
export const POLICIES = ["scope", "method", "security"] as const;
export type Policy = (typeof POLICIES)[number];
/** What `--policy` and a config file accept: a policy, or `auto` (chosen by `choosePolicy`). */
export const POLICY_CHOICES: readonly [...typeof POLICIES, "auto"] = [...POLICIES, "auto"];
export type PolicyChoice = (typeof POLICY_CHOICES)[number];

/** The table's `scope` of an operation the security policy secures: its scopes are in `Requirement.anyOf`. */
export const SCOPED = "scoped";

export function isPolicy(value: unknown): value is Policy {
  return (POLICIES as readonly unknown[]).includes(value);
}

export function isPolicyChoice(value: unknown): value is PolicyChoice {
  return (POLICY_CHOICES as readonly unknown[]).includes(value);
}

/**
 * `auto`: `security` when the description states OAuth2 scopes in some requirement and no operation has a
 * `x-*-scope` field; otherwise `scope` (a description with both is read by its vendor field, as before).
 */
export function choosePolicy(doc: OpenApiDocument, choice: PolicyChoice): Policy {
  if (choice !== "auto") return choice;
  for (const [, , op] of eachOperationObject(doc))
    for (const key of Object.keys(op)) if (SCOPE_KEY.test(key)) return "scope";
  return statesScopes(doc) ? "security" : "scope";
}

export interface Requirement {
  /** The table's `scope`: the named level verbatim, `"public"`, or `"unranked"`. */
  scope: string;
  /**
   * Why an operation ends up callable only by the top level, when it does; undefined for an ordinary ranked level and
   * for a public one. The one place "unranked" is decided: audits and emitters read this, never recompute it.
   */
  problem?: "not-on-ladder" | "malformed" | "empty" | "missing";
  /** The scope field's raw value, for audits (undefined when absent). */
  raw?: unknown;
  /**
   * Under the security policy: the OR-ed scope sets that allow a call (empty when public; every scope the description
   * names when malformed), where its requirement list is, and why it is malformed.
   */
  security?: { anyOf: ScopeSet[]; pointer?: string; malformed?: string };
}

const SCOPE_KEY = /^x-(.+)-scope$/;

/** `--levels` (comma-separated, or a config file's list) as a ladder, by the runtime's ladder rule. */
export function parseLadder(value: string | readonly string[]): Ladder {
  const levels = (typeof value === "string" ? value.split(",") : [...value]).map((l) => l.trim());
  if (levels.length === 0 || levels.some((l) => l === ""))
    throw new OptionError(`--levels needs a comma-separated list of level names, got ${JSON.stringify(value)}`);
  const bad = ladderProblem(levels);
  if (bad) throw new OptionError(`--levels: ${bad.problem}`);
  return levels;
}

/**
 * A ladder the user gave (`--levels`, a config file's `levels`) that names a level the description's scopes do not
 * use, while they use one the ladder lacks and whose name is close to it (`yelow` and `yellow`), is a typo: a client
 * built on it would carry the misspelt level and rank `yellow`'s operations at the top. That is an error naming the
 * closest level. A named level nothing uses and nothing resembles (a top level no operation needs) stays allowed.
 * `used`: the scope values the description's operations name.
 */
export function unusedLevelsError(ladder: Ladder, used: ReadonlySet<string>, source: string): OptionError | undefined {
  const offLadder = [...used].filter((scope) => !ladder.includes(scope)).sort();
  if (offLadder.length === 0) return undefined;
  const typos = ladder.flatMap((level) => {
    if (used.has(level)) return [];
    const near = closest(level, offLadder);
    return near === undefined ? [] : [`${JSON.stringify(level)} (did you mean ${JSON.stringify(near)}?)`];
  });
  if (typos.length === 0) return undefined;
  return new OptionError(
    `--levels: ${typos.join(", ")} ${typos.length > 1 ? "are levels" : "is a level"} the description's scopes ` +
      `do not use; they use ${[...used]
        .sort()
        .map((l) => JSON.stringify(l))
        .join(", ")}`,
    source,
  );
}

/** Longest level name compared by edit distance: longer names are cut, so each comparison is bounded. */
const NAME_CAP = 64;

/** The name in `names` nearest to `word` by edit distance, if one is within a quarter of its length (at least 1). */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 4)) + 1;
  for (const name of names) {
    const d = editDistance(word.slice(0, NAME_CAP), name.slice(0, NAME_CAP));
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, two rows; both strings are at most NAME_CAP long here, so it costs a bounded constant. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** Position of the level a scope needs: public below every level, unranked at the top (fail closed). */
export function levelRank(ladder: Ladder, scope: string): number {
  return scope === PUBLIC ? -1 : rank(ladder, effectiveLevel(ladder, scope));
}

/** A color must be a level on the ladder: anything else would silently count as "may call nothing". */
export function checkColor(ladder: Ladder, color: string): void {
  const wrong = colorProblem(ladder, color);
  if (wrong) throw new OptionError(`--color ${wrong}`);
}

/**
 * The scope field to read. `auto` finds the single `x-*-scope` key used on operations (two different ones is an error;
 * none falls back to the default vendor's field, which then simply is absent everywhere).
 */
export function scopeField(doc: OpenApiDocument, vendor: string = DEFAULT_VENDOR): string {
  if (vendor !== "auto") {
    if (!/^[A-Za-z0-9_.-]+$/.test(vendor))
      throw new OptionError(`--vendor: "${vendor}" is not a vendor name (letters, digits, "-", "_", ".")`);
    return `x-${vendor}-scope`;
  }
  const found = new Set<string>();
  for (const [, , op] of eachOperationObject(doc)) {
    for (const key of Object.keys(op)) if (SCOPE_KEY.test(key)) found.add(key);
  }
  const keys = [...found].sort();
  if (keys.length > 1)
    throw new OptionError(
      `--vendor auto: the description uses ${keys.length} different scope fields (${keys.join(", ")}); ` +
        "name one with --vendor",
    );
  return keys[0] ?? `x-${DEFAULT_VENDOR}-scope`;
}

/** The vendor part of a scope field name (`x-nersc-scope` -> `nersc`). */
export function vendorOf(field: string): string {
  return SCOPE_KEY.exec(field)?.[1] ?? field;
}

/** A security requirement list demands credentials unless it is absent, empty, or offers an anonymous `{}` option. */
export function isSecured(doc: OpenApiDocument, op: Record<string, any>): boolean {
  const security: unknown = op.security ?? doc.security;
  if (!Array.isArray(security) || security.length === 0) return false;
  return !security.some((req) => req && typeof req === "object" && Object.keys(req).length === 0);
}

/** Does the description declare any security at all (root, any operation, or a security scheme)? */
export function usesSecurity(doc: OpenApiDocument): boolean {
  if (Array.isArray(doc.security) && doc.security.length > 0) return true;
  if (doc.components?.securitySchemes && Object.keys(doc.components.securitySchemes).length > 0) return true;
  for (const [, , op] of eachOperationObject(doc))
    if (Array.isArray(op.security) && op.security.length > 0) return true;
  return false;
}

export interface ScopeRules {
  field: string;
  ladder: Ladder;
  policy: Policy;
  /** For `policy: "method"`: whether the description declares security anywhere (else nothing is public). */
  describesSecurity?: boolean;
  /** For `policy: "security"`: every scope the description names, what a malformed requirement needs. */
  allScopes?: readonly string[];
}

/**
 * The requirement of one operation, by the scope model's rules (docs/generate.md, "How an operation's level is
 * decided").
 */
export function requirementOf(
  doc: OpenApiDocument,
  method: HttpMethod,
  op: Record<string, any>,
  rules: ScopeRules,
  pointer = "",
): Requirement {
  if (rules.policy === "security") return securityRequirement(readSecurity(doc, op, pointer), rules);
  const secured = isSecured(doc, op);
  if (rules.policy === "method") {
    // The earlier facility policy: reads for the lowest level, writes for the top. A description that declares no
    // security at all (GitHub's) says nothing about what is public, so then every operation is ranked by method.
    if (!secured && rules.describesSecurity !== false) return { scope: PUBLIC };
    const read = method === "get" || method === "head" || method === "options";
    return { scope: read ? rules.ladder[0]! : topLevel(rules.ladder) };
  }
  const hasField = Object.hasOwn(op, rules.field);
  const raw: unknown = op[rules.field];
  if (!hasField || raw === undefined || raw === null) {
    return secured ? { scope: UNRANKED, problem: "missing" } : { scope: PUBLIC };
  }
  if (typeof raw !== "string") return { scope: UNRANKED, problem: "malformed", raw };
  if (raw.trim() === "") return { scope: UNRANKED, problem: "empty", raw };
  if (raw === PUBLIC || raw === UNRANKED) return { scope: UNRANKED, problem: "malformed", raw };
  if (rank(rules.ladder, raw) < 0) return { scope: raw, problem: "not-on-ladder", raw };
  return { scope: raw, raw };
}

function securityRequirement(reading: SecurityReading, rules: ScopeRules): Requirement {
  const { anyOf, pointer, malformed } = reading;
  if (malformed !== undefined) {
    const all = { schemes: [], scopes: [...(rules.allScopes ?? [])] };
    return { scope: UNRANKED, problem: "malformed", security: { anyOf: [all], pointer, malformed } };
  }
  const security = pointer === undefined ? { anyOf } : { anyOf, pointer };
  return { scope: anyOf.length === 0 ? PUBLIC : SCOPED, security };
}

/** The rules a policy reads a description by, with what it needs computed from the document once. */
export function rulesFor(doc: OpenApiDocument, rules: ScopeRules): ScopeRules {
  if (rules.policy === "method" && rules.describesSecurity === undefined)
    return { ...rules, describesSecurity: usesSecurity(doc) };
  if (rules.policy === "security" && rules.allScopes === undefined) return { ...rules, allScopes: allScopes(doc) };
  return rules;
}

/** Words for an audit or an error: why the operation needs the top level. */
export function describeProblem(req: Requirement, field: string): string | undefined {
  if (req.security?.malformed !== undefined)
    return `security at ${req.security.pointer ?? "/security"} ${req.security.malformed}: it needs every scope`;
  switch (req.problem) {
    case "missing":
      return `secured but has no ${field}`;
    case "malformed":
      return `${field} is ${JSON.stringify(req.raw)}, not a level name`;
    case "empty":
      return `${field} is an empty string`;
    case "not-on-ladder":
      return `${field} "${String(req.raw)}" is not on the ladder`;
    default:
      return undefined;
  }
}
