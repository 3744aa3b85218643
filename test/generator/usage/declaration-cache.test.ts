// The analyses' cache of parsed declaration files (generator/usage/program.ts): a file is parsed again when it changed
// on disk or is parsed under other settings, other files are never cached, and the least recently used go past its
// bound.
import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DeclarationCache } from "../../../generator/usage/program.js";
import { ts } from "../../../generator/usage/typescript.js";
import { tempDir } from "../../support/project.js";

/** A cache over real files of `dir`, counting the parses it asks for. */
function cacheOver(dir: string, kept?: number) {
  const cache = new DeclarationCache(kept);
  const parses: string[] = [];
  const get = (name: string, language = ts.ScriptTarget.ES2022) =>
    cache.get(join(dir, name), language, () => {
      parses.push(name);
      return ts.createSourceFile(name, ts.sys.readFile(join(dir, name)) ?? "", language);
    });
  return { get, parses };
}

describe("the declaration cache", () => {
  it("keeps a parsed .d.ts until it changes on disk or is asked for under other settings", () => {
    const dir = tempDir("decl-cache-");
    writeFileSync(join(dir, "a.d.ts"), "export declare const a: number;\n");
    const { get, parses } = cacheOver(dir);
    const first = get("a.d.ts");
    expect(get("a.d.ts")).toBe(first);
    expect(parses).toEqual(["a.d.ts"]);
    writeFileSync(join(dir, "a.d.ts"), "export declare const a: string;\n");
    utimesSync(join(dir, "a.d.ts"), new Date(), new Date(Date.now() + 5_000));
    const changed = get("a.d.ts");
    expect(changed).not.toBe(first);
    expect(changed?.text).toContain("string");
    expect(get("a.d.ts", ts.ScriptTarget.ES5)).not.toBe(changed);
    expect(parses).toEqual(["a.d.ts", "a.d.ts", "a.d.ts"]);
  });

  it("never keeps a file that is not a declaration file", () => {
    const dir = tempDir("decl-cache-");
    writeFileSync(join(dir, "code.ts"), "export const c = 1;\n");
    const { get, parses } = cacheOver(dir);
    expect(get("code.ts")).not.toBe(get("code.ts"));
    expect(parses).toEqual(["code.ts", "code.ts"]);
  });

  it("lets the least recently used file go past its bound", () => {
    const dir = tempDir("decl-cache-");
    for (const name of ["a", "b", "c"]) writeFileSync(join(dir, `${name}.d.ts`), `export declare const ${name}: 1;\n`);
    const { get, parses } = cacheOver(dir, 2);
    get("a.d.ts");
    get("b.d.ts");
    get("a.d.ts"); // a is now the most recently used
    get("c.d.ts"); // so b goes
    get("a.d.ts");
    get("b.d.ts");
    expect(parses).toEqual(["a.d.ts", "b.d.ts", "c.d.ts", "b.d.ts"]);
  });
});
