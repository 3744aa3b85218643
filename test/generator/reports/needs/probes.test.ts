// The red team's probes (issue 44): each runs a red operation with a red client in a shape `needs` once missed, so
// `needs --fail-above green` certified it green. Under the allowlist (usage/follow.ts) a client value may only be
// called as a known operation, flow where its type still shows it into code the analysis reads, or be handed to what
// is known not to call; anything else counts at the top level where it happens. Each probe sits alone in a file of
// one shared code base (one program), and must leave a red (top-level) use in its own file.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { colorNeeds } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const clientPath = (dir: string) => relative(dir, join(root, "generated/index.js")).split("\\").join("/");

const ARGS = '{ path: { machine: "dtn01" }, body: { executable: "id" } }';
/** What every implementation below does with the value it is given. */
const RUN = `const { runCommand } = c;\n  runCommand(${ARGS});`;
const IMPORT = 'import { red, type RedClient } from "./client.js";\n';

/** Item 1: the client reaches an `any` parameter through a signature that shows the client. */
const ANY_IMPLEMENTATIONS: Record<string, string> = {
  overload: `function f(c: RedClient): void;\nfunction f(c: any) {\n  ${RUN}\n}\nf(red);`,
  "method overload": `class K {\n  go(c: RedClient): void;\n  go(c: any) {\n  ${RUN}\n  }\n}\nnew K().go(red);`,
  "interface method": `interface Runner {\n  go(c: RedClient): void;\n}\nclass R implements Runner {\n  go(c: any) {\n  ${RUN}\n  }\n}\nconst r: Runner = new R();\nr.go(red);`,
  "abstract method": `abstract class A {\n  abstract go(c: RedClient): void;\n}\nclass B extends A {\n  go(c: any) {\n  ${RUN}\n  }\n}\nconst a: A = new B();\na.go(red);`,
  "overridden method": `class A {\n  go(c: RedClient) {\n    c.readTasks();\n  }\n}\nclass B extends A {\n  override go(c: any) {\n  ${RUN}\n  }\n}\nconst a: A = new B();\na.go(red);`,
  "object literal method": `interface Runner {\n  go(c: RedClient): void;\n}\nconst r: Runner = {\n  go(c: any) {\n  ${RUN}\n  },\n};\nr.go(red);`,
  "then(named function)": `function onClient(c: any) {\n  ${RUN}\n}\nPromise.resolve(red).then(onClient);`,
  "forEach(named function)": `function each(c: any) {\n  ${RUN}\n}\n[red].forEach(each);`,
  "map(named arrow)": `const call = (c: any) => {\n  ${RUN}\n};\n[red].map(call);`,
  "method reference as callback": `class H {\n  take(c: any) {\n  ${RUN}\n  }\n}\nPromise.resolve(red).then(new H().take);`,
  "function-typed variable": `function impl(c: any) {\n  ${RUN}\n}\nconst run: (c: RedClient) => void = impl;\nrun(red);`,
  "declaration and JavaScript pair": `import { go } from "./pair-lib.js";\ngo(red);`,
};

/** Item 2: flows never checked. */
const FLOWS: Record<string, string> = {
  "thrown and caught as any": `try {\n  throw red;\n} catch (c: any) {\n  ${RUN}\n}`,
  "async rejection read in catch": `async function f() {\n  throw red;\n}\nf().catch((c) => {\n  ${RUN}\n});`,
  "&&= into any": `let c: any = 1;\nc &&= red;\n${RUN}`,
  "for-of into an existing any": `let c: any;\nfor (c of [red]) {\n  ${RUN}\n}`,
  "this: any": `const o = {\n  red,\n  go(this: any) {\n    const { runCommand } = this.red;\n    runCommand(${ARGS});\n  },\n};\no.go();`,
};

/** Issue 44's item 3: imports Node resolves and TypeScript does not. */
const IMPORTS: Record<string, string> = {
  "query in the specifier": `// @ts-ignore\nimport { red as r } from "./client.js?v=1";\nconst c = r;\n${RUN}`,
  "template import()": `const m = await import(\`./client.js?t=\${Date.now()}\`);\nconst c = m.red;\n${RUN}`,
  "import() of a URL": `const m = await import(new URL("./client.js", import.meta.url).href);\nconst c = m.red;\n${RUN}`,
  createRequire: `// @ts-ignore\nimport { createRequire } from "node:module";\nconst m = createRequire(import.meta.url)("./client.js");\nconst c = m.red;\n${RUN}`,
  "computed path": `const name = ["./cli", "ent.js"].join("");\nconst m = await import(name);\nconst c = m.red;\n${RUN}`,
};

