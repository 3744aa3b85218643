// Regenerating a client keeps its whole-path marks, as it keeps its ladder: a description without the marks (the
// facility's live one, a v1.3 file: other bytes, so the bundled ladder file's `wholePaths` do not apply) must not turn
// the file operations' `a/b` into `a%2Fb`. Kept templates the description no longer has, or unmarks itself, are
// skipped and named. `generate --check` and `diff <folder> <new>` read the folder the same way.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { WHOLE_PATH_FIELD } from "../../../../generator/model/whole-path.js";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { writeJson } from "../../../support/descriptions.js";
import { root, tempDir } from "../../../support/project.js";

const bundledText = () => readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8");

const DOWNLOAD = "/utilities/download/{machine}/{path}";
const LS = "/utilities/ls/{machine}/{path}";
const UPLOAD = "/utilities/upload/{machine}/{path}";
const LIST = "/utilities/list/{machine}/{path}";

/** The bundled description as v1.3: other bytes, so no ladder file and none of its whole-path marks. */
function unmarked(): Record<string, any> {
  const doc = JSON.parse(bundledText());
  doc.info.version = "1.3";
  return doc;
}

/** v1.3 with `ls` moved to another template: the kept mark on the old one has nothing to apply to. */
function moved(): Record<string, any> {
  const doc = unmarked();
  doc.paths[LIST] = doc.paths[LS];
  delete doc.paths[LS];
  return doc;
}

/** v1.3 whose upload says its `path` is one segment: the description's own `false` wins over the kept mark. */
function unmarksUpload(): Record<string, any> {
  const doc = unmarked();
  const parameter = doc.paths[UPLOAD].put.parameters.find((p: { name: string }) => p.name === "path");
  parameter[WHOLE_PATH_FIELD] = false;
  return doc;
}

let project: string;
const cli = (args: string[]) => runCli(args, { cwd: project });
const read = (dir: string, file: string) => readFileSync(join(project, dir, file), "utf8");

/** `[method path, wholePath]` of every marked entry of the folder's manifest table and of its operations.js. */
function marksOf(dir: string): { manifest: string[]; table: string[] } {
  const manifest = JSON.parse(read(dir, "manifest.json")).operations as {
    method: string;
    path: string;
    wholePath?: string;
  }[];
  const table = [...read(dir, "operations.js").matchAll(/method: "(\w+)", path: "([^"]+)".*wholePath: "(\w+)"/g)];
  return {
    manifest: manifest.filter((e) => e.wholePath).map((e) => `${e.method} ${e.path} ${e.wholePath}`),
    table: table.map(([, method, path, name]) => `${method} ${path} ${name}`),
  };
}

const wholePathChanges = (report: DiffReport) =>
  report.changed.flatMap((c) => c.changes.filter((x) => x.kind === "whole-path").map((x) => [c.name, x]));

beforeAll(async () => {
  project = tempDir("keep-marks-");
  writeJson(project, "v1.3.json", unmarked());
  writeJson(project, "moved.json", moved());
  writeJson(project, "unmarks-upload.json", unmarksUpload());
  // The bundled bytes, read from elsewhere: the ladder file (and its marks) apply.
  writeFileSync(join(project, "v1.2.json"), bundledText());
  // Every folder starts as a generation of the bundled description, marks and all.
  for (const dir of ["src/sfapi", "src/moved", "src/unmarks", "src/diffed", "src/again"]) {
    const run = await cli(["generate", "--out", dir]);
    expect(run.code, run.stderr).toBe(0);
  }
});

const ALL = [`GET ${DOWNLOAD} path`, `GET ${LS} path`, `PUT ${UPLOAD} path`];
const KEEPING = "sfapi-gen: keeping the ladder green < yellow < orange < red and whole-path marks on";

