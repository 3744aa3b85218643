// `sfapi-gen needs`: the sample consumer in fixtures/consumer (status call, GET /tasks, the command call) needs red and
// names the command call; without the command call it needs green. Plus table uses, unknown paths and path matching.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { matchOperation, needs } from "../../generator/needs.js";
import type { NeedsReport } from "../../generator/needs.js";
import { readClientTable } from "../../generator/needs/client.js";
import { renderNeedsMarkdown } from "../../generator/needs/markdown.js";
import { root, runCli, tempDir } from "../helpers.js";

const consumer = join(root, "test/needs/fixtures/consumer");
const rel = (path: string) => relative(root, path).split("\\").join("/");

/** The 1-based line of the first line of `file` that contains `text` (so the test never hard-codes a line number). */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, "utf8").split("\n").findIndex((line) => line.includes(text));
  expect(index, `${text} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe("sfapi-gen needs on the sample consumer", () => {
  let json: { code: number | null; stdout: string; stderr: string };
  let readOnly: string;
  beforeAll(async () => {
    // The same consumer without its command call.
    readOnly = join(tempDir("needs-"), "consumer");
    cpSync(consumer, readOnly, { recursive: true });
    rmSync(join(readOnly, "command.ts"));
    json = await runCli(["needs", rel(consumer), "--format", "json"]);
  });

  it("reports red, forced by the command call at its file:line (JSON, exit 0)", () => {
    expect(json.code, json.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(json.stdout);
    expect(report.color).toBe("red");
    const commandLine = lineOf(join(consumer, "command.ts"), "client.POST(");
    expect(report.forcedBy).toEqual([
      expect.objectContaining({
        file: "test/needs/fixtures/consumer/command.ts",
        line: commandLine,
        kind: "call",
        operation: { name: "runCommand", method: "POST", path: "/utilities/command/{machine}", scope: "red" },
        level: "red",
        unknown: null,
      }),
    ]);
    expect(report.uses.map((u) => [u.file.replace(/.*\//, ""), u.operation?.name, u.level])).toEqual([
      ["command.ts", "runCommand", "red"],
      ["status.ts", "readStatus", "public"],
      ["tasks.ts", "readTasks", "green"],
    ]);
    expect(report.client).toEqual({ dir: "generated", ladder: ["green", "yellow", "red"], description: { title: "NERSC Superfacility API", version: "1.2" } });
    expect(report.summary).toEqual({ uses: 3, files: 3, unknown: 0, levels: { public: 1, green: 1, yellow: 0, red: 1 } });
  });

  it("prints the same in Markdown, naming the command call's file:line", () => {
    const md = renderNeedsMarkdown(needs(rel(consumer), "generated", root));
    const line = lineOf(join(consumer, "command.ts"), "client.POST(");
    expect(md).toMatch(/^# Needs: red\n/);
    const forced = md.slice(md.indexOf("## Forced by (1)"), md.indexOf("## All uses"));
    expect(forced).toContain(`| test/needs/fixtures/consumer/command.ts:${line} | \`client.POST("/utilities/command/{machine}", …)\` | POST \`/utilities/command/{machine}\` (runCommand) | red |`);
  });

  it("without the command call reports the lower level, forced by GET /tasks", () => {
    const report = needs(readOnly, join(root, "generated"), root);
    expect(report.color).toBe("green");
    expect(report.forcedBy.map((u) => [u.file, u.line, u.operation?.name])).toEqual([[rel(join(readOnly, "tasks.ts")), lineOf(join(readOnly, "tasks.ts"), 'client.GET("/tasks"'), "readTasks"]]);
    expect(report.uses.map((u) => u.level).sort()).toEqual(["green", "public"]);
  });
});

