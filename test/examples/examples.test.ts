/**
 * The examples/ projects as a user of a clone runs them: each example copied below a checkout-shaped folder (this
 * repository's package.json, bin/, dist/ and node_modules/), `npm install` in each as its README says (sfapi-gen by
 * its `file:../..` link to the checkout), its client generated and its `npm run` scripts run: the red workflow and the CommonJS project built
 * with their own tsc and run against `sfapi-gen mock` (the installed binary), the CI gate passing as it is and failing
 * on an escalating description and on an edited client folder, and the dashboard page: bundled by its own build, served
 * by its token service and shown in headless Chromium against its own `npm run mock` (with --cors). Chromium is
 * `$CHROMIUM`, else chromium on PATH (Debian: apt-get install chromium; `.ci/run` installs it); without it that test
 * skips and says why.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, JobError } from "../../generated/index.js";
import { type CliRun, outputOf } from "../support/cli.js";
import { listenLocal } from "../support/http.js";
import { findChromium, headlessChromium } from "../support/programs.js";
import { root } from "../support/project.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const QUIET = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
const EXAMPLES = ["red-workflow", "commonjs", "ci-gate", "dashboard-page"];
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

const example = (name: string) => join(work, "checkout", "examples", name);

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

/**
 * `npm run <script> -- <args>` of an example left running (the shell replaced by the command, in a process group of
 * its own that the end kills): resolved with what it printed once it printed `ready`, rejected if it exits first.
 */
function serve(name: string, which: string, args: string[], env: NodeJS.ProcessEnv, ready: string) {
  const dir = example(name);
  const text: string = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts[which];
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const path = `${join(dir, "node_modules", ".bin")}${delimiter}${process.env["PATH"] ?? ""}`;
  const child = spawn("sh", ["-c", `exec ${text} ${quoted}`], {
    cwd: dir,
    env: { ...process.env, PATH: path, ...env },
    detached: true,
  });
  running.push(child);
  let out = "";
  const started = new Promise<void>((resolve, reject) => {
    const seen = (d: string) => {
      out += d;
      if (out.includes(ready)) resolve();
    };
    child.stdout.setEncoding("utf8").on("data", seen);
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.on("exit", (code) => reject(new Error(`${name}: npm run ${which} exited with ${code}: ${out}`)));
  });
  return { started, output: () => out };
}

const chromium = findChromium();
const NO_CHROMIUM = "skipped: no Chromium found ($CHROMIUM, else chromium on PATH; Debian: apt-get install chromium)";
if (!chromium) console.warn(`examples: the dashboard page in headless Chromium is ${NO_CHROMIUM}`);

/**
 * The page's DOM once its scripts are done, as headless Chromium prints it: `--virtual-time-budget` lets the page run
 * until its requests have been answered and its timers have had 20 virtual seconds, then `--dump-dom` prints it.
 */
async function pageDom(url: string, profile: string): Promise<string> {
  const browser = spawn(chromium!, headlessChromium(profile, "--virtual-time-budget=20000", "--dump-dom", url), {
    stdio: ["ignore", "pipe", "ignore"],
    detached: true,
  });
  running.push(browser);
  let dom = "";
  browser.stdout.setEncoding("utf8").on("data", (d: string) => (dom += d));
  const code = await new Promise<number | null>((resolve) => browser.on("exit", resolve));
  expect(code, dom).toBe(0);
  return dom;
}

