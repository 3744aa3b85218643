/**
 * The house rule (CONTRIBUTING.md, "Architecture"): imports run one way, down the data flow, and close no cycle.
 * Type-only imports count too: a reader follows them the same way.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/project.js";

/** Layers from the bottom up; a module may import its own layer or one below, never one above. */
const LAYERS: [layer: string, folders: string[]][] = [
  ["runtime", ["templates/runtime/"]],
  ["leaves", ["generator/errors.ts", "generator/package-files.ts", "generator/printable.ts"]],
  ["description", ["generator/description/"]],
  ["model", ["generator/model/"]],
  ["emit", ["generator/emit/"]],
  ["output", ["generator/output/"]],
  ["usage", ["generator/usage/"]],
  ["reports", ["generator/reports/"]],
  ["facility", ["generator/facility/"]],
  ["commands", ["generator/commands/"]],
  ["cli", ["generator/cli/"]],
  ["index", ["generator/index.ts"]],
];
/** Same-rank siblings that must not see each other: the facility reads the model and the runtime's rules only. */
const SIBLINGS: [from: string, to: string][] = [
  ["facility", "reports"],
  ["reports", "facility"],
  ["facility", "emit"],
  ["facility", "output"],
  ["facility", "usage"],
];
const RANK = new Map<string, number>([
  ["runtime", 0],
  ["leaves", 1],
  ["description", 2],
  ["model", 3],
  ["emit", 4],
  ["output", 5],
  ["usage", 6],
  ["reports", 7],
  ["facility", 7],
  ["commands", 8],
  ["cli", 9],
  ["index", 10],
]);

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

function layerOf(file: string): string | undefined {
  return LAYERS.find(([, folders]) => folders.some((f) => (f.endsWith("/") ? file.startsWith(f) : file === f)))?.[0];
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(SPECIFIER)].map((m) =>
    relative(root, resolve(dirname(join(root, file)), (m[1] ?? m[2])!)).replace(/\.js$/, ".ts"),
  );
}

const files = [...sources("generator"), ...sources("templates/runtime")].filter(
  (f) => !f.startsWith("generator/descriptions/"),
);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