describe("needs: table uses, literals and unknown paths", () => {
  let dir: string;
  let report: NeedsReport;
  beforeAll(() => {
    dir = tempDir("needs-src-");
    mkdirSync(join(dir, "src", "node_modules", "dep"), { recursive: true });
    const files: Record<string, string> = {
      "src/table.ts": [
        'import { operations as ops, createClient } from "../generated/index.js";',
        'import { readDirectory, ladder, OperationScopes } from "../generated/operations.js";',
        'import type { uploadFile } from "../generated/operations.js";',
        "export const a = ops.readJobs.path;",
        'export const b = ops["cancelTask"];',
        "export const c = ops[someName()];",
        "export const d = ops.notAnOperation;",
        "declare function someName(): string;",
      ].join("\n"),
      "src/calls.ts": [
        'const TASKS = "/tasks";',
        "declare const client: any; declare const machine: string;",
        "client.GET(TASKS);",
        "client.GET(`/status/outages/planned`);",
        'client.GET("/utilities/ls/perlmutter/global%2Fhomes");',
        "client.POST(`/utilities/command/${machine}`, { body: {} });",
        'api?.DELETE("/tasks/42?force=1");',
        'client.GET("/no/such/path");',
        'client.get("/utilities/command/dtn01"); // lower case: not openapi-fetch, not counted',
        "declare const api: any;",
      ].join("\n"),
      "src/node_modules/dep/index.ts": 'client.POST("/utilities/upload/a/b");',
      "src/types.d.ts": 'declare const x: ReturnType<typeof client.PUT<"/utilities/upload/{machine}/{path}">>;',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    report = needs(join(dir, "src"), join(root, "generated"), root);
  });

  const use = (file: string, line: number) => report.uses.find((u) => u.file.endsWith(file) && u.line === line);

  it("maps operations-table entries used through an alias, element access and named imports", () => {
    expect(use("table.ts", 2)).toMatchObject({ kind: "table", code: "import { readDirectory }", operation: { name: "readDirectory" }, level: "yellow" });
    expect(use("table.ts", 4)).toMatchObject({ kind: "table", code: "ops.readJobs", operation: { name: "readJobs" }, level: "green" });
    expect(use("table.ts", 5)).toMatchObject({ kind: "table", code: 'ops["cancelTask"]', operation: { name: "cancelTask" }, level: "yellow" });
    // `ladder`, `OperationScopes` and type-only imports are not operations.
    expect(report.uses.filter((u) => u.file.endsWith("table.ts")).map((u) => u.line)).toEqual([2, 4, 5, 6, 7]);
  });

  it("treats a non-literal entry or path, and an entry or path the table lacks, as unknown: top level", () => {
    expect(use("table.ts", 6)).toMatchObject({ operation: null, level: "red", unknown: "unknown: entry name is not a literal; assumes top level (red)" });
    expect(use("table.ts", 7)).toMatchObject({ operation: null, level: "red", unknown: 'unknown: the table has no entry "notAnOperation"; assumes top level (red)' });
    expect(use("calls.ts", 6)).toMatchObject({ kind: "call", operation: null, level: "red", unknown: "unknown: path is not a literal; assumes top level (red)" });
    expect(use("calls.ts", 8)).toMatchObject({ operation: null, unknown: "unknown: no GET operation matches /no/such/path; assumes top level (red)" });
    expect(report.summary.unknown).toBe(4);
    expect(report.color).toBe("red");
    expect(report.forcedBy.map((u) => `${u.file.replace(/.*\//, "")}:${u.line}`)).toEqual(["calls.ts:6", "calls.ts:8", "table.ts:6", "table.ts:7"]);
    expect(renderNeedsMarkdown(report)).toContain("## Unknown: assumes top level (4)");
  });

  it("reads literal paths through consts and plain templates, matches concrete paths to templates, and ignores query strings", () => {
    expect(use("calls.ts", 3)).toMatchObject({ operation: { name: "readTasks" }, level: "green" });
    expect(use("calls.ts", 4)).toMatchObject({ operation: { name: "readPlannedOutages", path: "/status/outages/planned" }, level: "public" });
    expect(use("calls.ts", 5)).toMatchObject({ operation: { name: "readDirectory", path: "/utilities/ls/{machine}/{path}" }, level: "yellow" });
    expect(use("calls.ts", 7)).toMatchObject({ code: 'api?.DELETE("/tasks/42?force=1")', operation: { name: "cancelTask" }, level: "yellow" });
  });

  it("skips lower-case method calls, node_modules and .d.ts files", () => {
    expect(use("calls.ts", 9)).toBeUndefined();
    expect(report.uses.some((u) => u.file.includes("node_modules") || u.file.endsWith(".d.ts"))).toBe(false);
    expect(report.summary.files).toBe(2);
  });
});

describe("needs: path matching and the client table", () => {
  const table = readClientTable(join(root, "generated"));

  it("matches concrete paths to templates, preferring literal segments", () => {
    const match = (method: string, path: string) => matchOperation(table.entries, method, path)?.name;
    expect(match("POST", "/utilities/command/dtn01")).toBe("runCommand");
    expect(match("post", "/utilities/command/{machine}")).toBe("runCommand");
    expect(match("GET", "/status/outages")).toBe("readOutages");
    expect(match("GET", "/status/perlmutter")).toBe("readStatus");
    expect(match("GET", "/status/outages/planned")).toBe("readPlannedOutages");
    expect(match("GET", "/status/outages/planned/perlmutter")).toBe("readPlannedOutagesGet");
    expect(match("GET", "/account/")).toBe("readUser");
    expect(match("GET", "/account")).toBeUndefined();
    expect(match("GET", "/utilities/command/dtn01")).toBeUndefined();
    expect(match("POST", "/utilities/command/")).toBeUndefined();
    expect(match("POST", "/utilities/command/dtn01/extra")).toBeUndefined();
  });

  it("reads every entry and the ladder from the generated operations.ts", () => {
    expect(table.ladder).toEqual(["green", "yellow", "red"]);
    expect(table.entries).toHaveLength(32);
    expect(table.entries.find((e) => e.name === "runCommand")).toEqual({
      name: "runCommand",
      operationId: "run_command_utilities_command__machine__post",
      method: "POST",
      path: "/utilities/command/{machine}",
      scope: "red",
    });
  });

  it("uses another client's ladder: the same consumer against a green < red client needs red without the command call too", () => {
    const client = tempDir("needs-client-");
    const source = readFileSync(join(root, "generated/operations.ts"), "utf8").replace(/"yellow"/g, '"red"').replace('["green", "red", "red"]', '["green", "red"]');
    writeFileSync(join(client, "operations.ts"), source);
    const src = join(tempDir("needs-src-"), "consumer");
    cpSync(consumer, src, { recursive: true });
    rmSync(join(src, "command.ts"));
    writeFileSync(join(src, "ls.ts"), 'import { client } from "./client.js";\nclient.GET("/utilities/ls/{machine}/{path}", { params: { path: { machine: "dtn01", path: "x" } } });\n');
    const report = needs(src, client, root);
    expect(report.client).toMatchObject({ ladder: ["green", "red"], description: null });
    expect(report.color).toBe("red");
    expect(report.forcedBy.map((u) => u.operation?.name)).toEqual(["readDirectory"]);
  });

  it("fails with one readable line on a missing client or source folder", async () => {
    const noClient = await runCli(["needs", rel(consumer), "--client", "test/needs/fixtures"]);
    expect(noClient.code).toBe(1);
    expect(noClient.stdout).toBe("");
    expect(noClient.stderr).toBe("sfapi-gen: test/needs/fixtures: no operations.ts here: --client must name a folder written by `sfapi-gen generate`\n");
    expect(() => needs("test/needs/no-such-dir", "generated", root)).toThrow(/^test\/needs\/no-such-dir: not a folder$/);
    const empty = tempDir("needs-empty-");
    expect(() => needs(empty, "generated", root)).toThrow(`${empty}: no TypeScript files (.ts, .tsx, .mts, .cts) in this folder`);
  });
});
