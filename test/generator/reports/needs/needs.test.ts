// `sfapi-gen needs`: the sample consumer in test/fixtures/needs/consumer (status call, GET /tasks, the command call) needs red and
// names the command call; without the command call it needs green. Plus table uses, unknown paths, agreement with the
// run-time guard (a concrete path fitting several templates), waitForTask, named operations, skipped client folders
// and the manifest reader.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../../../generator/model/model.js";
import type { Manifest } from "../../../../generator/output/client-folder.js";
import { readClientTable } from "../../../../generator/output/client-folder.js";
import { tableEntries } from "../../../../generator/output/manifest.js";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { renderNeeds } from "../../../../generator/reports/needs/needs.js";
import { ScopeError } from "../../../../templates/runtime/errors.js";
import { createGuard } from "../../../../templates/runtime/guard.js";
import { compileTable } from "../../../../templates/runtime/matcher.js";
import { runCli } from "../../../support/cli.js";
import { colorNeeds } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

const consumer = join(root, "test/fixtures/needs/consumer");
const rel = (path: string) => relative(root, path).split("\\").join("/");

/** The 1-based line of the first line of `file` that contains `text` (so the test never hard-codes a line number). */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, "utf8")
    .split("\n")
    .findIndex((line) => line.includes(text));
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
        file: "test/fixtures/needs/consumer/command.ts",
        line: commandLine,
        kind: "call",
        operations: [{ name: "runCommand", method: "POST", path: "/utilities/command/{machine}", scope: "red" }],
        level: "red",
        unknown: null,
      }),
    ]);
    expect(
      report.uses.map((u) => [u.file.replace(/.*\//, ""), u.operations.map((o) => o.name).join(), u.level]),
    ).toEqual([
      ["command.ts", "runCommand", "red"],
      // By template with a literal name: the one operation `/status/perlmutter` is (issue 44, literal siblings).
      ["status.ts", "readStatus", "public"],
      ["tasks.ts", "readTasks", "green"],
    ]);
    expect(report.client).toEqual({
      dir: "generated",
      found: "import",
      ladder: ["green", "yellow", "orange", "red"],
      description: { title: "NERSC Superfacility API", version: "1.2" },
    });
    expect(report.summary).toEqual({
      uses: 3,
      files: 3,
      unknown: 0,
      levels: { public: 1, green: 1, yellow: 0, orange: 0, red: 1 },
    });
    expect(report.format).toBe("sfapi-gen/needs@2");
  });

  it("prints the same in Markdown, naming the command call's file:line", () => {
    const md = renderNeeds(colorNeeds(rel(consumer), "generated", root), "md");
    const line = lineOf(join(consumer, "command.ts"), "client.POST(");
    expect(md).toMatch(/^# Needs: red\n/);
    const forced = md.slice(md.indexOf("## Forced by (1)"), md.indexOf("## All uses"));
    expect(forced).toContain(
      `| test/fixtures/needs/consumer/command.ts:${line} | \`client.POST("/utilities/command/{machine}", …)\` | POST \`/utilities/command/{machine}\` (runCommand) | red |`,
    );
  });

  it("without the command call reports the lower level, forced by GET /tasks", () => {
    const report = colorNeeds(readOnly, join(root, "generated"), root);
    expect(report.color).toBe("green");
    expect(report.forcedBy.map((u) => [u.file, u.line, u.operations[0]?.name])).toEqual([
      [rel(join(readOnly, "tasks.ts")), lineOf(join(readOnly, "tasks.ts"), 'client.GET("/tasks"'), "readTasks"],
    ]);
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
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the line is a template literal in the source under test
        "client.POST(`/utilities/command/${machine}`, { body: {} });",
        'api?.DELETE("/tasks/42?force=1");',
        'client.GET("/no/such/path");',
        'client.get("/utilities/command/dtn01"); // lower case: not openapi-fetch, not counted',
        "declare const api: any;",
      ].join("\n"),
      "src/node_modules/dep/index.ts": 'client.POST("/utilities/upload/a/b");',
      "src/types.d.ts": 'declare const x: ReturnType<typeof client.PUT<"/utilities/upload/{machine}/{path}">>;',
    };
    // The client the code imports, where it imports it (an import the analysis cannot resolve is unknown itself).
    symlinkSync(join(root, "generated"), join(dir, "generated"), "dir");
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    report = colorNeeds(join(dir, "src"), join(root, "generated"), root);
  });

  const use = (file: string, line: number) => report.uses.find((u) => u.file.endsWith(file) && u.line === line);

  it("maps operations-table entries used through an alias, element access and named imports", () => {
    expect(use("table.ts", 2)).toMatchObject({
      kind: "table",
      code: "import { readDirectory }",
      operations: [{ name: "readDirectory" }],
      level: "green",
    });
    expect(use("table.ts", 4)).toMatchObject({
      kind: "table",
      code: "ops.readJobs",
      // By name: the list, and the one-job template a machine value with an encoded slash may fall on.
      operations: [{ name: "readJobs" }, { name: "readJob" }],
      level: "yellow",
    });
    expect(use("table.ts", 5)).toMatchObject({
      kind: "table",
      code: 'ops["cancelTask"]',
      operations: [{ name: "cancelTask" }],
      level: "green",
    });
    // `ladder`, `OperationScopes` and type-only imports are not operations.
    expect(report.uses.filter((u) => u.file.endsWith("table.ts")).map((u) => u.line)).toEqual([2, 4, 5, 6, 7]);
  });

  it("treats a non-literal entry or path, and an entry or path the table lacks, as unknown: top level", () => {
    expect(use("table.ts", 6)).toMatchObject({
      operations: [],
      level: "red",
      unknown: "unknown: entry name is not a literal; assumes top level (red)",
    });
    expect(use("table.ts", 7)).toMatchObject({
      operations: [],
      level: "red",
      unknown: 'unknown: the table has no entry "notAnOperation"; assumes top level (red)',
    });
    expect(use("calls.ts", 6)).toMatchObject({
      kind: "call",
      operations: [],
      level: "red",
      unknown: "unknown: path is not a literal; assumes top level (red)",
    });
    expect(use("calls.ts", 8)).toMatchObject({
      operations: [],
      unknown: "unknown: no GET operation matches /no/such/path; assumes top level (red)",
    });
    expect(report.summary.unknown).toBe(4);
    expect(report.color).toBe("red");
    expect(report.forcedBy.map((u) => `${u.file.replace(/.*\//, "")}:${u.line}`)).toEqual([
      "calls.ts:6",
      "calls.ts:8",
      "table.ts:6",
      "table.ts:7",
    ]);
    expect(renderNeeds(report, "md")).toContain("## Unknown: assumes top level (4)");
  });

  it("reads literal paths through consts and plain templates, matches concrete paths to every template they fit, and ignores query strings", () => {
    const names = (file: string, line: number) => use(file, line)?.operations.map((o) => `${o.name} ${o.path}`);
    expect(use("calls.ts", 3)).toMatchObject({ operations: [{ name: "readTasks" }], level: "green" });
    // `/status/outages/planned` also fits `/status/outages/{name}`; the guard would demand both (both public here).
    expect(names("calls.ts", 4)).toEqual([
      "readPlannedOutages /status/outages/planned",
      "readOutage /status/outages/{name}",
    ]);
    expect(use("calls.ts", 4)?.level).toBe("public");
    expect(names("calls.ts", 5)).toEqual(["readDirectory /utilities/ls/{machine}/{path}"]);
    expect(use("calls.ts", 5)?.level).toBe("green");
    expect(use("calls.ts", 7)).toMatchObject({
      code: 'api?.DELETE("/tasks/42?force=1")',
      operations: [{ name: "cancelTask" }],
      level: "green",
    });
  });

  it("skips lower-case method calls, node_modules and .d.ts files", () => {
    expect(use("calls.ts", 9)).toBeUndefined();
    expect(report.uses.some((u) => u.file.includes("node_modules") || u.file.endsWith(".d.ts"))).toBe(false);
    expect(report.summary.files).toBe(2);
  });
});

