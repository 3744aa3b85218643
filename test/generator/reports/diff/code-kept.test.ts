// `diff <old> <new> --code <dir>` when <old> is a description and the client is found through the code: the found
// folder's kept settings (its manifest's ladder and whole-path marks, output/kept.ts) apply as they do on
// regeneration and in `diff <folder> <new>`. The client here is the bundled one (ladder green < yellow < orange < red, whole
// paths on ls, download, upload); the two descriptions are re-serialised copies, so no ladder file applies to them and
// without the folder's settings they would be read under green < red without whole paths.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { root, tempDir } from "../../../support/project.js";

const APP = [
  'import { createClient } from "@/sfapi";',
  "",
  'const yellow = createClient({ color: "yellow" });',
  "await yellow.readTasks();",
  // A concrete path (what the typed GET does not take): counted by the scan on any receiver, mapped by whole paths.
  "declare const raw: { GET(path: string): Promise<unknown> };",
  'await raw.GET("/utilities/download/perlmutter//global/homes/u/user");',
  "",
].join("\n");

let project: string;
let report: DiffReport;
let stderr: string;

beforeAll(async () => {
  project = tempDir("diff-kept-");
  cpSync(join(root, "generated"), join(project, "lib", "sfapi"), { recursive: true });
  const v12 = JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));
  writeFileSync(join(project, "old.json"), JSON.stringify(v12));
  const next = structuredClone(v12);
  next.paths["/account/roles"].get["x-nersc-scope"] = "red";
  writeFileSync(join(project, "new.json"), JSON.stringify(next));
  mkdirSync(join(project, "src"));
  writeFileSync(join(project, "src", "app.ts"), APP);
  // Reached through a path alias: the client is found by resolving the import (usage/modules.ts).
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "es2022",
        module: "esnext",
        moduleResolution: "bundler",
        skipLibCheck: true,
        types: [],
        paths: { "@/*": ["./lib/*"] },
      },
      include: ["src"],
    }),
  );
  const run = await runCli(["diff", "old.json", "new.json", "--code", "src", "--format", "json"], { cwd: project });
  expect(run.code, run.stderr).toBe(0);
  stderr = run.stderr;
  report = JSON.parse(run.stdout);
}, 60_000);

describe("diff --code with the client found through the code keeps that folder's settings", () => {
  it("reads both descriptions under its ladder, so the diff is what regenerating it would change", () => {
    expect(report.ladder).toEqual(["green", "yellow", "orange", "red"]);
    // Under another ladder both would warn that "yellow" is not on it.
    expect(stderr).toBe("");
    expect(report.changed.map((c) => [c.path, c.changes.map((x) => x.kind)])).toEqual([["/account/roles", ["level"]]]);
  });

  it("maps the code's uses with its whole-path marks: the download call needs yellow, not the top level", () => {
    const code = report.code!;
    expect(code.summary).toMatchObject({ uses: 2, unknown: 0 });
    expect(code.color).toEqual({ before: "yellow", after: "yellow", raised: false });
  });

  it("type-checks against the new client emitted under its ladder: a yellow client still compiles", () => {
    const t = report.code!.typeCheck;
    expect([t.client, t.tsconfig, t.why, t.errors, t.omitted]).toEqual(["lib/sfapi", "tsconfig.json", null, [], 0]);
  });

  it("an alias that resolves to nothing leaves no folder to check, and says which import", async () => {
    writeFileSync(join(project, "src", "app.ts"), APP.replace("@/sfapi", "@/missing"));
    const run = await runCli(["diff", "old.json", "new.json", "--code", "src", "--format", "json"], { cwd: project });
    writeFileSync(join(project, "src", "app.ts"), APP);
    expect(run.code, run.stderr).toBe(0);
    const t = (JSON.parse(run.stdout) as DiffReport).code!.typeCheck;
    expect([t.client, t.why]).toEqual([
      null,
      'no client folder: src/app.ts:1 imports "@/missing" (tsconfig paths "@/*"), which resolves to no module; ' +
        "give the client folder as <old>",
    ]);
  });

  it("a tsconfig.json that cannot be read is one error line, not a check under other options", async () => {
    const other = tempDir("diff-kept-bad-");
    for (const file of ["old.json", "new.json", "src/app.ts"]) cpSync(join(project, file), join(other, file));
    cpSync(join(project, "lib"), join(other, "lib"), { recursive: true });
    writeFileSync(
      join(other, "tsconfig.json"),
      '{ "compilerOptions": { "paths": { "@/*": ["./lib/*"] }, "bogus": 1 } }',
    );
    const run = await runCli(["diff", "lib/sfapi", "new.json", "--code", "src"], { cwd: other });
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      "sfapi-gen: tsconfig.json:1:57: cannot read it to resolve the code's imports: Unknown compiler option 'bogus'.\n",
    ]);
  });
});
