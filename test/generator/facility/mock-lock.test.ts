/**
 * `sfapi-gen mock` in-process: the lock on its `--clients-dir` (generator/facility/clients-lock.ts), `--globus`, and
 * its line about the shell its commands run in.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient } from "../../../generated/index.js";
import { LOCK_FILE } from "../../../generator/facility/clients-lock.js";
import { mockInProcess, runCli } from "../../support/cli.js";
import { tempDir } from "../../support/project.js";

/**
 * Two levels, so each start makes two RSA keys, not the bundled ladder's four (50 to 400 ms of CPU each): the lock and
 * the Globus option do not depend on the ladder, and a start on the bundled one is tested in mock-command.test.ts.
 */
const LEVELS = ["--levels", "green,red"];

describe("the lock on --clients-dir", () => {
  it("refuses a second mock on the same folder with one line naming it and the holder's pid", async () => {
    const dir = tempDir("mock-lock-");
    const first = await mockInProcess(["--clients-dir", dir, "--quiet", ...LEVELS]);
    try {
      const keyBefore = readFileSync(join(dir, "red.json"), "utf8");
      expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
      const second = await runCli(["mock", "--clients-dir", dir, "--quiet", ...LEVELS]);
      expect(second.code).toBe(2);
      expect(second.stderr.trim().split("\n")).toEqual([
        expect.stringContaining(`--clients-dir ${dir} is in use by another sfapi-gen mock (pid ${process.pid})`),
      ]);
      // The first one's key files still point at it.
      expect(readFileSync(join(dir, "red.json"), "utf8")).toBe(keyBefore);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    } finally {
      expect((await first.stop()).code).toBe(0);
    }
    // Released on exit: the folder can be served again.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("takes over a stale lock whose process has exited", async () => {
    const dir = tempDir("mock-lock-");
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(join(dir, LOCK_FILE), `${gone}\n`);
    const mock = await mockInProcess(["--clients-dir", dir, "--quiet", ...LEVELS]);
    try {
      expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    } finally {
      await mock.stop();
    }
  });
});

describe("--globus and the shell", () => {
  async function transferStatus(args: string[]): Promise<{ status: number; printed: string }> {
    const dir = tempDir("mock-globus-");
    const mock = await mockInProcess(["--clients-dir", dir, "--quiet", ...LEVELS, ...args]);
    try {
      const top = JSON.parse(readFileSync(join(dir, "red.json"), "utf8")) as { client_id: string };
      expect(top.client_id).toMatch(/^[a-z0-9]{13}$/);
      const red = createClient({
        color: "red",
        privateKey: { file: join(dir, "red.pem") },
        baseUrl: mock.baseUrl,
        tokenUrl: mock.tokenUrl,
      });
      const started = await red.POST("/storage/globus/transfer", {
        body: { source_uuid: "dtn", target_uuid: "perlmutter", source_dir: "/a", target_dir: "/b" },
      });
      return { status: started.response.status, printed: mock.printed };
    } finally {
      await mock.stop();
    }
  }

  it("gives the clients the Globus option only with --globus", async () => {
    const without = await transferStatus([]);
    expect(without.status).toBe(403);
    expect(without.printed).toContain("without the Globus option");
    const withGlobus = await transferStatus(["--globus"]);
    expect(withGlobus.status).toBe(200);
    expect(withGlobus.printed).toContain("with the Globus option");
    // just-bash is installed here (an optional dependency): commands run in it.
    expect(withGlobus.printed).toContain("commands and job scripts run in a simulated bash");
  });
});
