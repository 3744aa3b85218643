/** The project's folder, temporary folders inside it (so generated clients resolve node_modules), folder snapshots. */
import { type Dirent, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const tmpRoot = join(root, "test", ".tmp");

export function tempDir(prefix = "t-"): string {
  mkdirSync(tmpRoot, { recursive: true });
  return mkdtempSync(join(tmpRoot, prefix));
}

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

/**
 * Every file below `dir`, relative path -> its bytes as a latin1 string (one character per byte, so equal strings
 * are equal bytes), for byte-for-byte comparisons. Strings, not Buffers: vitest's toEqual walks a Buffer element by
 * element, 1.7 s for one comparison of generated/.
 */
export function snapshotDir(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entriesUnder(dir)) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, "latin1"));
  }
  return files;
}
