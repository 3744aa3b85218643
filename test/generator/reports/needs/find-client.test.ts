// `needs` finds the client itself: the folder the code imports (the README's `--out src/sfapi` layout), else the
// only generated folder under the code; several imported clients are named in one error. `--fail-above <color>`
// exits 1 naming the uses that need more.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { runCli } from "../../../support/cli.js";
import { root, tempDir } from "../../../support/project.js";

/** A generated client at `dir` inside `project` (whole: an import that resolves nowhere is an unknown use). */
function client(project: string, dir: string) {
  mkdirSync(join(project, dir), { recursive: true });
  cpSync(join(root, "generated"), join(project, dir), { recursive: true });
}

const APP = [
  'import { createClient } from "./sfapi/index.js";',
  'const red = createClient({ color: "red" });',
  'await red.runCommand({ path: { machine: "dtn01" }, body: { executable: "hostname" } });',
  "await red.readTasks();",
  'await red.POST("/utilities/command/{machine}", {});',
  "",
].join("\n");

let project: string;
beforeAll(() => {
  project = tempDir("needs-find-");
  client(project, "src/sfapi");
  writeFileSync(join(project, "src", "app.ts"), APP);
});

describe("needs finds the client", () => {
  it("in the README's layout (--out src/sfapi), from the code's imports, with no --client or config", async () => {
    const run = await runCli(["needs", "src/", "--format", "json"], { cwd: project });
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.client).toMatchObject({
      dir: "src/sfapi",
      found: "import",
      ladder: ["green", "yellow", "orange", "red"],
    });
    expect(report.color).toBe("red");
    const md = await runCli(["needs", "src/"], { cwd: project });
    expect(md.stdout).toContain("Client src/sfapi, the one the code imports (NERSC Superfacility API 1.2)");
  });

  it("the only generated folder under the code when no import names one; several imported ones are an error", async () => {
    const other = tempDir("needs-only-");
    client(other, "code/lib/client");
    // Through a package that is not installed: it resolves to nothing, and a bare name is no alias, so the fallback
    // (the only client under the code) still applies.
    writeFileSync(
      join(other, "code", "main.ts"),
      'import { createClient } from "my-sfapi";\nconst c = createClient({ color: "green" });\nawait c.readTasks();\n',
    );
    const only = await runCli(["needs", "code", "--format", "json"], { cwd: other });
    expect(only.code, only.stderr).toBe(0);
    expect(JSON.parse(only.stdout).client).toMatchObject({ dir: "code/lib/client", found: "only" });

    client(other, "code/second");
    writeFileSync(join(other, "code", "a.ts"), 'import { createClient } from "./lib/client/index.js";\n');
    writeFileSync(join(other, "code", "b.ts"), 'import { operations } from "./second/operations.js";\n');
    const two = await runCli(["needs", "code"], { cwd: other });
    expect([two.code, two.stdout, two.stderr]).toEqual([
      2,
      "",
      "sfapi-gen: code: the code imports 2 generated clients (code/lib/client, code/second); name one with --client\n",
    ]);
    const named = await runCli(["needs", "code", "--client", "code/second", "--format", "json"], { cwd: other });
    expect(JSON.parse(named.stdout).client).toMatchObject({ dir: "code/second", found: "option" });
  });
});

describe("needs --fail-above <color>", () => {
  it("exits 1 after the report, naming the uses above the color; 0 at or above what is needed", async () => {
    const [yellow, red, off] = await Promise.all([
      runCli(["needs", "src", "--fail-above", "yellow"], { cwd: project }),
      runCli(["needs", "src", "--fail-above", "red"], { cwd: project }),
      runCli(["needs", "src", "--fail-above", "purple"], { cwd: project }),
    ]);
    expect(yellow.code).toBe(1);
    expect(yellow.stdout).toMatch(/^# Needs: red\n/);
    expect(yellow.stderr).toBe(
      "sfapi-gen: --fail-above yellow: src needs red: " +
        'src/app.ts:3 red.runCommand({ path: { machine: "dtn01" }, body: { executable: "hostname" } }) (red); ' +
        'src/app.ts:5 red.POST("/utilities/command/{machine}", …) (red)\n',
    );
    expect([red.code, red.stderr]).toEqual([0, ""]);
    expect([off.code, off.stderr]).toEqual([
      2,
      'sfapi-gen: --color "purple" is not on the ladder green < yellow < orange < red\n',
    ]);
  });
});

describe("needs places each client where its createClient call is", () => {
  it("in the file that makes it, even when an import cycle walks the file that uses it first", async () => {
    const cycle = tempDir("needs-cycle-");
    client(cycle, "code/sfapi");
    // The first file makes the client and imports the second, which imports it back and calls it: the second is
    // walked first.
    writeFileSync(
      join(cycle, "code", "a.ts"),
      [
        'import { createClient } from "./sfapi/index.js";',
        'import { helper } from "./b.js";',
        "",
        'export const red = createClient({ color: "red" });',
        "helper();",
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(cycle, "code", "b.ts"),
      [
        'import { red } from "./a.js";',
        "",
        "export function helper(): void {",
        "  void red.readTasks();",
        "}",
        "",
      ].join("\n"),
    );
    const run = await runCli(["needs", "code", "--client", "code/sfapi", "--format", "json"], { cwd: cycle });
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.clients.map(({ id, file, line, code, color }) => ({ id, file, line, code, color }))).toEqual([
      { id: "code/a.ts:4:20", file: "code/a.ts", line: 4, code: 'createClient({ color: "red" })', color: "red" },
    ]);
    expect(report.uses.map((u) => u.client)).toEqual(["code/a.ts:4:20"]);
  });
});
