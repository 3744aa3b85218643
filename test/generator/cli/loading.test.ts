// Each command loads what it uses, and loads CommonJS packages with `require`: an ESM `import` of TypeScript's 9 MB
// compiler costs `needs` and `diff --code` about 0.7 s (Node parses it twice more to tell its format and its export
// names), and the token command's runtime brought jose's 50 modules into every other command. Observed from outside:
// the built CLI runs in a child process with an ESM resolve hook that lists every module the ESM loader resolves
// (`require` does not pass through it).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../support/cli.js";
import { root, tempDir } from "../../support/project.js";

const V12 = join(root, "generator/descriptions/v1.2.json");
const CONSUMER = join(root, "test/fixtures/needs/consumer");

/** What Node writes to NODE_V8_COVERAGE: per script, each function's ranges, the first the whole function's. */
interface V8Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

let dir: string;
beforeAll(() => {
  dir = tempDir("loading-");
  writeFileSync(
    join(dir, "hooks.mjs"),
    [
      'import { appendFileSync } from "node:fs";',
      "export async function resolve(specifier, context, next) {",
      "  const resolved = await next(specifier, context);",
      '  appendFileSync(process.env.SFAPI_GEN_TEST_LOG, resolved.url + "\\n");',
      "  return resolved;",
      "}",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "register.mjs"),
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(join(dir, "hooks.mjs")).href)});\n`,
  );
  // With the hooks, every CommonJS module loaded by the end of the run (`require` passes no hook), as `cjs <path>`.
  writeFileSync(
    join(dir, "cjs.mjs"),
    [
      'import { appendFileSync } from "node:fs";',
      'import { createRequire } from "node:module";',
      'import "./register.mjs";',
      "const { cache } = createRequire(import.meta.url);",
      'process.on("exit", () => appendFileSync(process.env.SFAPI_GEN_TEST_LOG, Object.keys(cache).map((p) => "cjs " + p + "\\n").join("")));',
    ].join("\n"),
  );
  // Which of Node's own modules the run loaded (`process.moduleLoadList`), without hooks (their worker would load more),
  // and without an ESM import of node:fs (its wrapper would load the stream modules itself).
  writeFileSync(
    join(dir, "builtins.mjs"),
    [
      'const { appendFileSync } = process.getBuiltinModule("node:fs");',
      'process.on("exit", () => appendFileSync(process.env.SFAPI_GEN_TEST_LOG, process.moduleLoadList.map((m) => "builtin " + m + "\\n").join("")));',
    ].join("\n"),
  );
  // Node's compile cache, stood in for (Node 20 has none, and a real one leaves nothing to observe); with the hooks.
  writeFileSync(
    join(dir, "cache.mjs"),
    [
      'import { appendFileSync } from "node:fs";',
      'import module from "node:module";',
      'import "./register.mjs";',
      "module.enableCompileCache = (...args) =>",
      '  appendFileSync(process.env.SFAPI_GEN_TEST_LOG, "cache " + args.length + "\\n");',
    ].join("\n"),
  );
});

/** The modules the ESM loader resolved while the CLI ran `args`, relative to the package root where they are in it. */
async function esmModules(name: string, args: string[], preload = "register.mjs"): Promise<string[]> {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, "");
  const run = await spawnCli(args, {
    env: {
      // module.register, which the hooks use, is deprecated from Node 26 (DEP0205): its warning is the test's own.
      NODE_OPTIONS: `--disable-warning=DEP0205 --import ${pathToFileURL(join(dir, preload)).href}`,
      SFAPI_GEN_TEST_LOG: log,
      NODE_EXTRA_CA_CERTS: undefined,
    },
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const base = pathToFileURL(root).href;
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((url) => (url.startsWith(base) ? url.slice(base.length) : url));
}

/**
 * The CLI runs from its bundle (dist/cli/, bin/build.mjs): each file of it that was loaded, followed by the compiled
 * modules it carries, which esbuild names in a `// dist/...` line before each.
 */
function withBundled(loaded: string[]): string[] {
  return loaded.flatMap((file) =>
    file.startsWith("dist/cli/")
      ? [file, ...(readFileSync(join(root, file), "utf8").match(/^\/\/ dist\/\S+\.js$/gm) ?? []).map((l) => l.slice(3))]
      : [file],
  );
}

