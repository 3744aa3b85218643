/**
 * The code base's one Program, which the syntax rules (usage/scan.ts), the type analysis (usage/follow.ts) and
 * `diff --code` (usage/typecheck.ts) all read: the options it is compiled with (its own tsconfig.json), and a cache of
 * parsed declaration files kept across the analyses of one process.
 */
import { statSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
// The real compiler with its lib files, as for diff --code (usage/typecheck.ts).
import type * as TS from "typescript";
import { checkConfig, configError } from "./modules.js";
import { compilerHost, ts } from "./typescript.js";

/**
 * Parsed declaration files (the standard library, packages' and clients' `.d.ts`), kept for the next analysis in
 * this process (the programmatic API, a test run): parsing and binding the library is most of a small code base's
 * cost, and a parsed file never changes. A file is taken again only with the same size, modification time and
 * parse settings. The least recently used go past `kept` files (a few programs' worth), so a process that analyses
 * many clients at new paths does not keep them all.
 */
export class DeclarationCache {
  private readonly files = new Map<string, { stamp: string; file: TS.SourceFile | undefined }>();

  constructor(private readonly kept = 1_000) {}

  get(
    fileName: string,
    language: TS.ScriptTarget | TS.CreateSourceFileOptions,
    parse: () => TS.SourceFile | undefined,
  ): TS.SourceFile | undefined {
    if (!/\.d\.[cm]?ts$/.test(fileName)) return parse();
    let stamp: string;
    try {
      const stat = statSync(fileName);
      stamp = `${stat.size}:${stat.mtimeMs}:${JSON.stringify(language)}`;
    } catch {
      return parse();
    }
    const cached = this.files.get(fileName);
    this.files.delete(fileName); // back in last: the most recently used
    const entry = cached?.stamp === stamp ? cached : { stamp, file: parse() };
    this.files.set(fileName, entry);
    for (const oldest of this.files.keys()) {
      if (this.files.size <= this.kept) break;
      this.files.delete(oldest);
    }
    return entry.file;
  }
}
const declarations = new DeclarationCache();

/**
 * A compiler host's getSourceFile that takes declaration files from the cache: `only` says which (the default: all).
 */
export function cachedDeclarations(
  host: TS.CompilerHost,
  only: (fileName: string) => boolean = () => true,
): TS.CompilerHost["getSourceFile"] {
  const parse = host.getSourceFile;
  return (fileName, language, ...rest) =>
    only(fileName)
      ? declarations.get(fileName, language, () => parse.call(host, fileName, language, ...rest))
      : parse.call(host, fileName, language, ...rest);
}

export interface CodeProgram {
  program: TS.Program;
  /** Files read as empty: the parser could not take them. */
  unparsable: ReadonlySet<string>;
}

/**
 * One Program for the code base: the files to start from (its own), what they import, under `options`; no
 * diagnostics. A file the parser cannot take (nested too deeply for its stack) is read as empty, and named in
 * `unparsable`: the syntax scan counts it at the top level, and a use in it cannot be followed anyway.
 */
export function codeProgram(rootNames: readonly string[], options: TS.CompilerOptions): CodeProgram {
  const unparsable = new Set<string>();
  const host = compilerHost(options);
  const getSourceFile = cachedDeclarations(host);
  host.getSourceFile = (fileName, language, ...rest) => {
    try {
      return getSourceFile(fileName, language, ...rest);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      unparsable.add(resolve(fileName));
      return ts.createSourceFile(fileName, "", language);
    }
  };
  return { program: ts.createProgram({ rootNames: [...rootNames], options, host }), unparsable };
}

/**
 * The options the code is compiled with: its tsconfig.json (at or above the code, not above the working directory),
 * JavaScript allowed, nothing emitted; TypeScript's strict defaults without one. A tsconfig.json that cannot be read
 * is an error naming it (usage/modules.ts), not an analysis under other options.
 */
export function codeOptions(root: string, cwd: string): TS.CompilerOptions {
  const top = resolve(cwd);
  const nearest = ts.findConfigFile(root, ts.sys.fileExists);
  const inside = nearest !== undefined && (dirname(resolve(nearest)) === top || resolve(nearest).startsWith(top + sep));
  let base: TS.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  if (inside) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      nearest,
      {},
      {
        ...ts.sys,
        readDirectory: () => [],
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw configError(d, nearest, cwd);
        },
      },
    );
    if (parsed) checkConfig(parsed, nearest, cwd);
    base = parsed?.options ?? base;
  }
  return { ...base, allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true };
}
