/** `runtime/`: the runtime sources from templates/runtime, copied verbatim (tests and fixtures excluded). */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { runtimeTemplateDir } from "../paths.js";

export async function runtimeFiles(from: string = runtimeTemplateDir): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || /\.(test|spec|test-d)\.ts$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(`runtime/${relative(from, path).split("\\").join("/")}`, await readFile(path, "utf8"));
  }
  return files;
}
