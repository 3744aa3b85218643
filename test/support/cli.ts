/** CLI runs for tests: in this process through `main`, or the installed binary in a child process. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { main } from "../../generator/cli/main.js";
import { root } from "./project.js";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a CLI command in this process (as `npx sfapi-gen ...` would, from `cwd`), capturing its output. `onStdout`
 * sees the output so far after every write (a long-running `mock` says there when it is serving).
 */
export async function runCli(
  args: string[],
  options: { cwd?: string; signal?: AbortSignal; onStdout?: (soFar: string) => void } = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    cwd: options.cwd ?? root,
    stdout: {
      write: (text: string) => {
        stdout += text;
        options.onStdout?.(stdout);
      },
    },
    stderr: { write: (text: string) => (stderr += text) },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { code, stdout, stderr };
}

/**
 * The installed binary (`bin/sfapi-gen.js` over dist/), in a child process: for the few smoke tests of the real
 * command.
 */
export function spawnCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [join(root, "bin", "sfapi-gen.js"), ...args], {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    timeout: options.timeout ?? 60_000,
  });
  return outputOf(child);
}

/** A child process's exit code and its whole output, once it has closed. */
export function outputOf(child: ChildProcessWithoutNullStreams): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `sfapi-gen mock` in this process: resolves once it is serving, with what it printed and a way to stop it (an abort,
 * as SIGTERM would). The URLs are read from what it printed when asked for.
 */
export async function mockInProcess(args: string[]): Promise<{
  printed: string;
  baseUrl: string;
  tokenUrl: string;
  /** Resolves with all it printed once what it printed matches `pattern` (an event, not a wait for time). */
  untilPrinted(pattern: RegExp): Promise<string>;
  stop(): Promise<CliRun>;
}> {
  const controller = new AbortController();
  let serving!: (printed: string) => void;
  const printed = new Promise<string>((resolvePromise) => (serving = resolvePromise));
  let soFar = "";
  const waiting: { pattern: RegExp; done: (text: string) => void }[] = [];
  const run = runCli(["mock", ...args], {
    signal: controller.signal,
    onStdout: (text) => {
      soFar = text;
      if (text.includes("stop with")) serving(text);
      for (const waiter of [...waiting])
        if (waiter.pattern.test(text)) waiting.splice(waiting.indexOf(waiter), 1) && waiter.done(text);
    },
  });
  const text = await Promise.race([
    printed,
    run.then((r) => Promise.reject(new Error(`mock exited with ${r.code} before serving: ${r.stderr}`))),
  ]);
  return {
    printed: text,
    get baseUrl() {
      return /base URL: +(\S+)/.exec(text)![1]!;
    },
    get tokenUrl() {
      return /token URL: +(\S+)/.exec(text)![1]!;
    },
    untilPrinted: (pattern) =>
      pattern.test(soFar) ? Promise.resolve(soFar) : new Promise((done) => waiting.push({ pattern, done })),
    stop: () => {
      controller.abort();
      return run;
    },
  };
}
