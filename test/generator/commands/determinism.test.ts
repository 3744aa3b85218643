// Same description, same bytes; the checked-in generated/ is what `npx sfapi-gen generate` makes today;
// a failed write leaves the previous output as it was.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256Of } from "../../../generator/output/manifest.js";
import type { FileSet } from "../../../generator/output/write.js";
import { writeAtomically } from "../../../generator/output/write.js";
import { runCli } from "../../support/cli.js";
import { root, snapshotDir, tempDir } from "../../support/project.js";

/** What makes a folder a previous output that a write may replace: a manifest naming sfapi-gen that lists its files. */
function output(files: Record<string, string>): FileSet {
  const hashes = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, sha256Of(text)]));
  const manifest = JSON.stringify({ generator: { name: "sfapi-gen" }, files: hashes });
  return new Map([...Object.entries(files), ["manifest.json", manifest]]);
}

describe("deterministic, atomic output", () => {
  it("generates byte-identical files twice, equal to the checked-in generated/", async () => {
    const dir = tempDir("det-");
    const [a, b] = await Promise.all([
      runCli(["generate", "--out", join(dir, "a")]),
      runCli(["generate", "--out", join(dir, "b")]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const first = snapshotDir(join(dir, "a"));
    expect(first.size).toBeGreaterThanOrEqual(7);
    expect(snapshotDir(join(dir, "b"))).toEqual(first);
    const checkedIn = snapshotDir(join(root, "generated"));
    const stale = [...new Set([...first.keys(), ...checkedIn.keys()])].filter((f) => first.get(f) !== checkedIn.get(f));
    expect(stale, "generated/ is stale: run `npm run generate` and commit it").toEqual([]);
  });

  it("replaces an existing folder whole, leaving no temporary folders behind", async () => {
    const dir = tempDir("swap-");
    const out = join(dir, "out");
    await writeAtomically(out, output({ "old.txt": "old", "keep/nested.txt": "x" }));
    await writeAtomically(out, output({ "new.txt": "new" }));
    expect([...snapshotDir(out).keys()].sort()).toEqual(["manifest.json", "new.txt"]);
    expect(readdirSync(dir)).toEqual(["out"]);
  });

  it("leaves the previous output byte-for-byte intact when a write fails", async () => {
    const dir = tempDir("fail-");
    const out = join(dir, "out");
    await writeAtomically(out, output({ "a.txt": "first", "b/c.txt": "first" }));
    const before = snapshotDir(out);
    // A file and a folder of the same name cannot both be written: the second write fails midway.
    await expect(
      writeAtomically(
        out,
        new Map([
          ["a.txt", "second"],
          ["a.txt/b.txt", "clash"],
        ]),
      ),
    ).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(snapshotDir(out)).toEqual(before);
    expect(readFileSync(join(out, "a.txt"), "utf8")).toBe("first");
    expect(readdirSync(dir)).toEqual(["out"]);
    expect(existsSync(join(dir, "out", "b.txt"))).toBe(false);
  });
});
