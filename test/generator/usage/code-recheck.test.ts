// diff --code's second type check (the code against the new client) asks TypeScript only about the files the new
// client can change: those importing it, and theirs while what they export changes; the others keep the first
// check's errors, so they cannot hold a break.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { typeBreaks } from "../../../generator/usage/typecheck.js";
import { root, tempDir } from "../../support/project.js";

let project: string;
const client = () => join(project, "src", "sfapi");

/** The client folder's files as the replacement map takes them, with `change` applied to `changed`. */
function served(change: (text: string) => string, changed = "index.d.ts", folder = client()): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const name = relative(folder, path).split("\\").join("/");
        const text = readFileSync(path, "utf8");
        files.set(name, name === changed ? change(text) : text);
      }
    }
  };
  walk(folder);
  return files;
}

beforeAll(() => {
  // Inside the repository, so the client's imports (openapi-fetch, jose) resolve from its node_modules.
  project = tempDir("code-recheck-");
  mkdirSync(join(project, "src"), { recursive: true });
  cpSync(join(root, "generated"), client(), { recursive: true });
  const write = (name: string, lines: string[]) => writeFileSync(join(project, "src", name), lines.join("\n") + "\n");
  write("app.ts", [
    'import { createClient } from "./sfapi/index.js";',
    'const green = createClient({ color: "green", accessToken: "t" });',
    "export const tasks = await green.readTasks();",
  ]);
  write("use.ts", ['import { tasks } from "./app.js";', "export const count: number = tasks.tasks?.length ?? 0;"]);
  write("plain1.ts", ["export const twice = (n: number): number => n * 2;"]);
  write("plain2.ts", ['import { twice } from "./plain1.js";', "export const four: number = twice(2);"]);
});

describe("diff --code's second check", () => {
  it("checks none of the code again when the new client is the same", () => {
    const result = typeBreaks(
      "src",
      "src/sfapi",
      served((t) => t),
      project,
    );
    expect(result.breaks).toEqual([]);
    expect(result.rechecked).toBe(0);
  });

  it("checks the files importing a changed client, and theirs, not the others; the break is found", () => {
    const renamed = served((t) => {
      expect(t).toContain("  readTasks: OptionalCall<");
      return t.replace("  readTasks: OptionalCall<", "  listTasks: OptionalCall<");
    });
    const result = typeBreaks("src", "src/sfapi", renamed, project);
    expect(result.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([["src/app.ts", 3, 2551]]);
    // The app, and the module using `tasks` (its type changed); not the two plain modules.
    expect(result.rechecked).toBe(2);
  });

  it("follows a change through a client file that stays the same: schema.d.ts alone, read through index.d.ts", () => {
    // TypeScript's builder takes an unchanged declaration file's shape as unchanged, and would stop there.
    const renamed = served((t) => {
      const field = /(\n {8}Tasks: \{[^}]*?\n {12})tasks:/;
      expect(t).toMatch(field);
      return t.replace(field, "$1jobs:");
    }, "schema.d.ts");
    const result = typeBreaks("src", "src/sfapi", renamed, project);
    expect(result.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([["src/use.ts", 2, 2339]]);
    expect(result.rechecked).toBe(2);
  });

  it("checks every file when a changed client file reaches the global scope", () => {
    const global = served((t) => `${t}\ndeclare global {\n  var sfapiTwice: number;\n}\n`);
    const result = typeBreaks("src", "src/sfapi", global, project);
    expect(result.breaks).toEqual([]);
    expect(result.rechecked).toBe(4);
  });
});

describe("diff --code's second check, when a file that stays the same adds to the global scope", () => {
  /** A project of its own: the client, and `files` (name -> lines) in src/. */
  function own(files: Record<string, string[]>): string {
    const dir = tempDir("code-recheck-global-");
    mkdirSync(join(dir, "src"), { recursive: true });
    cpSync(join(root, "generated"), join(dir, "src", "sfapi"), { recursive: true });
    for (const [name, lines] of Object.entries(files)) writeFileSync(join(dir, "src", name), lines.join("\n") + "\n");
    return dir;
  }
  const renamed = (dir: string) =>
    served(
      (t) => t.replace("  readTasks: OptionalCall<", "  listTasks: OptionalCall<"),
      "index.d.ts",
      join(dir, "src", "sfapi"),
    );
  const CLIENT = [
    'import { createClient } from "./sfapi/index.js";',
    'const green = createClient({ color: "green", accessToken: "t" });',
  ];
  const PLAIN = {
    "plain.ts": ["export interface Box {", "  n: number;", "}"],
    "box.ts": ['import type { Box } from "./plain.js";', "export const f = (b: Box): number => b.n;"],
  };

  it("by name: a file importing only names that lead nowhere near the client is left out, one whose do is not", () => {
    const dir = own({
      "app.ts": [
        ...CLIENT,
        "export const tasks = green.readTasks();",
        "export const twice = (n: number): number => n * 2;",
      ],
      // Its module imports the client, but `twice` is typed without it: the same errors against either client.
      "plain.ts": ['import { twice } from "./app.js";', "export const four: number = twice(2);"],
      // `get`'s type is inferred from its body, which returns the client: the break is here.
      "get.ts": [...CLIENT, "export function get() {", "  return green;", "}", "export const one = 1;"],
      "use.ts": ['import { get } from "./get.js";', "export const t = get().readTasks();"],
    });
    const result = typeBreaks("src", "src/sfapi", renamed(dir), dir);
    expect(result.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([
      ["src/app.ts", 3, 2551],
      ["src/use.ts", 2, 2551],
    ]);
    // The app, get and use modules; not the plain one.
    expect(result.rechecked).toBe(3);
  });

  it("a global the client does not type leaves the other files unchecked", () => {
    const dir = own({
      "app.ts": [...CLIENT, "export const tasks = green.readTasks();"],
      "names.ts": ["declare var appName: string;"],
      ...PLAIN,
    });
    const result = typeBreaks("src", "src/sfapi", renamed(dir), dir);
    expect(result.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([["src/app.ts", 3, 2551]]);
    expect(result.rechecked).toBe(1);
  });

  it("a global the client types: every file is checked, and the break where it is read is found", () => {
    const dir = own({
      "global.ts": [...CLIENT, "declare global {", "  var greenClient: typeof green;", "}", "export {};"],
      "use.ts": ["export const tasks = greenClient.readTasks();"],
      ...PLAIN,
    });
    const result = typeBreaks("src", "src/sfapi", renamed(dir), dir);
    expect(result.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([["src/use.ts", 1, 2551]]);
    expect(result.rechecked).toBe(4);
  });

  it("a module augmented with a client type: the break in a file that imports only that module is found", () => {
    const dir = own({
      "augment.ts": [
        ...CLIENT,
        'declare module "./plain.js" {',
        "  interface Box {",
        "    client: typeof green;",
        "  }",
        "}",
      ],
      "use.ts": ['import type { Box } from "./plain.js";', "export const g = (b: Box) => b.client.readTasks();"],
      ...PLAIN,
    });
    const result = typeBreaks("src", "src/sfapi", renamed(dir), dir);
    expect(result.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([["src/use.ts", 2, 2551]]);
  });
});
