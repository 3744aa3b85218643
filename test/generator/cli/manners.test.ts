/**
 * How the command line behaves around its output: exit statuses that tell "found what you asked to fail on" (1) from
 * "could not run" (2), and a progress line on a terminal only, after a second, erased at the end. Time is injected.
 */

import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../../generator/cli/main.js";
import { PROGRESS_DELAY_MS, startProgress, type Timers } from "../../../generator/cli/progress.js";
import { runCli } from "../../support/cli.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { root, tempDir } from "../../support/project.js";

describe("exit statuses", () => {
  const dir = tempDir("exit-");
  const unranked = writeJson(dir, "unranked.json", description({ "DELETE /thing": secured }));

  it("0 for help and a clean run, 1 for findings (report printed), 2 for failures to run", async () => {
    expect(EXIT).toEqual({ ok: 0, findings: 1, failed: 2 });
    expect((await runCli(["--help"])).code).toBe(0);
    expect((await runCli(["audit", "--file", unranked])).code).toBe(0);

    const strict = await runCli(["audit", "--file", unranked, "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("DELETE");
    expect(strict.stderr).toMatch(/^sfapi-gen: .*--strict: 1 operation without a level/m);

    const missing = await runCli(["audit", "--file", `${dir}/missing.json`]);
    expect([missing.code, missing.stdout]).toEqual([2, ""]);
    const usage = await runCli(["audit", "--no-such-flag"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/unknown option '--no-such-flag'/);
    expect((await runCli(["no-such-command"])).code).toBe(2);
  });
});

/** Timers that run only when the test moves the clock. */
function manualTimers() {
  let now = 0;
  let id = 0;
  const pending = new Map<number, { at: number; every?: number; run: () => void }>();
  const timers: Timers = {
    setTimeout: (run, ms) => {
      pending.set(++id, { at: now + ms, run });
      return id;
    },
    setInterval: (run, ms) => {
      pending.set(++id, { at: now + ms, every: ms, run });
      return id;
    },
    clear: (handle) => void pending.delete(handle as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...pending].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      const [key, timer] = next;
      now = timer.at;
      if (timer.every) timer.at += timer.every;
      else pending.delete(key);
      timer.run();
    }
    now = until;
  };
  return { timers, advance, pending };
}

describe("progress on stderr", () => {
  const terminal = () => {
    const written: string[] = [];
    return { written, stream: { isTTY: true, write: (text: string) => written.push(text) } };
  };

  it("says nothing for a run under a second", () => {
    const { timers, advance, pending } = manualTimers();
    const { written, stream } = terminal();
    const progress = startProgress(stream, "generate", timers);
    advance(PROGRESS_DELAY_MS - 1);
    progress.end();
    advance(5000);
    expect(written).toEqual([]);
    expect(pending.size).toBe(0);
  });

  it("after a second, one line rewritten in place with the phase and the time, erased at the end", () => {
    const { timers, advance, pending } = manualTimers();
    const { written, stream } = terminal();
    const progress = startProgress(stream, "generate", timers);
    progress.phase("reading the description");
    advance(PROGRESS_DELAY_MS);
    expect(written).toEqual(["\r\x1b[Ksfapi-gen: generate: reading the description (1 s)"]);
    progress.phase("writing");
    advance(2000);
    expect(written.at(-1)).toBe("\r\x1b[Ksfapi-gen: generate: writing (3 s)");
    progress.clear(); // other output takes the line; the next refresh draws it again
    expect(written.at(-1)).toBe("\r\x1b[K");
    progress.end();
    expect(pending.size).toBe(0);
    const count = written.length;
    advance(5000);
    expect(written.length).toBe(count);
  });

  it("writes nothing at all when stderr is not a terminal (piped, redirected, CI)", () => {
    const { timers, advance } = manualTimers();
    const written: string[] = [];
    const progress = startProgress({ write: (text: string) => written.push(text) }, "generate", timers);
    progress.phase("writing");
    advance(10_000);
    progress.end();
    expect(written).toEqual([]);
  });
});

describe("a reader that stops early", () => {
  it("ends the command quietly: no EPIPE stack trace, the status of the run", async () => {
    // A real pipe closed after the first line, as `sfapi-gen generate | head -1` does (generate writes several lines,
    // so the next write meets the closed pipe); the process is the unit here.
    const out = join(tempDir("epipe-"), "client");
    const child = spawn(process.execPath, [join(root, "bin", "sfapi-gen.js"), "generate", "--out", out]);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js:\d+/);
    expect(code).toBe(0);
  });
});

describe("in-process runs", () => {
  it("add no listener to the process's streams per run (no MaxListenersExceededWarning after ten)", async () => {
    await runCli(["--version"]);
    const listeners = () => [process.stdout.listenerCount("error"), process.stderr.listenerCount("error")];
    const before = listeners();
    for (let i = 0; i < 12; i++) expect((await runCli(["--version"])).code).toBe(0);
    expect(listeners()).toEqual(before);
  });
});
