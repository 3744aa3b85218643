// `diff --code` keeps the `assumed` mark `needs` puts on a job call it could not trace (a `cancel()` or `state()` on a
// job handed in from another module): in JSON on the broken and escalated uses and in the `assumed` list, and in
// Markdown as "(assumed)" next to the level and a section saying why, so a reader can tell traced calls from assumed.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { root, tempDir } from "../../../support/project.js";

const STOP = [
  'import type { RedJob } from "./jobs.js";',
  "export async function stop(job: RedJob) {",
  "  await job.cancel();",
  "}",
  "export async function look(job: RedJob) {",
  "  return job.state();",
  "}",
  'export async function traced(client: any) { return client.GET("/compute/jobs/{machine}"); }',
  "",
].join("\n");
const WHY =
  "receiver not traced to a job; counted as a job's %s() because this file names the job type RedJob (line 2)";

let project: string;
let json: DiffReport;
let markdown: string;

beforeAll(async () => {
  project = tempDir("diff-assumed-");
  const v12 = JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));
  writeFileSync(join(project, "old.json"), JSON.stringify(v12));
  // The new version drops the job cancel and makes reading jobs red: the list and the one-job read (a job's
  // state() reads whichever of the two the color may call, so only both raised raise it).
  const next = structuredClone(v12);
  delete next.paths["/compute/jobs/{machine}/{jobid}"].delete;
  next.paths["/compute/jobs/{machine}"].get["x-nersc-scope"] = "red";
  next.paths["/compute/jobs/{machine}/{jobid}"].get["x-nersc-scope"] = "red";
  writeFileSync(join(project, "new.json"), JSON.stringify(next));
  mkdirSync(join(project, "src"));
  writeFileSync(join(project, "src", "stop.ts"), STOP);
  const args = ["diff", "old.json", "new.json", "--levels", "green,yellow,orange,red", "--code", "src"];
  const [a, b] = await Promise.all([
    runCli([...args, "--format", "json"], { cwd: project }),
    runCli(args, { cwd: project }),
  ]);
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  json = JSON.parse(a.stdout);
  markdown = b.stdout;
});

describe("diff --code marks assumed job calls", () => {
  it("in JSON: on the broken and escalated uses, in the assumed list, and counted; traced uses carry no mark", () => {
    const code = json.code!;
    expect(code.broken.map((u) => [u.line, u.reason, u.assumed])).toEqual([
      [3, "cancelJob removed", WHY.replace("%s", "cancel")],
    ]);
    expect(code.escalated.map((u) => [u.line, u.from, u.to, u.assumed ?? null])).toEqual([
      [6, "green", "red", WHY.replace("%s", "state")],
      [8, "yellow", "red", null],
    ]);
    expect(code.assumed.map((u) => [u.line, u.code, u.from, u.to, u.reason])).toEqual([
      [3, "job.cancel()", "green", null, WHY.replace("%s", "cancel")],
      [6, "job.state()", "green", "red", WHY.replace("%s", "state")],
    ]);
    expect(code.summary).toMatchObject({ uses: 3, broken: 1, escalated: 2, assumed: 2 });
  });

  it("in Markdown: (assumed) next to the level, and a section with each reason", () => {
    expect(markdown).toContain("1 broken, 2 escalated; 2 job calls assumed, not traced (below).");
    expect(markdown).toMatch(/\| src\/stop\.ts:3 \| `job\.cancel\(\)` \| .* \| nothing \(removed\) \(assumed\) \|\n/);
    expect(markdown).toContain(
      "| src/stop.ts:6 | `job.state()` | GET `/compute/jobs/{machine}/{jobid}` (readJob) | green -> red (assumed) |",
    );
    expect(markdown).toContain(
      '| src/stop.ts:8 | `client.GET("/compute/jobs/{machine}")` | GET `/compute/jobs/{machine}` (readJobs: red), ' +
        "GET `/compute/jobs/{machine}/{jobid}` (readJob: red) | yellow -> red |",
    );
    expect(markdown).toContain(
      [
        "### Assumed job calls (2)",
        "",
        `- src/stop.ts:3 \`job.cancel()\` (green -> nothing (removed)): ${WHY.replace("%s", "cancel")}`,
        `- src/stop.ts:6 \`job.state()\` (green -> red): ${WHY.replace("%s", "state")}`,
      ].join("\n"),
    );
  });
});
