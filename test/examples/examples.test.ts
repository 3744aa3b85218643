/**
 * The examples/ projects as a user runs them: the package packed once (`npm pack`), installed once with the union of
 * the examples' own dependencies (sfapi-gen from the tarball), each example copied out of the repository with that
 * node_modules, its client generated and its `npm run` scripts run: the red workflow and the CommonJS project built
 * with their own tsc and run against `sfapi-gen mock` (the installed binary), the CI gate passing as it is and failing
 * on an escalating description and on an edited client folder.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, outputOf, root } from "../helpers.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const QUIET = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
const EXAMPLES = ["red-workflow", "commonjs", "ci-gate"];
/**
 * Each test waits on child processes (builds, the gate's runs) that a loaded machine slows down several times over:
 * vitest's 30 s is a bound for in-process tests, not for these.
 */
const CHILDREN_TIMEOUT = 120_000;

let work: string;
let bin: string;
let mock: ChildProcess | undefined;
let keys: string;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return outputOf(spawn(command, args, { cwd, env: { ...process.env, npm_config_update_notifier: "false", ...env } }));
}

async function ok(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

const example = (name: string) => join(work, name);

/**
 * `npm run <script> -- <args>` of an example, as npm runs it (sh, node_modules/.bin first on PATH) without npm's own
 * start-up, which would cost more than most of these scripts.
 */
function script(name: string, which: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const dir = example(name);
  const text: string = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts[which];
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const path = `${join(dir, "node_modules", ".bin")}${delimiter}${process.env["PATH"] ?? ""}`;
  return run("sh", ["-c", `${text} ${quoted}`], dir, { PATH: path, ...env });
}

/** The same, failing the test unless it exits 0. */
async function scriptOk(name: string, which: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const result = await script(name, which, args, env);
  expect(result.code, `${name}: npm run ${which}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** Started once everything is installed, awaited by the tests: the builds and the passing gate run side by side. */
let builds: Promise<[CliRun, CliRun]>;
let passingGate: Promise<CliRun>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sfapi-examples-"));
  // dist/ is built by the test setup; packing without scripts keeps this to the package itself.
  await ok(NPM, ["pack", "--ignore-scripts", "--pack-destination", work, "--loglevel=error"], root);
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!);
  // One install for all: what the examples' package.json files ask for, sfapi-gen from the tarball.
  const wanted = new Set<string>();
  for (const name of EXAMPLES) {
    const pkg = JSON.parse(readFileSync(join(root, "examples", name, "package.json"), "utf8"));
    for (const [dep, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }))
      wanted.add(dep === "sfapi-gen" ? tarball : `${dep}@${range}`);
  }
  const shared = join(work, "install");
  mkdirSync(shared);
  writeFileSync(join(shared, "package.json"), JSON.stringify({ name: "examples-install", private: true }));
  await ok(NPM, ["install", ...QUIET, ...wanted], shared);
  bin = join(shared, "node_modules", "sfapi-gen", "bin", "sfapi-gen.js");
  // Each example as a user has it: its own files (nothing generated), the installed packages.
  for (const name of EXAMPLES) {
    cpSync(join(root, "examples", name), example(name), {
      recursive: true,
      filter: (src) => !/[/\\](node_modules|dist|mock-clients|sfapi)$/.test(src),
    });
    symlinkSync(join(shared, "node_modules"), join(example(name), "node_modules"));
  }
  keys = join(work, "mock-clients");
  mock = spawn(process.execPath, [bin, "mock", "--clients-dir", keys, "--task-delay", "50", "--quiet"], {
    cwd: work,
  });
  const serving = new Promise<void>((resolve, reject) => {
    let out = "";
    mock!.stdout!.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (out.includes("stop with")) resolve();
    });
    mock!.on("exit", (code) => reject(new Error(`mock exited with ${code}: ${out}`)));
  });
  // `npm run generate` once, beside the mock's start; the examples share that script, so its output is copied.
  const [first, ...others] = EXAMPLES;
  await Promise.all([serving, scriptOk(first!, "generate")]);
  for (const name of others) {
    const scripts = (n: string) => JSON.parse(readFileSync(join(example(n), "package.json"), "utf8")).scripts;
    expect(scripts(name).generate).toBe(scripts(first!).generate);
    cpSync(join(example(first!), "src", "sfapi"), join(example(name), "src", "sfapi"), { recursive: true });
  }
  builds = Promise.all([scriptOk("red-workflow", "build"), scriptOk("commonjs", "build")]);
  passingGate = script("ci-gate", "gate", [], {
    NEXT_API: join(example("ci-gate"), "src", "sfapi", "description.json"),
  });
  // Nothing is left running unawaited when a test fails first.
  builds.catch(() => undefined);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([builds, passingGate]);
  mock?.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

describe("examples/, installed from the packed tarball", () => {
  it(
    "the red workflow builds with its own tsc and runs run, submitJob + complete, a failing job and ls on the mock",
    async () => {
      await builds;
      const result = await scriptOk("red-workflow", "start", [join(keys, "red.json")], { SFAPI_POLL_MS: "20" });
      const printed = JSON.parse(result.stdout.trim().split("\n").at(-1)!);
      expect(printed).toMatchObject({ job: { state: "COMPLETED" }, failed: "state: FAILED" });
      expect(printed.host).toContain("`hostname` on perlmutter");
      expect(printed.job.id).toMatch(/^\d+$/);
      // The mock user's home exists from the start; ls leaves out . and ..
      expect(printed.entries).toBeGreaterThanOrEqual(0);
    },
    CHILDREN_TIMEOUT,
  );

  it(
    "the CommonJS project: tsc emits require() of the ES-module client, which runs and refuses by color",
    async () => {
      await builds;
      expect(readFileSync(join(example("commonjs"), "dist", "main.js"), "utf8")).toContain(
        'require("./sfapi/index.js")',
      );
      const result = await scriptOk("commonjs", "start", [join(keys, "green.json")]);
      expect(JSON.parse(result.stdout.trim())).toEqual({
        commonjs: true,
        status: "perlmutter",
        tasks: "object",
        refused: "refused: needs red",
      });
    },
    CHILDREN_TIMEOUT,
  );

  it(
    "the CI gate passes as it is, and fails on an escalation the code would hit and on an edited client",
    async () => {
      const gate = example("ci-gate");
      const same = join(gate, "src", "sfapi", "description.json");
      const passing = await passingGate;
      expect(passing.code, passing.stderr).toBe(0);
      expect(passing.stdout).toContain("# Needs: yellow");

      // The next version asks red for listing a folder, which the code does: diff --fail-on breaking stops the gate.
      const next = JSON.parse(readFileSync(same, "utf8"));
      next.paths["/utilities/ls/{machine}/{path}"].get["x-nersc-scope"] = "red";
      writeFileSync(join(work, "next.json"), JSON.stringify(next));
      const escalated = await script("ci-gate", "gate", [], { NEXT_API: join(work, "next.json") });
      expect(escalated.code).not.toBe(0);
      expect(escalated.stdout).toContain("level escalated: yellow -> red **(breaking)**");
      expect(escalated.stderr).toContain("--fail-on breaking");
      expect(escalated.stdout).not.toContain("# Needs");

      // A generated file edited by hand: generate --check stops the gate before the other steps.
      const operations = join(gate, "src", "sfapi", "operations.js");
      writeFileSync(operations, readFileSync(operations, "utf8").replace('scope: "red"', 'scope: "green"'));
      const edited = await script("ci-gate", "gate", [], { NEXT_API: same });
      expect(edited.code).not.toBe(0);
      expect(edited.stderr).toContain("operations.js");
      expect(edited.stdout).not.toContain("# Needs");
    },
    CHILDREN_TIMEOUT,
  );
});
