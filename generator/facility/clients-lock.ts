/**
 * The lock `sfapi-gen mock` holds on its `--clients-dir` while it runs, so a second mock on the same folder stops with
 * one line naming the folder and the holder's pid instead of repointing the key files the first one's users read. The
 * lock is a file in the folder holding the pid, made with an exclusive create; a lock whose pid no longer runs (a mock
 * that was killed) is taken over.
 */
import { mkdir, open, readdir, readFile, rm, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { OptionError } from "../errors.js";

export const LOCK_FILE = ".sfapi-mock.lock";

/** Whether process `pid` runs (EPERM: it does, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Take the lock on `dir` (made, owner-only, when missing) for process `pid`; resolves with the release, which removes
 * the lock if it is still this process's, and the folder too if it made it and nothing else was written there (a
 * refused start leaves no folder behind). An OptionError when a running process holds it.
 */
export async function lockClientsDir(dir: string, pid: number = process.pid): Promise<() => Promise<void>> {
  const made = (await mkdir(dir, { recursive: true, mode: 0o700 })) !== undefined;
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const file = await open(path, "wx", 0o600);
      try {
        await file.writeFile(`${pid}\n`);
      } finally {
        await file.close();
      }
      return async () => {
        const holder = await readFile(path, "utf8").catch(() => "");
        if (holder.trim() !== String(pid)) return;
        await rm(path, { force: true });
        if (made && (await readdir(dir)).length === 0) await rmdir(dir);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const text = await readFile(path, "utf8").catch(() => "");
    const holder = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : undefined;
    // Another start took a stale lock over between our two tries: it holds the folder now.
    if (holder !== undefined && (attempt > 0 || running(holder)))
      throw new OptionError(
        `--clients-dir ${dir} is in use by another sfapi-gen mock (pid ${holder}); stop it or choose another folder`,
      );
    if (attempt > 0) throw new OptionError(`--clients-dir ${dir}: cannot take the lock ${LOCK_FILE}`);
    // Stale (its process is gone) or unreadable: taken over.
    await rm(path, { force: true });
  }
}
