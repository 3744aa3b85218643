/**
 * The package as a user gets it: `npm pack`, install the tarball into a fresh project outside this repository (its own
 * package.json, TypeScript 5.9, no sfapi-gen config), `npx sfapi-gen generate --out src/sfapi` there, install what
 * generate says the client needs, type-check a workflow under every strict setting (NodeNext with declarations
 * checked, and Bundler resolution), compile it, and run it against `npx sfapi-gen mock` on 127.0.0.1.
 *
 * Then what users' set-ups vary: every maintained @types/node (20 in the project; 22, 24 and 26 from one scratch
 * project of npm aliases, switched in by `typeRoots`), the newest TypeScript (7, its own binary), a browser project
 * without @types/node, `tsc` into an outDir with declarations (ESM and CommonJS projects), tsx, and Node's own type
 * stripping where the Node running the test has it.
 */

import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, outputOf } from "../support/cli.js";
import { byCase, refusalConsumer, refusalProblems, tscMessages } from "../support/consumers/refusal.js";
import { SCOPE_REFUSALS, scopeConsumer } from "../support/consumers/scope.js";
import { root, snapshotDir } from "../support/project.js";

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
  const jobid = typeof task.result === "object" && task.result !== null ? String(task.result.jobid) : "";
  // Finished at once (no task delay): accounting lists it, the queue no longer does.
  const job = await red.readJob({ path: { machine: "perlmutter", jobid }, query: { sacct: true } });
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
function compileProject(
  config: string,
  extend: import("typescript").CompilerOptions = {},
  /** Report problems in the project's and sfapi-gen's own files only (other packages were checked in full once). */
  oursOnly = false,
): string[] {
  const ts = createRequire(join(project, "package.json"))("typescript") as typeof import("typescript");
  return projectDiagnostics(config, extend, oursOnly).map(
    (d) =>
      `${d.file ? d.file.fileName.slice(work.length + 1) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  );
}

/** What compileProject reports, as the compiler's diagnostics. */
function projectDiagnostics(
  config: string,
  extend: import("typescript").CompilerOptions,
  oursOnly: boolean,
): import("typescript").Diagnostic[] {
  const ts = createRequire(join(project, "package.json"))("typescript") as typeof import("typescript");
  expect(ts.version).toMatch(/^5\.9\./);
  const parsed = ts.getParsedCommandLineOfConfigFile(join(project, config), extend, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(String(d.messageText));
    },
  })!;
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const key = `${name}\0${JSON.stringify(version)}`;
    return parsedFiles.get(key) ?? parsedFiles.set(key, getSourceFile(name, version, ...rest)!).get(key);
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  const ours = program
    .getSourceFiles()
    .filter((f) => !/\/node_modules\/(typescript|@types\/node|types-node-\w+|undici-types)\//.test(f.fileName))
    .filter((f) => !oursOnly || !/\/node_modules\/(?!sfapi-gen\/)/.test(f.fileName));
  const problems = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  // One emit per file that tsc writes (the project's own): a whole-program emit first type-checks every file, the libs
  // and Node's types above included (1 to 2 s), and the output is the same.
  if (!parsed.options.noEmit)
    for (const f of program.getSourceFiles())
      if (!f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f))
        problems.push(...program.emit(f).diagnostics);
  return problems;
}
/** The version of a package installed in the scratch project. */
const scratchVersion = (name: string): string =>
  JSON.parse(readFileSync(join(scratch, "node_modules", name, "package.json"), "utf8")).version;
const majorOf = (version: string) => Number(version.split(".")[0]);

const parsedFiles = new Map<string, import("typescript").SourceFile | undefined>();

/**
 * The other maintained @types/node majors, the newest @types/node and TypeScript (`latest`, whatever major that is
 * today: a new one must not slip past) and tsx: one scratch project of npm aliases, kept in node_modules/.cache (so
 * `npm ci` starts it afresh) and installed again when this list changes or on a new day (`latest` moves).
 */
const TYPES_NODE = ["22", "24", "latest"];
const SCRATCH_PACKAGES = [
  ...TYPES_NODE.map((v) => `types-node-${v}@npm:@types/node@${v === "latest" ? v : `^${v}`}`),
  "typescript-latest@npm:typescript@latest",
  "tsx@^4",
];
/** The majors this test was written against: `latest` below them means the alias did not resolve to the newest. */
const NEWEST_KNOWN = { typesNode: 26, typescript: 7 };

/** A user's module that exports what it builds from the client: its declarations must keep the client's types. */
const LIBRARY = `import { createClient, type ClientOptions } from "./sfapi/index.js";

export function greenClient(options: Omit<ClientOptions<"green">, "color">) {
  return createClient({ ...options, color: "green" });
}
`;

/** Every published declaration a user can reach: checked against each @types/node without re-checking workflows. */
const DECLARATIONS = `export type * from "./sfapi/index.js";
export type * as core from "./sfapi/core.js";
export type * as facility from "sfapi-gen/facility";
export type * as generator from "sfapi-gen";
`;

/**
 * Browser code: no process, no @types/node; a key given as PEM text, a call the guard refuses; and core.js, the entry
 * without the helpers, whose green client has no `waitForTask` (a type error) and refuses `runCommand` by type.
 */
const BROWSER = `import { createClient, ScopeError } from "./sfapi/index.js";
import { createClient as createCoreClient } from "./sfapi/core.js";

export async function tryIt(color: string, pem: string, clientId: string): Promise<string> {
  const client = createClient({ color, clientId, privateKey: pem, baseUrl: "https://example.test/api/v1.2" });
  return client.runCommand({ path: { machine: "dtn01" }, body: { executable: "id" } }).then(
    () => "sent",
    (error: unknown) => (ScopeError.is(error) ? \`refused: needs \${error.required}\` : "other"),
  );
}

export async function tasksOf(accessToken: () => Promise<string>) {
  const green = createCoreClient({ color: "green", accessToken });
  // @ts-expect-error core.js has no waitForTask
  void green.waitForTask;
  // @ts-expect-error runCommand needs red: NeedsColor<"runCommand", "red"> is not callable
  void green.runCommand({ path: { machine: "dtn01" }, body: { executable: "id" } });
  return green.readTasks();
}
`;

/** A CommonJS project's code: tsc emits require() of the ES module client (Node 20.19+ and 22.12+ load it). */
const COMMONJS = `import { createClient, ScopeError } from "./sfapi/index.js";

const color: string = process.env["SFAPI_COLOR"] ?? "green";
createClient({ color }).runCommand({ path: { machine: "dtn01" }, body: { executable: "id" } }).then(
  () => console.log("sent"),
  (error: unknown) => console.log(ScopeError.is(error) ? \`refused: needs \${error.required}\` : String(error)),
);
`;

let work: string;
let project: string;
let scratch: string;
let tarball: string;
let generated: CliRun;
let mock: ChildProcess | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sfapi-pack-"));
  project = join(work, "project");
  mkdirSync(join(project, "src"), { recursive: true });
  // dist/ is built by the test setup and by prepack; packing without scripts keeps this test to the package itself.
  await ok(NPM, ["pack", "--ignore-scripts", "--pack-destination", work, "--loglevel=error"], root);
  tarball = join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "workflow", private: true, type: "module" }, null, 2),
  );
  scratch = join(root, "node_modules", ".cache", "sfapi-gen-pack-scratch");
  const stamp = join(scratch, "installed.json");
  const wanted = JSON.stringify({ packages: SCRATCH_PACKAGES, day: new Date().toISOString().slice(0, 10) });
  const current = existsSync(stamp) && readFileSync(stamp, "utf8") === wanted;
  if (!current) {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true }));
  }
  // One install each, side by side: the user's project, and (when not already there) the scratch project.
  await Promise.all([
    ok(NPM, ["install", ...QUIET, tarball, "typescript@~5.9", "@types/node@^20"], project),
    current ? undefined : ok(NPM, ["install", ...QUIET, ...SCRATCH_PACKAGES], scratch),
  ]);
  if (!current) {
    // typeRoots wants a folder holding `node/`: one per major, linked to its aliased package.
    for (const v of TYPES_NODE) {
      mkdirSync(join(scratch, "roots", v), { recursive: true });
      symlinkSync(join(scratch, "node_modules", `types-node-${v}`), join(scratch, "roots", v, "node"));
    }
    writeFileSync(stamp, wanted);
  }
  generated = await ok(NPX, ["sfapi-gen", "generate", "--out", "src/sfapi"], project);
  const install = /npm install (.+)\n/.exec(generated.stdout)?.[1]?.split(" ") ?? [];
  await ok(NPM, ["install", ...QUIET, ...install], project);
  writeFileSync(join(project, "src", "main.ts"), WORKFLOW);
  writeFileSync(join(project, "src", "offline.ts"), OFFLINE);
  writeFileSync(join(project, "src", "library.ts"), LIBRARY);
  writeFileSync(join(project, "src", "browser.ts"), BROWSER);
  writeFileSync(join(project, "src", "declarations.ts"), DECLARATIONS);
  const options = (extra: object, include = ["src"]) =>
    JSON.stringify({ compilerOptions: { ...STRICT, ...extra }, include }, null, 2);
  // The recipe of docs/client.md for tsc into an outDir: declarations on, no allowJs, the client folder copied beside.
  writeFileSync(
    join(project, "tsconfig.json"),
    options({ module: "NodeNext", moduleResolution: "NodeNext", declaration: true, rootDir: "src", outDir: "dist" }),
  );
  // Declarations are checked once, above; this one proves the other resolution mode finds and types everything.
  writeFileSync(
    join(project, "tsconfig.bundler.json"),
    options({ module: "ESNext", moduleResolution: "Bundler", noEmit: true, skipLibCheck: true }),
  );
  writeFileSync(
    join(project, "tsconfig.types.json"),
    options({ module: "NodeNext", moduleResolution: "NodeNext", noEmit: true }, ["src/declarations.ts"]),
  );
  // A browser project: the DOM's lib, no @types/node at all, every declaration checked.
  writeFileSync(
    join(project, "tsconfig.browser.json"),
    options({ module: "ESNext", moduleResolution: "Bundler", noEmit: true, lib: ["ES2022", "DOM"], types: [] }, [
      "src/browser.ts",
    ]),
  );
  // A consumer whose every call the types refuse, compiled apart (its errors are the point), under both TypeScripts.
  mkdirSync(join(project, "refusals"));
  writeFileSync(join(project, "refusals", "refusals.ts"), refusalConsumer("../src/sfapi/index.js").source);
  writeFileSync(
    join(project, "tsconfig.refusals.json"),
    options({ module: "NodeNext", moduleResolution: "NodeNext", noEmit: true, skipLibCheck: true }, ["refusals"]),
  );
  // Clients of OAuth2 scopes (Spotify's and Petstore's descriptions) and a consumer whose refused calls name the scopes
  // they lack, compiled apart under both TypeScripts, every declaration checked.
  const oauth2 = join(root, "test", "fixtures", "oauth2");
  await Promise.all(
    ["spotify.yml", "petstore.yaml"].map((file) =>
      ok(
        NPX,
        ["sfapi-gen", "generate", "--file", join(oauth2, file), "--out", `scopes/${file.split(".")[0]}`],
        project,
      ),
    ),
  );
  writeFileSync(
    join(project, "scopes", "consumer.ts"),
    scopeConsumer("./spotify/index.js", "./petstore/index.js").source,
  );
  writeFileSync(
    join(project, "tsconfig.scopes.json"),
    options({ module: "NodeNext", moduleResolution: "NodeNext", noEmit: true, lib: ["ES2022", "DOM"] }, [
      "scopes/consumer.ts",
    ]),
  );
  // The newest TypeScript with the newest @types/node, declarations checked.
  writeFileSync(
    join(project, "tsconfig.ts7.json"),
    options({
      module: "NodeNext",
      moduleResolution: "NodeNext",
      noEmit: true,
      typeRoots: [join(scratch, "roots", "latest")],
    }),
  );
}, 240_000);