/** A client folder with only a manifest: `ops` as `"METHOD /path": scope`, in that order. */
function writeClient(ladder: string[], ops: Record<string, string>): string {
  const dir = tempDir("needs-client-");
  const manifest: Manifest = {
    format: "sfapi-gen/manifest@1",
    description: { title: "Things API", version: "2.0", api: null, sha256: "a".repeat(64) },
    scope: { vendor: "nersc", field: "x-nersc-scope", ladder, policy: "scope" },
    operations: Object.entries(ops).map(([key, scope]) => {
      const [method, path] = key.split(" ") as [string, string];
      const name = `${method.toLowerCase()}${path.replace(/[^A-Za-z]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`;
      return { name, operationId: null, method, path, scope };
    }),
    generator: { name: "sfapi-gen", version: "0.1.0" },
  };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return dir;
}

/** A source folder holding one file, `calls.ts`, with these lines. */
function writeSource(lines: string[]): string {
  const dir = tempDir("needs-src-");
  writeFileSync(join(dir, "calls.ts"), lines.join("\n"));
  return dir;
}

describe("needs agrees with the run-time guard", () => {
  const ladder = ["green", "yellow", "red"];
  const client = writeClient(ladder, {
    "GET /things/{id}": "red",
    "GET /things/public": "green",
    "GET /things/{id}/parts": "yellow",
    "POST /things": "yellow",
    "GET /health": "public",
  });
  const paths = [
    "/things/public", // fits the green literal and the red template: red decides
    "/things/{id}", // the template itself
    "/things/42",
    "/things/42/parts",
    "/things/a%2Fb", // an encoded slash: also read as /things/a/b (no operation), so still only the template
    "/things/public%2Fparts", // also read as /things/public/parts: fits {id}/parts too
    "/health",
    "/nothing/here", // unknown: top only
    "/things/public?verbose=1",
  ];
  const source = writeSource([
    "declare const client: any;",
    ...paths.map((p) => `client.GET(${JSON.stringify(p)});`),
    'client.POST("/things", { body: {} });',
  ]);
  const report = colorNeeds(source, client, root);
  const level = (path: string) => report.uses.find((u) => u.code === `client.GET(${JSON.stringify(path)})`)!.level;

  it("a concrete path that fits a red template and a green literal needs red, naming both", () => {
    const use = report.uses.find((u) => u.code === 'client.GET("/things/public")')!;
    expect(use.level).toBe("red");
    expect(use.operations.map((o) => [o.path, o.scope])).toEqual([
      ["/things/public", "green"],
      ["/things/{id}", "red"],
    ]);
    expect(level("/things/public%2Fparts")).toBe("red");
    expect(level("/nothing/here")).toBe("red");
    expect(level("/health")).toBe("public");
    expect(level("/things/42/parts")).toBe("yellow");
  });

  it("for every call and every color, needs allows exactly what the guard lets through", () => {
    const table = Object.fromEntries(
      readClientTable(client).entries.map((e) => [e.name, { ...e, operationId: undefined }]),
    );
    const base = "https://api.example.test/v2";
    for (const color of ladder) {
      const guard = createGuard({ table: compileTable(table), ladder, color, baseUrl: base });
      for (const use of report.uses) {
        const path = JSON.parse(use.code.slice(use.code.indexOf("(") + 1).replace(/(, …)?\)$/, ""));
        const method = use.code.includes(".POST(") ? "POST" : "GET";
        let allowed = true;
        try {
          guard.checkWritten(method, path, undefined);
          guard.check(method, new URL(base + path).href);
        } catch (error) {
          expect(error).toBeInstanceOf(ScopeError);
          allowed = false;
        }
        const rank = (l: string) => (l === "public" ? -1 : ladder.indexOf(l));
        expect([color, path, allowed]).toEqual([color, path, rank(color) >= rank(use.level)]);
      }
    }
  });

  it("a path the guard refuses for every color (dot-segments, malformed escapes) is unknown", () => {
    const src = writeSource([
      "declare const client: any;",
      'client.GET("/things/../health");',
      'client.GET("/things/%zz");',
    ]);
    const uses = colorNeeds(src, client, root).uses;
    expect(uses.map((u) => [u.level, u.unknown])).toEqual([
      [
        "red",
        'unknown: dot-segments are refused; the guard refuses "/things/../health" for every color; assumes top level (red)',
      ],
      [
        "red",
        'unknown: malformed percent-encoding is refused; the guard refuses "/things/%zz" for every color; assumes top level (red)',
      ],
    ]);
  });
});

