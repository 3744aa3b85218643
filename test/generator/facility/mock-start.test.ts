/**
 * A refused `sfapi-gen mock` start writes nothing: the key files of another mock in the same `--clients-dir` stay as
 * they were. Every color's files are checked before any is written (the start used to rewrite green's and yellow's
 * files, then stop at a foreign red.pem), and the port is bound before that. And keys last: a later start in the
 * same folder registers the clients it finds there again (same IDs and keys), so saved key files keep working.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient } from "../../../generated/index.js";
import { mockInProcess, runCli } from "../../support/cli.js";
import { steadyPort } from "../../support/http.js";
import { snapshotDir, tempDir } from "../../support/project.js";

const LEVELS = ["--levels", "green,yellow,red"];

/** `sfapi-gen mock --quiet` in this process until it serves; `stop()` ends it (test/support/cli.ts). */
const serving = (args: string[]) => mockInProcess(["--quiet", ...args]);

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

  it("refused because the port is taken, it leaves its folder's files as they were", async () => {
    // Another folder than the running mock's (on its own folder, the lock refuses a second mock first): one an
    // earlier start filled, whose key files a refused start must neither rewrite nor leave locked.
    const dir = join(tempDir("mock-start-"), "clients");
    await (await serving(["--clients-dir", dir, ...LEVELS])).stop();
    const first = await serving(LEVELS);
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
    // A top level of its own (not a misspelt "red", which --levels refuses first, naming red).
    const run = await refusedStart(["--clients-dir", dir, "--levels", "green,yellow,orange,red,top~"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('level "top~" cannot name a key file');
    expect(existsSync(dir)).toBe(false);
  });
});

describe("keys that last", () => {
  it("a second start in the same --clients-dir and --port reuses the clients: the saved key files still work", async () => {
    const dir = join(tempDir("mock-start-"), "clients");
    // One port for all three starts, outside the range port 0 hands out, so that no parallel test takes it between.
    const port = String(await steadyPort());
    const first = await serving(["--clients-dir", dir, "--port", port, ...LEVELS]);
    expect(new URL(/base URL: +(\S+)/.exec(first.printed)![1]!).port).toBe(port);
    await first.stop();
    const second = await serving(["--clients-dir", dir, "--port", port, ...LEVELS]);
    const before = snapshotDir(dir);
    await second.stop();
    const third = await serving(["--clients-dir", dir, "--port", port, ...LEVELS]);
    try {
      expect(third.printed).toContain("(reused from an earlier start)");
      // The files a user saved from the second start are byte for byte what the third serves.
      expect(snapshotDir(dir)).toEqual(before);
      const saved = JSON.parse(readFileSync(join(dir, "green.json"), "utf8"));
      expect(third.printed).toContain(`green: ${saved.client_id}`);
      const green = createClient({ color: "green", keyFile: join(dir, "green.json") });
      const { response } = await green.GET("/tasks");
      expect(response.status).toBe(200);
    } finally {
      await third.stop();
    }
  });

  it("an expired or unreadable saved client gets a new key; the other colors keep theirs", async () => {
    const dir = join(tempDir("mock-start-"), "clients");
    await (await serving(["--clients-dir", dir, ...LEVELS])).stop();
    const read = (color: string) => JSON.parse(readFileSync(join(dir, `${color}.json`), "utf8"));
    const [green, yellow, red] = ["green", "yellow", "red"].map(read);
    writeFileSync(join(dir, "red.json"), JSON.stringify({ ...red, expires_at: "2000-01-01T00:00:00.000Z" }), {
      mode: 0o600,
    });
    writeFileSync(join(dir, "yellow.json"), JSON.stringify({ ...yellow, private_key_pem: "not a key" }), {
      mode: 0o600,
    });
    // The mock's own .pem beside it, as it would write it for that JSON.
    writeFileSync(join(dir, "yellow.pem"), `${yellow.client_id}\nnot a key\n`, { mode: 0o600 });
    await (await serving(["--clients-dir", dir, ...LEVELS])).stop();
    expect(read("green").client_id).toBe(green.client_id);
    expect(read("green").private_key_pem).toBe(green.private_key_pem);
    expect(read("red").client_id).not.toBe(red.client_id);
    expect(read("yellow").client_id).not.toBe(yellow.client_id);
  });
});
