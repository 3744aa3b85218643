#!/usr/bin/env node
// `npm run build` (also run by `npm pack` through `prepack`, by the test setup and by a fresh checkout's first
// `npx sfapi-gen`): compile the generator and the runtime template into dist/, then copy the data files the compiled
// generator reads beside it. No install script runs it: a published package must not carry one (npm warns).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
// An installed package ships dist/ prebuilt and no sources: nothing to do (npm may still run `prepare` there).
if (!existsSync(join(root, "tsconfig.build.json"))) process.exit(0);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const dist = join(root, "dist");

rmSync(dist, { recursive: true, force: true });
// Both compilations at once (they write to separate folders): each is one thread's work (6 s and 3 s here), and this
// build runs before the tests whenever a source changed.
const compile = (project) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, "-p", join(root, project)], { stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`tsc -p ${project} failed (${code})`))));
  });
const results = await Promise.allSettled(["tsconfig.build.json", "tsconfig.runtime.json"].map(compile));
const failed = results.find((r) => r.status === "rejected");
if (failed) {
  console.error(String(failed.reason.message));
  process.exit(1);
}
// JSON beside the modules that read it: the bundled descriptions (with their ladders) and the audit's JSON Schema.
for (const folder of ["generator/descriptions", "generator/reports/audit"]) {
  mkdirSync(join(dist, folder), { recursive: true });
  for (const name of readdirSync(join(root, folder))) {
    if (name.endsWith(".json")) cpSync(join(root, folder, name), join(dist, folder, name));
  }
}
// schema.d.ts for the bundled description, for `generate` to use instead of loading openapi-typescript and TypeScript
// when it reads those same bytes with these same packages (generator/emit/schema.ts).
const schemaModule = await import(pathToFileURL(join(dist, "generator", "emit", "schema.js")).href);
writeFileSync(schemaModule.SCHEMA_CACHE_FILE, JSON.stringify(await schemaModule.schemaCacheEntry()));
// The CLI as one bundle of our modules (dist/cli/: an entry and the chunks its commands load when they run), for
// bin/sfapi-gen.js: Node's ESM loader resolves, reads and links each module on its own, and `audit` ran some 55 of
// ours (bundled: about a tenth fewer instructions in all). Packages stay outside it (each command loads TypeScript,
// openapi-typescript, redocly, ts-morph or jose itself, when it needs them); the programmatic API stays the unbundled
// dist/generator/.
await esbuild().build({
  entryPoints: { main: join(dist, "generator", "cli", "main.js") },
  outdir: join(dist, "cli"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
// `sfapi-gen --help` as the CLI prints it into a pipe, for bin/sfapi-gen.js to print without loading the CLI (a
// child process: its stdout is not a terminal, so commander uses its fixed width).
const help = spawnSync(process.execPath, [join(root, "bin", "sfapi-gen.js"), "--help"], { encoding: "utf8" });
if (help.status !== 0 || !help.stdout.startsWith("Usage: sfapi-gen")) {
  console.error(`sfapi-gen --help failed after the build: ${help.stderr}`);
  process.exit(1);
}
writeFileSync(join(dist, "help.txt"), help.stdout);
// When this build ran: the test setup rebuilds when a source is newer (tests run the generator from source, and it
// copies the compiled runtime from here).
writeFileSync(join(dist, ".built"), "");

/** esbuild, a development dependency: the checkout builds, an installed package does not (it exits above). */
function esbuild() {
  return createRequire(import.meta.url)("esbuild");
}