describe("regenerating from a description without the marks", () => {
  it.each([
    {
      what: "a previous output keeps all three, and says so",
      dir: "src/sfapi",
      file: "v1.3.json",
      marks: ALL,
      note: `${KEEPING} ${DOWNLOAD}, ${LS}, ${UPLOAD} of src/sfapi/manifest.json (--levels, --vendor, --policy override)`,
    },
    {
      what: "a fresh folder gets none: nothing to keep",
      dir: "src/fresh",
      file: "v1.3.json",
      marks: [],
      note: undefined,
    },
    {
      what: "a kept template the description no longer has is skipped and named",
      dir: "src/moved",
      file: "moved.json",
      marks: [`GET ${DOWNLOAD} path`, `PUT ${UPLOAD} path`],
      note:
        `${KEEPING} ${DOWNLOAD}, ${UPLOAD} of src/moved/manifest.json (--levels, --vendor, --policy ` +
        `override); not keeping its whole-path mark on ${LS}: no longer in the description`,
    },
    {
      what: "the description's own false wins over a kept mark, and is named",
      dir: "src/unmarks",
      file: "unmarks-upload.json",
      marks: [`GET ${DOWNLOAD} path`, `GET ${LS} path`],
      note:
        `${KEEPING} ${DOWNLOAD}, ${LS} of src/unmarks/manifest.json (--levels, --vendor, --policy ` +
        `override); not keeping its whole-path mark on ${UPLOAD}: ${WHOLE_PATH_FIELD}: false in the description`,
    },
  ])("$what", async ({ dir, file, marks, note }) => {
    const run = await cli(["generate", "--file", file, "--out", dir]);
    expect(run.code, run.stderr).toBe(0);
    const first = run.stdout.split("\n")[0]!;
    if (note === undefined) expect(run.stdout).not.toContain("keeping");
    else expect(first).toBe(note);
    expect(marksOf(dir)).toEqual({ manifest: marks, table: marks });
    expect(JSON.parse(read(dir, "manifest.json")).description.version).toBe("1.3");
  });

  it("generate --check of the regenerated folder reads the description with the kept marks: up to date", async () => {
    const run = await cli(["generate", "--check", "--file", "v1.3.json", "--out", "src/sfapi"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^sfapi-gen: src\/sfapi is up to date \(description sha256 [0-9a-f]{12}…\)\n$/);
  });
});

describe("diff <folder> <new> reads the folder's marks on both sides", () => {
  const diffJson = async (old: string, now: string): Promise<DiffReport> => {
    const run = await cli(["diff", old, now, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout);
  };

  it("a folder against the unmarked description: no whole-path change, as regenerating keeps them", async () => {
    expect(wholePathChanges(await diffJson("src/diffed", "v1.3.json"))).toEqual([]);
  });

  it("the bundled description against a copy with one harmless change: the ladder file's marks hold on both", async () => {
    const [forward, backward] = await Promise.all([
      diffJson("v1.2.json", "v1.3.json"),
      diffJson("v1.3.json", "v1.2.json"),
    ]);
    expect(wholePathChanges(forward)).toEqual([]);
    expect(wholePathChanges(backward)).toEqual([]);
    expect(forward.summary.breaking).toBe(0);
  });

  it("a new description that unmarks a template itself: that drop is reported, the others held", async () => {
    const dropped = { kind: "whole-path", from: "path", to: null, breaking: true };
    expect(wholePathChanges(await diffJson("v1.2.json", "unmarks-upload.json"))).toEqual([["uploadFile", dropped]]);
    // Marks go to the same templates only: ls moved to another one borrows nothing, and its drop is reported.
    const moved = wholePathChanges(await diffJson("v1.2.json", "moved.json"));
    expect(moved).toEqual([[expect.stringMatching(/^readDirectory/), dropped]]);
  });

  it("a folder regenerated with kept marks (its description copy unmarked) against the bundled: none either", async () => {
    const again = await cli(["generate", "--file", "v1.3.json", "--out", "src/again"]);
    expect(again.code, again.stderr).toBe(0);
    expect(marksOf("src/again").table).toEqual(ALL);
    expect(wholePathChanges(await diffJson("src/again", "v1.2.json"))).toEqual([]);
  });
});
