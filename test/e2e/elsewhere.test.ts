/**
 * The generated client where Node is not: bundled by esbuild for the browser (which fails on any `node:` import) and
 * run in headless Chromium (`index.js` and `core.js`, the entry without the helpers), and run as is by Deno and Bun. Each calls the local facility (started in this process):
 * an allowed call with a key given as PEM text (token request, RS256 assertion signed by WebCrypto, API call), and a
 * call above the client's color, refused before anything is sent (the facility's log shows nothing for it).
 *
 * Chromium is Debian's (`.ci/run` installs it); Deno and Bun come from the npm registry's platform packages
 * (`@deno/linux-x64-glibc`, `@oven/bun-linux-x64`), which `.ci/run` installs into `.ci/cache/runtimes`; Deno and Bun
 * also read a key file (`keyFile`), as Node does. Without one
 * of them its test skips and says why. Chromium runs with web security off: the page (served from here) and the
 * facility are different origins, and the facility, like the real one, sends no CORS headers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility, writeClientFiles } from "../../generator/facility/index.js";
import { type CliRun, outputOf } from "../support/cli.js";
import { sharedKeyClient } from "../support/facility.js";
import { listenLocal } from "../support/http.js";
import { findChromium, headlessChromium, onPath } from "../support/programs.js";
import { root, tempDir } from "../support/project.js";

/** What every runtime runs: the same module text, given the facility's URLs and a green client's key as PEM. */
const SCENARIO = (client: string) => `import { createClient, ScopeError } from ${JSON.stringify(client)};

export async function scenario(config) {
  const color = "green";
  const green = config.keyFile
    ? createClient({ color, keyFile: config.keyFile })
    : createClient({
        color,
        clientId: config.clientId,
        privateKey: config.pem,
        baseUrl: config.baseUrl,
        tokenUrl: config.tokenUrl,
      });
  const tasks = await green.readTasks();
  const refused = await green.runCommand({ path: { machine: "dtn01" }, body: { executable: "id" } }).then(
    () => "sent",
    (error) => (ScopeError.is(error) ? \`ScopeError: needs \${error.required}\` : String(error)),
  );
  return { tasks: Array.isArray(tasks.tasks) ? "list" : typeof tasks, refused };
}
`;

const EXPECTED = { tasks: "list", refused: "ScopeError: needs red" };

const RUNTIMES = join(root, ".ci", "cache", "runtimes", "node_modules");
const found = (env: string, cached: string, names: string[]) => {
  const given = process.env[env];
  if (given) return existsSync(given) ? given : undefined;
  return existsSync(join(RUNTIMES, cached)) ? join(RUNTIMES, cached) : onPath(names);
};
const chromium = findChromium();
const deno = found("SFAPI_DENO", "@deno/linux-x64-glibc/deno", ["deno"]);
const bun = found("SFAPI_BUN", "@oven/bun-linux-x64/bin/bun", ["bun"]);
const why = (what: string, how: string) => `${what} not found; skipped (${how})`;

let facility: Facility;
let config: { clientId: string; pem: string; baseUrl: string; tokenUrl: string };
/** The same client as `sfapi-gen mock` writes it: one JSON key file (mode 600) with the URLs. */
let keyFile: string;
let dir: string;

beforeAll(async () => {
  dir = tempDir("elsewhere-");
  facility = await startFacility({ levels: ["green", "yellow", "red"], taskDelayMs: 0 });
  const green = sharedKeyClient(facility, "green");
  config = {
    clientId: green.clientId,
    pem: green.privateKeyPem,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
  };
  [keyFile] = (await writeClientFiles(join(dir, "keys"), green, facility)) as [string];
});
afterAll(() => facility?.close());

/** What reached the facility since `from`: every request, with its path. */
const since = (from: number) => facility.requests.slice(from).map((r) => `${r.method} ${r.path} ${r.status}`);

function expectOneAllowedCall(from: number, times = 1): void {
  const seen = since(from);
  expect(seen).toEqual(Array(times).fill(["POST /token 200", "GET /api/v1.2/tasks 200"]).flat());
}

/** The modules of the client folder whose code a bundle carries (not those read and shaken out), inside generated/. */
const carried = (inputs: Record<string, { bytesInOutput: number }>) =>
  Object.entries(inputs)
    .filter(([input, { bytesInOutput }]) => input.startsWith("generated/") && bytesInOutput > 0)
    .map(([input]) => input.slice("generated/".length))
    .sort();

const ENTRIES = ["index", "core"] as const;

