// `needs` counts a helper that reads jobs at the least level one of its operations needs: the one-job operation
// (GET /compute/jobs/{machine}/{jobid}, green) or the job list (GET /compute/jobs/{machine}, yellow), as the runtime
// picks the least the client may call. A green code base that reads and waits on a job passes `--fail-above green`
// with the whole generated client; with the manifest alone its import resolves nowhere, which is an unknown use at
// the top level. Without the one-job operation in the table, the same helper needs the list's level.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClientTable } from "../../../../generator/output/client-folder.js";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { lookupOf, resolveUse } from "../../../../generator/usage/resolve.js";
import { COMPUTE_HELPERS, HELPER_CALLS, helperCallUse } from "../../../../generator/usage/uses.js";
import { runCli } from "../../../support/cli.js";
import { root, tempDir } from "../../../support/project.js";

const APP = [
  'import { createClient } from "./sfapi/index.js";',
  'const green = createClient({ color: "green", clientId: "x", privateKey: "y" });',
  'const perlmutter = green.compute("perlmutter");',
  "const job = await perlmutter.job(1);",
  "await job.complete();",
  "console.log(job.record.state, await job.state());",
  'const [other] = await perlmutter.jobs(["2"]);',
  "await other?.cancel({ wait: true });",
  "",
].join("\n");

function project(whole: boolean): string {
  const dir = tempDir("needs-job-reads-");
  mkdirSync(join(dir, "src", "sfapi"), { recursive: true });
  if (whole) cpSync(join(root, "generated"), join(dir, "src", "sfapi"), { recursive: true });
  else cpSync(join(root, "generated", "manifest.json"), join(dir, "src", "sfapi", "manifest.json"));
  writeFileSync(join(dir, "src", "app.ts"), APP);
  return dir;
}

describe("needs and the job reads of the helpers", () => {
  it("a green code base reading, waiting on and cancelling jobs passes --fail-above green", async () => {
    const dir = project(true);
    const run = await runCli(["needs", "src", "--fail-above", "green", "--format", "json"], { cwd: dir });
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.color).toBe("green");
    const reads = report.uses.flatMap((u) => u.operations.map((o) => `${o.method} ${o.path}`));
    expect(reads).toContain("GET /compute/jobs/{machine}/{jobid}");
    expect(reads).not.toContain("GET /compute/jobs/{machine}");
  });

  it("with the manifest alone, the client's import resolves nowhere: an unknown use at the top level", async () => {
    const dir = project(false);
    const run = await runCli(["needs", "src", "--fail-above", "green", "--format", "json"], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.color).toBe("red");
    expect(report.forcedBy.map((u) => [u.line, u.kind])).toEqual([[1, "unknown"]]);
  });

  it("jobs() without ids or with options counts the job list (yellow)", async () => {
    const dir = project(true);
    writeFileSync(
      join(dir, "src", "filters.ts"),
      [
        'import { createClient } from "./sfapi/index.js";',
        'const yellow = createClient({ color: "yellow", clientId: "x", privateKey: "y" });',
        'await yellow.compute("perlmutter").jobs(undefined, { user: "me" });',
        "",
      ].join("\n"),
    );
    const run = await runCli(["needs", "src", "--fail-above", "green", "--format", "json"], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.color).toBe("yellow");
    const filtered = report.uses.filter((u) => u.file.endsWith("filters.ts"));
    expect(filtered.map((u) => u.operations.map((o) => `${o.method} ${o.path}`))).toEqual([
      // The list, and the one-job template a machine value with an encoded slash may fall on (the list's level).
      ["GET /compute/jobs/{machine}", "GET /compute/jobs/{machine}/{jobid}"],
    ]);
  });

  it("needs the list's level when the table has no one-job operation, and the top when it has neither", () => {
    const folder = readClientTable(join(root, "generated"));
    const where = { file: "app.ts", line: 1, column: 1, code: "perlmutter.job(1)" };
    const use = helperCallUse(COMPUTE_HELPERS.job![0]!, where);
    const full = lookupOf(folder.ladder, folder.entries);
    expect(resolveUse(use, full)).toMatchObject({ level: "green", unknown: null });
    const noOneJob = folder.entries.filter((e) => e.path !== "/compute/jobs/{machine}/{jobid}" || e.method !== "GET");
    expect(resolveUse(use, lookupOf(folder.ladder, noOneJob))).toMatchObject({
      level: "yellow",
      unknown: null,
      operations: [expect.objectContaining({ path: "/compute/jobs/{machine}" })],
    });
    const neither = noOneJob.filter((e) => e.path !== "/compute/jobs/{machine}" || e.method !== "GET");
    expect(resolveUse(use, lookupOf(folder.ladder, neither))).toMatchObject({ level: "red", operations: [] });
    // Every job read of the tables is such an "either": no helper reads through the list alone.
    const listOnly = Object.values(HELPER_CALLS)
      .flatMap((members) => Object.entries(members))
      .filter(([, calls]) =>
        calls.some((c) => Array.isArray(c) && c[0] === "GET" && c[1] === "/compute/jobs/{machine}"),
      );
    expect(listOnly).toEqual([]);
  });
});
