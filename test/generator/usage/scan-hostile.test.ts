/**
 * The code scan of `needs` and `diff --code` on hostile folders: symbolic links that loop (each real file is read
 * once, the walk ends), a file nested too deeply for the parser (skipped, named, and counted as needing the top level,
 * so the color is never under-reported), an unreadable file, and cost linear in the calls of a file.
 */
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import type { NeedsReport } from "../../../generator/reports/needs/needs.js";
import { renderNeeds } from "../../../generator/reports/needs/needs.js";
import { scanSources } from "../../../generator/usage/scan.js";
import { runCli } from "../../support/cli.js";
import { root, tempDir } from "../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const GREEN_CALL = 'declare const client: any;\nawait client.GET("/tasks");\n';

describe("the code scan on hostile folders", () => {
  test("symbolic links to . and to .. (loops) and a link to a file: each real file is scanned once", () => {
    const dir = tempDir("scan-loops-");
    writeFileSync(join(dir, "a.ts"), GREEN_CALL);
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "sub", "b.ts"), GREEN_CALL);
    symlinkSync(".", join(dir, "loop1"));
    symlinkSync(".", join(dir, "loop2"));
    symlinkSync("..", join(dir, "sub", "up"));
    symlinkSync(join(dir, "a.ts"), join(dir, "sub", "same.ts"));
    symlinkSync(join(dir, "missing.ts"), join(dir, "dangling.ts"));
    const scan = scanSources(rel(dir), root);
    expect(scan.uses.map((u) => `${u.file.slice(rel(dir).length)}:${u.line}`)).toEqual(["/a.ts:2", "/sub/b.ts:2"]);
  });

  test("a file nested too deeply to parse, and an unreadable one, are named and need the top level", async () => {
    const dir = tempDir("scan-deep-");
    writeFileSync(join(dir, "ok.ts"), GREEN_CALL);
    const depth = 20_000;
    writeFileSync(
      join(dir, "deep.ts"),
      `declare const c: any;\nc.GET(${"(".repeat(depth)}"/tasks"${")".repeat(depth)});\n`,
    );
    writeFileSync(join(dir, "locked.ts"), GREEN_CALL);
    chmodSync(join(dir, "locked.ts"), 0o000);
    const run = await runCli(["needs", rel(dir), "--format", "json"]);
    chmodSync(join(dir, "locked.ts"), 0o600);
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    const byFile = Object.fromEntries(report.uses.map((u) => [u.file.slice(rel(dir).length + 1), u]));
    expect(byFile["ok.ts"]).toMatchObject({ level: "green", unknown: null });
    expect(byFile["deep.ts"]).toMatchObject({ level: "red" });
    expect(byFile["deep.ts"]!.unknown).toContain("could not be read (nested too deeply to parse)");
    // root may read any file: only check the unreadable one where permissions hold.
    if (process.getuid?.() !== 0) expect(byFile["locked.ts"]!.unknown).toContain("could not be read (EACCES)");
    expect(report.color).toBe("red");
    const markdown = renderNeeds(report, "md");
    expect(markdown).toContain("deep.ts");
    expect(markdown).toContain("nested too deeply to parse");
  });

  test("a file of 16,000 calls is read whole: every use found, each at its own line", () => {
    // Timings never decide a test, so the linear cost itself is not asserted here; this keeps what the linear scan
    // must preserve: every use, with line numbers from TypeScript's line map rather than counted per use.
    const dir = tempDir("scan-scale-");
    const calls = 16_000;
    writeFileSync(
      join(dir, "many.ts"),
      `declare const c: any;\n${Array.from({ length: calls }, (_, i) => `c.GET("/tasks/${i}");`).join("\n")}\n`,
    );
    const scan = scanSources(rel(dir), root);
    expect(scan.uses).toHaveLength(calls);
    expect(scan.uses.map((u) => u.line)).toEqual(Array.from({ length: calls }, (_, i) => i + 2));
  });
});
