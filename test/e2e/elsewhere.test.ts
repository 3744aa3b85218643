/**
 * The generated client where Node is not: bundled by esbuild for the browser (which fails on any `node:` import) and
 * run in headless Chromium, and run as is by Deno and Bun. Each calls the local facility (started in this process):
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
import { delimiter, join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility, writeClientFiles } from "../../generator/facility/index.js";
import { type CliRun, listenLocal, outputOf, root, tempDir } from "../helpers.js";

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

function onPath(names: string[]): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter))
    for (const name of names) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}
const RUNTIMES = join(root, ".ci", "cache", "runtimes", "node_modules");
const found = (env: string, cached: string, names: string[]) => {
  const given = process.env[env];
  if (given) return existsSync(given) ? given : undefined;
  return existsSync(join(RUNTIMES, cached)) ? join(RUNTIMES, cached) : onPath(names);
};
const chromium = found("CHROMIUM", "none", ["chromium", "chromium-browser"]);
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
  const green = await facility.createClient("green");
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

function expectOneAllowedCall(from: number): void {
  const seen = since(from);
  expect(seen).toEqual(["POST /token 200", "GET /api/v1.2/tasks 200"]);
}

describe("the generated client outside Node", () => {
  it("bundles for the browser with esbuild (no node: import anywhere it reaches)", async () => {
    const result = await build({
      stdin: { contents: SCENARIO("./generated/index.js"), resolveDir: root, loader: "js" },
      bundle: true,
      platform: "browser",
      format: "esm",
      minify: true,
      write: false,
      logLevel: "silent",
    });
    const text = result.outputFiles[0]!.text;
    // esbuild for the browser stops at a node: import; a require("node:...") or import("node:...") left in the text
    // would fail at run time instead.
    expect(text.match(/["'`]node:[a-z_/]+["'`]/g)).toBeNull();
    writeFileSync(join(dir, "bundle.js"), text);
  });

  const browserTest = "runs in headless Chromium: an allowed call with a PEM key, a refused call that sends nothing";
  it.skipIf(!chromium)(
    chromium ? browserTest : `${browserTest} (${why("chromium", "Debian: apt-get install chromium")})`,
    async () => {
      const bundle = await import("node:fs").then((fs) => fs.readFileSync(join(dir, "bundle.js"), "utf8"));
      let report: (value: string) => void;
      const reported = new Promise<string>((resolve) => {
        report = resolve;
      });
      const page = `<!doctype html><meta charset="utf-8"><script type="module">
import { scenario } from "/bundle.js";
const send = (body) => fetch("/result", { method: "POST", body });
scenario(${JSON.stringify(config)}).then((r) => send(JSON.stringify(r)), (e) => send(JSON.stringify({ error: String(e) })));
</script>`;
      const server = await listenLocal((request, response) => {
        if (request.url === "/bundle.js") {
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
          [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-web-security",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            `--user-data-dir=${profile}`,
            `${server.origin}/`,
          ],
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
        expect(JSON.parse(outcome)).toEqual(EXPECTED);
        expectOneAllowedCall(from);
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