/** A mock key file's client id and the pieces of its key (PEM lines, JWK fields) long enough to be unique. */
function keyMaterial(file: string): string[] {
  const parsed = JSON.parse(readFileSync(file, "utf8"));
  const secret = typeof parsed.secret === "string" ? parsed.secret : JSON.stringify(parsed.secret);
  const material = [parsed.client_id, ...secret.split(/\s+|"/).filter((part: string) => part.length >= 16)];
  expect(material.length, file).toBeGreaterThan(4);
  return material;
}

/** Started once everything is installed, awaited by the tests: the builds and the passing gate run side by side. */
let builds: Promise<[CliRun, CliRun]>;
let dashboardBuild: Promise<CliRun>;
let passingGate: Promise<CliRun>;
/** What the tests started and the end stops: the dashboard's mock and token service, Chromium. */
const running: ChildProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sfapi-examples-"));
  // A clone as the examples' READMEs assume it: the checkout (its package.json, bin/, the built dist/ and its installed
  // node_modules/, linked from this repository; the test setup builds dist/) with each example's own files copied
  // into examples/ below it (nothing generated), so that each example's `file:../..` names this checkout.
  const checkout = join(work, "checkout");
  mkdirSync(join(checkout, "examples"), { recursive: true });
  for (const entry of ["package.json", "bin", "dist", "node_modules", "README.md", "LICENSE"])
    symlinkSync(join(root, entry), join(checkout, entry));
  for (const name of EXAMPLES) {
    const pkg = JSON.parse(readFileSync(join(root, "examples", name, "package.json"), "utf8"));
    expect(pkg.devDependencies["sfapi-gen"], `examples/${name}/package.json`).toBe("file:../..");
    cpSync(join(root, "examples", name), example(name), {
      recursive: true,
      filter: (src) => !/[/\\](node_modules|dist|mock-clients|sfapi)$/.test(src),
    });
  }
  // `npm install` in each, as its README says (npm's cache serves the rest); sfapi-gen is a link to the checkout.
  await Promise.all(EXAMPLES.map((name) => ok(NPM, ["install", ...QUIET], example(name))));
  for (const name of EXAMPLES)
    expect(realpathSync(join(example(name), "node_modules", "sfapi-gen")), name).toBe(realpathSync(checkout));
  bin = join(example(EXAMPLES[0]!), "node_modules", "sfapi-gen", "bin", "sfapi-gen.js");
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
  dashboardBuild = scriptOk("dashboard-page", "build");
  passingGate = script("ci-gate", "gate", [], {
    NEXT_API: join(example("ci-gate"), "src", "sfapi", "description.json.gz"),
  });
  // Nothing is left running unawaited when a test fails first.
  builds.catch(() => undefined);
  dashboardBuild.catch(() => undefined);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([builds, dashboardBuild, passingGate]);
  mock?.kill("SIGTERM");
  for (const child of running)
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

describe("examples/, installed from a clone as their READMEs say", () => {
  it(
    "the red workflow builds with its own tsc and runs run, submitJob + complete, a failing job and ls on the mock",
    async () => {
      await builds;
      const result = await scriptOk("red-workflow", "start", [join(keys, "red.json")], { SFAPI_POLL_MS: "20" });
      const printed = JSON.parse(result.stdout.trim().split("\n").at(-1)!);
      expect(printed).toMatchObject({ job: { state: "COMPLETED" }, failed: "state: FAILED" });
      // hostname runs in the mock's shell: a command on perlmutter runs on its login node.
      expect(printed.host).toBe("login01\n");
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
      const same = join(gate, "src", "sfapi", "description.json.gz");
      const passing = await passingGate;
      expect(passing.code, passing.stderr).toBe(0);
      expect(passing.stdout).toContain("# Needs: yellow");

      // The next version asks red for downloading, which the code does: diff --fail-on breaking stops the gate.
      const next = JSON.parse(gunzipSync(readFileSync(same)).toString("utf8"));
      next.paths["/utilities/download/{machine}/{path}"].get["x-nersc-scope"] = "red";
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

  it(
    "the dashboard page's bundle holds no key material and no client-assertion code",
    async () => {
      await dashboardBuild;
      const bundle = readFileSync(join(example("dashboard-page"), "dist", "public", "dashboard.js"), "utf8");
      // The page works from tokens alone: the grant's code, its constants and WebCrypto's signing are not in it.
      for (const text of ["client_assertion", "jwt-bearer", "RSASSA-PKCS1-v1_5", "importKey", "PRIVATE KEY"])
        expect(bundle.includes(text), `the bundle holds ${text}`).toBe(false);
      // Nor any key of the mock's.
      for (const color of ["yellow", "red"])
        for (const part of keyMaterial(join(keys, `${color}.json`)))
          expect(bundle.includes(part), `the bundle holds ${color}'s key material`).toBe(false);
      // What it does carry: the client, its guard, and the token service as its token source.
      expect(bundle).toContain("/sfapi-token");
    },
    CHILDREN_TIMEOUT,
  );

  const shows = "the dashboard page shows the systems' status and the user's jobs in headless Chromium, through --cors";
  it.skipIf(!chromium)(chromium ? shows : `${shows} (${NO_CHROMIUM})`, { timeout: CHILDREN_TIMEOUT }, async () => {
    await dashboardBuild;
    const dir = example("dashboard-page");
    // The service's port, known before the facility starts: the facility allows that origin (--cors), and the service
    // reads the key file the facility writes.
    const free = await listenLocal(() => undefined);
    await free.close();
    const origin = `http://127.0.0.1:${free.port}`;
    const facility = serve(
      "dashboard-page",
      "mock",
      ["--cors", origin, "--task-delay", "50", "--quiet"],
      {},
      "stop with",
    );
    await facility.started;
    expect(facility.output()).toContain(`pages allowed (CORS): http://127.0.0.1:8080, ${origin}`);

    // A red workflow of the same user submits two jobs, which end: one COMPLETED, one FAILED.
    const red = createClient({ color: "red", keyFile: join(dir, "mock-clients", "red.json") });
    const perlmutter = red.compute("perlmutter");
    const done = await perlmutter.submitJob("#!/bin/bash\n#SBATCH -J analysis\n", { interval: 20 });
    const failing = await perlmutter.submitJob("#!/bin/bash\n#SBATCH -J broken\n#SFAPI-MOCK state=FAILED\n", {
      interval: 20,
    });
    expect((await done.complete({ interval: 20 })).state).toBe("COMPLETED");
    const failed = await failing.complete({ interval: 20 }).catch((error: unknown) => error);
    expect(JobError.is(failed) && failed.state).toBe("FAILED");

    const service = serve(
      "dashboard-page",
      "start",
      [join("mock-clients", "yellow.json")],
      { PORT: String(free.port) },
      "dashboard: open",
    );
    await service.started;
    const profile = mkdtempSync(join(tmpdir(), "sfapi-dashboard-chromium-"));
    try {
      const dom = await pageDom(`${origin}/`, profile);
      expect(dom, dom).toContain('data-state="shown"');
      expect(dom).not.toContain('class="error"');
      expect(dom).toContain("<tr><td>perlmutter</td><td>active</td><td>System is active</td></tr>");
      expect(dom).toContain(`<tr><td>${done.id}</td><td>analysis</td><td>COMPLETED</td></tr>`);
      expect(dom).toContain(`<tr><td>${failing.id}</td><td>broken</td><td>FAILED</td></tr>`);
      // The page's tokens came from the service (one JWT, reused until shortly before it expires) ...
      expect(service.output()).toContain("token: handed to the page");
      // ... which never handed it the key: not in what it serves, not in what the page shows.
      const served = [
        dom,
        await (await fetch(`${origin}/`)).text(),
        await (await fetch(`${origin}/dashboard.js`)).text(),
      ];
      for (const part of keyMaterial(join(dir, "mock-clients", "green.json")))
        expect(
          served.some((text) => text.includes(part)),
          "the page holds the service's key",
        ).toBe(false);
    } finally {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });
});