/** Item 4: code from a string other than a direct `eval(...)` / `Function(...)` call. */
const FROM_STRING: Record<string, string> = {
  "indirect eval": 'void red;\n(0, eval)("red.runCommand({})");',
  "globalThis.eval": 'void red;\nglobalThis.eval("red.runCommand({})");',
  "eval kept in a variable": 'void red;\nconst run = eval;\nrun("red.runCommand({})");',
  "Function kept in a variable": 'void red;\nconst F = Function;\nnew F("return globalThis.run()")();',
  "AsyncFunction constructor":
    'void red;\nconst AsyncFunction = (async () => {}).constructor as any;\nnew AsyncFunction("return globalThis.run()")();',
  "worker with eval":
    '// @ts-ignore\nimport { Worker } from "node:worker_threads";\nvoid red;\nnew Worker("require(\'./client.js\').red.runCommand({})", { eval: true });',
  "Worker under another name":
    '// @ts-ignore\nimport { Worker as W } from "node:worker_threads";\nvoid red;\nnew W("require(\'./client.js\').red.runCommand({})", { eval: true });',
  "Worker options built apart":
    '// @ts-ignore\nimport { Worker } from "node:worker_threads";\nvoid red;\nconst options = { eval: true };\nReflect.construct(Worker, ["require(\'./client.js\').red.runCommand({})", options]);',
  "inspector's Runtime.evaluate":
    '// @ts-ignore\nimport { Session } from "node:inspector";\nvoid red;\nconst s = new Session();\ns.connect();\ns.post("Runtime.evaluate", { expression: "1" });',
  "a repl fed a string":
    '// @ts-ignore\nimport * as repl from "node:repl";\n// @ts-ignore\nimport { Readable } from "node:stream";\nvoid red;\nrepl.start({ input: Readable.from(["1\\n"]), output: process.stdout });',
  "vm.runInThisContext":
    '// @ts-ignore\nimport * as vm from "node:vm";\nvoid red;\nvm.runInThisContext("red.runCommand({})");',
};

/** Item 5: what is written is not what is sent. */
const NOT_SENT: Record<string, string> = {
  "per-call baseUrl ending in ?":
    'const base = "https://api.nersc.gov/api/v1.2";\nred.POST("/account/groups", { baseUrl: base + "/utilities/command/dtn01?" } as never);',
  "use(middleware)":
    'const rewrite = (p: { request: Request }) => new Request(p.request.url.replace("tasks", "utilities"));\nred.use({ onRequest: rewrite } as never);\nred.readTasks();',
  "per-call middleware":
    'red.GET("/tasks", { middleware: [{ onRequest: ({ request }) => new Request(request.url + "x") }] } as never);',
  "per-call fetch":
    'red.GET("/tasks", { fetch: (r: Request) => fetch(r.url.replace("tasks", "utilities")) } as never);',
  "a path cast to another path's type":
    'red.POST("/utilities/command/dtn01" as string as "/account/groups", { body: {} } as never);',
  "a path through a parameter typed as another path":
    'function post(p: "/account/groups") {\n  return red.POST(p, { body: {} } as never);\n}\npost("/utilities/command/dtn01" as any);',
  "a method cast to another method's type":
    'red.request("post" as string as "get", "/compute/jobs/{machine}", { params: { path: { machine: "pm" } } } as never);',
  "a member key cast to another member's type":
    'const k = "runCommand" as string as "readTasks";\nconst f = red[k];\nvoid f;',
  "an option needs does not know": 'red.GET("/tasks", { dispatcher: {} } as never);',
  "an option key cast to a safe one":
    'red.GET("/tasks", { ["baseUrl" as string as "params"]: "https://e.test/x?" } as never);',
  "per-call pathSerializer": 'red.GET("/tasks", { pathSerializer: () => "/utilities/command/dtn01" } as never);',
  "per-call querySerializer": 'red.GET("/tasks", { querySerializer: () => "x=1" } as never);',
};

/**
 * What the allowlist trusts not to call, taken by declaration (the standard library's or @types/node's `Console`, and
 * `JSON.stringify` without a replacer function), not by name: an interface of the code's own named `Console`, a
 * replacer (given every member), a console or JSON replaced by the code.
 */
