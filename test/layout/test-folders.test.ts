/**
 * The tests mirror the source (CONTRIBUTING.md, "Where a test goes"): a test of generator/<folder>/ sits in
 * test/generator/<folder>/, a test of templates/runtime/ in test/runtime/, the suites that cross the layers in their
 * own top-level folders, every shared helper in test/support/ and test data in test/fixtures/. Checked on the files
 * on disk (a new file counts before it is committed), so a test added beside the mirror fails here.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/project.js";

/** test/'s own folders: the mirror of generator/ and templates/runtime/, the helpers, the data, the cross-cutting. */
const MIRRORS = ["generator", "runtime"];
const SHARED = ["support", "fixtures", "bench"];
const CROSSING = ["e2e", "package", "examples", "docs", "layout"];
/** Not ours: scratch folders of a run and the benchmarks' installed peers. */
const SKIPPED = new Set(["test/.tmp", "test/bench/.peers", "test/bench/.tmp"]);

const TEST = /\.test(-d)?\.ts$/;
const CODE = /\.(ts|mts|cts|mjs|cjs|js)$/;

/** Every entry under test/, as paths from the repository's root, never through a symbolic link. */
function walk(dir: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const visit = (at: string) => {
    for (const entry of readdirSync(join(root, at), { withFileTypes: true })) {
      const path = `${at}/${entry.name}`;
      if (SKIPPED.has(path) || entry.name === "node_modules") continue;
      if (entry.isDirectory()) {
        folders.push(path);
        visit(path);
      } else if (entry.isFile()) files.push(path);
    }
  };
  visit(dir);
  return { files, folders };
}

const { files, folders } = walk("test");
const tests = files.filter((f) => TEST.test(f));
const isDir = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isDirectory();

describe("test/ mirrors the source", () => {
  it("finds the suite (the rules below are not checked against nothing)", () => {
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.filter((f) => f.startsWith("test/generator/")).length).toBeGreaterThan(50);
  });

  it("has only its own top-level folders, and no file of code directly in test/", () => {
    const top = folders.filter((f) => f.split("/").length === 2).map((f) => f.slice("test/".length));
    expect(top.filter((f) => ![...MIRRORS, ...SHARED, ...CROSSING].includes(f))).toEqual([]);
    expect(files.filter((f) => f.split("/").length === 2 && CODE.test(f))).toEqual([]);
  });

  it("every folder of test/generator/ is a folder of generator/", () => {
    const unmirrored = folders
      .filter((f) => f.startsWith("test/generator/"))
      .filter((f) => !isDir(relative("test", f)));
    expect(unmirrored).toEqual([]);
  });

  it("a test directly in test/generator/ is named for a module of generator/ (errors.test.ts: errors.ts)", () => {
    const direct = tests.filter((f) => f.split("/").length === 3 && f.startsWith("test/generator/"));
    expect(direct.filter((f) => !existsSync(join(root, "generator", f.split("/")[2]!.replace(TEST, ".ts"))))).toEqual(
      [],
    );
  });

  it("test/runtime/ is flat, as templates/runtime/ is", () => {
    expect(folders.filter((f) => f.startsWith("test/runtime/"))).toEqual([]);
  });

  it("tests live in the mirror or a cross-cutting folder, never among the helpers' data or the benchmarks", () => {
    // test/support/ may test its own helpers (clock.test.ts); bench/ is not run by vitest, fixtures/ is data.
    const misplaced = tests.filter((f) => f.startsWith("test/fixtures/") || f.startsWith("test/bench/"));
    expect(misplaced).toEqual([]);
  });

  it("code that is not a test is a helper in test/support/, a benchmark in test/bench/ or data in test/fixtures/", () => {
    const helpers = files.filter((f) => CODE.test(f) && !TEST.test(f));
    const stray = helpers.filter((f) => !SHARED.some((folder) => f.startsWith(`test/${folder}/`)));
    expect(stray).toEqual([]);
  });
});
