// diff --code's first type check runs on the Program the scan built (usage/scan.ts scanCode) when that Program is
// the one the check would build; the verdict must be the one a Program of its own gives. Where they would differ (a
// tsconfig.json that checks JavaScript, a file the scan read as empty) the check builds its own.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanCode } from "../../../generator/usage/scan.js";
import { typeBreaks } from "../../../generator/usage/typecheck.js";
import { root, tempDir } from "../../support/project.js";

/** A code base using the checked-in client: an error before any change, reads and calls the change breaks. */
function project(files: Record<string, string[]>, tsconfig?: object): string {
  const dir = tempDir("code-shared-");
  mkdirSync(join(dir, "src"), { recursive: true });
  cpSync(join(root, "generated"), join(dir, "src", "sfapi"), { recursive: true });
  for (const [name, lines] of Object.entries(files)) writeFileSync(join(dir, "src", name), lines.join("\n") + "\n");
  if (tsconfig) writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  return dir;
}

/** The new client: `readTasks` renamed, and the Tasks schema's `tasks` field renamed. */
function served(dir: string): Map<string, string> {
  const client = join(dir, "src", "sfapi");
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const name = relative(client, path).split("\\").join("/");
        const was = readFileSync(path, "utf8");
        let text = was;
        if (name === "index.d.ts") text = text.replace("\n  readTask: Call<", "\n  fetchTask: Call<");
        if (name === "schema.d.ts") text = text.replace(/(\n {8}Tasks: \{[^}]*?\n {12})tasks:/, "$1jobs:");
        if (name === "index.d.ts" || name === "schema.d.ts") expect(text).not.toBe(was);
        files.set(name, text);
      }
    }
  };
  walk(client);
  return files;
}

const APP = [
  'import { createClient } from "./sfapi/index.js";',
  'const green = createClient({ color: "green", accessToken: "t" });',
  "export const tasks = await green.readTasks();",
  'export const one = await green.readTask({ path: { id: "1" } });',
  "export const wrong: string = 1;",
];
const USE = [
  'import { tasks } from "./app.js";',
  "export const count: number = tasks.tasks?.length ?? 0;",
  "export const also: number = 'x';",
];
const PLAIN = ["export const twice = (n: number): number => n * 2;", "export const bad: boolean = twice;"];

const both = (dir: string) => {
  const { code } = scanCode("src", dir, new Set(["readTasks", "readTask"]));
  const replacement = served(dir);
  return {
    shared: typeBreaks("src", "src/sfapi", replacement, dir, code),
    own: typeBreaks("src", "src/sfapi", replacement, dir),
  };
};
const verdict = (r: ReturnType<typeof typeBreaks>) => ({ ...r, shared: undefined });

describe("diff --code's first check on the scan's Program", () => {
  let dir: string;
  beforeAll(() => {
    dir = project({ "app.ts": APP, "use.ts": USE, "plain.ts": PLAIN });
  });

  it("gives the verdict a Program of its own gives, errors that were there before the change left out", () => {
    const { shared, own } = both(dir);
    expect([shared.shared, own.shared]).toEqual([true, false]);
    expect(verdict(shared)).toEqual(verdict(own));
    expect(shared.breaks.map((b) => [b.file, b.line, b.tsCode])).toEqual([
      ["src/app.ts", 4, 2551],
      ["src/use.ts", 2, 2339],
    ]);
    // The app and its user; not the plain module, whose error is no break either way.
    expect(shared.rechecked).toBe(2);
  });

  it("builds its own Program when the tsconfig.json checks JavaScript, which the scan does not", () => {
    const js = project(
      {
        "app.ts": APP,
        "use.js": [
          'import { tasks } from "./app.js";',
          "/** @type {number} */",
          "export const n = tasks.tasks?.length ?? 0;",
        ],
      },
      {
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          skipLibCheck: true,
          checkJs: true,
          types: [],
        },
      },
    );
    const { shared, own } = both(js);
    expect(shared.shared).toBe(false);
    expect(verdict(shared)).toEqual(verdict(own));
    // The JavaScript file's break is found: it is checked as the tsconfig.json says.
    expect(shared.breaks.map((b) => [b.file, b.tsCode])).toContainEqual(["src/use.js", 2339]);
  });

  it("builds its own Program when the scan read a file as empty (nested too deeply to parse)", () => {
    const depth = 20_000;
    const deep = project({ "app.ts": APP, "deep.ts": [`export const x = ${"(".repeat(depth)}1${")".repeat(depth)};`] });
    const { code } = scanCode("src", deep);
    expect(code.unparsable.size).toBe(1);
    // Whatever a check of its own does with that file (parse it, or fail on it), the check on the scan's Program
    // does the same: it never checks the file as empty.
    const outcome = (run: () => ReturnType<typeof typeBreaks>) => {
      try {
        return verdict(run());
      } catch (error) {
        return { threw: (error as Error).name };
      }
    };
    const replacement = served(deep);
    expect(outcome(() => typeBreaks("src", "src/sfapi", replacement, deep, code))).toEqual(
      outcome(() => typeBreaks("src", "src/sfapi", replacement, deep)),
    );
  });
});
