/**
 * The ladder rules, in one place: the guard and `createClient` enforce them at run time, and the generator (`--levels`,
 * `--color`, a manifest's ladder), the local facility and `needs` import them from here. Levels run from least to most
 * capable; the last, the top, may call everything.
 */
import { ConfigError } from "./errors.js";

export const PUBLIC = "public";
export const UNRANKED = "unranked";

/** The top level: the one that may call everything (unranked and off-ladder operations included). */
export function topLevel(ladder: readonly string[]): string {
  return ladder[ladder.length - 1]!;
}

/** Position on the ladder, or -1 for a level it does not name. */
export function rank(ladder: readonly string[], level: string): number {
  return ladder.indexOf(level);
}

/** May a client of `color` call an operation whose table scope is `scope`? Off-ladder names: the top only. */
export function canCall(ladder: readonly string[], color: string, scope: string): boolean {
  if (scope === PUBLIC) return true;
  const have = rank(ladder, color);
  if (have < 0) return false;
  const need = rank(ladder, scope);
  return need >= 0 ? have >= need : have === ladder.length - 1;
}

/** The level a client needs for `scope`: the level itself when ranked, else the top. */
export function requiredLevel(ladder: readonly string[], scope: string): string {
  if (scope === PUBLIC) return PUBLIC;
  return ladder.includes(scope) ? scope : topLevel(ladder);
}

/** What is wrong with a ladder: `index` is the offending level's position (absent when the whole list is wrong). */
export interface LadderProblem {
  index?: number;
  problem: string;
}

/**
 * Why `levels` is not a ladder (a non-empty list of distinct, non-blank level names, none of them `public` or
 * `unranked`), or undefined when it is one. Callers put their own name in front (`levels[1]`, `--levels`, a pointer).
 */
export function ladderProblem(levels: unknown): LadderProblem | undefined {
  if (!Array.isArray(levels) || levels.length === 0)
    return { problem: "must be a non-empty list of level names, least capable first" };
  for (const [index, level] of levels.entries()) {
    if (typeof level !== "string" || level.trim() === "")
      return { index, problem: `${JSON.stringify(level)} is not a level name` };
    if (level === PUBLIC || level === UNRANKED)
      return { index, problem: `"${level}" is reserved and cannot be a level` };
    if (levels.indexOf(level) !== index) return { index, problem: `"${level}" is named twice` };
  }
  return undefined;
}

/** Why `color` cannot be a client's color on `ladder` (it must be a level on it), or undefined when it can. */
export function colorProblem(ladder: readonly string[], color: unknown): string | undefined {
  if (typeof color === "string" && rank(ladder, color) >= 0) return undefined;
  return `${JSON.stringify(color)} is not on the ladder ${ladder.join(" < ")}`;
}

/** Check a `levels` override and the color against it; returns a frozen copy of the ladder. */
export function checkLadder(levels: readonly unknown[], color: unknown): readonly string[] {
  const bad = ladderProblem(levels);
  if (bad)
    throw new ConfigError({ message: `levels${bad.index === undefined ? "" : `[${bad.index}]`}: ${bad.problem}` });
  const ladder = levels as readonly string[];
  const wrong = colorProblem(ladder, color);
  if (wrong) throw new ConfigError({ message: `color ${wrong}; pass one of those (or a matching \`levels\`)` });
  return Object.freeze([...ladder]);
}
