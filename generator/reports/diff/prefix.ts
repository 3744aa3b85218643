/**
 * Version prefixes in paths (`/api/v1/jobs` -> `/api/v2/jobs`): parse `--prefix old=new`, detect a moved one, and
 * rewrite an old path under it. Detection looks for a leading version segment (`v1`, `v1.2`, `2.0`) whose move to
 * another version makes most of the old paths under it line up with new ones.
 */
import { OptionError } from "../../errors.js";
import type { PrefixMove } from "./report.js";

/** `v1`, `v1.2`, `v2beta1`, `1.2`: a segment that names a version. */
const VERSION_SEGMENT = /^(?:v\d+(?:\.\d+)*(?:[a-z]+\d*)?|\d+(?:\.\d+)+)$/i;

/** `--prefix /api/v1=/api/v2` (either side may be empty: `=/v2`); `none` turns detection off (null). */
export function parsePrefix(value: string): Omit<PrefixMove, "how"> | null {
  if (value === "none") return null;
  const at = value.indexOf("=");
  const sides = at < 0 ? undefined : [value.slice(0, at), value.slice(at + 1)].map((s) => s.replace(/\/+$/, ""));
  if (!sides || sides.some((s) => (s !== "" && !s.startsWith("/")) || /[?#{}=\s]/.test(s)) || sides[0] === sides[1]) {
    throw new OptionError(
      `--prefix ${JSON.stringify(value)}: ` +
        "expected <old>=<new>, two different path prefixes such as /api/v1=/api/v2, or none",
    );
  }
  return { from: sides[0]!, to: sides[1]! };
}

/** Is `path` at or below `prefix` (whole segments)? The empty prefix holds every path. */
export function isUnder(path: string, prefix: string): boolean {
  return prefix === "" || path === prefix || path.startsWith(`${prefix}/`);
}

/** `path` with `move.from` replaced by `move.to`; call only for paths under `move.from`. */
export function movePath(path: string, move: Pick<PrefixMove, "from" | "to">): string {
  return `${move.to}${path.slice(move.from.length)}` || "/";
}

/** The path up to and including its first version segment (before any `{param}`), if it has one. */
function versionPrefix(path: string): string | undefined {
  const segments = path.split("/");
  for (let i = 1; i < segments.length && !segments[i]!.includes("{"); i++) {
    if (VERSION_SEGMENT.test(segments[i]!)) return segments.slice(0, i + 1).join("/");
  }
  return undefined;
}

/**
 * The version prefix move that lines up the most old paths with new ones, if it lines up more than half of the old
 * paths under it that the new description does not have as they are. Candidates pair a version prefix of each side
 * that differ only in the version segment. Ties go to the first pair in sorted order (deterministic).
 */
export function detectPrefix(oldPaths: readonly string[], newPaths: readonly string[]): PrefixMove | null {
  const now = new Set(newPaths);
  const gone = [...new Set(oldPaths)].filter((p) => !now.has(p));
  const prefixes = (paths: Iterable<string>) =>
    [...new Set([...paths].map(versionPrefix).filter((p): p is string => p !== undefined))].sort();
  const parent = (prefix: string) => prefix.slice(0, prefix.lastIndexOf("/"));
  const targets = prefixes(now);
  let best: { move: PrefixMove; score: number } | undefined;
  for (const from of prefixes(gone)) {
    const under = gone.filter((p) => isUnder(p, from));
    for (const to of targets) {
      if (to === from || parent(to) !== parent(from)) continue;
      const score = under.filter((p) => now.has(movePath(p, { from, to }))).length;
      if (score * 2 > under.length && (!best || score > best.score))
        best = { move: { from, to, how: "detected" }, score };
    }
  }
  return best?.move ?? null;
}