describe("imports run one way", () => {
  it("every module has a layer", () => {
    expect(files.filter((f) => layerOf(f) === undefined)).toEqual([]);
  });

  it("no module imports a layer above its own, and the facility and reports do not see each other", () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      const a = layerOf(from)!;
      for (const to of targets) {
        const b = layerOf(to);
        if (b === undefined) wrong.push(`${from} -> ${to} (outside the layers)`);
        else if (RANK.get(b)! > RANK.get(a)!) wrong.push(`${from} (${a}) -> ${to} (${b})`);
        else if (SIBLINGS.some(([x, y]) => x === a && y === b)) wrong.push(`${from} (${a}) -> ${to} (${b})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no report imports another report", () => {
    const report = (f: string) => /^generator\/reports\/([^/]+)\//.exec(f)?.[1];
    const wrong = [...graph].flatMap(([from, targets]) =>
      targets.filter((to) => report(from) && report(to) && report(from) !== report(to)).map((to) => `${from} -> ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  it("the runtime imports nothing of the generator", () => {
    const runtime = files.filter((f) => f.startsWith("templates/runtime/"));
    expect(runtime.flatMap((f) => graph.get(f)!.filter((to) => !to.startsWith("templates/runtime/")))).toEqual([]);
  });

  it("no import cycle", () => {
    // Tarjan's strongly connected components: any component of more than one module is a cycle.
    let index = 0;
    const stack: string[] = [];
    const on = new Set<string>();
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const cycles: string[][] = [];
    const visit = (v: string): void => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      on.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const f of files) if (!idx.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it("the checker sees imports (a known edge is found)", () => {
    expect(graph.get("generator/model/model.ts")).toContain("generator/errors.ts");
  });
});

/**
 * What a browser or edge bundle of a generated client reaches must run without Node: no `node:` (or bare builtin)
 * import, no Node-only global. Key files are read through `process.getBuiltinModule` in key-file.ts, taken only for
 * `keyFile`. A module listed here would be a Node-only entry, reachable only through a Node-only export condition.
 */
const NODE_ONLY_ENTRIES = new Set<string>([]);
const BUILTINS = new Set(["fs", "os", "path", "crypto", "http", "https", "net", "url", "util", "stream", "buffer"]);
const NODE_USE =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"(node:[^"]+|[a-z]+)"|import\(\s*"(node:[^"]+)"\s*\)|\brequire\(|\bBuffer\.|\bNodeJS\./g;

function nodeUses(text: string): string[] {
  return [...text.matchAll(NODE_USE)]
    .map((m) => m[1] ?? m[2] ?? m[0].trim())
    .filter((use) => !/^[a-z]+$/.test(use) || BUILTINS.has(use));
}

describe("the runtime runs where fetch and WebCrypto run", () => {
  const reached = new Set<string>();
  const walk = (file: string): void => {
    if (reached.has(file) || NODE_ONLY_ENTRIES.has(file)) return;
    reached.add(file);
    for (const to of graph.get(file) ?? []) walk(to);
  };
  // index.ts, and workflow.ts, which a client with helpers imports beside it.
  walk("templates/runtime/index.ts");
  walk("templates/runtime/workflow.ts");

  it("no module reached from the runtime's index imports node: or a Node builtin, or uses Buffer or NodeJS", () => {
    expect(reached.size).toBeGreaterThan(10);
    const found = [...reached].flatMap((f) =>
      nodeUses(readFileSync(join(root, f), "utf8")).map((use) => `${f}: ${use}`),
    );
    expect(found).toEqual([]);
  });

  it("nor does the generated client's own code", () => {
    const generated = readdirSync(join(root, "generated"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".js"),
    );
    expect(generated.length).toBeGreaterThan(10);
    const found = generated.flatMap((f) =>
      nodeUses(readFileSync(join(root, "generated", f), "utf8")).map((use) => `${f}: ${use}`),
    );
    expect(found).toEqual([]);
  });

  it("the check sees what it looks for", () => {
    expect(
      nodeUses(
        'import { readFileSync } from "node:fs";\nimport os from "os";\nimport { x } from "jose";\nconst b = Buffer.from("");\nconst d = await import("node:path");',
      ),
    ).toEqual(["node:fs", "os", "Buffer.", "node:path"]);
  });
});

/**
 * TypeScript's 9 MB compiler is loaded with `require`, through generator/usage/typescript.ts: an ESM import of it
 * after that makes Node scan and parse the file again for its format and export names, about a second of CPU in every
 * test worker. Type-only imports are erased and load nothing.
 */
const TS_VALUE_IMPORT =
  /(?:^|\n)\s*import\s+(?!type\s)[^;]*?from\s*"typescript"|(?<!typeof\s)import\(\s*"typescript"\s*\)(?!\.[A-Z])/g;

describe("TypeScript is loaded once, with require", () => {
  // Not test/.tmp (the tests' own folders, some with links) nor the fixtures; this file holds the check's samples.
  const testFolders = readdirSync(join(root, "test"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== ".tmp" && e.name !== "fixtures")
    .map((e) => `test/${e.name}`);
  const modules = [...sources("generator"), ...sources("templates/runtime"), ...testFolders.flatMap(sources)].filter(
    (f) => f !== "test/layout/imports.test.ts",
  );

  it("no module of the generator or the tests imports typescript as a value", () => {
    expect(modules.length).toBeGreaterThan(100);
    const found = modules.filter((f) => readFileSync(join(root, f), "utf8").match(TS_VALUE_IMPORT) !== null);
    expect(found).toEqual([]);
  });

  it("the check sees what it looks for", () => {
    const values = [
      'import ts from "typescript";',
      'import { createProgram } from "typescript";',
      'await import("typescript");',
    ];
    const types = [
      'import type * as TS from "typescript";',
      'import type { Node } from "typescript";',
      'type C = import("typescript").CompilerOptions;',
      'const make = (t: typeof import("typescript")) => t;',
    ];
    expect(values.map((text) => text.match(TS_VALUE_IMPORT) !== null)).toEqual([true, true, true]);
    expect(types.map((text) => text.match(TS_VALUE_IMPORT) !== null)).toEqual([false, false, false, false]);
  });
});
