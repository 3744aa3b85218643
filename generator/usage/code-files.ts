/**
 * What "the code base" is, written once for every analysis of one (`needs` and `diff --code` alike: the scan,
 * usage/scan.ts; the search for the client it imports, usage/find-client.ts; the type check, usage/typecheck.ts), so
 * that they cannot disagree about which files it holds:
 *  - code files: `.ts`, `.tsx`, `.mts`, `.cts`, `.js`, `.jsx`, `.mjs`, `.cjs`, not declarations (`.d.ts`, `.d.mts`,
 *    `.d.cts`);
 *  - not in `node_modules`, and nothing whose name starts with a dot (`.git`, `.cache`, a build's `.next`): a file in
 *    a dot-folder that the code imports is still read, as an import, by each analysis's TypeScript program;
 *  - symbolic links are followed, but each real folder is walked once and each real file listed once (two links to
 *    `.` cannot make the walk loop; a dangling link or an unreadable folder holds nothing);
 *  - less a generated client's own output: the files its manifest lists with a matching hash (output/client-folder.ts
 *    `verifiedOutput`), so a file added to such a folder, or a fake manifest, hides nothing.
 * The walk is linear in the entries it meets; paths are kept as reached (through a link, not its target) and sorted.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { isGeneratedFolder, verifiedOutput } from "../output/client-folder.js";

export interface CodeFiles {
  /** The code base's files (absolute, sorted), less generated clients' own output. */
  files: string[];
  /** Folders of generated clients met on the walk (absolute, sorted): those holding sfapi-gen's manifest. */
  clients: string[];
  /** Generated client folders whose output was left out of `files` (absolute, sorted). */
  skipped: string[];
  /** The generated client folder whose verified output `file` (absolute) is, else undefined. */
  outputOf: (file: string) => string | undefined;
}

const CODE_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION_FILE = /\.d\.(?:ts|mts|cts)$/;

/** The extensions a code file has, for messages. */
export const CODE_EXTENSIONS = ".ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs";

/** Is `name` (a file name) a code file's: a TypeScript or JavaScript module, not a declaration file? */
export function isCodeFileName(name: string): boolean {
  return CODE_FILE.test(name) && !DECLARATION_FILE.test(name);
}

/**
 * Is `file` (absolute), which the code imports, part of the code base under `root` (absolute): a code file at or below
 * it, not in node_modules? (A dot-folder the walk leaves out is the code's when the code imports from it.)
 */
export function isImportedCodeFile(root: string, file: string): boolean {
  const path = resolve(file);
  return (
    path.startsWith(root + sep) &&
    !path.slice(root.length).split(sep).includes("node_modules") &&
    isCodeFileName(basename(path))
  );
}

/** The code base under `root` (absolute), by the rules above. */
export function codeFiles(root: string): CodeFiles {
  const walked = walk(resolve(root));
  const generated = generatedOutput(resolve(root));
  const files: string[] = [];
  const skipped = new Set<string>();
  for (const file of walked.files) {
    const folder = generated(file);
    if (folder === undefined) files.push(file);
    else skipped.add(folder);
  }
  return { files, clients: walked.clients, skipped: [...skipped].sort(), outputOf: generated };
}

/**
 * The code base's files once a TypeScript program has read them: the walk's, then those of `reached` (the program's
 * files, as it names them) that the code imports from where the walk does not go (isImportedCodeFile), less generated
 * output; each real file once, sorted.
 */
export function withImported(root: string, code: CodeFiles, reached: readonly string[]): string[] {
  const top = resolve(root);
  const seen = new Set(code.files.map((file) => real(file) ?? file));
  const more = reached
    .map((file) => resolve(file))
    .filter((file) => isImportedCodeFile(top, file) && code.outputOf(file) === undefined)
    .filter((file) => {
      const key = real(file) ?? file;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return [...code.files, ...more].sort();
}

function walk(root: string): { files: string[]; clients: string[] } {
  const files: string[] = [];
  const clients: string[] = [];
  const seenDirs = new Set<string>();
  const seenFiles = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const realDir = real(dir);
    if (realDir === undefined || seenDirs.has(realDir)) continue;
    seenDirs.add(realDir);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // an unreadable folder holds nothing we can read
    }
    if (isGeneratedFolder(dir)) clients.push(dir);
    // Names in reverse, so that the stack walks folders in order and a real file reached twice keeps its first path.
    for (const entry of entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(path);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // a dangling link
        }
      }
      if (isDir) pending.push(path);
      else if (isFile && isCodeFileName(entry.name)) {
        const realFile = real(path);
        if (realFile === undefined || seenFiles.has(realFile)) continue;
        seenFiles.add(realFile);
        files.push(path);
      }
    }
  }
  return { files: files.sort(), clients: clients.sort() };
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined; // a dangling link
  }
}

/**
 * For a file at or below `root`: the generated client folder whose verified output it is (listed in that folder's
 * manifest with a matching hash), else undefined. Each folder is read once.
 */
export function generatedOutput(root: string): (file: string) => string | undefined {
  const cache = new Map<string, Set<string>>();
  const verified = (dir: string): Set<string> => {
    let files = cache.get(dir);
    if (files === undefined) cache.set(dir, (files = verifiedOutput(dir)));
    return files;
  };
  return (file) => {
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      if (verified(dir).has(file)) return dir;
      if (dir === root || dirname(dir) === dir || !(dir + sep).startsWith(root + sep)) return undefined;
    }
  };
}
