// `diff <client folder> <new> --code <dir>`: the calls and reads a schema change breaks, found by type-checking the
// code against the client folder and against the new client served in its place, mapped back to file:line and to the
// operation of the call each error sits in. The pair is the facility's own history (test/fixtures/diff/nersc-history).
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { renderDiff } from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { root, snapshotDir, tempDir } from "../../../support/project.js";

const APP = [
  'import { createClient } from "./sfapi/index.js";',
  "",
  'const red = createClient({ color: "red" });',
  'await red.runCommand({ path: { machine: "cori" }, body: { executable: "hostname" } });',
  'const started = await red.startTransfer({ body: { source: "a", target: "b" } as never });',
  "console.log(started.task_id);",
  'const transfer = await red.readGlobusTransfer({ path: { transfer_id: "x" } });',
  "console.log(transfer.status, (await red.readTask({ path: { id: started.status } })).status);",
  "",
].join("\n");

let project: string;
let report: DiffReport;
let markdown: string;

beforeAll(async () => {
  // Inside the repository, so the client's imports (openapi-fetch, jose) resolve from its node_modules.
  project = tempDir("code-types-");
  for (const side of ["old", "new"])
    cpSync(join(root, `test/fixtures/diff/nersc-history/${side}.json`), join(project, `${side}.json`));
  const made = await runCli(["generate", "--file", "old.json", "--out", "src/sfapi", "--levels", "green,yellow,red"], {
    cwd: project,
  });
  expect(made.code, made.stderr).toBe(0);
  mkdirSync(join(project, "src"), { recursive: true });
  writeFileSync(join(project, "src", "app.ts"), APP);
  const before = snapshotDir(project);
  // One run (each type-checks the code twice); the Markdown is rendered from its report.
  const json = await runCli(["diff", "src/sfapi", "new.json", "--code", "src", "--format", "json"], { cwd: project });
  expect(json.code, json.stderr).toBe(0);
  report = JSON.parse(json.stdout);
  markdown = renderDiff(report, "md");
  // Nothing written: the new client is served to the compiler from memory.
  expect(snapshotDir(project)).toEqual(before);
}, 60_000);

describe("diff --code type-checks the code against the new client", () => {
  it("names each broken call and read at file:line, with the operation of the call it sits in", () => {
    const t = report.code!.typeCheck;
    expect([t.client, t.tsconfig, t.why, t.omitted]).toEqual(["src/sfapi", null, null, 0]);
    expect(
      t.errors.map((e) => [`${e.file}:${e.line}`, e.kind, e.operations.map((o) => o.name).join(), e.tsCode]),
    ).toEqual([
      ["src/app.ts:4", "call", "runCommand", 2322],
      ["src/app.ts:6", "read", "", 2339],
      ["src/app.ts:7", "call", "readGlobusTransfer", 2353],
    ]);
    expect(t.errors[0]!.message).toBe(`Type '"cori"' is not assignable to type '"dtn01" | "dtns" | "perlmutter"'.`);
    // The client names each operation's answer (emit/operation-types.ts), so the message names it too.
    expect(t.errors[1]!.message).toBe("Property 'task_id' does not exist on type 'StartTransferResponse'.");
    expect(t.errors[2]!.message).toContain("'transfer_id' does not exist in type '{ globus_uuid: string; }'");
    // A widened enum (TaskStatus gains "cancelled") breaks nothing here: no error on line 8.
    expect(report.code!.summary.typeErrors).toBe(3);
  });

  it("renders them as a table under the code section", () => {
    expect(markdown).toContain("### Type errors against the new client (3)");
    expect(markdown).toContain("The code type-checked against `src/sfapi` and against the new client in its place");
    expect(markdown).toContain(
      "| src/app.ts:6 | `console.log(started.task_id);` | a read of a returned value | `Property 'task_id' does not exist",
    );
  });

  it("prints code and TypeScript's messages as they are: plain text in a terminal, code spans on GitHub", () => {
    const message = `This expression is not callable. Type 'NeedsColor<"jobs", "red">' has no call signatures.`;
    const code = 'await pm.jobs<T & U>(["1"]);';
    const t = report.code!.typeCheck;
    const changed = { ...report, code: { ...report.code!, typeCheck: { ...t, tsconfig: "tsconfig.<x>.json" } } };
    changed.code.typeCheck.errors = [{ ...t.errors[0]!, code, message }];
    const md = renderDiff(changed, "md");
    expect(md).toContain(`| \`${code}\` | POST \`/utilities/command/{machine}\` (runCommand) | \`${message}\` |`);
    expect(md).toContain("(`tsconfig.<x>.json`)");
    expect(md).not.toMatch(/&lt;|&amp;/);
  });

  it("without a client folder to swap, says why instead of guessing", async () => {
    const run = await runCli(["diff", "old.json", "new.json", "--code", "old-code", "--format", "json"], {
      cwd: (() => {
        mkdirSync(join(project, "old-code"), { recursive: true });
        writeFileSync(join(project, "old-code", "x.ts"), 'declare const c: any;\nc.GET("/tasks");\n');
        return project;
      })(),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).code.typeCheck).toEqual({
      client: null,
      tsconfig: null,
      why: "no client folder: give the client folder as <old>, or import one from the code",
      errors: [],
      omitted: 0,
    });
  });
});
