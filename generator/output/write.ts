/**
 * Atomic output that survives a kill and never destroys what it did not write.
 *
 * Every file is written into a staging sibling of the target (`.<name>.sfapi-gen-staging-<random>`), then swapped in
 * with two renames: target -> `.<name>.sfapi-gen-previous`, staging -> target; then the previous folder is removed.
 * If anything fails before the swap the previous output is untouched, and a failed second rename puts it back. A run
 * killed part-way leaves only those names behind, and the next run recovers before anything else: with the target
 * gone (killed between the renames) it restores the previous folder, since the killed run never finished; then it
 * removes the previous folder and every staging folder of that target.
 *
 * The target is replaced only when it is missing, an empty folder, or a previous output (its manifest.json names
 * sfapi-gen as the generator) that holds only what sfapi-gen wrote (ours.ts); never the working directory or one of
 * its parents, the home folder or the root. That is checked before staging and again once the previous output is
 * moved aside, where no one writing by the target's name can reach it: a file added while the staging files were
 * written puts the folder back and stops the run.
 * New folders get the mode a plain mkdir gives under the user's umask.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { lstat, mkdir, readdir, realpath, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join, parse, resolve, sep } from "node:path";
import { OutputError } from "../errors.js";
import { MANIFEST_FILE } from "./client-folder.js";
import { GENERATOR_NAME } from "./manifest.js";
import type { Hashed, Strays } from "./ours.js";
import { findStrays, hasStrays, listedByManifest, straysError } from "./ours.js";

/** Relative path (forward slashes) -> file content: text (written as UTF-8), or bytes (the description's copy). */
export type FileSet = Map<string, string | Uint8Array>;

export interface WriteOptions {
  /** The working directory, which the output may not replace (default: the process's). */
  cwd?: string;
  /** What `prepareOutput` found for this folder earlier in the run: the check then re-reads only changed files. */
  prepared?: PreparedOutput;
}

export interface PreparedOutput {
  /** The absolute output folder. */
  target: string;
  /** The previous output's files the check hashed (empty when there was none). */
  hashed: Hashed;
}

/** The sibling folders a write of `target` uses, by which the next run recognises what a killed one left behind. */
export function outputSiblings(target: string): { previous: string; stagingPrefix: string } {
  const parent = dirname(target);
  const name = basename(target);
  return {
    previous: join(parent, `.${name}.sfapi-gen-previous`),
    stagingPrefix: join(parent, `.${name}.sfapi-gen-staging-`),
  };
}

/**
 * Check that `outDir` may be replaced and recover what an interrupted run left there. `writeAtomically` does this
 * itself; `generate` calls it first as well (and hands the result on), so a bad `--out` fails before the description
 * is even read, and a failed run still restores an output a killed one had moved away.
 */
export async function prepareOutput(outDir: string, options: WriteOptions = {}): Promise<PreparedOutput> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const target = resolve(cwd, outDir);
  await refuseProtected(target, cwd);
  await mkdir(dirname(target), { recursive: true });
  await recover(target);
  const before = options.prepared?.target === target ? options.prepared.hashed : undefined;
  return { target, hashed: await checkReplaceable(target, outDir, before) };
}