describe("what a command loads", () => {
  it("audit: our modules, never jose or the runtime's token and key code", async () => {
    const files = await esmModules("audit", ["audit", "--file", V12]);
    const loaded = withBundled(files);
    expect(loaded).toContain("dist/generator/reports/audit/audit.js");
    expect(loaded.filter((url) => /\/jose\/|runtime\/(keys|token|options|key-file)\.js$/.test(url))).toEqual([]);
    // From the bundle: none of the compiled modules one by one, and a few files for the 50 or so modules audit runs.
    expect(files.filter((url) => url.startsWith("dist/") && !url.startsWith("dist/cli/"))).toEqual([]);
    expect(new Set(loaded.filter((url) => url.startsWith("dist/generator/"))).size).toBeGreaterThan(40);
    expect(new Set(files.filter((url) => url.startsWith("dist/cli/"))).size).toBeLessThan(30);
  });

  it("needs: TypeScript through require, not the ESM loader", async () => {
    const loaded = withBundled(await esmModules("needs", ["needs", CONSUMER, "--client", join(root, "generated")]));
    expect(loaded).toContain("dist/generator/usage/follow.js");
    expect(loaded.filter((url) => /\/typescript\//.test(url))).toEqual([]);
  });

  it("generate on the bundled description: its schema.d.ts from the build's cache, no TypeScript or redocly", async () => {
    const out = join(dir, "bundled-client");
    const log = await esmModules("generate", ["generate", "--out", out], "cjs.mjs");
    const packages = log.filter((line) =>
      /\/node_modules\/(typescript|openapi-typescript|@redocly|ts-morph)\//.test(line),
    );
    expect(packages).toEqual([]);
    // commander is in the CLI's bundle: neither required nor imported from node_modules.
    expect(log.filter((line) => line.includes("/node_modules/commander/"))).toEqual([]);
    expect(log).toContain("dist/cli/main.js");
    expect(readFileSync(join(out, "schema.d.ts"), "utf8")).toBe(
      readFileSync(join(root, "generated/schema.d.ts"), "utf8"),
    );
  });

  it("generate on other bytes: openapi-typescript and redocly from the build's one bundle, not file by file", async () => {
    const live = join(dir, "live.json");
    writeFileSync(live, JSON.stringify(JSON.parse(readFileSync(V12, "utf8"))));
    const out = join(dir, "live-client");
    const log = await esmModules(
      "generate-live",
      ["generate", "--file", live, "--levels", "green,yellow,orange,red", "--out", out],
      "cjs.mjs",
    );
    const required = log.filter((line) => line.startsWith("cjs ")).map((line) => line.slice(4));
    expect(required).toContain(join(root, "dist/generator/description/packages.cjs"));
    expect(required.filter((path) => /\/node_modules\/(openapi-typescript|@redocly)\//.test(path))).toEqual([]);
    // TypeScript stays outside the bundle: the one compiler, required once.
    expect(required.filter((path) => /\/node_modules\/typescript\/lib\/typescript\.js$/.test(path))).toHaveLength(1);
    // And none through the ESM loader.
    const imported = log.filter((line) => !line.startsWith("cjs "));
    expect(imported.filter((url) => /\/node_modules\/(openapi-typescript|@redocly|typescript)\//.test(url))).toEqual(
      [],
    );
    expect(readFileSync(join(out, "schema.d.ts"), "utf8")).toBe(
      readFileSync(join(root, "generated/schema.d.ts"), "utf8"),
    );
  });

  it("generate on other bytes: of redocly, only the few modules openapi-typescript reads $refs with run", async () => {
    const live = join(dir, "live-lazy.json");
    writeFileSync(live, JSON.stringify(JSON.parse(readFileSync(V12, "utf8"))));
    const out = join(dir, "live-lazy-client");
    // The bundle is one file: V8's coverage, which Node writes at exit, counts the calls of each module's wrapper
    // (esbuild names it after the module's path) and so tells which of its modules ran.
    const coverage = join(dir, "coverage");
    const run = await spawnCli(["generate", "--file", live, "--levels", "green,yellow,orange,red", "--out", out], {
      env: { NODE_V8_COVERAGE: coverage, NODE_EXTRA_CA_CERTS: undefined },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const bundle = pathToFileURL(join(root, "dist/generator/description/packages.cjs")).href;
    const ran = readdirSync(coverage).flatMap((name) =>
      (JSON.parse(readFileSync(join(coverage, name), "utf8")) as V8Coverage).result
        .filter((script) => script.url === bundle)
        .flatMap((script) => script.functions)
        .filter((fn) => fn.functionName.startsWith("node_modules/") && fn.ranges[0]!.count > 0)
        .map((fn) => fn.functionName),
    );
    expect(ran).toContain("node_modules/openapi-typescript/dist/index.cjs");
    expect(ran).toContain("node_modules/@redocly/openapi-core/lib/ref-utils.js");
    const redocly = ran.filter((name) => name.startsWith("node_modules/@redocly/")).sort();
    expect(redocly).toEqual(
      ["env.js", "logger.js", "ref-utils.js", "types/index.js", "utils.js"].map(
        (file) => `node_modules/@redocly/openapi-core/lib/${file}`,
      ),
    );
    // What redocly's utils module requires for its other functions: Node's http, https and tls with the proxy agent.
    expect(ran.filter((name) => /\/(js-yaml|https-proxy-agent|agent-base|minimatch|pluralize)\//.test(name))).toEqual(
      [],
    );
    expect(readFileSync(join(out, "schema.d.ts"), "utf8")).toBe(
      readFileSync(join(root, "generated/schema.d.ts"), "utf8"),
    );
  });

  // Node 20.16 on: the preload needs process.getBuiltinModule.
  it.skipIf(!("getBuiltinModule" in process))(
    "audit of a file: no stream modules, no child_process (commander's, for programs run as subcommands), no zlib",
    async () => {
      const log = await esmModules("builtins", ["audit", "--file", V12], "builtins.mjs");
      expect(log).toContain("builtin NativeModule fs");
      // node:fs/promises and node:zlib cost milliseconds of every audit: a plain file needs neither.
      const unwanted = /^builtin NativeModule (internal\/fs\/streams|child_process|fs\/promises|zlib)$/;
      expect(log.filter((line) => unwanted.test(line))).toEqual([]);
    },
  );

  it("turns Node's module compile cache on, where Node has one, before loading the CLI", async () => {
    const log = await esmModules("cache", ["audit", "--file", V12], "cache.mjs");
    expect(log.filter((line) => line.startsWith("cache"))).toEqual(["cache 0"]);
    // Before the CLI's first module: the entry (bin/sfapi-gen.js) is all the loader has resolved by then.
    expect(log.indexOf("cache 0")).toBeLessThan(log.findIndex((line) => line.startsWith("dist/")));
  });
});
