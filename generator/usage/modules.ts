/**
 * The code's imports resolved the way TypeScript resolves them, to tell which ones name a generated client: a path
 * alias (`@/sfapi` through tsconfig `paths` and `baseUrl`), a package import (`#sfapi` through package.json
 * `imports`), or a package (`@acme/sfapi` through node_modules, a symlinked workspace included) reach the client just
 * as a relative import does. Each file's imports are resolved by `ts.resolveModuleName` under the tsconfig.json
 * nearest to it (at or above it, never above the ceiling: the working directory, or the scanned folder when that lies
 * outside it), or, without one, as a bundler does (`moduleResolution: bundler`). A resolved module is the client when
 * its folder (or the folder above its `runtime/`) holds sfapi-gen's manifest.json; a module that is not (a workspace
 * package's own index, `export * from "./client/index.js"`) is read for its re-exports (`export ... from`, or an
 * imported name exported again: `import { createClient } from ...; export { createClient }`), which are resolved the
 * same way. Nothing is read but what TypeScript resolves, and nothing is run. A tsconfig.json that cannot
 * be read or parsed is an error naming it: resolving without it could miss the client.
 */
import { builtinModules } from "node:module";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
// The project's TypeScript (5.9), the one users compile with.
import type * as TS from "typescript";
import { SfapiGenError } from "../errors.js";
import { isGeneratedFolder } from "../output/client-folder.js";
import { ts } from "./typescript.js";

/** What an import names: a generated client folder (absolute), nothing TypeScript can find, or another module. */
export type ImportTarget = { client: string } | { unresolved: true; alias: string | null } | { other: true };

/** Options when no tsconfig.json governs a file: how a bundler (and TypeScript's `bundler` mode) resolves. */
const DEFAULT_OPTIONS: TS.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};
/** Re-exports followed from an imported module before giving up (a chain of wrapper packages). */
const MAX_REEXPORT_DEPTH = 8;
/** Larger modules are not read for re-exports (a wrapper around a client is small). */
const MAX_MODULE_BYTES = 4 * 1024 * 1024;
const CONFIG = "tsconfig.json";
const BUILTIN: ReadonlySet<string> = new Set(builtinModules);

/** The options that govern a file: its tsconfig.json's, then those of the projects it references. */
interface Settings {
  config: string | undefined;
  options: TS.CompilerOptions[];
  caches: TS.ModuleResolutionCache[];
}

export class CodeModules {
  private readonly ceiling: string;
  private readonly configOf = new Map<string, string | undefined>();
  private readonly settingsOf = new Map<string, Settings>();
  private readonly clientOfFile = new Map<string, string | null>();
  private readonly generated = new Map<string, boolean>();

  /** For code under `root` (absolute), read from `cwd` (error messages name files relative to it). */
  constructor(
    root: string,
    private readonly cwd: string,
  ) {
    const top = resolve(cwd);
    this.ceiling = root === top || root.startsWith(top + sep) ? top : root;
  }

  /** What `specifier`, written in the file `from` (absolute), names. */
  target(from: string, specifier: string): ImportTarget {
    const settings = this.settings(dirname(from));
    let resolvedAny = false;
    for (const [i, options] of settings.options.entries()) {
      const file = this.resolveIn(specifier, from, options, settings.caches[i]!);
      if (file === undefined) continue;
      resolvedAny = true;
      const client = this.clientOf(file, options, settings.caches[i]!, 0, new Set());
      if (client !== undefined) return { client };
    }
    if (resolvedAny || isRelative(specifier) || isBuiltin(specifier)) return { other: true };
    return { unresolved: true, alias: aliasOf(specifier, settings.options) };
  }

  /** The file `specifier`, written in the file `from` (absolute), resolves to; undefined when none. */
  fileOf(from: string, specifier: string): string | undefined {
    const settings = this.settings(dirname(from));
    for (const [i, options] of settings.options.entries()) {
      const file = this.resolveIn(specifier, from, options, settings.caches[i]!);
      if (file !== undefined) return file;
    }
    return undefined;
  }

  /** The tsconfig.json that governs files in `dir`, relative to the working directory; null without one. */
  configFor(dir: string): string | null {
    const config = this.settings(dir).config;
    return config === undefined ? null : displayPath(this.cwd, config);
  }