describe("needs: waitForTask, named operations and the client folder", () => {
  it("counts waitForTask, standalone (any import name) and as a method, as GET /tasks/{id}", () => {
    const src = writeSource([
      'import { waitForTask, waitForTask as wait } from "./generated/index.js";',
      "declare const client: any; declare const sdk: any;",
      'await waitForTask(client, "1");',
      'await wait(client, "2", { interval: 10 });',
      'await client.waitForTask("3");',
      'await sdk.waitForTask(client, "4");',
      'await waitForTaskLater(client, "5"); // another function: not counted',
      "declare function waitForTaskLater(...a: unknown[]): void;",
    ]);
    // The client it imports, there (an import the analysis cannot resolve would be unknown itself).
    symlinkSync(join(root, "generated"), join(src, "generated"), "dir");
    const report = colorNeeds(src, "generated", root);
    expect(
      report.uses.map((u) => [
        u.line,
        u.kind,
        u.code,
        u.operations.map((o) => `${o.method} ${o.path}`).join(),
        u.level,
      ]),
    ).toEqual([
      [3, "wait", "waitForTask(client, …)", "GET /tasks/{id}", "green"],
      [4, "wait", "wait(client, …)", "GET /tasks/{id}", "green"],
      [5, "wait", 'client.waitForTask("3")', "GET /tasks/{id}", "green"],
      [6, "wait", "sdk.waitForTask(client, …)", "GET /tasks/{id}", "green"],
    ]);
    expect(report.color).toBe("green");
  });

  it("counts named operations `<x>.<name>(...)` and `<x>.<name>.safe(...)` whose name is in the table", () => {
    const src = writeSource([
      'import { operations } from "./generated/index.js";',
      "declare const client: any; declare const api: any;",
      'await client.readTasks({ tags: "" });',
      'await api.wrapped.runCommand.safe({ machine: "dtn01", executable: "hostname" });',
      "await client.readTask.safe({ id: '1' }, { signal: undefined });",
      "await client.notAnOperation();",
      "await client.runCommandLater(); // not a table name",
      "operations.readJobs(); // a table use already: counted once",
    ]);
    // The client it imports, there (an import the analysis cannot resolve would be unknown itself).
    symlinkSync(join(root, "generated"), join(src, "generated"), "dir");
    const report = colorNeeds(src, "generated", root);
    expect(report.uses.map((u) => [u.line, u.kind, u.code, u.operations[0]?.name, u.level])).toEqual([
      [3, "named", 'client.readTasks({ tags: "" })', "readTasks", "green"],
      [4, "named", 'api.wrapped.runCommand.safe({ machine: "dtn01", executable: "hostname" })', "runCommand", "red"],
      [5, "named", "client.readTask.safe({ id: '1' }, …)", "readTask", "green"],
      [8, "table", "operations.readJobs", "readJobs", "yellow"],
    ]);
    expect(report.color).toBe("red");
    expect(report.forcedBy.map((u) => u.line)).toEqual([4]);
  });

  it("counts the workflow helpers of compute(machine) as the calls they make", () => {
    const src = writeSource([
      "declare const client: any; declare const other: any;",
      'const perlmutter = client.compute("perlmutter");',
      "const again = perlmutter;",
      'await again.ls("/global/homes/u/user");',
      'const job = await client.compute("dtn01").job("1");',
      "await job.complete({ timeout: 1 });",
      'await other.run("hostname"); // not a compute(): not counted',
      "const watched = await perlmutter.submitJob(script);",
      "await watched.cancel();",
      'await perlmutter.run("hostname");',
      "declare const script: string;",
    ]);
    const report = colorNeeds(src, "generated", root);
    expect(
      report.uses.map((u) => [u.line, u.kind, u.operations.map((o) => `${o.method} ${o.path}`).join(), u.level]),
    ).toEqual([
      [4, "call", "GET /utilities/ls/{machine}/{path}", "green"],
      [5, "call", "GET /compute/jobs/{machine}/{jobid}", "green"],
      [6, "call", "GET /compute/jobs/{machine}/{jobid}", "green"],
      [8, "call", "POST /compute/jobs/{machine}", "red"],
      [8, "wait", "GET /tasks/{id}", "green"],
      [9, "call", "DELETE /compute/jobs/{machine}/{jobid}", "green"],
      [10, "call", "POST /utilities/command/{machine}", "red"],
      [10, "wait", "GET /tasks/{id}", "green"],
    ]);
    expect(report.color).toBe("red");
  });

  it("skips a generated client folder inside the scanned folder (its manifest's hashes hold), and says so", async () => {
    const project = tempDir("needs-project-");
    mkdirSync(join(project, "src"), { recursive: true });
    cpSync(join(root, "generated"), join(project, "src", "sfapi"), { recursive: true });
    // What a client's own code does (the runtime polling tasks, a red call) must not count against the code base.
    writeFileSync(
      join(project, "src", "app.ts"),
      'import { createClient } from "./sfapi/index.js";\nconst client = createClient({ color: "green" });\nawait client.GET("/tasks");\n',
    );
    const run = await runCli(["needs", "src", "--client", "src/sfapi", "--format", "json"], { cwd: project });
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.skipped).toEqual(["src/sfapi"]);
    expect(report.uses.map((u) => `${u.file}:${u.line}`)).toEqual(["src/app.ts:3"]);
    expect(report.color).toBe("green");
    expect(renderNeeds(report, "md")).toContain("Not scanned (generated client folders): `src/sfapi`.");
    // A file the manifest does not list (or one edited since) is the code base's: its red call counts, even with
    // the manifest in place; so does everything once the manifest is gone.
    writeFileSync(
      join(project, "src", "sfapi", "runtime", "tasks.ts"),
      'declare const client: any;\nclient.GET("/tasks/{id}");\nclient.POST("/utilities/command/{machine}");\n',
    );
    const added = colorNeeds("src", join(root, "generated"), project);
    expect(added.skipped).toEqual(["src/sfapi"]);
    expect(added.uses.map((u) => `${u.file}:${u.line}`)).toEqual([
      "src/app.ts:3",
      "src/sfapi/runtime/tasks.ts:2",
      "src/sfapi/runtime/tasks.ts:3",
    ]);
    rmSync(join(project, "src", "sfapi", "manifest.json"));
    const unmarked = colorNeeds("src", join(root, "generated"), project);
    expect(unmarked.skipped).toEqual([]);
    expect(unmarked.uses.some((u) => u.file === "src/sfapi/runtime/tasks.ts" && u.level === "red")).toBe(true);
    expect(unmarked.uses.some((u) => u.file === "src/sfapi/index.js")).toBe(true);
    expect(unmarked.color).toBe("red");
  });
});

