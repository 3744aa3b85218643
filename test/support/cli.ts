/** Shared test helpers: temp folders inside the project (so generated clients resolve node_modules), CLI runs. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { type Dirent, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../../generator/cli/main.js";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const tmpRoot = join(root, "test", ".tmp");

export function tempDir(prefix = "t-"): string {
  mkdirSync(tmpRoot, { recursive: true });
  return mkdtempSync(join(tmpRoot, prefix));
}

/**
 * A real HTTP server on 127.0.0.1 (a free port) for one test file: its origin, and a close that drops kept-alive
 * sockets.
 */
export async function listenLocal(
  handler: RequestListener,
  options: { backlog?: number; keepAliveTimeout?: number } = {},
): Promise<{ origin: string; port: number; close: () => Promise<void> }> {
  const server = createServer(handler);
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  const backlog = options.backlog ?? 511;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
 * Every file below `dir`, relative path -> its bytes as a latin1 string (one character per byte, so equal strings
 * are equal bytes), for byte-for-byte comparisons. Strings, not Buffers: vitest's toEqual walks a Buffer element by
 * element, 1.7 s for one comparison of generated/.
 */
/**
 * Every entry under `dir`, at any depth, never through a symbolic link: Node 22's `readdirSync(dir, { recursive })`
 * descends into linked folders (a link to `/` walks the whole disk), Node 20's does not.
 */
export function entriesUnder(dir: string): Dirent[] {
  const entries: Dirent[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    entries.push(entry);
    if (entry.isDirectory()) entries.push(...entriesUnder(join(dir, entry.name)));
  }
  return entries;
}

export function snapshotDir(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entriesUnder(dir)) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, "latin1"));
  }
  return files;
}
