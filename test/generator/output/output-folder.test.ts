// `--out` replaces only what sfapi-gen wrote (an empty folder or a previous output), never the working directory, its
// parents, the home folder or the root; the output folder gets a plain mkdir's permissions; and a run killed between
// the two renames of the swap (simulated on disk) is recovered by the next run, even one that then fails.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Of } from "../../../generator/output/manifest.js";
import { outputSiblings, writeAtomically } from "../../../generator/output/write.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { snapshotDir, tempDir } from "../../support/project.js";

/** A previous output: `files` and a manifest naming sfapi-gen that lists them with their SHA-256. */
function output(files: Record<string, string>): Map<string, string> {
  const hashes = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, sha256Of(text)]));
  const manifest = JSON.stringify({ generator: { name: "sfapi-gen", version: "0.0.0" }, files: hashes });
  return new Map([...Object.entries(files), ["manifest.json", manifest]]);
}
const oldOutput = output({ "old.txt": "old", "runtime/old.ts": "export {};" });
const newOutput = output({ "new.txt": "new" });

let spec: string;
beforeAll(() => {
  spec = writeJson(tempDir("spec-"), "spec.json", description({ "GET /status": {} }));
});

/** A folder holding `files`, to see whether a refused run left it alone. */
function folderWith(files: Record<string, string>, at = tempDir("user-")): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(at, path)), { recursive: true });
    writeFileSync(join(at, path), content);
  }
  return at;
}

async function refused(args: string[], cwd: string, message: string): Promise<void> {
  const run = await runCli(["generate", "--file", spec, ...args], { cwd });
  expect(run.code).toBe(2);
  expect(run.stderr).toBe(`sfapi-gen: ${message}\n`);
}

