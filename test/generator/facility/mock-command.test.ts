/**
 * `sfapi-gen mock` as a user runs it: once as a real child process that serves until SIGTERM and exits 0 (the point of
 * that test is the binary and the signal); the rest in-process through `runCli`, stopped by an abort signal as
 * SIGTERM would, with the checked-in generated client running a job workflow against it.
 */

import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { createPrivateKey } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, waitForTask } from "../../../generated/index.js";
import { mockInProcess, runCli } from "../../support/cli.js";
import { assertion, tokenForm } from "../../support/facility.js";
import { root, tempDir } from "../../support/project.js";

/**
 * For the tests that use only the red client: two levels, so the mock makes two RSA keys, not the bundled ladder's
 * four (50 to 400 ms of CPU each). A start on the bundled ladder is tested here too, in-process.
 */
const RED_ONLY = ["--levels", "green,red"];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Start the CLI and resolve once it says it is serving, with everything it printed so far. */
function startMock(
  args: string[],
): Promise<{ child: ChildProcess; stdout: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [join(root, "bin", "sfapi-gen.js"), "mock", ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolvePromise) => child.on("exit", (code) => resolvePromise(code)));
  return new Promise((resolvePromise, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("stop with")) resolvePromise({ child, stdout: () => out, exited });
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    void exited.then((code) => reject(new Error(`mock exited with ${code} before serving: ${err}`)));
  });
}

