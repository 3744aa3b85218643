/**
 * Which generated client a code base uses, when nobody said: the folder its imports point to (a relative import of
 * `./sfapi/index.js`, `../generated/operations.js`, ...), else the only generated folder under it. Read without
 * resolving modules: each TypeScript file's import specifiers come from TypeScript's pre-processor (no parse tree, no
 * types), and the walk neither follows symbolic links nor enters node_modules or generated folders.
 */
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ts } from "ts-morph";
import { isGeneratedFolder } from "../output/client-folder.js";

export interface FoundClient {
  /** The client folder, relative to the working directory ("/" separators). */
  dir: string;
  /** `import`: the code imports it (`from` is one importing file); `only`: the one generated folder under the code. */
  how: "import" | "only";
  from?: string;
}

export interface ClientSearch {
  found?: FoundClient;
  /** Generated folders the code imports, when there are several (then none is chosen). */
  imported: string[];
}

/** Most files read for their imports; a code base larger than this is searched in its first ones. */
const MAX_FILES = 20_000;
/** Larger files are skipped: imports sit at the top of a source file, and huge ones are generated. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const SOURCE = /\.(ts|tsx|mts|cts)$/;

export function findClient(sourceDir: string, cwd: string = process.cwd()): ClientSearch {
  const root = resolve(cwd, sourceDir);
  const generatedUnder: string[] = [];
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (files.length >= MAX_FILES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "node_modules") continue;
        if (isGeneratedFolder(path)) generatedUnder.push(path);
        else walk(path);
      } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(path);
    }
  };
  walk(root);

  const imported = new Map<string, string>();
  const cache = new Map<string, boolean>();
  const generated = (dir: string) => {
    if (!cache.has(dir)) cache.set(dir, isGeneratedFolder(dir));
    return cache.get(dir)!;
  };
  for (const file of files) {
    let text: string;
    try {
      if (lstatSync(file).size > MAX_FILE_BYTES) continue;
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const { fileName } of ts.preProcessFile(text, true, false).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = resolve(dirname(file), fileName);
      // `./sfapi` or `./sfapi/index.js`: the folder itself, or the folder of the module named.
      const folder = [target, dirname(target)].find(generated);
      if (folder && !imported.has(folder)) imported.set(folder, file);
    }
  }
  const show = (path: string) => relative(cwd, path).split(sep).join("/") || ".";
  if (imported.size === 1) {
    const [dir, from] = [...imported][0]!;
    return { found: { dir: show(dir), how: "import", from: show(from) }, imported: [show(dir)] };
  }
  if (imported.size > 1) return { imported: [...imported.keys()].map(show).sort() };
  if (generatedUnder.length === 1) return { found: { dir: show(generatedUnder[0]!), how: "only" }, imported: [] };
  return { imported: [] };
}
