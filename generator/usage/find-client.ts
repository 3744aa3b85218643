/**
 * Which generated client a code base uses, when nobody said: the folder its imports point to, else the only generated
 * folder under it. Each code file's import specifiers come from TypeScript's pre-processor (no parse tree, no
 * types); a relative one naming the client folder or one of its modules (`./sfapi/index.js`) counts as written, and
 * every one is also resolved as TypeScript resolves it (usage/modules.ts: tsconfig `paths`, package.json `imports`,
 * workspace packages in node_modules, re-exports of a wrapper module), so `@/sfapi` or `@acme/sfapi` finds the client
 * too. The code's files are those every analysis of a code base reads (usage/code-files.ts).
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { isGeneratedFolder } from "../output/client-folder.js";
import { codeFiles, isImportedCodeFile } from "./code-files.js";
import { CodeModules } from "./modules.js";
import { ts } from "./typescript.js";

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
  /**
   * Imports through a path alias or a package import (`@/sfapi`, `#sfapi`) that resolve to nothing: any of them may be
   * the client, so none is chosen by a fallback while there are some (first ones only).
   */
  unresolved: UnresolvedAlias[];
}

export interface UnresolvedAlias {
  file: string;
  line: number;
  specifier: string;
  /** What maps it: `tsconfig paths "@/*"`, `package.json imports`. */
  alias: string;
}

/** Unresolved aliases listed at most. */
const MAX_UNRESOLVED = 10;

/** Most files read for their imports; a code base larger than this is searched in its first ones. */
const MAX_FILES = 20_000;
/** Larger files are skipped: imports sit at the top of a source file, and huge ones are generated. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export function findClient(sourceDir: string, cwd: string = process.cwd()): ClientSearch {
  const root = resolve(cwd, sourceDir);
  const show = (path: string) => relative(cwd, path).split(sep).join("/") || ".";
  // The code base as every analysis reads it (usage/code-files.ts), its first MAX_FILES files.
  const code = codeFiles(root);
  const generatedUnder = code.clients;
  const files = code.files.slice(0, MAX_FILES);

  const modules = new CodeModules(root, cwd);
  const imported = new Map<string, string>();
  const unresolved: UnresolvedAlias[] = [];
  const cache = new Map<string, boolean>();
  const generated = (dir: string) => {
    if (!cache.has(dir)) cache.set(dir, isGeneratedFolder(dir));
    return cache.get(dir)!;
  };
  const listed = new Set(files);
  // `files` grows while it is read: a module of the code in a dot-folder is the code's once the code imports it.
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    let text: string;
    try {
      if (statSync(file).size > MAX_FILE_BYTES) continue;
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    // `require(...)` and `import(...)` too: a CommonJS module of the code may be the one importing the client.
    for (const { fileName, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      // `./sfapi` or `./sfapi/index.js`: the folder itself, or the folder of the module named, as written.
      const written = fileName.startsWith(".") ? resolve(dirname(file), fileName) : undefined;
      let folder = written === undefined ? undefined : [written, dirname(written)].find(generated);
      // A module of the code itself is read by this walk anyway (its own imports are checked there); one in a
      // dot-folder, which the walk leaves out, is read once the code imports it (usage/code-files.ts).
      const own = written?.startsWith(root + sep) === true;
      if (folder === undefined && own && files.length < MAX_FILES && inDotFolder(root, written!)) {
        const module = modules.fileOf(file, fileName);
        if (module !== undefined && !listed.has(module) && isImportedCodeFile(root, module) && !code.outputOf(module)) {
          listed.add(module);
          files.push(module);
        }
      }
      if (folder === undefined && !own) {
        const target = modules.target(file, fileName);
        if ("client" in target) folder = target.client;
        else if ("unresolved" in target && target.alias !== null && unresolved.length < MAX_UNRESOLVED)
          unresolved.push({
            file: show(file),
            line: text.slice(0, pos).split("\n").length,
            specifier: fileName,
            alias: target.alias,
          });
      }
      if (folder && !imported.has(folder)) imported.set(folder, file);
    }
  }
  if (imported.size === 1) {
    const [dir, from] = [...imported][0]!;
    return { found: { dir: show(dir), how: "import", from: show(from) }, imported: [show(dir)], unresolved };
  }
  if (imported.size > 1) return { imported: [...imported.keys()].map(show).sort(), unresolved };
  // Fail closed: an alias that resolves nowhere may be the client, so the fallbacks below could pick the wrong one.
  if (unresolved.length > 0) return { imported: [], unresolved };
  if (generatedUnder.length === 1)
    return { found: { dir: show(generatedUnder[0]!), how: "only" }, imported: [], unresolved };
  return { imported: [], unresolved };
}

/** Does `path`, at or below `root`, lie in a folder whose name starts with a dot (one the walk leaves out)? */
function inDotFolder(root: string, path: string): boolean {
  return relative(root, dirname(path))
    .split(sep)
    .some((segment) => segment.startsWith(".") && segment !== "." && segment !== "..");
}
