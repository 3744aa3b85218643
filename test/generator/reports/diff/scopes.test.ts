// `sfapi-gen diff` under the security policy: Spotify's description (test/fixtures/oauth2/spotify.yml) against copies
// edited here. A requirement that gains scopes, or loses an alternative, is an escalation (some grant that could call
// the operation cannot now); one that loses scopes or gains an alternative a relaxation; `--fail-on` follows them.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildDiff } from "../../../../generator/commands/diff.js";
import { compareSets } from "../../../../generator/model/scope-sets.js";
import type { Change, DiffReport } from "../../../../generator/reports/diff/diff.js";
import { renderDiff } from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { root, tempDir } from "../../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const spotify = rel(join(root, "test/fixtures/oauth2/spotify.yml"));

let dir: string;
/** Spotify with `edit` applied to its parsed document, written as JSON; the file's path relative to the root. */
function edited(name: string, edit: (paths: Record<string, any>) => void): string {
  const doc = parse(readFileSync(join(root, spotify), "utf8"));
  edit(doc.paths);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  return rel(file);
}
const oauth = (...scopes: string[]) => ({ oauth_2_0: scopes });

let changedFile: string;
let relaxedFile: string;
let report: DiffReport;
let back: DiffReport;

beforeAll(async () => {
  dir = tempDir("diff-scopes-");
  changedFile = edited("changed.json", (paths) => {
    paths["/me"].get.security = [oauth("user-read-private", "user-read-email", "user-top-read")];
    paths["/me/player/pause"].put.security = [oauth("user-modify-playback-state"), oauth("user-read-playback-state")];
    paths["/albums/{id}"].get.security = [];
    paths["/me/top/artists"].get.security = [oauth("user-follow-read")];
    paths["/me/player/queue"].get.security = [oauth("user-read-playback-state")];
  });
  relaxedFile = edited("relaxed.json", (paths) => {
    paths["/me/player/pause"].put.security = [oauth("user-modify-playback-state"), oauth("user-read-playback-state")];
  });
  [report, back] = await Promise.all([
    buildDiff({ old: { file: spotify, cwd: root }, new: { file: changedFile, cwd: root } }),
    buildDiff({ old: { file: changedFile, cwd: root }, new: { file: spotify, cwd: root } }),
  ]);
});

/** The scopes change of the operation at `path`, by its direction and sets. */
function scopes(r: DiffReport, path: string): Extract<Change, { kind: "scopes" }> | undefined {
  const op = r.changed.find((c) => c.path === path);
  return op?.changes.find((c): c is Extract<Change, { kind: "scopes" }> => c.kind === "scopes");
}

describe("diff under the security policy (Spotify and an edited copy)", () => {
  it("reads both sides by scopes and leaves the 92 unedited operations unchanged", () => {
    expect(report.policy).toBe("security");
    expect(report.summary).toMatchObject({ added: 0, removed: 0, changed: 5, escalations: 2, relaxations: 4 });
    expect(report.summary.breaking).toBe(2);
  });

  it("reports an operation whose requirement gains a scope as an escalation, and the way back as a relaxation", () => {
    expect(scopes(report, "/me")).toEqual({
      kind: "scopes",
      from: [["user-read-email", "user-read-private"]],
      to: [["user-read-email", "user-read-private", "user-top-read"]],
      added: [["user-read-email", "user-read-private", "user-top-read"]],
      removed: [["user-read-email", "user-read-private"]],
      direction: "escalation",
      breaking: true,
    });
    expect(scopes(back, "/me")).toMatchObject({ direction: "relaxation", breaking: false });
    expect(scopes(report, "/me/player/queue")).toMatchObject({ direction: "relaxation", breaking: false });
  });

  it("judges an added alternative a relaxation, a removed one an escalation", () => {
    expect(scopes(report, "/me/player/pause")).toMatchObject({
      added: [["user-read-playback-state"]],
      removed: [],
      direction: "relaxation",
      breaking: false,
    });
    expect(scopes(back, "/me/player/pause")).toMatchObject({
      added: [],
      removed: [["user-read-playback-state"]],
      direction: "escalation",
      breaking: true,
    });
  });

  it("counts a scope traded for another as both, and public versus a token with no scope", () => {
    expect(scopes(report, "/me/top/artists")).toMatchObject({ direction: "mixed", breaking: true });
    expect(scopes(report, "/albums/{id}")).toMatchObject({ from: [[]], to: [], direction: "relaxation" });
    expect(scopes(back, "/albums/{id}")).toMatchObject({ from: [], to: [[]], direction: "escalation" });
  });

  it("words the changes in Markdown, scopes as code spans", () => {
    const md = renderDiff(report, "md");
    expect(md).toContain("OAuth2 scopes (policy security): a change is an escalation when some grant");
    expect(md).toContain("0 added, 0 removed, 5 changed: 2 escalations, 4 relaxations, 2 breaking changes.");
    expect(md).toContain(
      "- scopes escalated (a grant that could call it before cannot now): `user-read-email` and `user-read-private` " +
        "-> `user-read-email` and `user-read-private` and `user-top-read`",
    );
    expect(md).toContain(
      "- scopes relaxed (every grant that could call it still can): `user-modify-playback-state` -> " +
        "`user-modify-playback-state`, or `user-read-playback-state` (alternatives added `user-read-playback-state`)",
    );
    expect(md).toContain("- scopes relaxed (every grant that could call it still can): a token, no scope -> public");
  });
});

