/**
 * A refused `sfapi-gen mock` start writes nothing: the key files of another mock in the same `--clients-dir` stay as
 * they were. Every color's files are checked before any is written (the start used to rewrite green's and yellow's
 * files, then stop at a foreign red.pem), and the port is bound before that.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, snapshotDir, tempDir } from "../helpers.js";

const LEVELS = ["--levels", "green,yellow,red"];

/** `sfapi-gen mock` in this process until it serves; `stop()` ends it. */
async function serving(args: string[]): Promise<{ printed: string; stop(): Promise<unknown> }> {
  const controller = new AbortController();
  let started!: (printed: string) => void;
  const printed = new Promise<string>((resolvePromise) => (started = resolvePromise));
  const run = runCli(["mock", "--quiet", ...args], {
    signal: controller.signal,
    onStdout: (soFar) => soFar.includes("stop with") && started(soFar),
  });
  const text = await Promise.race([
    printed,
    run.then((r) => Promise.reject(new Error(`mock exited with ${r.code} before serving: ${r.stderr}`))),
  ]);
  return {
    printed: text,
    stop: () => {
      controller.abort();
      return run;
    },
  };
}

/** A second start that must be refused (a mock that serves is stopped at once, so the test fails, not waits). */
async function refusedStart(args: string[]) {
  const controller = new AbortController();
  return runCli(["mock", "--quiet", ...args], {
    signal: controller.signal,
    onStdout: (soFar) => soFar.includes("stop with") && controller.abort(),
  });
}

describe("a refused mock start", () => {
  it("refused for a foreign key file of one color, it leaves every file of the folder as it was", async () => {
    const dir = join(tempDir("mock-start-"), "clients");
    await (await serving(["--clients-dir", dir, ...LEVELS])).stop();
    writeFileSync(join(dir, "red.pem"), "a real key file\n", { mode: 0o600 });
    const before = snapshotDir(dir);
    expect([...before.keys()].sort()).toEqual([
      "green.json",
      "green.pem",
      "red.json",
      "red.pem",
      "yellow.json",
      "yellow.pem",
    ]);

    const run = await refusedStart(["--clients-dir", dir, ...LEVELS]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${join(dir, "red.pem")} is already there and sfapi-gen mock did not write it`);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("refused because the port is taken, it leaves the running mock's files as they were", async () => {
    const dir = join(tempDir("mock-start-"), "clients");
    const first = await serving(["--clients-dir", dir, ...LEVELS]);
    try {
      const port = new URL(/base URL: +(\S+)/.exec(first.printed)![1]!).port;
      const before = snapshotDir(dir);
      const run = await refusedStart(["--port", port, "--clients-dir", dir, ...LEVELS]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(`cannot listen on 127.0.0.1:${port}`);
      expect(snapshotDir(dir)).toEqual(before);
    } finally {
      await first.stop();
    }
  });

  it("refused for a level that cannot name a key file, it does not even create the folder", async () => {
    const dir = join(tempDir("mock-start-"), "clients");
    const run = await refusedStart(["--clients-dir", dir, "--levels", "green,yellow,red~"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('level "red~" cannot name a key file');
    expect(existsSync(dir)).toBe(false);
  });
});
