// Which files can see a client's declarations, by name (usage/reach.ts): `needs` walks only those with the type
// checker. Each route a client value can take into a file that does not import the client itself is tried: the file
// must count as reaching, and `needs` must find the red use in it, which only the type analysis sees (a destructured
// operation). A file importing only names that lead nowhere is left out. What reaches the global scope, and what the
// names cannot tell (JavaScript, `require`), makes every file count.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../generator/reports/needs/needs.js";
import { codeFiles } from "../../../generator/usage/code-files.js";
import { codeOptions, codeProgram } from "../../../generator/usage/program.js";
import { nameReach } from "../../../generator/usage/reach.js";
import { colorNeeds } from "../../support/needs.js";
import { root, tempDir } from "../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const GENERATED = join(root, "generated");

/** A code base (name -> text) beside client.ts, which exports a red client and its types. */
function codeBase(files: Record<string, string>): string {
  const dir = join(tempDir("reach-"), "src");
  mkdirSync(dir, { recursive: true });
  const client = relative(dir, join(GENERATED, "index.js")).split("\\").join("/");
  writeFileSync(
    join(dir, "client.ts"),
    [
      `import { createClient } from "${client}";`,
      `export type { RedCompute } from "${client}";`,
      'export const red = createClient({ color: "red", accessToken: "t" });',
      "export type Red = typeof red;",
      "",
    ].join("\n"),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Each file's verdict: whether it can see the generated client's declarations (undefined: every file can). */
function verdicts(dir: string): Record<string, boolean> | undefined {
  const { program } = codeProgram(codeFiles(dir).files, codeOptions(dir, root));
  const reach = nameReach(program, (file) => file.fileName.startsWith(`${GENERATED}/`));
  if (reach === undefined) return undefined;
  const out: Record<string, boolean> = {};
  for (const file of program.getSourceFiles())
    if (file.fileName.startsWith(`${dir}/`)) out[relative(dir, file.fileName)] = reach(file);
  return out;
}

/**
 * `needs` on each code base, once: the routes' tests each ask about their own file of the same code base (a dozen
 * identical analyses of some forty files before), and nothing changes the code base between them.
 */
const reports = new Map<string, NeedsReport>();

/** The red uses `needs` finds in `file`. */
function redUses(dir: string, file: string) {
  let report = reports.get(dir);
  if (report === undefined) reports.set(dir, (report = colorNeeds(rel(dir), "generated", root)));
  return report.uses.filter((u) => u.file === `${rel(dir)}/${file}` && u.level === "red");
}

const USE = "const { runCommand } = ";
const IMPORT_RED = 'import { red } from "../client.js";\n';
/** Modules holding no client: what the clean file imports from a module that also imports the client. */
const PLAIN =
  "export interface Row { n: number }\nexport function total(rows: Row[]): number { return rows.length; }\n";

/** Routes of a client value into the `use` module of each folder, which does not import the client itself. */
const ROUTES: Record<string, Record<string, string>> = {
  "a function's inferred return": {
    "mid.ts": `${IMPORT_RED}export function get() {\n  return red;\n}\n`,
    "use.ts": `import { get } from "./mid.js";\n${USE}get();\n`,
  },
  "a re-export under another name, then export *": {
    "mid.ts": 'export { red as r } from "../client.js";\n',
    "hub.ts": 'export * from "./mid.js";\n',
    "use.ts": `import { r } from "./hub.js";\n${USE}r;\n`,
  },
  "a namespace import": {
    "hub.ts": 'export * from "../client.js";\n',
    "use.ts": `import * as hub from "./hub.js";\n${USE}hub.red;\n`,
  },
  "a property attached to a function elsewhere": {
    "mid.ts": `${IMPORT_RED}export function f() {}\nf.c = red;\n`,
    "use.ts": `import { f } from "./mid.js";\n${USE}f.c;\n`,
  },
  "an inherited field": {
    "mid.ts": `${IMPORT_RED}export class Base {\n  c = red;\n}\n`,
    "use.ts": `import { Base } from "./mid.js";\nclass D extends Base {}\n${USE}new D().c;\n`,
  },
  "a type alias": {
    "mid.ts": `${IMPORT_RED}export type R = typeof red;\n`,
    "use.ts": `import type { R } from "./mid.js";\ndeclare const x: R;\n${USE}x;\n`,
  },
  "a default export": {
    "mid.ts": `${IMPORT_RED}export default { c: red };\n`,
    "use.ts": `import box from "./mid.js";\n${USE}box.c;\n`,
  },
  "a namespace's member": {
    "mid.ts": `${IMPORT_RED}export namespace N {\n  export const c = red;\n}\n`,
    "use.ts": `import { N } from "./mid.js";\n${USE}N.c;\n`,
  },
  "import()": {
    "use.ts": `const m = await import("../client.js");\n${USE}m.red;\n`,
  },
  "an import type": {
    "use.ts": `declare const x: typeof import("../client.js").red;\n${USE}x;\n`,
  },
  "a value deep in an expression": {
    "mid.ts": `${IMPORT_RED}export const deep = [[{ a: () => ({ b: red }) }]];\n`,
    "use.ts": `import { deep } from "./mid.js";\n${USE}deep[0]![0]!.a().b;\n`,
  },
  "a JSDoc type in a JavaScript module": {
    "mid.js": '/** @type {{ c: import("../client.js").Red }} */\nexport const box = JSON.parse("{}");\n',
    "use.ts": `import { box } from "./mid.js";\n${USE}box.c;\n`,
  },
};

describe("a file sees the client by the names it uses", () => {
  const files = Object.fromEntries(
    Object.values(ROUTES).flatMap((routeFiles, i) =>
      Object.entries(routeFiles).map(([name, text]) => [`r${i}/${name}`, text]),
    ),
  );
  files["plain/mid.ts"] = `${IMPORT_RED}${PLAIN}export const go = () => red.compute("perlmutter");\n`;
  files["plain/use.ts"] = [
    'import { total, type Row } from "./mid.js";',
    'import data from "./data.json" with { type: "json" };',
    "export const n = (rows: Row[]) => total(rows) + data.n;",
    "",
  ].join("\n");
  // A JSON module: a value, which neither reaches the global scope nor leads anywhere.
  files["plain/data.json"] = '{ "n": 1 }\n';
  files["plain/run.ts"] = 'eval("1");\n';
  const dir = codeBase(files);

  it("every route counts as reaching; the plain file, importing names that lead nowhere, does not", () => {
    const seen = verdicts(dir);
    expect(seen).toBeDefined();
    const routes = Object.keys(ROUTES).map((route, i) => [route, seen![`r${i}/use.ts`]]);
    expect(routes).toEqual(Object.keys(ROUTES).map((route) => [route, true]));
    expect(seen!["plain/use.ts"]).toBe(false);
    expect(seen!["plain/data.json"]).toBe(false);
    expect(seen!["plain/mid.ts"]).toBe(true);
  });

  it.each(Object.keys(ROUTES).map((route, i) => [route, i] as const))("needs finds the red use: %s", (_, i) => {
    expect(redUses(dir, `r${i}/use.ts`).map((u) => [u.line, u.kind])).toContainEqual([expect.any(Number), "named"]);
  });

  it("code run from a string is still counted in a file that cannot see the client", () => {
    expect(verdicts(dir)!["plain/run.ts"]).toBe(false);
    expect(redUses(dir, "plain/run.ts").map((u) => u.kind)).toEqual(["unknown"]);
  });
});

describe("what reaches the global scope counts for every file", () => {
  it.each<[string, Record<string, string>, string]>([
    [
      "a global typed by the client",
      {
        "glob.ts": `${IMPORT_RED.replace("../", "./")}declare global {\n  var redGlobal: typeof red;\n}\nexport {};\n`,
        "use.ts": `${USE}redGlobal;\n`,
      },
      "use.ts",
    ],
    [
      "a script declaring a global of a client type",
      {
        // A declaration file: a script whatever the package's type (a .ts file under `"type": "module"` is a module).
        "globals.d.ts": 'declare var pmScript: import("./client.js").RedCompute;\n',
        "use.ts": '/// <reference path="./globals.d.ts" />\nconst { run } = pmScript;\nrun("id");\nexport {};\n',
      },
      "use.ts",
    ],
    [
      "a module augmented with a client type",
      {
        "plain.ts": "export interface P {\n  n: number;\n}\n",
        "aug.ts": `import type { Red } from "./client.js";\ndeclare module "./plain.js" {\n  interface P {\n    c: Red;\n  }\n}\n`,
        "use.ts": `import type { P } from "./plain.js";\ndeclare const p: P;\n${USE}p.c;\n`,
      },
      "use.ts",
    ],
  ])("%s", (_, files, use) => {
    const dir = codeBase(files);
    expect(verdicts(dir)).toBeUndefined();
    expect(redUses(dir, use).length).toBeGreaterThan(0);
  });

  it("a module augmentation of the client's module, whatever it declares (it merges into the client's types)", () => {
    const dir = codeBase({
      "aug.ts": 'declare module "./client.js" {\n  interface Extra {\n    n: number;\n  }\n}\nexport {};\n',
      "plain.ts": PLAIN,
    });
    expect(verdicts(dir)).toBeUndefined();
  });
});

describe("the search's cost", () => {
  it("follows each symbol once per search, however many statements name it (linear, not statements x members)", () => {
    // 300 statements naming one interface of 300 members: following the interface anew for each statement asked
    // the checker about its members 90,000 times (@types/node's namespaces made each analysis pay this).
    const count = 300;
    const members = Array.from({ length: count }, (_, i) => `  m${i}: string;\n`).join("");
    const statements = Array.from({ length: count }, (_, i) => `export declare const a${i}: Wide;\n`).join("");
    const dir = codeBase({
      "wide.ts": `export interface Wide {\n${members}}\n${statements}`,
      "use.ts": 'import { a0 } from "./wide.js";\nexport const m = a0.m0;\n',
    });
    const { program } = codeProgram(codeFiles(dir).files, codeOptions(dir, root));
    let asked = 0;
    const checker = program.getTypeChecker();
    const counting = new Proxy(checker, {
      get: (target, key) =>
        key === "getExportSymbolOfSymbol"
          ? (symbol: Parameters<typeof checker.getExportSymbolOfSymbol>[0]) => {
              asked++;
              return target.getExportSymbolOfSymbol(symbol);
            }
          : Reflect.get(target, key),
    });
    const counted = new Proxy(program, {
      get: (target, key) => (key === "getTypeChecker" ? () => counting : Reflect.get(target, key)),
    });
    const reach = nameReach(counted, (file) => file.fileName.startsWith(`${GENERATED}/`))!;
    expect(reach).toBeDefined();
    asked = 0;
    expect(reach(program.getSourceFile(join(dir, "wide.ts"))!)).toBe(false);
    expect(reach(program.getSourceFile(join(dir, "client.ts"))!)).toBe(true);
    expect(asked).toBeGreaterThan(count); // each member once
    expect(asked).toBeLessThan(4 * (count + count));
  });
});
