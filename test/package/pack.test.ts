/**
 * The package as a user gets it: `npm pack`, install the tarball into a fresh project outside this repository (its own
 * package.json, TypeScript 5.9, no sfapi-gen config), `npx sfapi-gen generate --out src/sfapi` there, install what
 * generate says the client needs, type-check a workflow under every strict setting (NodeNext with declarations
 * checked, and Bundler resolution), compile it, and run it against `npx sfapi-gen mock` on 127.0.0.1.
 */

import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, outputOf, root, snapshotDir } from "../helpers.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const NPX = process.platform === "win32" ? "npx.cmd" : "npx";
const QUIET = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

/** Every setting users turn on, all at once; declarations (ours included) are checked too (NodeNext run). */
const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
  target: "ES2022",
  lib: ["ES2022"],
  types: ["node"],
};

const WORKFLOW = `// A workflow as a user writes it: one key file per client, operations by name, a task waited on.
import { createClient, ScopeError } from "./sfapi/index.js";

const keys = process.argv[2] ?? "keys";
const red = createClient({ color: "red", keyFile: \`\${keys}/red.json\` });
const status = await red.readStatus({ path: { name: "perlmutter" } });
const { task_id } = await red.runCommand({ path: { machine: "dtn01" }, body: { executable: "hostname" } });
const task = await red.waitForTask(task_id, { interval: 50 });

// A color known only at run time: every call type-checks, the guard decides.
const color: string = process.env["SFAPI_COLOR"] ?? "green";
const other = createClient({ color, keyFile: \`\${keys}/\${color}.json\` });
const refused = await other.runCommand({ path: { machine: "dtn01" }, body: { executable: "id" } }).then(
  () => "sent",
  (error: unknown) => (ScopeError.is(error) ? \`ScopeError: needs \${error.required}\` : String(error)),
);
console.log(JSON.stringify({ status: typeof status, task: task.status, result: task.result, refused }));
`;