  private resolveIn(
    specifier: string,
    from: string,
    options: TS.CompilerOptions,
    cache: TS.ModuleResolutionCache,
  ): string | undefined {
    const { resolvedModule } = ts.resolveModuleName(specifier, from, options, ts.sys, cache);
    // `.js` files of a package without types are not TypeScript's either; only what the compiler would type against.
    return resolvedModule?.resolvedFileName;
  }

  /** The generated folder `file` belongs to, directly or through its re-exports. */
  private clientOf(
    file: string,
    options: TS.CompilerOptions,
    cache: TS.ModuleResolutionCache,
    depth: number,
    seen: Set<string>,
  ): string | undefined {
    const cached = this.clientOfFile.get(file);
    if (cached !== undefined) return cached ?? undefined;
    const folder = dirname(file);
    const direct = this.isGenerated(folder)
      ? folder
      : basename(folder) === "runtime" && this.isGenerated(dirname(folder))
        ? dirname(folder)
        : undefined;
    if (direct !== undefined) {
      this.clientOfFile.set(file, direct);
      return direct;
    }
    if (depth >= MAX_REEXPORT_DEPTH || seen.has(file)) return undefined;
    seen.add(file);
    let found: string | undefined;
    for (const specifier of reexports(file)) {
      const next = this.resolveIn(specifier, file, options, cache);
      found = next === undefined ? undefined : this.clientOf(next, options, cache, depth + 1, seen);
      if (found !== undefined) break;
    }
    // Only a finished search is cached: one cut short by the depth bound or a cycle may find more from elsewhere.
    if (found !== undefined || depth === 0) this.clientOfFile.set(file, found ?? null);
    return found;
  }

  private isGenerated(dir: string): boolean {
    let is = this.generated.get(dir);
    if (is === undefined) this.generated.set(dir, (is = isGeneratedFolder(dir)));
    return is;
  }

  private settings(dir: string): Settings {
    const config = this.nearestConfig(dir);
    const key = config ?? "";
    let settings = this.settingsOf.get(key);
    if (settings === undefined) {
      const options = config === undefined ? [DEFAULT_OPTIONS] : this.readOptions(config);
      settings = {
        config,
        options,
        caches: options.map((o) => ts.createModuleResolutionCache(this.cwd, (name) => name, o)),
      };
      this.settingsOf.set(key, settings);
    }
    return settings;
  }

  /** The nearest tsconfig.json at or above `dir`, not above the ceiling. */
  private nearestConfig(dir: string): string | undefined {
    if (this.configOf.has(dir)) return this.configOf.get(dir);
    let found: string | undefined;
    if (ts.sys.fileExists(join(dir, CONFIG))) found = join(dir, CONFIG);
    else if (dir !== this.ceiling && dir.startsWith(this.ceiling + sep)) found = this.nearestConfig(dirname(dir));
    this.configOf.set(dir, found);
    return found;
  }

  /**
   * A config's options, then those of the projects it references (one level: a solution-style tsconfig.json whose
   * `paths` sit in tsconfig.app.json). Which referenced project holds a file is not worked out: an import any of
   * them resolves to a client counts (it can only find more).
   */
  private readOptions(config: string): TS.CompilerOptions[] {
    const parsed = readCodeConfig(config, this.cwd);
    const options = [parsed.options];
    for (const reference of parsed.projectReferences ?? []) {
      const path = ts.resolveProjectReferencePath(reference);
      // A missing one could hold the `paths` that lead to the client: an error, as for tsc.
      if (!ts.sys.fileExists(path))
        throw new SfapiGenError(
          "cannot read it to resolve the code's imports: the project it references, " +
            `${displayPath(this.cwd, path)}, does not exist`,
          displayPath(this.cwd, config),
        );
      options.push(readCodeConfig(path, this.cwd).options);
    }
    return options;
  }
}

/**
 * A tsconfig.json parsed as TypeScript parses it (`extends` included), without listing its files; an error naming
 * the file (and line) when it cannot be read or parsed. "No inputs were found" is not an error here.
 */
