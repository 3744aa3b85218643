/**
 * A page from another origin lists the user's jobs through `cors`, in headless Chromium with web security on: the
 * page (served from here) bundles the generated client, asks for a token and reads the jobs a red client submitted.
 * The same page against a facility that does not allow it gets an SfapiError saying the request may have been
 * blocked, at once (the token request is made once, not retried). Chromium is `$CHROMIUM`, else chromium on PATH
 * (Debian: apt-get install chromium; `.ci/run` installs it); without it the test skips and says why.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import type { Facility } from "../../../generator/facility/index.js";
import { startFacility } from "../../../generator/facility/index.js";
import { accessToken, api, form, testClient } from "../../support/facility.js";
import { listenLocal } from "../../support/http.js";
import { findChromium, headlessChromium } from "../../support/programs.js";
import { root } from "../../support/project.js";

const chromium = findChromium();
const SKIP = "skipped: no Chromium found ($CHROMIUM, else chromium on PATH; Debian: apt-get install chromium)";
if (!chromium) console.warn(`cors: the headless-browser test is ${SKIP}`);

const SCENARIO = `import { createClient, SfapiError } from ${JSON.stringify(join(root, "generated", "index.js"))};
export async function scenario(allowed, blocked) {
  const list = async (config) => {
    // The job list is yellow at the facility. Accounting (sacct) lists finished jobs too: with no task delay the job
    // has left the queue already.
    const yellow = createClient({ color: "yellow", ...config });
    const jobs = await yellow.readJobs({ path: { machine: "perlmutter" }, query: { sacct: true } });
    return jobs.output.map((row) => row.jobid + " " + row.user);
  };
  const refused = await list(blocked).then(
    (rows) => "listed " + rows.length,
    (error) => (SfapiError.is(error) ? error.code + ": " + error.message : "raw " + String(error)),
  );
  return { jobs: await list(allowed).catch((error) => "failed: " + String(error)), refused };
}
`;

describe("a page from another origin", () => {
  const title = "lists the user's jobs through --cors in headless Chromium; without it, an SfapiError naming CORS";
  it.skipIf(!chromium)(chromium ? title : `${title} (${SKIP})`, { timeout: 60_000 }, async () => {
    const bundle = (
      await build({
        stdin: { contents: SCENARIO, resolveDir: root, loader: "js" },
        bundle: true,
        platform: "browser",
        format: "esm",
        write: false,
        logLevel: "silent",
      })
    ).outputFiles[0]!.text;
    let report!: (value: string) => void;
    const reported = new Promise<string>((resolve) => (report = resolve));
    let page = "";
    const server = await listenLocal((request, response) => {
      if (request.url === "/bundle.js") response.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
      else if (request.url === "/result" && request.method === "POST") {
        let body = "";
        request.setEncoding("utf8").on("data", (d: string) => (body += d));
        request.on("end", () => {
          response.writeHead(204).end();
          report(body);
        });
      } else response.writeHead(200, { "content-type": "text/html" }).end(page);
    });
    const facilities: Facility[] = [];
    const profile = mkdtempSync(join(tmpdir(), "sfapi-chromium-"));
    let browser: ChildProcess | undefined;
    let exited: Promise<string> | undefined;
    try {
      const allowing = await startFacility({ cors: [server.origin], taskDelayMs: 0 });
      const closed = await startFacility({ taskDelayMs: 0 });
      facilities.push(allowing, closed);
      // The red workflow submits; the page's yellow client lists.
      const red = await testClient(allowing, "red");
      const token = await accessToken(allowing, red);
      const job = "#!/bin/bash\n#SBATCH -J page\n";
      const task = (await api(allowing, "/compute/jobs/perlmutter", { ...form({ job, isPath: "false" }), token })).body;
      const jobid = JSON.parse((await api(allowing, `/tasks/${task.task_id}`, { token })).body.result).jobid;
      const config = async (facility: Facility) => {
        const yellow = await testClient(facility, "yellow");
        return {
          clientId: yellow.clientId,
          privateKey: yellow.privateKeyPem,
          baseUrl: facility.baseUrl,
          tokenUrl: facility.tokenUrl,
          retry: { attempts: 4 },
        };
      };
      page = `<!doctype html><meta charset="utf-8"><script type="module">
import { scenario } from "/bundle.js";
scenario(${JSON.stringify(await config(allowing))}, ${JSON.stringify(await config(closed))})
  .catch((e) => ({ error: String(e) }))
  .then((result) => fetch("/result", { method: "POST", body: JSON.stringify(result) }));
</script>`;
      const fromClosed = closed.requests.length;
      browser = spawn(chromium!, headlessChromium(profile, `${server.origin}/`), { stdio: "ignore", detached: true });
      exited = new Promise<string>((resolve) => browser!.on("exit", (code) => resolve(`exited ${code}`)));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve("no result within 45 s"), 45_000);
      });
      const outcome = await Promise.race([reported, exited, late]);
      clearTimeout(timer);
      expect(JSON.parse(outcome)).toEqual({
        jobs: [`${jobid} mockuser`],
        refused: expect.stringMatching(/^ERR_TOKEN: .*blocked.*CORS.*offline/),
      });
      // The blocked token request reached the facility once (the browser hid the answer), and was not retried.
      expect(closed.requests.slice(fromClosed).map((r) => `${r.method} ${r.path}`)).toEqual(["POST /token"]);
    } finally {
      if (browser?.pid !== undefined && browser.exitCode === null) process.kill(-browser.pid, "SIGKILL");
      await exited;
      await server.close();
      for (const facility of facilities) await facility.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });
});
