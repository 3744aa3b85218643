/**
 * `sfapi-gen mock` as a user runs it: once as a real child process that serves until SIGTERM and exits 0 (the point of
 * that test is the binary and the signal); the rest in-process through `runCli`, stopped by an abort signal as
 * SIGTERM would, with the checked-in generated client running a job workflow against it.
 */

import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { createPrivateKey } from "node:crypto";
import { readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, waitForTask } from "../../generated/index.js";
import type { CliRun } from "../helpers.js";
import { root, runCli, tempDir } from "../helpers.js";
import { assertion, tokenForm } from "./support.js";

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

/** `sfapi-gen mock` in this process: resolves once it is serving, with what it printed and a way to stop it. */
async function mockInProcess(
  args: string[],
): Promise<{ printed: string; baseUrl: string; tokenUrl: string; stop(): Promise<CliRun> }> {
  const controller = new AbortController();
  let serving!: (printed: string) => void;
  const printed = new Promise<string>((resolvePromise) => (serving = resolvePromise));
  const run = runCli(["mock", ...args], {
    signal: controller.signal,
    onStdout: (soFar) => soFar.includes("stop with") && serving(soFar),
  });
  const text = await Promise.race([
    printed,
    run.then((r) => Promise.reject(new Error(`mock exited with ${r.code} before serving: ${r.stderr}`))),
  ]);
  return {
    printed: text,
    baseUrl: /base URL: +(\S+)/.exec(text)![1]!,
    tokenUrl: /token URL: +(\S+)/.exec(text)![1]!,
    stop: () => {
      controller.abort();
      return run;
    },
  };
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
    const mock = await mockInProcess(["--task-delay", "0"]);
    const written = [...mock.printed.matchAll(/wrote (\S+)/g)].map((m) => m[1]!);
    // The bundled description comes with its ladder, green < yellow < red.
    expect(written.map((path) => path.split("/").pop())).toEqual([
      "green.json",
      "green.pem",
      "yellow.json",
      "yellow.pem",
      "red.json",
      "red.pem",
    ]);
    const dir = dirname(written[0]!);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const path of written) expect(statSync(path).mode & 0o777, path).toBe(0o600);
    expect(mock.printed).not.toContain("PRIVATE KEY");

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
    expect(submitted.data).toEqual({ task_id: expect.stringMatching(/^\d+$/), status: "OK" });
    const task = await waitForTask(red, submitted.data!.task_id, { interval: 10, timeout: 5_000 });
    expect(task.status).toBe("completed");
    // The task's JSON `result` arrives parsed.
    const { jobid } = task.result as { jobid: string };
    const job = await red.GET("/compute/jobs/{machine}/{jobid}", { params: { path: { machine, jobid } } });
    expect(job.data!.output[0]).toMatchObject({ jobid, name: "offline", user: "mockuser", state: "COMPLETED" });
    const queue = await red.GET("/compute/jobs/{machine}", { params: { path: { machine }, query: { sacct: true } } });
    expect(queue.data!.output.map((row) => row.jobid)).toEqual([jobid]);

    const { code, stdout } = await mock.stop();
    expect(code).toBe(0);
    expect(stdout).toContain("sfapi-gen mock: aborted, stopping");
    await expect(fetch(`${mock.baseUrl}/openapi.json`)).rejects.toThrow();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses bad flags with one readable line and a non-zero exit", async () => {
    const port = await runCli(["mock", "--port", "eighty"]);
    expect(port.code).not.toBe(0);
    expect(port.stderr).toContain('--port takes a whole number, not "eighty"');
    const file = await runCli(["mock", "--file", "no-such-description.json"]);
    expect(file.code).toBe(2);
    expect(file.stderr.trim()).toBe("sfapi-gen: no-such-description.json: no such file");
  });
});