const NOT_CALLING: Record<string, string> = {
  "an interface of our own named Console": `interface Console {\n  go(c: any): void;\n}\nconst k: Console = {\n  go(c: any) {\n  ${RUN}\n  },\n};\nk.go(red);`,
  "an interface of our own named JSON": `interface JSON {\n  go(c: any): void;\n}\nconst k: JSON = {\n  go(c: any) {\n  ${RUN}\n  },\n};\nk.go(red);`,
  "JSON.stringify with a replacer": `JSON.stringify({ r: red }, (k, v) => {\n  if (k !== "r") return v;\n  const c = v;\n  ${RUN}\n  return 1;\n});`,
  "console.log replaced": `console.log = (c: any) => {\n  ${RUN}\n};\nconsole.log(red);`,
  "console replaced through an alias": `const k: Console = console;\nk["warn"] = (c: any) => {\n  ${RUN}\n};\nconsole.warn(red);`,
  "JSON replaced by Object.assign": `Object.assign(JSON, {\n  stringify(c: any) {\n  ${RUN}\n  },\n});\nJSON.stringify(red);`,
  "globalThis.console replaced": `globalThis.console = { log(c: any) {\n  ${RUN}\n} } as never;\nconsole.log(red);`,
};

/** Shapes the red team found held (issue 44), kept: the value is followed by its type, or lost loudly. */
const HELD: Record<string, string> = {
  generator: `function* g() {\n  yield red;\n}\nfor (const c of g()) {\n  ${RUN}\n}`,
  "async iterator": `async function* g() {\n  yield red;\n}\nfor await (const c of g()) {\n  ${RUN}\n}`,
  "#field": `class W {\n  #c = red;\n  go() {\n    const c = this.#c;\n    ${RUN}\n  }\n}\nnew W().go();`,
  getter: `const o = {\n  get c() {\n    return red;\n  },\n};\nconst c = o.c;\n${RUN}`,
  setter: `class S {\n  set c(v: RedClient) {\n    const c = v;\n    ${RUN}\n  }\n}\nnew S().c = red;`,
  Map: `const m = new Map([["r", red]]);\nconst c = m.get("r")!;\n${RUN}`,
  WeakMap: `const w = new WeakMap<object, RedClient>();\nconst k = {};\nw.set(k, red);\nconst c = w.get(k)!;\n${RUN}`,
  Set: `const c = [...new Set([red])][0]!;\n${RUN}`,
  reduce: `const c = [red].reduce((a) => a);\n${RUN}`,
  "array spread": `const c = [...[red]][0]!;\n${RUN}`,
  "object spread": `const { c } = { ...{ c: red } };\n${RUN}`,
  Proxy: `const c = new Proxy(red, {});\n${RUN}`,
  "as unknown as another type": `const c = red as unknown as { readTasks(): void };\nc.readTasks();`,
  structuredClone: `const c = structuredClone(red);\n${RUN}`,
  "Promise.all": `const [c] = await Promise.all([red]);\n${RUN}`,
  "Array.from": `const c = Array.from([red])[0]!;\n${RUN}`,
  "Object.assign": `const c = Object.assign({}, { red }).red;\n${RUN}`,
  closure: `const get = () => red;\nconst c = get();\n${RUN}`,
  "returned tuple": `function pair() {\n  return [red, 1] as const;\n}\nconst [c] = pair();\n${RUN}`,
  "default parameter": `function f(c = red) {\n  ${RUN}\n}\nf();`,
  "static field": `class K {\n  static c = red;\n}\nconst c = K.c;\n${RUN}`,
};

const GROUPS = { ANY_IMPLEMENTATIONS, FLOWS, IMPORTS, FROM_STRING, NOT_SENT, NOT_CALLING, HELD };
const fileOf = (group: string, name: string) => `${group}-${name.replace(/[^A-Za-z0-9]+/g, "-")}.ts`;