export function readCodeConfig(path: string, cwd: string): TS.ParsedCommandLine {
  // Read as a JSON source file, so that each error has a line and column.
  if (ts.sys.readFile(path) === undefined)
    throw new SfapiGenError("cannot read it to resolve the code's imports", displayPath(cwd, path));
  const source = ts.readJsonConfigFile(path, ts.sys.readFile);
  const host: TS.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };
  const parsed = ts.parseJsonSourceFileConfigFileContent(source, host, dirname(path), undefined, path);
  checkConfig(parsed, path, cwd);
  return parsed;
}

/** Throws the first error of a parsed tsconfig.json (see configError), "No inputs were found" aside. */
export function checkConfig(parsed: TS.ParsedCommandLine, path: string, cwd: string): void {
  const error = parsed.errors.find((d) => d.category === ts.DiagnosticCategory.Error && d.code !== NO_INPUTS);
  if (error) throw configError(error, path, cwd);
}

/** TS18003: "No inputs were found in config file". */
const NO_INPUTS = 18003;

/** One line: the config (and line), that it cannot be used, and TypeScript's message. */
export function configError(diagnostic: TS.Diagnostic, path: string, cwd: string): SfapiGenError {
  const file = diagnostic.file;
  let where = displayPath(cwd, file?.fileName ?? path);
  if (file && diagnostic.start !== undefined) {
    const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start);
    where += `:${line + 1}:${character + 1}`;
  }
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ").replace(/\s+/g, " ");
  return new SfapiGenError(`cannot read it to resolve the code's imports: ${message}`, where);
}

/**
 * The modules `file` re-exports from: `export * from`, `export { x } from`, `export * as n from`, and the modules of
 * imported names it exports again (`export { x }`, `export default x`, `export = x`).
 */
function reexports(file: string): string[] {
  if (!/\.(?:d\.)?[cm]?tsx?$/.test(file)) return [];
  const size = ts.sys.getFileSize?.(file) ?? 0;
  if (size > MAX_MODULE_BYTES) return [];
  const text = ts.sys.readFile(file);
  if (text === undefined) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  // Local names bound by imports (`import { createClient } from ...`, `import * as sfapi`, `import x = require()`).
  const imported = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause?.name) imported.set(clause.name.text, specifier);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imported.set(bindings.name.text, specifier);
      else if (bindings) for (const element of bindings.elements) imported.set(element.name.text, specifier);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    )
      imported.set(statement.name.text, statement.moduleReference.expression.text);
  }
  const found = new Set<string>();
  const exported = (name: string) => {
    const specifier = imported.get(name);
    if (specifier !== undefined) found.add(specifier);
  };
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      // `export ... from "x"`, or `export { createClient }` of an imported name (an import, then an export).
      if (statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier))
        found.add(statement.moduleSpecifier.text);
      else if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) exported((element.propertyName ?? element.name).text);
    } else if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression))
      exported(statement.expression.text); // `export default sfapi`, `export = sfapi`
  }
  return [...found];
}

function isRelative(specifier: string): boolean {
  return (
    specifier.startsWith("./") ||
    specifier.startsWith("../") ||
    specifier === "." ||
    specifier === ".." ||
    isAbsolute(specifier)
  );
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith("node:") || BUILTIN.has(specifier) || BUILTIN.has(specifier.split("/")[0]!);
}

/** The tsconfig `paths` pattern or package.json import `specifier` is written for, when it is one; else null. */
function aliasOf(specifier: string, options: readonly TS.CompilerOptions[]): string | null {
  if (specifier.startsWith("#")) return "package.json imports";
  for (const { paths } of options)
    for (const pattern of Object.keys(paths ?? {})) {
      const star = pattern.indexOf("*");
      const matches =
        star < 0
          ? specifier === pattern
          : specifier.length >= pattern.length - 1 &&
            specifier.startsWith(pattern.slice(0, star)) &&
            specifier.endsWith(pattern.slice(star + 1));
      if (matches) return `tsconfig paths ${JSON.stringify(pattern)}`;
    }
  return null;
}

function displayPath(cwd: string, path: string): string {
  return relative(cwd, path).split(sep).join("/") || ".";
}
