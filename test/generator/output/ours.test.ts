// Regenerating never destroys what sfapi-gen did not write: a previous output holding a file the user added (at any
// depth), a generated file edited by hand, or a symbolic link is refused before anything is written, and left byte for
// byte as it was; a clean one is replaced as before, files the old manifest listed included.
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Of } from "../../../generator/output/manifest.js";
import { prepareOutput, writeAtomically } from "../../../generator/output/write.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { entriesUnder, snapshotDir, tempDir } from "../../support/project.js";

let spec: string;
beforeAll(() => {
  spec = writeJson(tempDir("ours-spec-"), "spec.json", description({ "GET /status": {}, "POST /jobs": {} }));
});

/** A project whose `src/sfapi` is a fresh output of `spec`. */
async function project(): Promise<{ cwd: string; out: string }> {
  const cwd = tempDir("ours-");
  const run = await runCli(["generate", "--file", spec, "--out", "src/sfapi"], { cwd });
  expect(run.code, run.stderr).toBe(0);
  return { cwd, out: join(cwd, "src/sfapi") };
}

/** Everything under `dir` (folders, links and their targets included) and every file's bytes. */
function state(dir: string) {
  const entries = entriesUnder(dir)
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return e.isSymbolicLink() ? `${path} -> ${readlinkSync(path)}` : `${path}${e.isDirectory() ? "/" : ""}`;
    })
    .sort();
  return { entries, files: snapshotDir(dir) };
}

function put(dir: string, path: string, content: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), content);
}

/** Regenerate into `src/sfapi`: it must be refused (exit 2, one line) and leave the folder and its parent as they were. */
async function refusedRegeneration(cwd: string, out: string): Promise<string> {
  const before = state(out);
  const parent = readdirSync(dirname(out)).sort();
  const run = await runCli(["generate", "--file", spec, "--out", "src/sfapi"], { cwd });
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.split("\n")).toHaveLength(2);
  expect(state(out)).toEqual(before);
  expect(readdirSync(dirname(out)).sort()).toEqual(parent);
  return run.stderr;
}

const refusal = (out: string, holds: string, edited = false) =>
  `sfapi-gen: ${out}: refusing to replace this previous output, it holds ${holds}: ` +
  `move ${/^1 [^,]*$/.test(holds) ? "it" : "them"} out of the folder, ` +
  `or delete the folder to start afresh` +
  (edited ? "; `sfapi-gen generate --check --out src/sfapi` names every file not as generated" : "") +
  "\n";

describe("a previous output holding what sfapi-gen did not write is refused and left alone", () => {
  it("a file the user added", async () => {
    const { cwd, out } = await project();
    put(out, "notes.md", "# my notes\n");
    expect(await refusedRegeneration(cwd, out)).toBe(refusal(out, "1 file sfapi-gen did not write (notes.md)"));
  });

  it("a generated file edited by hand", async () => {
    const { cwd, out } = await project();
    const ops = join(out, "operations.js");
    writeFileSync(ops, `${readFileSync(ops, "utf8")}// relabelled by hand\n`);
    expect(await refusedRegeneration(cwd, out)).toBe(
      refusal(out, "1 generated file edited after generation (operations.js)", true),
    );
  });

  it("an added folder, nested files, and a file added inside a generated folder", async () => {
    const { cwd, out } = await project();
    put(out, "extra/helpers.ts", "export const x = 1;\n");
    put(out, "extra/deeper/more.ts", "export {};\n");
    put(out, "runtime/mine.ts", "export {};\n");
    expect(await refusedRegeneration(cwd, out)).toBe(
      refusal(out, "3 files sfapi-gen did not write (extra/deeper/more.ts, extra/helpers.ts, runtime/mine.ts)"),
    );
  });

  it("symbolic links, to a file outside or in place of a generated file, are not followed or touched", async () => {
    const { cwd, out } = await project();
    const outside = join(cwd, "secret.txt");
    writeFileSync(outside, "outside");
    symlinkSync(outside, join(out, "link.txt"));
    // A generated file replaced by a link to the same bytes: still not what sfapi-gen wrote.
    const copy = join(cwd, "package.json.copy");
    writeFileSync(copy, readFileSync(join(out, "package.json")));
    rmSync(join(out, "package.json"));
    symlinkSync(copy, join(out, "package.json"));
    expect(await refusedRegeneration(cwd, out)).toBe(
      refusal(out, "2 entries that are not a regular file, such as a symbolic link (link.txt, package.json)"),
    );
    expect(readFileSync(outside, "utf8")).toBe("outside");
    expect(lstatSync(join(out, "link.txt")).isSymbolicLink()).toBe(true);
  });

  it("names five of each kind, then how many more, kind by kind", async () => {
    const { cwd, out } = await project();
    for (const name of ["g", "f", "e", "d", "c", "b", "a"]) put(out, `${name}.md`, name);
    symlinkSync("/", join(out, "root"));
    writeFileSync(join(out, "index.js"), "// mine\n");
    writeFileSync(join(out, "core.js"), "// mine\n");
    expect(await refusedRegeneration(cwd, out)).toBe(
      refusal(
        out,
        "7 files sfapi-gen did not write (a.md, b.md, c.md, d.md, e.md and 2 more), 1 entry that is not a regular " +
          "file, such as a symbolic link (root), 2 generated files edited after generation (core.js, index.js)",
        true,
      ),
    );
  });

  it("a manifest of ours without file hashes (older than 0.2), or with a malformed list, is refused", async () => {
    const { cwd, out } = await project();
    const manifestFile = join(out, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    const { files, ...older } = manifest;
    writeFileSync(manifestFile, JSON.stringify(older));
    expect(await refusedRegeneration(cwd, out)).toBe(
      `sfapi-gen: ${out}: its manifest.json lists no file hashes (written by an sfapi-gen older than 0.2): the files ` +
        "sfapi-gen wrote cannot be told from yours, so the folder is not replaced (move out anything of yours and " +
        "delete the folder to start afresh)\n",
    );
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, files: { ...files, "../escape.js": files["core.js"] } }));
    expect(await refusedRegeneration(cwd, out)).toBe(
      `sfapi-gen: ${manifestFile}: /files/..~1escape.js: not a path sfapi-gen writes; the files sfapi-gen wrote ` +
        "cannot be told from yours, so the folder is not replaced (move out anything of yours and delete the folder " +
        "to start afresh)\n",
    );
  });
});

