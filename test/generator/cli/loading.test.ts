// Each command loads what it uses, and loads CommonJS packages with `require`: an ESM `import` of TypeScript's 9 MB
// compiler costs `needs` and `diff --code` about 0.7 s (Node parses it twice more to tell its format and its export
// names), and the token command's runtime brought jose's 50 modules into every other command. Observed from outside:
// the built CLI runs in a child process with an ESM resolve hook that lists every module the ESM loader resolves
// (`require` does not pass through it).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../support/cli.js";
import { root, tempDir } from "../../support/project.js";

const V12 = join(root, "generator/descriptions/v1.2.json");
const CONSUMER = join(root, "test/fixtures/needs/consumer");

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

describe("what a command loads", () => {
  it("audit: our modules, never jose or the runtime's token and key code", async () => {
    const loaded = await esmModules("audit", ["audit", "--file", V12]);
    expect(loaded).toContain("dist/generator/reports/audit/audit.js");
    expect(loaded.filter((url) => /\/jose\/|runtime\/(keys|token|options|key-file)\.js$/.test(url))).toEqual([]);
  });

  it("needs: TypeScript through require, not the ESM loader", async () => {
    const loaded = await esmModules("needs", ["needs", CONSUMER, "--client", join(root, "generated")]);
    expect(loaded).toContain("dist/generator/usage/follow.js");
    expect(loaded.filter((url) => /\/typescript\//.test(url))).toEqual([]);
  });

  it("turns Node's module compile cache on, where Node has one, before loading the CLI", async () => {
    const log = await esmModules("cache", ["audit", "--file", V12], "cache.mjs");
    expect(log.filter((line) => line.startsWith("cache"))).toEqual(["cache 0"]);
    // Before the CLI's first module: the entry (bin/sfapi-gen.js) is all the loader has resolved by then.
    expect(log.indexOf("cache 0")).toBeLessThan(log.findIndex((line) => line.startsWith("dist/")));
  });
});