function run(command: string, args: string[], cwd: string): Promise<CliRun> {
  return outputOf(spawn(command, args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" } }));
}

async function ok(command: string, args: string[], cwd: string): Promise<CliRun> {
  const result = await run(command, args, cwd);
  expect(result.code, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

const OFFLINE = `// The local facility in-process, through its typed entry point, driving the generated client.
import { startFacility, writeClientFiles } from "sfapi-gen/facility";
import { createClient } from "./sfapi/index.js";

const facility = await startFacility({ levels: ["green", "yellow", "red"], taskDelayMs: 0 });
try {
  const [keyFile] = await writeClientFiles(process.argv[2] ?? "keys", await facility.createClient("red"), facility);
  const red = createClient({ color: "red", keyFile: keyFile! });
  const { task_id } = await red.submitJob({ path: { machine: "perlmutter" }, body: { job: "#!/bin/bash\\nsrun true", isPath: false } });
  const task = await red.waitForTask(task_id, { interval: 10 });
  const jobid = (task.result as { jobid: string }).jobid;
  const job = await red.readJob({ path: { machine: "perlmutter", jobid } });
  console.log(JSON.stringify({ task: task.status, job: job.output?.[0]?.["jobid"] === jobid }));
} finally {
  await facility.close();
}
`;

/**
 * `tsc -p <config>` with the project's own TypeScript, in this process (one compiler load for both configurations,
 * and lib files parsed once): every problem as `tsc` would print it, in the project's files, the generated client's
 * declarations, sfapi-gen's own published declarations and every package they bring in (with `skipLibCheck` off a
 * user's tsc reports those too). Only TypeScript's libs and Node's types are taken as given (most of the time a
 * spawned tsc would spend); the NodeNext configuration emits dist/ like `tsc` does.
 */
function compileProject(config: string): string[] {
  const ts = createRequire(join(project, "package.json"))("typescript") as typeof import("typescript");
  expect(ts.version).toMatch(/^5\.9\./);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(project, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(String(d.messageText));
      },
    },
  )!;
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const key = `${name}\0${JSON.stringify(version)}`;
    return parsedFiles.get(key) ?? parsedFiles.set(key, getSourceFile(name, version, ...rest)!).get(key);
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  const ours = program
    .getSourceFiles()
    .filter((f) => !/\/node_modules\/(typescript|@types\/node|undici-types)\//.test(f.fileName));
  const problems = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  if (!parsed.options.noEmit) problems.push(...program.emit().diagnostics);
  return problems.map(
    (d) =>
      `${d.file ? d.file.fileName.slice(project.length + 1) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  );
}
const parsedFiles = new Map<string, import("typescript").SourceFile | undefined>();

let work: string;
let project: string;
let tarball: string;
let generated: CliRun;
let mock: ChildProcess | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sfapi-pack-"));
  project = join(work, "project");
  mkdirSync(join(project, "src"), { recursive: true });
  // dist/ is built by `npm ci` (prepare) and by prepack; packing without scripts keeps this test to the package itself.
  await ok(NPM, ["pack", "--ignore-scripts", "--pack-destination", work, "--loglevel=error"], root);
  tarball = join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "workflow", private: true, type: "module" }, null, 2),
  );
  await ok(NPM, ["install", ...QUIET, tarball, "typescript@~5.9", "@types/node@^20"], project);
  generated = await ok(NPX, ["sfapi-gen", "generate", "--out", "src/sfapi"], project);
  const install = /npm install (.+)\n/.exec(generated.stdout)?.[1]?.split(" ") ?? [];
  await ok(NPM, ["install", ...QUIET, ...install], project);
  writeFileSync(join(project, "src", "main.ts"), WORKFLOW);
  writeFileSync(join(project, "src", "offline.ts"), OFFLINE);
  const options = (extra: object) =>
    JSON.stringify({ compilerOptions: { ...STRICT, ...extra }, include: ["src"] }, null, 2);
  writeFileSync(
    join(project, "tsconfig.json"),
    options({ module: "NodeNext", moduleResolution: "NodeNext", allowJs: true, rootDir: "src", outDir: "dist" }),
  );
  // Declarations are checked once, above; this one proves the other resolution mode finds and types everything.
  writeFileSync(
    join(project, "tsconfig.bundler.json"),
    options({ module: "ESNext", moduleResolution: "Bundler", noEmit: true, skipLibCheck: true }),
  );
}, 240_000);

afterAll(() => {
  mock?.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

describe("sfapi-gen from its tarball, in a fresh project", () => {
  it("ships bin and dist (compiled generator with types, runtime, bundled description and ladder), LICENSE and CHANGELOG, no tests", async () => {
    const listing = (await ok("tar", ["tzf", tarball], work)).stdout.split("\n");
    for (const file of [
      "package/bin/sfapi-gen.js",
      "package/dist/generator/cli/main.js",
      "package/dist/generator/index.d.ts",
      "package/dist/generator/facility/index.d.ts",
      "package/dist/runtime/client.js",
      "package/dist/runtime/client.d.ts",
      "package/dist/generator/descriptions/v1.2.json",
      "package/dist/generator/descriptions/v1.2.levels.json",
      "package/LICENSE",
      "package/CHANGELOG.md",
    ]) {
      expect(listing, file).toContain(file);
    }
    expect(listing.filter((f) => /^package\/(test|\.ci|generated|templates|generator)\//.test(f))).toEqual([]);
  });

  it("generates with no config the same table as the checked-in generated/, and says what to install", () => {
    expect(generated.stdout).toContain(
      "wrote 50 files to src/sfapi/ (32 operations: green 11, yellow 5, red 6, public 10)",
    );
    expect(generated.stdout).toMatch(/npm install openapi-fetch@\S+ jose@\S+/);
    expect(generated.stderr).not.toContain("warning");
    const ours = snapshotDir(join(root, "generated"));
    const theirs = snapshotDir(join(project, "src", "sfapi"));
    expect([...theirs.keys()].sort()).toEqual([...ours.keys()].sort());
    for (const file of ["operations.js", "operations.d.ts", "index.d.ts", "manifest.json"])
      expect(theirs.get(file)?.toString(), file).toBe(ours.get(file)?.toString());
    const pkg = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      "@types/node",
      "jose",
      "openapi-fetch",
      "sfapi-gen",
      "typescript",
    ]);
  });

  it("type-checks under every strict setting, with NodeNext and with Bundler resolution, and compiles", () => {
    expect(compileProject("tsconfig.json")).toEqual([]);
    expect(compileProject("tsconfig.bundler.json")).toEqual([]);
    expect(readdirSync(join(project, "dist")).sort()).toEqual(["main.js", "offline.js", "sfapi"]);
  });

  it("runs the compiled workflow against sfapi-gen mock", async () => {
    const keys = join(work, "keys");
    // The installed binary itself (npx would stand between the test and the process it must stop).
    const bin = join(project, "node_modules", "sfapi-gen", "bin", "sfapi-gen.js");
    mock = spawn(
      process.execPath,
      [bin, "mock", "--clients-dir", keys, "--levels", "green,yellow,red", "--task-delay", "50"],
      { cwd: project },
    );
    await new Promise<void>((resolve, reject) => {
      let out = "";
      mock!.stdout!.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        if (out.includes("stop with")) resolve();
      });
      mock!.on("exit", (code) => reject(new Error(`mock exited with ${code}: ${out}`)));
    });
    const workflow = await ok(process.execPath, [join(project, "dist", "main.js"), keys], project);
    const result = JSON.parse(workflow.stdout);
    expect(result).toMatchObject({ status: "object", task: "completed", refused: "ScopeError: needs red" });
    expect(result.result.output).toContain("`hostname` on dtn01");
  });

  it("runs a job workflow against the facility started in-process from sfapi-gen/facility", async () => {
    const run = await ok(process.execPath, [join(project, "dist", "offline.js"), join(work, "offline-keys")], project);
    expect(JSON.parse(run.stdout)).toEqual({ task: "completed", job: true });
  });
});