describe("--out never replaces what sfapi-gen did not write", () => {
  it("--out . (the working directory) is refused and the folder left as it was", async () => {
    const cwd = folderWith({ "notes.txt": "mine", "src/app.ts": "code" });
    const before = snapshotDir(cwd);
    await refused(
      ["--out", "."],
      cwd,
      `${cwd}: refusing to write the output over the working directory (give a folder of its own, e.g. --out generated)`,
    );
    expect(snapshotDir(cwd)).toEqual(before);
    expect(readdirSync(dirname(cwd)).filter((n) => n.startsWith(".") && n.includes("sfapi-gen"))).toEqual([]);
  });

  it('a config {"out": ".."} (a parent of the working directory) is refused', async () => {
    const parent = folderWith({
      "other-project/file.txt": "x",
      "project/sfapi-gen.config.json": JSON.stringify({ out: ".." }),
    });
    const before = snapshotDir(parent);
    await refused(
      [],
      join(parent, "project"),
      `${parent}: refusing to write the output over a parent of the working directory`,
    );
    expect(snapshotDir(parent)).toEqual(before);
  });

  it("a folder with other files, someone else's manifest.json, or a link to ours, is refused by name", async () => {
    const cwd = tempDir("cwd-");
    const theirs = folderWith({ "index.ts": "their code" });
    await refused(
      ["--out", theirs],
      cwd,
      `${theirs}: is not empty and holds no manifest.json written by sfapi-gen; refusing to replace it (give an empty or new folder)`,
    );
    expect(readFileSync(join(theirs, "index.ts"), "utf8")).toBe("their code");
    const otherTool = folderWith({
      "manifest.json": JSON.stringify({ generator: { name: "other-gen" } }),
      "a.ts": "x",
    });
    await refused(
      ["--out", otherTool],
      cwd,
      `${otherTool}: is not empty and holds no manifest.json written by sfapi-gen; refusing to replace it (give an empty or new folder)`,
    );
    expect(snapshotDir(otherTool).size).toBe(2);
    // A manifest.json that only links to one of ours does not make the folder ours.
    const linked = folderWith({ "a.ts": "x" });
    symlinkSync(join(folderWith(Object.fromEntries(output({}))), "manifest.json"), join(linked, "manifest.json"));
    await refused(
      ["--out", linked],
      cwd,
      `${linked}: is not empty and holds no manifest.json written by sfapi-gen; refusing to replace it (give an empty or new folder)`,
    );
    expect(readFileSync(join(linked, "a.ts"), "utf8")).toBe("x");
  });

  it("a file, a symbolic link, the home folder and the root are refused", async () => {
    const cwd = tempDir("cwd-");
    const file = join(folderWith({ "out.txt": "text" }), "out.txt");
    await refused(["--out", file], cwd, `${file}: is a file, not a folder; refusing to replace it with the output`);
    const link = join(tempDir("link-"), "generated");
    symlinkSync(tempDir("target-"), link);
    await refused(
      ["--out", link],
      cwd,
      `${link}: is a symbolic link; give the folder it points to as the output folder`,
    );
    // The real home folder (the process's own: tests run in worker threads, which cannot change it). Refused before
    // anything is written; its listing must be the same afterwards.
    const home = homedir();
    const before = readdirSync(home).sort();
    const run = await runCli(["generate", "--file", spec, "--out", home], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^sfapi-gen: ${home.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: refusing to write the output over (the home folder|a parent of the working directory)`,
      ),
    );
    expect(readdirSync(home).sort()).toEqual(before);
    await refused(["--out", "/"], cwd, "/: refusing to write the output over the filesystem root");
  });

  it("an empty folder and a previous output are replaced; the output gets a plain mkdir's permissions, not mkdtemp's 0700", async () => {
    const parent = tempDir("modes-");
    const probe = join(parent, "probe");
    mkdirSync(probe);
    const mode = (path: string) => statSync(path).mode & 0o777;
    const empty = join(parent, "empty");
    mkdirSync(empty);
    const run = await runCli(["generate", "--file", spec, "--out", empty]);
    expect(run.code, run.stderr).toBe(0);
    expect(mode(empty)).toBe(mode(probe));
    expect(mode(join(empty, "runtime"))).toBe(mode(probe));
    const again = await runCli(["generate", "--file", spec, "--out", empty]);
    expect(again.code, again.stderr).toBe(0);
    expect(readdirSync(parent).sort()).toEqual(["empty", "probe"]);
  });
});

describe("a run killed part-way is recovered by the next", () => {
  /** The output folder `out` in a fresh parent, holding the old output. */
  async function previousRun() {
    const parent = tempDir("crash-");
    const out = join(parent, "out");
    await writeAtomically(out, oldOutput);
    return { parent, out, ...outputSiblings(out), old: snapshotDir(out) };
  }

  it("killed between the renames: the next run restores the old output, even when it then fails, and removes the leftovers", async () => {
    const { parent, out, previous, stagingPrefix, old } = await previousRun();
    // The killed run had staged its files and moved the old output away, but not yet moved the new one in.
    const staged = folderWith(Object.fromEntries(newOutput), `${stagingPrefix}0123456789ab`);
    renameSync(out, previous);
    expect(readdirSync(parent).sort()).toEqual([".out.sfapi-gen-previous", `.out.sfapi-gen-staging-0123456789ab`]);

    const failing = await runCli(["generate", "--file", join(parent, "missing.json"), "--out", out]);
    expect(failing.stderr).toMatch(/missing\.json: no such file/);
    expect(snapshotDir(out)).toEqual(old);
    expect(readdirSync(parent)).toEqual(["out"]);
    expect(existsSync(staged)).toBe(false);

    const run = await runCli(["generate", "--file", spec, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(out, "manifest.json"), "utf8")).toContain('"name":"sfapi-gen"');
    expect(readdirSync(parent)).toEqual(["out"]);
  });

  it("killed after both renames: the old output left beside the new one is removed", async () => {
    const { parent, out, previous } = await previousRun();
    folderWith(Object.fromEntries(oldOutput), previous);
    await writeAtomically(out, newOutput);
    expect(readdirSync(parent)).toEqual(["out"]);
    expect([...snapshotDir(out).keys()].sort()).toEqual(["manifest.json", "new.txt"]);
  });

  it("killed while staging: the half-written folder is removed; other folders, even similar names, are not", async () => {
    const { parent, out, stagingPrefix } = await previousRun();
    folderWith({ "index.ts": "half" }, `${stagingPrefix}fedcba987654`);
    const unrelated = [
      ".out.sfapi-gen-staging-notours",
      ".other.sfapi-gen-staging-0123456789ab",
      ".out.tmp-abcdef",
      "out-backup",
    ];
    for (const name of unrelated) folderWith({ "keep.txt": name }, join(parent, name));
    await writeAtomically(out, newOutput);
    expect(readdirSync(parent).sort()).toEqual([...unrelated, "out"].sort());
    for (const name of unrelated) expect(readFileSync(join(parent, name, "keep.txt"), "utf8")).toBe(name);
  });
});
