/** Shared test helpers: temp folders inside the project (so generated clients resolve node_modules), CLI runs. */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const tmpRoot = join(root, "test", ".tmp");

export function tempDir(prefix = "t-"): string {
  mkdirSync(tmpRoot, { recursive: true });
  return mkdtempSync(join(tmpRoot, prefix));
}

/** Run the CLI from source (tsx), as a user would run `npx sfapi-gen`. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}) {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(root, "generator", "cli.ts"), ...args], {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    timeout: options.timeout ?? 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file below `dir`, relative path -> bytes, for byte-for-byte comparisons. */
export function snapshotDir(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path));
  }
  return files;
}

/** Like runCli, without blocking this process: needed when the CLI talks to a server running in the test itself. */
export function runCliAsync(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "generator", "cli.ts"), ...args], {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env },
      timeout: options.timeout ?? 60_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