afterAll(() => {
  mock?.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
  // The worker runs other test files next (isolate: false): let go of the parsed files (every @types/node major) and
  // of the project's own TypeScript (24 MB of heap that every later full collection would walk).
  parsedFiles.clear();
  const { cache } = createRequire(import.meta.url);
  for (const key of Object.keys(cache)) if (key.startsWith(work)) delete cache[key];
});

describe("sfapi-gen from its tarball, in a fresh project", () => {
  it("ships bin and dist (compiled generator with types, runtime, bundled description and ladder), LICENSE, CHANGELOG, docs and examples, no tests", async () => {
    const listing = (await ok("tar", ["tzf", tarball], work)).stdout.split("\n");
    for (const file of [
      "package/bin/sfapi-gen.js",
      "package/dist/generator/cli/main.js",
      "package/dist/cli/main.js",
      "package/dist/generator/index.d.ts",
      "package/dist/generator/facility/index.d.ts",
      "package/dist/runtime/client.js",
      "package/dist/runtime/client.d.ts",
      "package/dist/generator/descriptions/v1.2.json",
      "package/dist/generator/descriptions/v1.2.levels.json",
      "package/LICENSE",
      "package/CHANGELOG.md",
      // What README.md links to: the docs, the contributors' guide and the examples (test/docs checks every link).
      "package/README.md",
      "package/CONTRIBUTING.md",
      "package/docs/README.md",
      "package/docs/client.md",
      "package/examples/red-workflow/package.json",
      "package/examples/red-workflow/src/main.ts",
      "package/examples/commonjs/tsconfig.json",
      "package/examples/ci-gate/gate.sh",
    ]) {
      expect(listing, file).toContain(file);
    }
    expect(listing.filter((f) => /^package\/(test|\.ci|generated|templates|generator)\//.test(f))).toEqual([]);
    // No install script (preinstall, install, postinstall, prepare): npm warns about each on install.
    const manifest = JSON.parse((await ok("tar", ["xzOf", tarball, "package/package.json"], work)).stdout);
    expect(Object.keys(manifest.scripts).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
  });

  it("generates with no config the same table as the checked-in generated/, and says what to install", () => {
    const files = readdirSync(join(root, "generated"), { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    expect(generated.stdout).toContain(
      `wrote ${files.length} files to src/sfapi/ (31 operations: green 12, orange 5, yellow 2, red 2, public 10)`,
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
    expect(compileProject("tsconfig.json").join("\n")).toBe("");
    expect(compileProject("tsconfig.bundler.json").join("\n")).toBe("");
    // tsc emits the user's files only; the recipe copies the client folder (its .js, .d.ts and package.json) beside.
    cpSync(join(project, "src", "sfapi"), join(project, "dist", "sfapi"), { recursive: true });
    expect(
      readdirSync(join(project, "dist"))
        .filter((f) => f.endsWith(".js"))
        .sort(),
    ).toEqual(["browser.js", "declarations.js", "library.js", "main.js", "offline.js"]);
    // declaration: true keeps the client's types in the user's own declarations.
    const declared = readFileSync(join(project, "dist", "library.d.ts"), "utf8");
    expect(declared).toContain('import("./sfapi/index.js")');
    expect(declared).not.toMatch(/\bany\b/);
  });

  it.each(TYPES_NODE)("the client's and sfapi-gen's declarations hold against @types/node %s", (v) => {
    const installed = scratchVersion(`types-node-${v}`);
    expect(majorOf(installed)).toBeGreaterThanOrEqual(v === "latest" ? NEWEST_KNOWN.typesNode : Number(v));
    const typeRoots = [join(scratch, "roots", v)];
    expect(compileProject("tsconfig.types.json", { typeRoots }, true).join("\n"), `@types/node ${installed}`).toBe("");
  });

  it("the client's declarations need no @types/node: a browser project (DOM lib, no types) type-checks", () => {
    expect(compileProject("tsconfig.browser.json").join("\n")).toBe("");
  });

  it("type-checks under the newest TypeScript with the newest @types/node", async () => {
    const tsc = join(scratch, "node_modules", "typescript-latest", "bin", "tsc");
    const version = await ok(process.execPath, [tsc, "--version"], project);
    expect(version.stdout.trim()).toBe(`Version ${scratchVersion("typescript-latest")}`);
    expect(majorOf(scratchVersion("typescript-latest"))).toBeGreaterThanOrEqual(NEWEST_KNOWN.typescript);
    const result = await run(process.execPath, [tsc, "-p", "tsconfig.ts7.json"], project);
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.code).toBe(0);
  });

  it("a refused call's error names the color it needs, under TypeScript 5.9 and the newest", async () => {
    const { lines } = refusalConsumer("../src/sfapi/index.js");
    const ts = createRequire(join(project, "package.json"))("typescript") as typeof import("typescript");
    const under59 = projectDiagnostics("tsconfig.refusals.json", {}, true).map((d): [number, string] => [
      d.file?.fileName.endsWith("refusals/refusals.ts") ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 : 0,
      ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    ]);
    expect(refusalProblems(byCase(lines, under59)), "TypeScript 5.9").toEqual([]);
    // TypeScript 7 ships a native compiler behind its tsc: its command line, its messages as it prints them.
    const tsc = join(scratch, "node_modules", "typescript-latest", "bin", "tsc");
    const newest = await run(process.execPath, [tsc, "-p", "tsconfig.refusals.json", "--pretty", "false"], project);
    expect(newest.code).not.toBe(0);
    const found = tscMessages(newest.stdout + newest.stderr, "refusals/refusals.ts");
    expect(refusalProblems(byCase(lines, found)), `TypeScript ${scratchVersion("typescript-latest")}`).toEqual([]);
  });

  it("a call beyond a literal grant names the scopes it lacks, under TypeScript 5.9 and the newest", async () => {
    const { lines } = scopeConsumer("./spotify/index.js", "./petstore/index.js");
    const ts = createRequire(join(project, "package.json"))("typescript") as typeof import("typescript");
    const under59 = projectDiagnostics("tsconfig.scopes.json", {}, true).map((d): [number, string] => [
      d.file?.fileName.endsWith("scopes/consumer.ts") ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 : 0,
      ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    ]);
    expect(refusalProblems(byCase(lines, under59), SCOPE_REFUSALS), "TypeScript 5.9").toEqual([]);
    const tsc = join(scratch, "node_modules", "typescript-latest", "bin", "tsc");
    const newest = await run(process.execPath, [tsc, "-p", "tsconfig.scopes.json", "--pretty", "false"], project);
    expect(newest.code).not.toBe(0);
    const found = tscMessages(newest.stdout + newest.stderr, "scopes/consumer.ts");
    expect(
      refusalProblems(byCase(lines, found), SCOPE_REFUSALS),
      `TypeScript ${scratchVersion("typescript-latest")}`,
    ).toEqual([]);
  });

  it("a CommonJS project: tsc into an outDir, the client folder copied beside, runs", async () => {
    const cjs = join(work, "project", "cjs");
    mkdirSync(join(cjs, "src"), { recursive: true });
    writeFileSync(join(cjs, "package.json"), JSON.stringify({ name: "cjs", private: true, type: "commonjs" }));
    cpSync(join(project, "src", "sfapi"), join(cjs, "src", "sfapi"), { recursive: true });
    writeFileSync(join(cjs, "src", "main.ts"), COMMONJS);
    writeFileSync(
      join(cjs, "tsconfig.json"),
      JSON.stringify({
        // verbatimModuleSyntax would have CommonJS code written as `import x = require()`; most such projects do not.
        compilerOptions: {
          ...STRICT,
          verbatimModuleSyntax: false,
          module: "NodeNext",
          declaration: true,
          rootDir: "src",
          outDir: "dist",
        },
        include: ["src"],
      }),
    );
    expect(compileProject("cjs/tsconfig.json").join("\n")).toBe("");
    expect(readFileSync(join(cjs, "dist", "main.js"), "utf8")).toContain('require("./sfapi/index.js")');
    cpSync(join(cjs, "src", "sfapi"), join(cjs, "dist", "sfapi"), { recursive: true });
    const result = await ok(process.execPath, [join(cjs, "dist", "main.js")], cjs);
    expect(result.stdout.trim()).toBe("refused: needs red");
  });

  it("tsx runs the TypeScript workflow as written", async () => {
    const tsx = join(scratch, "node_modules", "tsx", "dist", "cli.mjs");
    const result = await ok(process.execPath, [tsx, "src/offline.ts", join(work, "tsx-keys")], project);
    expect(JSON.parse(result.stdout)).toEqual({ task: "completed", job: true });
  });

  const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
  it.runIf(major > 22 || (major === 22 && minor >= 18))("Node's own type stripping runs it too", async () => {
    const result = await ok(process.execPath, ["src/offline.ts", join(work, "strip-keys")], project);
    expect(JSON.parse(result.stdout)).toEqual({ task: "completed", job: true });
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
    // hostname runs in the mock's shell, on the data transfer node named.
    expect(result.result.output).toBe("dtn01\n");
  });

  it("runs a job workflow against the facility started in-process from sfapi-gen/facility", async () => {
    const run = await ok(process.execPath, [join(project, "dist", "offline.js"), join(work, "offline-keys")], project);
    expect(JSON.parse(run.stdout)).toEqual({ task: "completed", job: true });
  });
});