describe("a previous output holding only what sfapi-gen wrote is replaced as before", () => {
  it("replaced by a fresh generation, a file the old manifest listed but this version does not write removed", async () => {
    const { cwd, out } = await project();
    const fresh = state(out);
    // What an older version wrote and listed: ours, so it goes.
    const manifestFile = join(out, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    manifest.files["runtime/legacy.js"] = sha256Of("export {};\n");
    writeFileSync(manifestFile, JSON.stringify(manifest));
    put(out, "runtime/legacy.js", "export {};\n");
    // A listed file that is gone holds nothing to lose.
    rmSync(join(out, "schema.d.ts"));
    const run = await runCli(["generate", "--file", spec, "--out", "src/sfapi"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(state(out)).toEqual(fresh);
    expect(readdirSync(dirname(out))).toEqual(["sfapi"]);
  });

  it("the second check of a run re-reads only files changed since the first", async () => {
    const { cwd, out } = await project();
    const prepared = await prepareOutput("src/sfapi", { cwd });
    expect([...prepared.hashed.keys()]).toContain("operations.js");
    // A stale hash under an unchanged stamp is believed (the file was not read again)...
    const believed = new Map(prepared.hashed);
    believed.set("index.js", { ...prepared.hashed.get("index.js")!, sha256: "0".repeat(64) });
    await expect(
      writeAtomically("src/sfapi", new Map([["x.txt", "x"]]), { cwd, prepared: { ...prepared, hashed: believed } }),
    ).rejects.toThrow("1 generated file edited after generation (index.js)");
    // ...and a file edited between the two checks is read again and refused.
    writeFileSync(join(out, "core.js"), "// edited meanwhile\n");
    await expect(writeAtomically("src/sfapi", new Map([["x.txt", "x"]]), { cwd, prepared })).rejects.toThrow(
      "1 generated file edited after generation (core.js)",
    );
    expect(readdirSync(dirname(out))).toEqual(["sfapi"]);
  });
});

describe("the window between the check and the swap", () => {
  /** The files of a write that, when the write starts on them (after its check), runs `meanwhile` first. */
  function filesThatFirst(meanwhile: () => void): Map<string, string> {
    const files = new Map([["x.txt", "x"]]);
    const entries = files.entries.bind(files);
    files[Symbol.iterator] = () => {
      meanwhile();
      return entries();
    };
    return files;
  }

  it.each([
    ["a file added while the staging files are written", "notes.md", "1 file sfapi-gen did not write (notes.md)"],
    ["a generated file edited then", "core.js", "1 generated file edited after generation (core.js)"],
  ])("%s puts the folder back, untouched, and stops the run", async (_, name, holds) => {
    const { cwd, out } = await project();
    const files = filesThatFirst(() => writeFileSync(join(out, name), "// mine\n"));
    await expect(writeAtomically("src/sfapi", files, { cwd })).rejects.toThrow(holds);
    expect(readFileSync(join(out, name), "utf8")).toBe("// mine\n");
    expect(readFileSync(join(out, "manifest.json"), "utf8")).toContain('"generator"');
    expect(readdirSync(dirname(out))).toEqual(["sfapi"]);
  });

  it("a file added to a folder that was empty at the check", async () => {
    const cwd = tempDir("ours-empty-");
    const out = join(cwd, "out");
    mkdirSync(out);
    const files = filesThatFirst(() => writeFileSync(join(out, "mine.txt"), "mine\n"));
    await expect(writeAtomically("out", files, { cwd })).rejects.toThrow("1 file sfapi-gen did not write (mine.txt)");
    expect(readdirSync(out)).toEqual(["mine.txt"]);
    expect(readdirSync(cwd)).toEqual(["out"]);
  });
});

describe("one bound on the entries of a folder sfapi-gen wrote", () => {
  it.each([
    ["generate", ["generate", "--file", "SPEC", "--out", "src/sfapi"], "holds more than 1000 entries"],
    ["generate --check", ["generate", "--check", "--file", "SPEC", "--out", "src/sfapi"], "more than 1000 entries"],
  ])("%s stops at a folder of more than 1000 entries, naming it", async (_, argv, message) => {
    const { cwd, out } = await project();
    const extra = join(out, "extra");
    mkdirSync(extra);
    for (let i = 0; i < 1000; i++) writeFileSync(join(extra, `f${i}`), "");
    const before = state(out);
    const run = await runCli(
      argv.map((a) => (a === "SPEC" ? spec : a)),
      { cwd },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain(out);
    expect(state(out)).toEqual(before);
  });
});
