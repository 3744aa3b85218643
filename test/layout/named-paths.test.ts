/**
 * Every file a comment names exists, and every path pattern of the configuration selects something: after a move, a
 * comment that still names the file's old place sends the reader to nothing, and a Biome override for a folder that
 * is gone applies to nothing, silently.
 *
 * A name in a comment of generator/, templates/, bin/ or test/ resolves when it is a path from the repository's root
 * or from the comment's folder, or the tail of a tracked or generated file's path (`scan.ts`, `usage/scan.ts`,
 * `runtime/path.js`). Comments are found around the nodes of TypeScript's syntax tree, so strings and regular
 * expressions are not read.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { ts } from "../../generator/usage/typescript.js";
import { root } from "../support/project.js";

const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
const trackedSet = new Set(tracked);

/** Names in comments that are not this repository's files: what a user's project, a fixture or a peer holds. */
const NOT_OURS = new Map([
  ["sfapi-gen.config.json", "the config file of a user's project"],
  ["tsconfig.app.json", "a user's referenced project"],
  ["stop.ts", "a file the test writes into its fixture"],
  ["client.schemas.ts", "what a compared generator writes"],
  ["generated/api.github.com.json", "a file of the @octokit/openapi package"],
  ["bundle.js", "a module of @redocly/openapi-core"],
  ["description.json", "the description copy of a client folder written before description.json.gz"],
]);

/** A path-like word ending in a file extension: `bundle.ts`, `usage/scan.ts`, `test/bench/RESULTS.md`. */
const NAMED = /(?<![\w./-])(?:[\w-]+\/)*[\w.-]*\w\.(?:ts|js|mjs|cjs|json|jsonc|md|sh|ya?ml)\b/g;

function resolves(name: string, from: string): boolean {
  if (trackedSet.has(name) || existsSync(join(root, dirname(from), name))) return true;
  return tracked.some((file) => file.endsWith(`/${name}`));
}

/** The comments of a TypeScript or JavaScript file, as [start, text]: read around every node of its syntax tree. */
function commentsOf(file: string, text: string): [number, string][] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = new Map<number, string>();
  const collect = (ranges: TS.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: TS.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...found];
}

/** Every name in the comments of one file that resolves to nothing, as `file:line: name`. */
function unresolvedIn(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const found: string[] = [];
  // Parsing is the cost: only a file with some name that does not resolve, anywhere in it, is parsed.
  const suspect = (name: string) => !(name.startsWith(".") || name.startsWith("src/") || NOT_OURS.has(name));
  const named = [...text.matchAll(NAMED)].map((m) => m[0].replace(/^\.\//, ""));
  if (!named.some((name) => suspect(name) && !resolves(name, file))) return found;
  for (const [start, comment] of commentsOf(file, text)) {
    for (const match of comment.matchAll(NAMED)) {
      const name = match[0].replace(/^\.\//, "");
      // `.d.ts`, `.levels.json`: an extension, not a file; `src/...`: a user's project, as the docs lay it out.
      if (!suspect(name) || resolves(name, file)) continue;
      const line = text.slice(0, start + match.index).split("\n").length;
      found.push(`${file}:${line}: ${name}`);
    }
  }
  return found;
}

/** A glob of the configuration (`**`, `*`) as a pattern over repository paths; a folder selects what is under it. */
function globPattern(glob: string): RegExp {
  const parts = glob.split(/(\*\*\/?|\*)/).map((part) => {
    if (part === "**" || part === "**/") return ".*";
    if (part === "*") return "[^/]*";
    return part.replace(/[.+?^$()|[\]\\{}]/g, "\\$&");
  });
  return new RegExp(`^${parts.join("")}(/.*)?$`);
}

/** The globs of a configuration that select no tracked file and do not name a place git ignores (build, scratch). */
function emptyGlobs(globs: string[]): string[] {
  const literal = (glob: string) => glob.replace(/^!+/, "").split("*")[0]!.replace(/\/$/, "");
  const candidates = globs.filter((glob) => {
    const re = globPattern(glob.replace(/^!+/, ""));
    return !tracked.some((file) => re.test(file));
  });
  if (candidates.length === 0) return [];
  // `git check-ignore` answers with the ones it ignores; a child path asks about a folder that need not exist yet.
  let ignored = "";
  try {
    ignored = execFileSync("git", ["check-ignore", "--no-index", "--stdin"], {
      cwd: root,
      encoding: "utf8",
      input: candidates.map((glob) => `${literal(glob)}/x`).join("\n"),
    });
  } catch {
    // exit 1: none ignored
  }
  const ignoredSet = new Set(ignored.split("\n").filter(Boolean));
  return candidates.filter((glob) => !ignoredSet.has(`${literal(glob)}/x`));
}

const readJsonc = (file: string) => ts.parseConfigFileTextToJson(file, readFileSync(join(root, file), "utf8")).config;

describe("paths named in comments and configuration", () => {
  it("every file a comment in generator/, templates/, bin/ or test/ names exists", () => {
    const sources = tracked.filter((f) => /^(generator|templates|bin|test)\/.*\.(ts|mts|mjs|js)$/.test(f));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap(unresolvedIn)).toEqual([]);
  });

  it("the check finds a stale name", () => {
    expect(resolves("preflight.ts", "generator/description/read.ts")).toBe(false);
    expect(resolves("needs/scan.ts", "generator/reports/needs/needs.ts")).toBe(false);
    expect(resolves("usage/scan.ts", "generator/reports/needs/needs.ts")).toBe(true);
    expect(emptyGlobs(["generator/audit/*.json", "generator/reports/audit/*.json", "!!dist"])).toEqual([
      "generator/audit/*.json",
    ]);
  });

  it("every path pattern of biome.jsonc, package.json files and the tsconfigs selects something", () => {
    const biome = readJsonc("biome.jsonc");
    const globs: string[] = [
      ...biome.files.includes,
      ...(biome.overrides ?? []).flatMap((o: { includes: string[] }) => o.includes),
      ...JSON.parse(readFileSync(join(root, "package.json"), "utf8")).files,
      ...tracked.filter((f) => /^tsconfig[\w.]*\.json$/.test(f)).flatMap((f) => readJsonc(f).include ?? []),
    ];
    expect(globs.length).toBeGreaterThan(10);
    expect(emptyGlobs(globs)).toEqual([]);
  });
});
