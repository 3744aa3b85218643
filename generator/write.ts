/**
 * Atomic output: write every file into a temporary sibling of the target, then swap it in with renames. If anything
 * fails before the swap, the previous output is untouched; the swap itself keeps the old folder until the new one is
 * in place, and puts it back if the final rename fails.
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/** Relative path (forward slashes) -> file content. */
export type FileSet = Map<string, string>;

export async function writeAtomically(outDir: string, files: FileSet): Promise<void> {
  const target = resolve(outDir);
  const parent = dirname(target);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(join(parent, `.${basename(target)}.tmp-`));
  try {
    for (const [relative, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const path = join(staging, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    }
    await swapIn(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function swapIn(staging: string, target: string): Promise<void> {
  const previous = `${staging}.previous`;
  let moved = false;
  try {
    await rename(target, previous);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    await rename(staging, target);
  } catch (error) {
    if (moved) await rename(previous, target);
    throw error;
  }
  if (moved) await rm(previous, { recursive: true, force: true });
}