export async function writeAtomically(outDir: string, files: FileSet, options: WriteOptions = {}): Promise<void> {
  const { target, hashed } = await prepareOutput(outDir, options);
  const { previous, stagingPrefix } = outputSiblings(target);
  const staging = stagingPrefix + randomBytes(6).toString("hex");
  await mkdir(staging); // not mkdtemp: its 0700 would stay on the output folder
  try {
    // Synchronous: a hundred small files, each an open, a write and a close, cost a thread-pool round trip apiece
    // when awaited one by one; written in a row they take a fraction of that.
    const folders = new Set([staging]);
    for (const [relative, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const path = join(staging, relative);
      const folder = dirname(path);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      writeFileSync(path, content);
    }
    await swapIn(staging, target, previous, async () => {
      // The stamps of the first check carry over: renaming the folder changes none of its files' stamps.
      const strays = await previousStrays(previous, hashed);
      if (strays) throw straysError(target, outDir, strays);
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The two renames; `checkMoved` judges the previous output once it is aside, and may stop the swap there. */
async function swapIn(
  staging: string,
  target: string,
  previous: string,
  checkMoved: () => Promise<void>,
): Promise<void> {
  let moved = false;
  try {
    await rename(target, previous);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    if (moved) await checkMoved();
    await rename(staging, target);
  } catch (error) {
    if (moved) await rename(previous, target);
    throw error;
  }
  if (moved) await rm(previous, { recursive: true, force: true });
}

/** Undo or finish what a killed run left: restore the previous output if the target is gone, then drop leftovers. */
async function recover(target: string): Promise<void> {
  const { previous, stagingPrefix } = outputSiblings(target);
  if ((await lstatOrUndefined(previous))?.isDirectory()) {
    if (!(await lstatOrUndefined(target))) await rename(previous, target);
    else await rm(previous, { recursive: true, force: true });
  }
  const staged = basename(stagingPrefix);
  for (const entry of await readdir(dirname(target), { withFileTypes: true })) {
    if (
      entry.isDirectory() &&
      entry.name.startsWith(staged) &&
      /^[0-9a-f]{12}$/.test(entry.name.slice(staged.length))
    ) {
      await rm(join(dirname(target), entry.name), { recursive: true, force: true });
    }
  }
}

/**
 * The root, the home folder, the working directory and its parents: never an output folder (`--out .` would empty
 * them).
 */
async function refuseProtected(target: string, cwd: string): Promise<void> {
  const targets = new Set([target, await realpathOrSelf(target)]);
  const home = new Set([homedir(), await realpathOrSelf(homedir())]);
  const workingDirs = new Set([cwd, await realpathOrSelf(cwd)]);
  for (const t of targets) {
    if (t === parse(t).root) throw new OutputError("refusing to write the output over the filesystem root", t);
    if (home.has(t)) throw new OutputError("refusing to write the output over the home folder", t);
    for (const dir of workingDirs) {
      if (dir === t)
        throw new OutputError(
          "refusing to write the output over the working directory (give a folder of its own, e.g. --out generated)",
          t,
        );
      if (dir.startsWith(t.endsWith(sep) ? t : t + sep))
        throw new OutputError("refusing to write the output over a parent of the working directory", t);
    }
  }
}

/**
 * Missing, an empty folder, or a previous output holding only what we wrote: anything else stops the run before a
 * file is written. Returns what the check hashed, for a second check in the same run (`before`: the first's).
 */
async function checkReplaceable(target: string, outDir: string, before?: Hashed): Promise<Hashed> {
  const stat = await lstatOrUndefined(target);
  if (!stat) return new Map();
  if (stat.isSymbolicLink())
    throw new OutputError("is a symbolic link; give the folder it points to as the output folder", target);
  if (!stat.isDirectory())
    throw new OutputError("is a file, not a folder; refusing to replace it with the output", target);
  if ((await readdir(target)).length === 0) return new Map();
  const listed = listedByManifest(target);
  if (listed === undefined)
    throw new OutputError(
      `is not empty and holds no manifest.json written by ${GENERATOR_NAME}; ` +
        "refusing to replace it (give an empty or new folder)",
      target,
    );
  const { strays, hashed } = findStrays(target, listed, before);
  if (hasStrays(strays)) throw straysError(target, outDir, strays);
  return hashed;
}

/** What the previous output, moved aside to `previous`, holds that sfapi-gen did not write; undefined if nothing. */
async function previousStrays(previous: string, before: Hashed): Promise<Strays | undefined> {
  // No manifest of ours: the folder was empty at the first check, so everything in it now is someone else's.
  const listed = listedByManifest(previous);
  const { strays } = findStrays(previous, listed ?? {}, before);
  if (listed === undefined && (await lstatOrUndefined(join(previous, MANIFEST_FILE))))
    strays.unlisted = [MANIFEST_FILE, ...strays.unlisted].sort();
  return hasStrays(strays) ? strays : undefined;
}

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function realpathOrSelf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path;
  }
}