let report: NeedsReport;
beforeAll(() => {
  const dir = join(tempDir("probes-"), "src");
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    "client.ts": [
      `import { createClient } from "${clientPath(dir)}";`,
      `export type { GreenClient, RedClient } from "${clientPath(dir)}";`,
      'export const red = createClient({ color: "red", accessToken: "t" });',
      'export const green = createClient({ color: "green", accessToken: "t" });',
    ].join("\n"),
    "read.ts": 'import { green } from "./client.js";\nexport const t = green.readTasks();\n',
    // A declaration the code reads, and the JavaScript it stands for, which the analysis does not follow through.
    "pair-lib.d.ts": 'import type { RedClient } from "./client.js";\nexport declare function go(c: RedClient): void;\n',
    "pair-lib.js": `export function go(c) {\n  ${RUN}\n}\n`,
    // A console replaced in a file that cannot see the client: a client logged elsewhere reaches it.
    "patch-console.ts": `export const patch = () => {\n  console.info = (c: any) => {\n  ${RUN}\n  };\n};\n`,
    // The README's error handling (issue 45), with the client's static helpers: no use, so green.
    "explain.ts": [
      `import { ScopeError, SfapiError } from "${clientPath(dir)}";`,
      readmeExplain(),
      'export const isScope = (e: unknown) => ScopeError.is(e) && e.required === "red";',
    ].join("\n"),
  };
  for (const [group, shapes] of Object.entries(GROUPS))
    for (const [name, body] of Object.entries(shapes)) files[fileOf(group, name)] = `${IMPORT}${body}\nexport {};\n`;
  for (const [name, body] of Object.entries(GREEN))
    files[fileOf("GREEN", name)] = `import { green, type GreenClient } from "./client.js";\n${body}\nexport {};\n`;
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  report = colorNeeds(rel(dir), "generated", root);
}, 60_000);

/** The README's `explain()` example, as written there. */
function readmeExplain(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const block = /```ts\nimport \{ SfapiError \}[^\n]*\n([\s\S]*?)```/.exec(readme);
  if (!block?.[1]?.includes("export function explain")) throw new Error("README.md: the explain() example moved");
  return block[1];
}

/** The same shapes done right stay green, with no unknown use: the allowlist does not buy soundness by noise. */
const GREEN: Record<string, string> = {
  "typed overload": "function f(c: GreenClient): void;\nfunction f(c: GreenClient) {\n  c.readTasks();\n}\nf(green);",
  "typed interface method":
    "interface Reader {\n  go(c: GreenClient): void;\n}\nclass R implements Reader {\n  go(c: GreenClient) {\n    c.readTasks();\n  }\n}\nnew R().go(green);",
  "typed named callback":
    "function onClient(c: GreenClient) {\n  c.readTasks();\n}\nPromise.resolve(green).then(onClient);",
  "a callback taking no client": "function show(n: number) {\n  return n;\n}\n[1, 2].map(show);\ngreen.readTasks();",
  "node built-ins and errors":
    'import { readFileSync } from "node:fs";\nvoid readFileSync;\ntry {\n  await green.readTasks();\n} catch (e) {\n  throw new Error("no", { cause: e });\n}',
  "Function and eval as types":
    "function take(f: Function, g: typeof eval) {\n  return [f, g];\n}\nvoid take;\ngreen.readTasks();",
  "per-call signal and headers": 'green.GET("/tasks", { headers: { "x-a": "1" }, signal: AbortSignal.timeout(1000) });',
  "per-call RequestInit fields":
    'green.GET("/tasks", { cache: "no-store", credentials: "omit", keepalive: false, parseAs: "text", redirect: "error" });',
  "logged and serialised":
    'console.log(green);\nconsole.error("%o", green);\nJSON.stringify(green, null, 2);\ngreen.readTasks();',
};

describe("needs keeps the same shapes done right green", () => {
  it.each(Object.keys(GREEN))("%s", (name) => {
    const inFile = report.uses.filter((u) => u.file.endsWith(`/${fileOf("GREEN", name)}`));
    expect(inFile.length).toBeGreaterThan(0);
    expect(
      inFile.filter((u) => u.level !== "green" && u.level !== "public"),
      JSON.stringify(inFile, null, 1),
    ).toEqual([]);
  });
});

describe("needs counts a replaced console where it is replaced", () => {
  it("in a file that cannot see the client", () => {
    const inFile = report.uses.filter((u) => u.file.endsWith("/patch-console.ts"));
    expect(inFile.map((u) => [u.line, u.level, u.unknown])).toEqual([
      [2, "red", expect.stringContaining("console or JSON is replaced")],
    ]);
  });
});

describe("needs counts only members that make calls", () => {
  it("SfapiError.is(e) and ScopeError.is(e), the README's explain(), are no use", () => {
    expect(report.uses.filter((u) => u.file.endsWith("/explain.ts"))).toEqual([]);
  });
});

for (const [group, shapes] of Object.entries(GROUPS))
  describe(`needs counts the probe at the top level: ${group}`, () => {
    it.each(Object.keys(shapes))("%s", (name) => {
      const inFile = report.uses.filter((u) => u.file.endsWith(`/${fileOf(group, name)}`));
      expect(
        inFile.some((u) => u.level === "red"),
        JSON.stringify(inFile, null, 1),
      ).toBe(true);
    });
  });