describe("sfapi-gen mock", () => {
  it("writes one client per level (mode 0600), serves the facility, and exits 0 on SIGTERM", async () => {
    const dir = join(tempDir("mock-"), "clients");
    const { child, stdout, exited } = await startMock([
      "--port",
      "0",
      "--clients-dir",
      dir,
      "--levels",
      "green,yellow,red",
      "--token-lifetime",
      "120",
    ]);
    const printed = stdout();
    const baseUrl = /base URL: +(\S+)/.exec(printed)?.[1];
    const tokenUrl = /token URL: +(\S+)/.exec(printed)?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\.2$/);
    expect(tokenUrl).toBe(baseUrl!.replace(/\/api\/v1\.2$/, "/token"));

    for (const color of ["green", "yellow", "red"]) {
      for (const ext of ["json", "pem"]) {
        const path = join(dir, `${color}.${ext}`);
        expect(printed).toContain(`wrote ${path}`);
        expect(statSync(path).mode & 0o777, path).toBe(0o600);
      }
    }
    const red = JSON.parse(readFileSync(join(dir, "red.json"), "utf8"));
    expect(red).toMatchObject({ color: "red", base_url: baseUrl, token_url: tokenUrl });
    // The keys stay in the files.
    expect(printed).not.toContain("PRIVATE KEY");
    expect(printed).not.toContain(red.private_key_jwk.d);

    // The printed URLs and the written key work together: the red key gets a token that runs a command.
    expect((await fetch(`${baseUrl}/openapi.json`)).status).toBe(200);
    const form = tokenForm(
      await assertion({ tokenUrl: tokenUrl! }, red.client_id, createPrivateKey(red.private_key_pem)),
    );
    const token = await fetch(tokenUrl!, { method: "POST", body: form });
    expect(token.status).toBe(200);
    const { access_token, expires_in } = await token.json();
    expect(expires_in).toBe(120);
    const command = await fetch(`${baseUrl}/utilities/command/dtn01`, {
      method: "POST",
      headers: { authorization: access_token },
      body: new URLSearchParams({ executable: "hostname" }),
    });
    expect(command.status).toBe(200);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout()).toContain("SIGTERM, stopping");
    await expect(fetch(`${baseUrl}/openapi.json`)).rejects.toThrow();
  });

  it("in-process: keys in a new private folder (one client per level of the bundled ladder); a generated client with red.pem runs a job workflow; the abort signal stops it", async () => {
    const before = Date.now();
    const mock = await mockInProcess(["--task-delay", "0"]);
    const after = Date.now();
    const written = [...mock.printed.matchAll(/wrote (\S+)/g)].map((m) => m[1]!);
    // The bundled description comes with its ladder, green < yellow < orange < red (Iris's dialog).
    const colors = ["green", "yellow", "orange", "red"];
    expect(written.map((path) => path.split("/").pop())).toEqual(colors.flatMap((c) => [`${c}.json`, `${c}.pem`]));
    const dir = dirname(written[0]!);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const path of written) expect(statSync(path).mode & 0o777, path).toBe(0o600);
    expect(mock.printed).not.toContain("PRIVATE KEY");
    // Each key file lives as long as the dialog says its level's clients do, and allows its number of IP ranges.
    const terms = { green: [60, 16], yellow: [60, 8], orange: [30, 8], red: [2, 2] } as const;
    const files = Object.fromEntries(
      colors.map((c) => [c, JSON.parse(readFileSync(join(dirname(written[0]!), `${c}.json`), "utf8"))]),
    );
    for (const [color, [days, ranges]] of Object.entries(terms)) {
      const expires = Date.parse(files[color].expires_at);
      expect(expires, color).toBeGreaterThanOrEqual(before + days * 864e5 - 1000);
      expect(expires, color).toBeLessThanOrEqual(after + days * 864e5);
      expect(mock.printed).toContain(
        `    ${color}: ${files[color].client_id}, expires ${files[color].expires_at}, ` +
          `IP ranges 127.0.0.0/8, ::1/128 (at most ${ranges})`,
      );
    }

    const red = createClient({
      color: "red",
      privateKey: { file: join(dir, "red.pem") },
      baseUrl: mock.baseUrl,
      tokenUrl: mock.tokenUrl,
    });
    const machine = "perlmutter" as const;
    const submitted = await red.POST("/compute/jobs/{machine}", {
      params: { path: { machine } },
      body: { job: "#!/bin/bash\n#SBATCH -J offline\nsrun true\n", isPath: false, args: [] },
    });
    expect(submitted.data).toEqual({ task_id: expect.stringMatching(/^\d+$/), status: "OK", error: null });
    const task = await waitForTask(red, submitted.data!.task_id, { interval: 10, timeout: 5_000 });
    expect(task.status).toBe("completed");
    // The task's JSON `result` arrives parsed.
    const { jobid } = task.result as { jobid: string };
    // Finished, so out of squeue's queue: sacct has it with its final state.
    const job = await red.GET("/compute/jobs/{machine}/{jobid}", {
      params: { path: { machine, jobid }, query: { sacct: true } },
    });
    expect(job.data!.output[0]).toMatchObject({ jobid, jobname: "offline", user: "mockuser", state: "COMPLETED" });
    const queue = await red.GET("/compute/jobs/{machine}", { params: { path: { machine }, query: { sacct: true } } });
    expect(queue.data!.output.map((row) => row.jobid)).toEqual([jobid]);
    // The account's clients are the four of the key files, each with its IP ranges and how many its level allows.
    const listed = await red.GET("/account/clients");
    // In the order they were registered, which the parallel key generation decides.
    const byLevel = [...listed.data!].sort(
      (a, b) => colors.indexOf(a.name.split(" ")[0]!) - colors.indexOf(b.name.split(" ")[0]!),
    );
    expect(byLevel).toEqual(
      Object.entries(terms).map(([color, [, ranges]]) => ({
        name: `${color} client`,
        clientId: files[color].client_id,
        expiresAt: files[color].expires_at.replace(/\.\d{3}Z$/, "Z"),
        comments: `level ${color}, local facility; IP ranges 127.0.0.0/8, ::1/128 (2 of at most ${ranges})`,
      })),
    );

    const { code, stdout, stderr } = await mock.stop();
    expect(code).toBe(0);
    expect(stdout).toContain("sfapi-gen mock: aborted, stopping");
    await expect(fetch(`${mock.baseUrl}/openapi.json`)).rejects.toThrow();
    // The key folder it made is gone with it.
    expect(existsSync(dir)).toBe(false);
    // A line per request, with the client's color and never a token or a query string.
    const lines = stderr.split("\n").filter((line) => line.startsWith("sfapi-gen mock: "));
    expect(lines).toContain("sfapi-gen mock: POST /token 200 red");
    expect(lines).toContain("sfapi-gen mock: POST /api/v1.2/compute/jobs/perlmutter 200 red");
    expect(lines).toContain("sfapi-gen mock: GET /api/v1.2/compute/jobs/perlmutter 200 red");
    expect(stderr).not.toMatch(/eyJ|sacct=/);
  });

  it("--fault, --strict-authorization and --token-real-lifetime change what it answers", async () => {
    const mock = await mockInProcess([
      ...RED_ONLY,
      "--task-delay",
      "0",
      "--strict-authorization",
      "bearer",
      "--token-real-lifetime",
      "0",
      "--fault",
      "api/status:503:retry-after=7:times=2",
      "--fault",
      "token:429:times=1",
    ]);
    const status = async () => {
      const r = await fetch(`${mock.baseUrl}/status/perlmutter`);
      return [r.status, r.headers.get("retry-after")];
    };
    expect([await status(), await status(), await status()]).toEqual([
      [503, "7"],
      [503, "7"],
      [200, null],
    ]);
    const dir = dirname([...mock.printed.matchAll(/wrote (\S+)/g)][0]![1]!);
    const red = JSON.parse(readFileSync(join(dir, "red.json"), "utf8"));
    const ask = async () =>
      fetch(mock.tokenUrl, {
        method: "POST",
        body: tokenForm(
          await assertion({ tokenUrl: mock.tokenUrl }, red.client_id, createPrivateKey(red.private_key_pem)),
        ),
      });
    const throttled = await ask();
    expect([throttled.status, (await throttled.json()).error]).toEqual([429, "temporarily_unavailable"]);
    const granted = await ask();
    const { access_token, expires_in } = await granted.json();
    expect(expires_in).toBe(600);
    // Bearer only, and the token is dead on arrival though expires_in says 600 s.
    const tasks = (authorization: string) => fetch(`${mock.baseUrl}/tasks`, { headers: { authorization } });
    expect((await (await tasks(access_token)).json()).detail).toContain("--strict-authorization bearer");
    expect((await (await tasks(`Bearer ${access_token}`)).json()).detail).toContain("expired");
    expect((await mock.stop()).code).toBe(0);
  });

  it("--down, --degraded and --outages set systems' status; the outage file is read again when it changes", async () => {
    const dir = tempDir("mock-outages-");
    const file = join(dir, "outages.json");
    writeFileSync(file, JSON.stringify([{ system: "archive", start: "+1h", end: "+3h", notes: "Tape library" }]));
    const mock = await mockInProcess([
      ...RED_ONLY,
      "--task-delay",
      "0",
      "--down",
      "perlmutter:Rolling reboots",
      "--degraded",
      "dtns",
      "--outages",
      file,
    ]);
    expect(mock.printed).toMatch(/outage: perlmutter unavailable from \S+ until ended: Rolling reboots/);
    expect(mock.printed).toMatch(/outage: archive unavailable from \S+ until \S+: Tape library/);
    const status = async (name: string) => (await fetch(`${mock.baseUrl}/status/${name}`)).json();
    expect(await status("perlmutter")).toMatchObject({
      status: "unavailable",
      notes: [expect.stringMatching(/until further notice, System Unavailable, Rolling reboots$/)],
    });
    expect(await status("dtns")).toMatchObject({ status: "degraded" });
    const planned = await (await fetch(`${mock.baseUrl}/status/outages/planned/archive`)).json();
    expect(planned[0]).toMatchObject({ status: "Planned", notes: "Tape library" });
    // The user's workflow meets the outage: a job submitted to perlmutter is refused, naming it.
    const keys = dirname([...mock.printed.matchAll(/wrote (\S+)/g)][0]![1]!);
    const red = createClient({
      color: "red",
      privateKey: { file: join(keys, "red.pem") },
      baseUrl: mock.baseUrl,
      tokenUrl: mock.tokenUrl,
    });
    await expect(red.compute("perlmutter").submitJob("#!/bin/bash\nsrun true\n")).rejects.toMatchObject({
      name: "JobError",
      message: expect.stringContaining("perlmutter is unavailable"),
    });
    // Edited while it runs: the file's outages are replaced, the flags' stay.
    writeFileSync(file, JSON.stringify([{ system: "global_homes", notes: "Disk swap" }]));
    await mock.untilPrinted(/outages read again from \S+ \(1\)\n {2}outage: global_homes unavailable/);
    expect(await status("global_homes")).toMatchObject({ status: "unavailable" });
    expect((await (await fetch(`${mock.baseUrl}/status/outages/planned/archive`)).json())[0].notes).toBe("");
    expect(await status("perlmutter")).toMatchObject({ status: "unavailable" });
    expect((await mock.stop()).code).toBe(0);
  });

  it("refuses a bad outage flag or file with one line naming it, and writes nothing", async () => {
    const down = await runCli(["mock", "--down", "perlmuter"]);
    expect(down.code).not.toBe(0);
    expect(down.stderr).toContain('--down "perlmuter": "perlmuter" is not a system of the status page');
    const dir = tempDir("mock-outages-");
    const file = join(dir, "outages.json");
    writeFileSync(file, '[{"system": "perlmutter", "end": "tomorrow"}]');
    const clients = join(dir, "clients");
    const bad = await runCli(["mock", "--outages", file, "--clients-dir", clients]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe(
      `sfapi-gen: --outages ${file}: /0/end: "tomorrow" is not a time (ISO 8601, or +/- a number and s, m, h or d)`,
    );
    expect(existsSync(clients)).toBe(false);
    const missing = await runCli(["mock", "--outages", join(dir, "none.json")]);
    expect(missing.stderr.trim()).toBe(`sfapi-gen: --outages ${join(dir, "none.json")}: no such file`);
  });

  it("refuses bad flags with one readable line and a non-zero exit", async () => {
    const port = await runCli(["mock", "--port", "eighty"]);
    expect(port.code).not.toBe(0);
    expect(port.stderr).toContain('--port takes a whole number, not "eighty"');
    const fault = await runCli(["mock", "--fault", "api:418"]);
    expect(fault.code).not.toBe(0);
    expect(fault.stderr).toContain('--fault "api:418": "418" is not a status');
    const file = await runCli(["mock", "--file", "no-such-description.json"]);
    expect(file.code).toBe(2);
    expect(file.stderr.trim()).toBe("sfapi-gen: no-such-description.json: no such file");
  });
});