describe("the generated client outside Node", () => {
  it("bundles for the browser with esbuild (no node: import anywhere it reaches); core.js without the helpers or key files", async () => {
    const modules: Record<string, string[]> = {};
    for (const entry of ENTRIES) {
      const result = await build({
        stdin: { contents: SCENARIO(`./generated/${entry}.js`), resolveDir: root, loader: "js" },
        bundle: true,
        platform: "browser",
        format: "esm",
        minify: true,
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const text = result.outputFiles[0]!.text;
      // esbuild for the browser stops at a node: import; a require("node:...") or import("node:...") left in the text
      // would fail at run time instead.
      expect(text.match(/["'`]node:[a-z_/]+["'`]/g)).toBeNull();
      writeFileSync(join(dir, `bundle-${entry}.js`), text);
      modules[entry] = carried(Object.values(result.metafile.outputs)[0]!.inputs);
    }
    // The helpers and the key file reader are index.js's; everything else the one call needs is the same code.
    const indexOnly = [
      "runtime/account.js",
      "runtime/deadline.js",
      "runtime/jobs.js",
      "runtime/key-file.js",
      "runtime/remote-path.js",
      "runtime/tasks.js",
      "runtime/workflow.js",
    ];
    expect(modules.index).toEqual(expect.arrayContaining(indexOnly));
    expect(modules.core!.filter((m) => indexOnly.includes(m))).toEqual([]);
    expect(modules.core).toEqual(modules.index!.filter((m) => !indexOnly.includes(m) && m !== "index.js"));
  });

  const browserTest =
    "runs in headless Chromium (index.js, then core.js): an allowed call with a PEM key, a refused call that sends nothing";
  it.skipIf(!chromium)(
    chromium ? browserTest : `${browserTest} (${why("chromium", "Debian: apt-get install chromium")})`,
    async () => {
      const { readFileSync } = await import("node:fs");
      const bundles = new Map(
        ENTRIES.map((e) => [`/bundle-${e}.js`, readFileSync(join(dir, `bundle-${e}.js`), "utf8")]),
      );
      let report: (value: string) => void;
      const reported = new Promise<string>((resolve) => {
        report = resolve;
      });
      const page = `<!doctype html><meta charset="utf-8"><script type="module">
import { scenario as full } from "/bundle-index.js";
import { scenario as core } from "/bundle-core.js";
const config = ${JSON.stringify(config)};
const send = (body) => fetch("/result", { method: "POST", body });
const run = (scenario) => scenario(config).catch((e) => ({ error: String(e) }));
run(full).then(async (index) => send(JSON.stringify({ index, core: await run(core) })));
</script>`;
      const server = await listenLocal((request, response) => {
        const bundle = bundles.get(request.url ?? "");
        if (bundle !== undefined) {
          response.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
        } else if (request.url === "/result" && request.method === "POST") {
          let body = "";
          request.setEncoding("utf8").on("data", (d: string) => {
            body += d;
          });
          request.on("end", () => {
            response.writeHead(204).end();
            report(body);
          });
        } else response.writeHead(200, { "content-type": "text/html" }).end(page);
      });
      const profile = mkdtempSync(join(tmpdir(), "sfapi-chromium-"));
      const from = facility.requests.length;
      let browser: ChildProcess | undefined;
      let exited: Promise<string> | undefined;
      try {
        browser = spawn(
          chromium!,
          headlessChromium(profile, "--disable-web-security", `${server.origin}/`),
          // Its own process group, so that the browser and its helper processes stop together.
          { stdio: "ignore", detached: true },
        );
        exited = new Promise<string>((resolve) => browser!.on("exit", (code) => resolve(`exited ${code}`)));
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<string>((resolve) => {
          timer = setTimeout(() => resolve("no result within 45 s"), 45_000);
        });
        const outcome = await Promise.race([reported, exited, late]);
        clearTimeout(timer);
        expect(JSON.parse(outcome)).toEqual({ index: EXPECTED, core: EXPECTED });
        expectOneAllowedCall(from, 2);
      } finally {
        if (browser?.pid !== undefined && browser.exitCode === null) process.kill(-browser.pid, "SIGKILL");
        await exited;
        await server.close();
        // Chromium's helper processes may still be letting go of the profile for a moment.
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      }
    },
    60_000,
  );

  async function runWith(binary: string, args: string[], extra: object = {}): Promise<CliRun> {
    const script = join(dir, `run-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(
      script,
      `${SCENARIO(join(root, "generated", "index.js"))}\nconsole.log(JSON.stringify(await scenario(JSON.parse(process.argv.at(-1)))));\n`,
    );
    return outputOf(spawn(binary, [...args, script, JSON.stringify({ ...config, ...extra })], { cwd: root }));
  }

  /** The scenario with the key as PEM text, then from a key file (read through process.getBuiltinModule). */
  async function scenarioIn(binary: string, args: string[]): Promise<void> {
    for (const extra of [{}, { keyFile }]) {
      const from = facility.requests.length;
      const run = await runWith(binary, args, extra);
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual(EXPECTED);
      expectOneAllowedCall(from);
    }
  }

  const denoTest = "runs in Deno, with a PEM key and with a key file";
  it.skipIf(!deno)(deno ? denoTest : `${denoTest} (${why("deno", ".ci/run installs @deno/linux-x64-glibc")})`, () =>
    scenarioIn(deno!, ["run", "--quiet", "--allow-net=127.0.0.1", "--allow-read", "--allow-env"]),
  );

  const bunTest = "runs in Bun, with a PEM key and with a key file";
  it.skipIf(!bun)(bun ? bunTest : `${bunTest} (${why("bun", ".ci/run installs @oven/bun-linux-x64")})`, () =>
    scenarioIn(bun!, ["run"]),
  );
});
