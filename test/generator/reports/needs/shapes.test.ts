// `needs` follows the client with the type checker: every ordinary shape of one red call, each alone in a code base
// beside a green read, needs red (and `--fail-above green` fails); the same shapes of green calls need green, so the
// analysis does not buy soundness by calling everything red. What it cannot follow is counted as the top level, with
// its file:line. Two clients in one file are reported each with what its own uses need.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { runCli } from "../../../support/cli.js";
import { colorNeeds, preDialogClient } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

/**
 * The bundled description with the job cancel and upload red and the job list green, as before Iris's dialog
 * (preDialogClient): a red shape missed, or a green one over-counted, then changes the color.
 */
const CLIENT = await preDialogClient();

const rel = (path: string) => relative(root, path).split("\\").join("/");

/** A code base importing CLIENT from `client.ts`; `files` beside it (name -> text). */
function codeBase(files: Record<string, string>): string {
  const dir = join(tempDir("shapes-"), "src");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "client.ts"), clientModule(dir));
  writeFileSync(join(dir, "read.ts"), 'import { green } from "./client.js";\nexport const t = green.readTasks();\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** CLIENT as `dir` imports it. */
const clientPath = (dir: string) =>
  relative(dir, join(root, CLIENT, "index.js"))
    .split("\\")
    .join("/");

function clientModule(dir: string): string {
  return [
    `import { createClient } from "${clientPath(dir)}";`,
    `export type { RedCompute, RedJob, GreenCompute } from "${clientPath(dir)}";`,
    'export const red = createClient({ color: "red", accessToken: "t" });',
    'export const green = createClient({ color: "green", accessToken: "t" });',
  ].join("\n");
}

const ARGS = '{ path: { machine: "dtn01" }, body: { executable: "id" } }';
const IMPORT = 'import { red, type RedCompute, type RedJob } from "./client.js";\n';

/** Shapes of one red call, each a file's body after IMPORT. */
const RED_SHAPES: Record<string, string> = {
  "method call": `red.runCommand(${ARGS});`,
  "safe call": `red.runCommand.safe(${ARGS});`,
  "element access": `red["runCommand"](${ARGS});`,
  "parenthesised callee": `(red.runCommand)(${ARGS});`,
  "non-null callee": `red.runCommand!(${ARGS});`,
  apply: `red.runCommand.apply(red, [${ARGS}]);`,
  bind: `red.runCommand.bind(red)(${ARGS});`,
  call: `red.runCommand.call(red, ${ARGS});`,
  "Reflect.apply": `Reflect.apply(red.runCommand, red, [${ARGS}]);`,
  "array element": `[red.runCommand][0]!(${ARGS});`,
  "destructured operation":
    "const { submitJob } = red;\nsubmitJob({ path: { machine: 'pm' }, body: { job: 'x', isPath: false } });",
  "destructured helper": 'const { run } = red.compute("perlmutter");\nrun("id");',
  "assigned later": 'let pm;\npm = red.compute("perlmutter");\npm.run("id");',
  "object property": '({ pm: red.compute("perlmutter") }).pm.run("id");',
  "Object.values": 'Object.values({ pm: red.compute("perlmutter") })[0]!.run("id");',
  "promise callback": 'Promise.resolve(red.compute("perlmutter")).then((pm) => pm.run("id"));',
  "typed parameter": 'export function f(m: RedCompute) {\n  return m.run("id");\n}',
  "request()": 'red.request("post", "/utilities/command/{machine}", { params: { path: { machine: "dtn01" } } });',
  "parenthesised POST": '(red.POST)("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } } });',
  "POST literal": 'red.POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } } });',
  "concrete POST path": 'red.POST("/utilities/command/dtn01" as "/utilities/command/{machine}");',
  "job element access": 'export async function f(job: RedJob) {\n  await job["cancel"]();\n}',
  "job method": "export async function f(job: RedJob) {\n  await job.cancel();\n}",
  "compute chain": 'red.compute("perlmutter").run("id");',
  "compute variable": 'const pm = red.compute("perlmutter");\npm.submitJob("#!/bin/bash");',
  "upload helper": 'const pm = red.compute("perlmutter");\npm.upload("/a/b", "text");',
  "submitted job": 'const job = await red.compute("perlmutter").submitJob("x");\nawait job.cancel();',
  "class field": "class W {\n  c = red;\n  go() {\n    return this.c.runCommand(ARGS_);\n  }\n}\nnew W().go();".replace(
    "ARGS_",
    ARGS,
  ),
  "cast to any": `(red as any).runCommand(${ARGS});`,
  "passed as unknown": `function g(x: unknown) {\n  (x as { runCommand(a: unknown): void }).runCommand(${ARGS});\n}\ng(red);`,
  "generic helper": `function call<T>(x: T) {\n  (x as any)["runCommand"](${ARGS});\n}\ncall(red);`,
  "computed key": `const k: string = "runCommand";\n(red as any)[k](${ARGS});`,
  "for-in over the client": "for (const k in red) void (red as Record<string, unknown>)[k];",
  "callback parameter typed any": 'Promise.resolve(red.compute("perlmutter")).then((pm: any) => pm["run"]("id"));',
  "code from a string": 'eval("red.runCommand({})");',
  "kept in an any-typed slot": `const slots: any[] = [];\nslots.push(red);\nslots[0]["runCommand"](${ARGS});`,
};

/** A file name for a case. */
const fileOf = (name: string) => `${name.replace(/[^A-Za-z0-9]+/g, "-")}.ts`;

describe("needs counts every shape of one red call as red", () => {
  const cases = Object.entries(RED_SHAPES);
  let report: NeedsReport;
  beforeAll(() => {
    // One code base, each shape alone in its file (one program for all: the verdict is read per file).
    const dir = codeBase(Object.fromEntries(cases.map(([name, body]) => [fileOf(name), IMPORT + body + "\n"])));
    report = colorNeeds(rel(dir), CLIENT, root);
  }, 60_000);

  it.each(cases.map(([name]) => name))("%s", (name) => {
    const inFile = report.uses.filter((u) => u.file.endsWith(`/${fileOf(name)}`));
    expect(
      inFile.some((u) => u.level === "red"),
      JSON.stringify(inFile, null, 1),
    ).toBe(true);
  });

  it("and the whole code base needs red, so --fail-above green fails", () => {
    expect(report.color).toBe("red");
  });
});

/** The same shapes on a green client's reads: green, no unknown. */
const GREEN_SHAPES: Record<string, string> = {
  "method call": "green.readTasks();",
  "element access": 'green["readTasks"]();',
  bind: "green.readTasks.bind(green)();",
  "Reflect.apply of the read": "Reflect.apply(green.readTasks, green, []);",
  "destructured operation": "const { readTasks } = green;\nreadTasks();",
  "helper chain": 'green.compute("perlmutter").jobs(["1"]);',
  "typed parameter": 'export function f(m: GreenCompute) {\n  return m.job("1");\n}',
  "promise callback": 'Promise.resolve(green.compute("perlmutter")).then((pm) => pm.job("1"));',
  "array of clients": "const all = [green];\nfor (const c of all) c.readTasks();",
  "GET literal": 'green.GET("/tasks", { params: { query: { tags: "" } } });',
  "status read": 'green.readStatus({ path: { name: "perlmutter" } });',
  "data passed on": "const r = await green.readTasks();\nconsole.log(r, JSON.stringify(r));",
  "client logged": "console.log(green);\nJSON.stringify(green);\ngreen.readTasks();",
};

describe("needs keeps green code green", () => {
  const cases = Object.entries(GREEN_SHAPES);
  let report: NeedsReport;
  beforeAll(() => {
    const head = 'import { green, type GreenCompute } from "./client.js";\n';
    const dir = codeBase(Object.fromEntries(cases.map(([name, body]) => [fileOf(name), head + body + "\n"])));
    report = colorNeeds(rel(dir), CLIENT, root);
  }, 60_000);

  it.each(cases.map(([name]) => name))("%s", (name) => {
    const inFile = report.uses.filter((u) => u.file.endsWith(`/${fileOf(name)}`));
    expect(inFile.length).toBeGreaterThan(0);
    expect(
      inFile.filter((u) => u.level !== "green" && u.level !== "public"),
      JSON.stringify(inFile, null, 1),
    ).toEqual([]);
  });

  it("and the whole code base needs green, with no unknown use", () => {
    expect(report.color).toBe("green");
    expect(report.summary.unknown).toBe(0);
  });
});

describe("needs reads every code file and skips only verified generated output", () => {
  it("follows a JSDoc cast in a JavaScript file", () => {
    const dir = codeBase({
      "use.js": 'import { red } from "./client.js";\nconst x = /** @type {any} */ (red);\nx["run" + "Command"]({});\n',
    });
    const report = colorNeeds(rel(dir), CLIENT, root);
    expect(report.uses.filter((u) => u.file.endsWith("/use.js")).map((u) => [u.line, u.level, u.kind])).toEqual([
      [2, "red", "unknown"],
    ]);
  });

  it("reads .js, .mjs, .cjs and .jsx files", () => {
    for (const ext of ["js", "mjs", "cjs", "jsx"]) {
      const body =
        ext === "cjs"
          ? 'const { red } = require("./client.js");\nred.runCommand({});\n'
          : 'import { red } from "./client.js";\nred["runCommand"]({});\n';
      const dir = codeBase({ [`use.${ext}`]: body });
      const report = colorNeeds(rel(dir), CLIENT, root);
      expect([ext, report.color]).toEqual([ext, "red"]);
      expect(report.uses.some((u) => u.file.endsWith(`/use.${ext}`) && u.level === "red")).toBe(true);
    }
  });

  it("reads a dot-folder the code imports", () => {
    const dir = codeBase({
      ".hidden/run.ts": 'import { red } from "../client.js";\nexport const go = () => red.runCommand({} as never);\n',
      "main.ts": 'import { go } from "./.hidden/run.js";\ngo();\n',
    });
    const report = colorNeeds(rel(dir), CLIENT, root);
    expect(report.color).toBe("red");
    expect(report.uses.some((u) => u.file.endsWith(".hidden/run.ts") && u.level === "red")).toBe(true);
  });

  it("a folder with a fake manifest naming sfapi-gen hides nothing", () => {
    const dir = codeBase({
      "lib/manifest.json": JSON.stringify({ generator: { name: "sfapi-gen" } }),
      "lib/run.ts": 'import { red } from "../client.js";\nred.runCommand({} as never);\n',
    });
    const report = colorNeeds(rel(dir), CLIENT, root);
    expect(report.color).toBe("red");
    expect(report.skipped).toEqual([]);
  });

  it("a real generated client inside the code base is skipped, a file added to it is not", () => {
    const dir = codeBase({ "main.ts": 'import { green } from "./client.js";\ngreen.readTasks();\n' });
    cpSync(join(root, CLIENT), join(dir, "sfapi"), { recursive: true });
    writeFileSync(
      join(dir, "sfapi", "extra.ts"),
      'import { red } from "../client.js";\nred.runCommand({} as never);\n',
    );
    const report = colorNeeds(rel(dir), CLIENT, root);
    expect(report.skipped).toEqual([rel(join(dir, "sfapi"))]);
    expect(report.uses.filter((u) => u.file.includes("/sfapi/")).map((u) => u.file.replace(/.*\//, ""))).toEqual([
      "extra.ts",
    ]);
  });
});

describe("needs reports per client", () => {
  it("a file holding a red and a green client says which uses need which", async () => {
    const dir = codeBase({
      "both.ts": [
        'import { createClient } from "./client-factory.js";',
        'const red = createClient({ color: "red", accessToken: "t" });',
        'const green = createClient({ color: "green", accessToken: "t" });',
        "green.readTasks();",
        'const pm = red.compute("perlmutter");',
        'pm.run("id");',
      ].join("\n"),
    });
    writeFileSync(join(dir, "client-factory.ts"), `export { createClient } from "${clientPath(dir)}";`);
    const report = colorNeeds(rel(dir), CLIENT, root);
    const both = (report.clients ?? []).filter((c) => c.file.endsWith("/both.ts"));
    expect(both.map((c) => [c.line, c.color, c.needs])).toEqual([
      [2, "red", "red"],
      [3, "green", "green"],
    ]);
    const cli = await runCli(["needs", rel(dir), "--client", CLIENT]);
    expect(cli.stdout).toContain("## By client");
  });
});
