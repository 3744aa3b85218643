/**
 * Is a previous output still only what sfapi-gen wrote? Before `generate` replaces one, every regular file in it, at
 * any depth, must be its manifest.json or a file the manifest's `files` lists, with the SHA-256 listed there. A file
 * the user added, a generated file edited by hand, or anything that is not a regular file (a symbolic link, a FIFO)
 * stops the run: regenerating never destroys what sfapi-gen did not write. A listed file that is gone is fine (nothing
 * to lose), and so is a folder (it holds nothing but what is in it).
 */
import type { BigIntStats } from "node:fs";
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ManifestError, OutputError } from "../errors.js";
import { listedFiles, MANIFEST_FILE, MAX_FOLDER_ENTRIES, ownManifest } from "./client-folder.js";
import { sha256Of } from "./manifest.js";

/**
 * The listed files a check hashed, by path: their SHA-256 and a stamp of what `lstat` said then (device, inode, size,
 * change times), so a second check of the same folder reads only the files that changed since.
 */
export type Hashed = Map<string, Hash>;

interface Hash {
  stamp: string;
  sha256: string;
}

/** What in a previous output sfapi-gen did not write, by "/"-separated relative path, each list sorted. */
export interface Strays {
  /** Regular files its manifest does not list. */
  unlisted: string[];
  /** Symbolic links, FIFOs, sockets, devices. */
  others: string[];
  /** Listed files whose SHA-256 is not the listed one. */
  edited: string[];
}

/** Names of each kind shown in the refusal before "and N more". */
const SHOWN = 5;

/**
 * The files the manifest of `dir` lists, with their hashes; undefined when `dir` has no manifest.json (a regular
 * file) naming sfapi-gen as its generator. A manifest of ours without a list, or with a malformed one, is refused:
 * nothing says which files are ours.
 */
export function listedByManifest(dir: string): Record<string, string> | undefined {
  const manifest = ownManifest(dir);
  if (manifest === undefined) return undefined;
  const file = join(dir, MANIFEST_FILE);
  let listed: Record<string, string> | undefined;
  try {
    listed = listedFiles(manifest, file);
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    throw new OutputError(
      `${error.message}; the files sfapi-gen wrote cannot be told from yours, so the folder is not replaced ` +
        "(move out anything of yours and delete the folder to start afresh)",
    );
  }
  if (listed === undefined)
    throw new OutputError(
      `its ${MANIFEST_FILE} lists no file hashes (written by an sfapi-gen older than 0.2): the files sfapi-gen wrote ` +
        "cannot be told from yours, so the folder is not replaced (move out anything of yours and delete the folder " +
        "to start afresh)",
      dir,
    );
  return listed;
}

/**
 * Compare the previous output `dir` with `listed`; `before` is what an earlier check of it hashed. Reads only listed
 * files (an unlisted one is not ours whatever it holds), each once unless it changed since `before`. Synchronous: a
 * client's hundred small files cost a thread-pool round trip per call when awaited one by one.
 */
export function findStrays(
  dir: string,
  listed: Record<string, string>,
  before?: Hashed,
): { strays: Strays; hashed: Hashed } {
  const strays: Strays = { unlisted: [], others: [], edited: [] };
  const hashed: Hashed = new Map();
  const folders = [""];
  let seen = 0;
  for (let prefix = folders.pop(); prefix !== undefined; prefix = folders.pop()) {
    for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
      if (++seen > MAX_FOLDER_ENTRIES)
        throw new OutputError(
          `holds more than ${MAX_FOLDER_ENTRIES} entries: not a folder sfapi-gen wrote; not replaced`,
          dir,
        );
      const path = prefix + entry.name;
      if (entry.isDirectory()) folders.push(`${path}/`);
      else if (!entry.isFile()) strays.others.push(path);
      else if (path === MANIFEST_FILE) continue;
      else if (!Object.hasOwn(listed, path)) strays.unlisted.push(path);
      else {
        const hash = hashOf(join(dir, path), before?.get(path));
        if (hash === "gone") continue;
        if (hash === undefined) strays.others.push(path);
        else {
          hashed.set(path, hash);
          if (hash.sha256 !== listed[path]) strays.edited.push(path);
        }
      }
    }
  }
  for (const list of Object.values(strays)) list.sort();
  return { strays, hashed };
}

export function hasStrays(strays: Strays): boolean {
  return strays.unlisted.length + strays.others.length + strays.edited.length > 0;
}

/**
 * The refusal: one line naming the folder and a few of each kind, and what to do. `out` is the folder as given, for
 * the `--check` hint.
 */
export function straysError(dir: string, out: string, strays: Strays): OutputError {
  const names = (paths: string[]) => {
    const more = paths.length - SHOWN;
    return ` (${paths.slice(0, SHOWN).join(", ")}${more > 0 ? ` and ${more} more` : ""})`;
  };
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const kinds: string[] = [];
  const { unlisted, others, edited } = strays;
  if (unlisted.length > 0)
    kinds.push(`${count(unlisted.length, "file", "files")} sfapi-gen did not write${names(unlisted)}`);
  if (others.length > 0)
    kinds.push(
      `${count(others.length, "entry that is", "entries that are")} not a regular file, such as a symbolic link` +
        names(others),
    );
  if (edited.length > 0)
    kinds.push(`${count(edited.length, "generated file", "generated files")} edited after generation${names(edited)}`);
  const hint =
    edited.length > 0 ? `; \`sfapi-gen generate --check --out ${out}\` names every file not as generated` : "";
  return new OutputError(
    `refusing to replace this previous output, it holds ${kinds.join(", ")}: ` +
      `move ${unlisted.length + others.length + edited.length === 1 ? "it" : "them"} out of the folder, or delete ` +
      `the folder to start afresh${hint}`,
    dir,
  );
}

/**
 * The SHA-256 of the regular file `path` and its stamp; `before` when the stamp has not changed. Undefined when it is
 * no longer a regular file (replaced by a link since the folder was listed: never followed), "gone" when removed.
 */
function hashOf(path: string, before: Hash | undefined): Hash | "gone" | undefined {
  try {
    if (before !== undefined && stampOf(lstatSync(path, { bigint: true })) === before.stamp) return before;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === "ENOENT") return "gone";
    if (code === "ELOOP") return undefined;
    throw error;
  }
  try {
    const stat = fstatSync(fd, { bigint: true });
    if (!stat.isFile()) return undefined;
    return { stamp: stampOf(stat), sha256: sha256Of(readFileSync(fd)) };
  } finally {
    closeSync(fd);
  }
}

function stampOf(stat: BigIntStats): string {
  return [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(":");
}