describe("sfapi-gen diff --fail-on with scopes", () => {
  const runs: Record<string, Awaited<ReturnType<typeof runCli>>> = {};
  beforeAll(async () => {
    // A description with no scopes at all: `auto` reads it by the (absent) scope field.
    const plain = join(dir, "plain.json");
    writeFileSync(
      plain,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "Plain", version: "1" },
        paths: { "/me": { get: { responses: { "200": { description: "OK" } } } } },
      }),
    );
    const code = join(dir, "code");
    mkdirSync(code);
    writeFileSync(join(code, "main.ts"), "export const x = 1;\n");
    const args: Record<string, string[]> = {
      escalation: ["diff", spotify, changedFile, "--fail-on", "escalation", "--format", "json"],
      relaxed: ["diff", spotify, relaxedFile, "--fail-on", "breaking"],
      color: ["diff", spotify, relaxedFile, "--color", "red"],
      code: ["diff", spotify, relaxedFile, "--code", rel(code)],
      mixed: ["diff", rel(plain), spotify],
    };
    for (const [key, a] of Object.entries(args)) runs[key] = await runCli(a);
    // A client folder as the old side keeps its settings: under scopes, no ladder.
    const client = rel(join(dir, "client"));
    runs.generate = await runCli(["generate", "--file", spotify, "--out", client]);
    runs.folder = await runCli(["diff", client, changedFile, "--fail-on", "escalation"]);
    runs.check = await runCli(["generate", "--file", relaxedFile, "--out", client, "--check"]);
  });

  it("fails on an escalation, and not on relaxations alone", () => {
    expect(runs.escalation!.code).toBe(1);
    expect(runs.escalation!.stderr).toContain(`--fail-on escalation: 2 escalation(s) between ${spotify} and`);
    expect(JSON.parse(runs.escalation!.stdout).summary.escalations).toBe(2);
    expect(runs.relaxed!.code, runs.relaxed!.stderr).toBe(0);
    expect(runs.relaxed!.stdout).toContain("1 changed: 0 escalations, 1 relaxation, 0 breaking changes.");
  });

  it("diffs a generated client folder against a later description, and --check sees the change", () => {
    expect(runs.generate!.code, runs.generate!.stderr).toBe(0);
    expect(runs.folder!.code).toBe(1);
    expect(runs.folder!.stderr).toContain("--fail-on escalation: 2 escalation(s) between");
    // The folder's description copy is the bundled JSON: schema wording differs too, scopes as between the files.
    expect(runs.folder!.stdout).toContain("0 added, 0 removed, ");
    expect(runs.folder!.stdout).toContain(": 2 escalations, 4 relaxations, ");
    expect(runs.folder!.stdout).toContain("- scopes escalated (a grant that could call it before cannot now)");
    expect(runs.check!.code).toBe(1);
    expect(runs.check!.stdout + runs.check!.stderr).toContain("scopes relaxed");
  });

  it("refuses --color and --code under scopes, and two sides read by different policies", () => {
    expect(runs.color!.code).toBe(2);
    expect(runs.color!.stderr).toContain("--color names a level, but these descriptions are read under the security");
    expect(runs.code!.code).toBe(2);
    expect(runs.code!.stderr).toContain("run `sfapi-gen needs` against the client before and after");
    expect(runs.mixed!.code).toBe(2);
    expect(runs.mixed!.stderr).toContain(
      "the old description is read under the scope policy and the new one under the security policy",
    );
  });
});

describe("compareSets", () => {
  it.each([
    [[["a"]], [["a", "b"]], "escalation"],
    [[["a", "b"]], [["a"]], "relaxation"],
    [[["a"]], [["a"], ["b"]], "relaxation"],
    [[["a"], ["b"]], [["b"]], "escalation"],
    [[["a"]], [["b"]], "mixed"],
    [[], [[]], "escalation"],
    [[[]], [["a"]], "escalation"],
    [[["a"], ["b"]], [["a"], ["b"]], "same"],
  ] as const)("%j -> %j: %s", (from, to, direction) => {
    expect(compareSets(from, to)).toBe(direction);
  });
});