describe("needs: the client table from manifest.json", () => {
  it("reads every entry and the ladder from the generated manifest", async () => {
    const model = await loadModel({});
    const table = readClientTable(join(root, "generated"));
    expect(table.ladder).toEqual(["green", "yellow", "orange", "red"]);
    expect(table.description).toEqual({ title: "NERSC Superfacility API", version: "1.2" });
    expect(table.entries).toHaveLength(31);
    expect(table.entries.find((e) => e.name === "runCommand")).toEqual({
      name: "runCommand",
      operationId: "run_command_utilities_command__machine__post",
      method: "POST",
      path: "/utilities/command/{machine}",
      scope: "red",
    });
    // The manifest lists the table in the model's order.
    expect(table.entries).toEqual(tableEntries(model.operations));
  });

  it("uses another client's ladder: the same consumer against a green < red client needs red without the command call too", () => {
    const manifest = JSON.parse(readFileSync(join(root, "generated/manifest.json"), "utf8"));
    manifest.scope.ladder = ["green", "red"];
    for (const op of manifest.operations) if (op.scope === "yellow" || op.scope === "orange") op.scope = "red";
    const client = tempDir("needs-client-");
    writeFileSync(join(client, "manifest.json"), JSON.stringify(manifest));
    const src = join(tempDir("needs-src-"), "consumer");
    cpSync(consumer, src, { recursive: true });
    rmSync(join(src, "command.ts"));
    writeFileSync(
      join(src, "download.ts"),
      'import { client } from "./client.js";\nclient.GET("/utilities/download/{machine}/{path}", { params: { path: { machine: "dtn01", path: "x" } } });\n',
    );
    const report = colorNeeds(src, client, root);
    expect(report.client).toMatchObject({ ladder: ["green", "red"] });
    expect(report.color).toBe("red");
    // Downloading is yellow on the bundled ladder: red on this one.
    expect(report.forcedBy.map((u) => u.operations[0]?.name)).toEqual(["downloadFile"]);
  });

  it("fails with one readable line on a missing or malformed manifest, or a missing source folder", async () => {
    const noClient = await runCli(["needs", rel(consumer), "--client", "test/fixtures/needs"]);
    expect(noClient.code).toBe(2);
    expect(noClient.stdout).toBe("");
    expect(noClient.stderr).toBe(
      "sfapi-gen: test/fixtures/needs: no manifest.json here: --client must name a folder written by `sfapi-gen generate`\n",
    );

    const bad = (edit: (m: any) => void) => {
      const manifest = JSON.parse(readFileSync(join(root, "generated/manifest.json"), "utf8"));
      edit(manifest);
      const dir = tempDir("needs-bad-");
      writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
      return runCli(["needs", rel(consumer), "--client", rel(dir)]).then((r) => [
        r.code,
        r.stderr.replace(rel(dir), "<dir>"),
      ]);
    };
    expect(await bad((m) => (m.operations[3].method = "get"))).toEqual([
      2,
      'sfapi-gen: <dir>/manifest.json: /operations/3/method must be an upper-case HTTP method, not "get"\n',
    ]);
    expect(await bad((m) => delete m.operations[0].scope)).toEqual([
      2,
      "sfapi-gen: <dir>/manifest.json: /operations/0/scope must be a non-empty string, not undefined\n",
    ]);
    expect(await bad((m) => (m.scope.ladder = ["green", "green"]))).toEqual([
      2,
      'sfapi-gen: <dir>/manifest.json: /scope/ladder/1: "green" is named twice\n',
    ]);
    expect(await bad((m) => (m.operations = 32))).toEqual([
      2,
      "sfapi-gen: <dir>/manifest.json: /operations must be an array\n",
    ]);
    expect(await bad((m) => delete m.format)).toEqual([
      2,
      "sfapi-gen: <dir>/manifest.json: not an sfapi-gen/manifest@1 manifest: it has no format field (written by an older sfapi-gen); regenerate the client with `sfapi-gen generate`\n",
    ]);
    const notJson = tempDir("needs-bad-");
    writeFileSync(join(notJson, "manifest.json"), "{ operations: [");
    const broken = await runCli(["needs", rel(consumer), "--client", rel(notJson)]);
    expect(broken.stderr).toMatch(/^sfapi-gen: .*\/manifest\.json: invalid JSON: .*\n$/);

    expect(() => colorNeeds("test/needs/no-such-dir", "generated", root)).toThrow(
      /^test\/needs\/no-such-dir: not a folder$/,
    );
    const empty = tempDir("needs-empty-");
    expect(() => colorNeeds(empty, "generated", root)).toThrow(
      `${empty}: no code files (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs) in this folder`,
    );
  });
});
