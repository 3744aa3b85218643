/**
 * The ladder rule, in one place: the guard enforces it at run time, and the generator, the local facility and `needs`
 * import it from here. Levels run from least to most capable; the last, the top, may call everything.
 */
import { ConfigError } from "./errors.js";

export const PUBLIC = "public";
export const UNRANKED = "unranked";

/** May a client of `color` call an operation whose table scope is `scope`? Off-ladder names: the top only. */
export function canCall(ladder: readonly string[], color: string, scope: string): boolean {
  if (scope === PUBLIC) return true;
  const have = ladder.indexOf(color);
  if (have < 0) return false;
  const need = ladder.indexOf(scope);
  return need >= 0 ? have >= need : have === ladder.length - 1;
}

/** The level a client needs for `scope`: the level itself when ranked, else the top. */
export function requiredLevel(ladder: readonly string[], scope: string): string {
  if (scope === PUBLIC) return PUBLIC;
  return ladder.includes(scope) ? scope : ladder[ladder.length - 1]!;
}

/** Check a `levels` override and the color against it; returns a frozen copy of the ladder. */
export function checkLadder(levels: readonly unknown[], color: unknown): readonly string[] {
  if (!Array.isArray(levels) || levels.length === 0)
    throw new ConfigError("levels must be a non-empty array of level names, least capable first");
  for (const [i, level] of levels.entries()) {
    if (typeof level !== "string" || level.trim() === "")
      throw new ConfigError(`levels[${i}] is not a level name: ${JSON.stringify(level)}`);
    if (level === PUBLIC || level === UNRANKED)
      throw new ConfigError(`levels[${i}]: "${level}" is reserved and cannot be a level`);
    if (levels.indexOf(level) !== i) throw new ConfigError(`levels names "${level}" twice`);
  }
  if (typeof color !== "string" || !levels.includes(color)) {
    throw new ConfigError(
      `color ${JSON.stringify(color)} is not on the ladder ${levels.join(" < ")}; pass one of those (or a matching \`levels\`)`,
    );
  }
  return Object.freeze([...(levels as string[])]);
}
