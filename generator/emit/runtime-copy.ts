/**
 * `runtime/`: the runtime compiled from templates/runtime (`npm run build` puts it in dist/runtime), each file headed
 * as generated. Shipped compiled so that a consumer's type check reads declarations only. Every `.d.ts` is copied
 * (types cost a consumer nothing at run time, and the public option types name the helpers'); a `.js` only when the
 * client's entries reach it by its imports, so that a client whose description has no workflow operations carries no
 * workflow.js, jobs.js or tasks.js (index-file.ts imports workflow.js only where they are).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SfapiGenError } from "../errors.js";
import { runtimeBuildDir } from "../package-files.js";

const HEADER = "// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.\n";

/** Static imports and re-exports: of `./runtime/x.js` from an entry, of `./x.js` within the runtime. */
const FROM_ENTRY = /\b(?:from|import)\s*"\.\/runtime\/([a-z0-9-]+\.js)"/g;
const WITHIN = /\b(?:from|import)\s*"\.\/([a-z0-9-]+\.js)"/g;

/**
 * The runtime's files for a client whose generated entries (core.js, page.js, index.js: their texts) are `entries`;
 * every runtime module when `entries` is absent.
 */
export function runtimeFiles(entries?: readonly string[], from: string = runtimeBuildDir): Map<string, string> {
  let names: string[];
  try {
    // Read synchronously: some sixty small files in a row cost less than a thread-pool round trip for each.
    names = readdirSync(from)
      .filter((name) => /\.(?:d\.ts|js)$/.test(name))
      .sort();
  } catch {
    throw new SfapiGenError(`the compiled runtime is missing (${from}); run \`npm run build\` in the sfapi-gen folder`);
  }
  const texts = new Map<string, string>();
  for (const name of names) texts.set(name, readFileSync(join(from, name), "utf8"));
  const reached = entries === undefined ? undefined : reachable(entries, texts);
  const files = new Map<string, string>();
  for (const [name, text] of texts)
    if (!name.endsWith(".js") || reached === undefined || reached.has(name))
      files.set(`runtime/${name}`, HEADER + text);
  return files;
}

/** The runtime's .js files the entries import, directly or through each other. */
function reachable(entries: readonly string[], texts: ReadonlyMap<string, string>): Set<string> {
  const reached = new Set<string>();
  const queue = entries.map((text) => ({ text, pattern: FROM_ENTRY }));
  while (queue.length > 0) {
    const { text: importer, pattern } = queue.pop()!;
    for (const match of importer.matchAll(pattern)) {
      const name = match[1]!;
      const text = texts.get(name);
      if (reached.has(name) || text === undefined) continue;
      reached.add(name);
      queue.push({ text, pattern: WITHIN });
    }
  }
  return reached;
}
