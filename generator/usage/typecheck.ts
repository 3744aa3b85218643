/**
 * `diff --code`: what a schema change breaks in a code base, found the most faithful way there is: the code is
 * type-checked twice, once against the client folder as it is and once with the new client's files served in its
 * place (in memory: nothing is written, the code base is not copied), and the errors only the second check has are
 * the breaks. Each is mapped back to the call of the client it sits in (its operation), or else reported as a read of
 * what a call returned (`task.status === "cancelled"`, `result.task_id`), at file:line with TypeScript's message.
 *
 * Why a type check rather than following values from calls to field reads ourselves: the user's code already says,
 * through TypeScript's inference, where each response value flows (destructuring, helper functions, generics); any
 * tracking of our own would be a weaker copy of it. The cost is a check of the files the new client can change (their
 * imports tell which: canChange) against it, and of those with errors there against the client as it is (on the
 * Program the scan built); a few seconds on a mid-size code base.
 */
import { createHash } from "node:crypto";
import { dirname, join, relative, resolve, sep } from "node:path";
// The real compiler with its lib files.
import type * as TS from "typescript";
import { codeFiles, isImportedCodeFile, withImported } from "./code-files.js";
import { checkConfig, configError } from "./modules.js";
import { type CodeProgram, cachedDeclarations } from "./program.js";
import { nameReach } from "./reach.js";
import { compilerHost, ts } from "./typescript.js";

export interface TypeBreak {
  /** Relative to the working directory, "/" separators. */
  file: string;
  line: number;
  column: number;
  /** TypeScript's message, on one line. */
  message: string;
  /** TypeScript's error code (2339: property does not exist, 2322: not assignable, ...). */
  tsCode: number;
  /** The line of code, trimmed and shortened. */
  code: string;
  /** Position of the client call the error sits in (its callee's name), when it sits in one. */
  call?: { line: number; column: number };
}

export interface TypeCheck {
  /** The tsconfig.json read (relative to the working directory), or null when default options were used. */
  tsconfig: string | null;
  breaks: TypeBreak[];
}

/** Most errors reported; past it the check says how many it left out. */
const MAX_BREAKS = 500;

/**
 * Type-check the code under `codeDir` against the client folder `clientDir` and against `replacement` (relative path
 * -> text: the new client's files) in its place; the errors only the second check has.
 */
export function typeBreaks(
  codeDir: string,
  clientDir: string,
  replacement: ReadonlyMap<string, string>,
  cwd: string = process.cwd(),
  scanned?: CodeProgram,
): TypeCheck & { omitted: number; rechecked: number; shared: boolean; files: string[] } {
  const root = resolve(cwd, codeDir);
  const client = resolve(cwd, clientDir);
  // The code's own tsconfig.json: at or above the code, but not above the working directory (the project).
  const top = resolve(cwd);
  const nearest = ts.findConfigFile(root, ts.sys.fileExists);
  const configFile =
    nearest && (dirname(resolve(nearest)) === top || resolve(nearest).startsWith(top + sep)) ? nearest : undefined;
  // The code base as every analysis reads it (usage/code-files.ts); its tsconfig.json gives the options only, so the
  // check reads the files `needs` reads (JavaScript too: allowJs, checked as the config says).
  const code = codeFiles(root);
  const rootNames = code.files;
  let options: TS.CompilerOptions;
  if (configFile) {
    // One that cannot be read is an error naming it, as for needs (usage/modules.ts), not a check with other options.
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configFile,
      { noEmit: true },
      {
        ...ts.sys,
        readDirectory: () => [],
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw configError(d, configFile, cwd);
        },
      },
    );
    if (parsed) checkConfig(parsed, configFile, cwd);
    options = { ...(parsed?.options ?? {}), allowJs: true, noEmit: true };
  } else {
    options = {
      strict: true,
      noEmit: true,
      allowJs: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: [],
    };
  }
  // The code's own files: the walk's, and what the code imports from a dot-folder; never the client's.
  const inCode = (file: string) => {
    const abs = resolve(file);
    return isImportedCodeFile(root, abs) && !abs.startsWith(client + sep) && code.outputOf(abs) === undefined;
  };

  // The first program is the scan's when it is the one this check would build (same files, same options, all
  // parsed): its checker has already resolved much of what checking the code asks.
  const shared = scanned !== undefined && sameProgram(scanned, options, rootNames);
  const before = shared
    ? ts.createSemanticDiagnosticsBuilderProgram(versionedFiles(scanned.program), versioned(options))
    : ts.createSemanticDiagnosticsBuilderProgram(rootNames, options, versioned(options, true));
  const served = new Map([...replacement].map(([path, text]) => [join(client, ...path.split("/")), text]));
  const host = versioned(options);
  const { fileExists, readFile } = host;
  // Inside the client folder only the new files exist; elsewhere the disk as it is.
  const ours = (file: string) => resolve(file).startsWith(client + sep);
  host.fileExists = (file) => (ours(file) ? served.has(resolve(file)) : fileExists.call(host, file));
  host.readFile = (file) => (ours(file) ? served.get(resolve(file)) : readFile.call(host, file));
  // Outside it, the first program's parsed files, not a second parse of each.
  const parse = host.getSourceFile;
  host.getSourceFile = (fileName, ...rest) =>
    (!ours(fileName) ? before.getProgram().getSourceFile(fileName) : undefined) ?? parse.call(host, fileName, ...rest);

  // The code's own files only: what getPreEmitDiagnostics would say of them, without checking every lib and
  // declaration file first (a second or more, for answers that are then dropped).
  const errors = (program: TS.SemanticDiagnosticsBuilderProgram, files: readonly TS.SourceFile[]) =>
    files
      .flatMap((file) => [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
        ...(options.declaration || options.composite ? program.getDeclarationDiagnostics(file) : []),
      ])
      .filter((d) => d.category === ts.DiagnosticCategory.Error && d.file && inCode(d.file.fileName));
  const key = (d: TS.Diagnostic) => {
    const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
    return `${resolve(d.file!.fileName)}:${line}:${character}:${d.code}`;
  };
  const after = ts.createSemanticDiagnosticsBuilderProgram(
    ts.createProgram({ rootNames, options, host, oldProgram: before.getProgram() }),
    host,
  );
  // Only the files the new client can change are checked: every other file reads the same text under the same
  // options, and so has the same errors in both programs: no break. They are checked against the new client first;
  // one without errors there holds no break whatever it had before, so only those with errors are checked against
  // the client as it is, to leave out the errors they already had.
  const rechecked = canChange(before, after).filter((file) => inCode(file.fileName));
  const now = rechecked.map((file) => ({ file, found: errors(after, [file]) }));
  const failing = now.flatMap(({ file, found }) =>
    found.length > 0 ? (before.getProgram().getSourceFile(file.fileName) ?? []) : [],
  );
  const old = new Set(errors(before, failing).map(key));
  const found = now.flatMap((checked) => checked.found).filter((d) => !old.has(key(d)));
  const breaks = found.slice(0, MAX_BREAKS).map((d) => toBreak(d, cwd));
  breaks.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return {
    tsconfig: configFile ? relative(cwd, configFile).split(sep).join("/") : null,
    breaks,
    omitted: found.length - breaks.length,
    rechecked: rechecked.length,
    shared,
    files: withImported(
      root,
      code,
      before.getSourceFiles().map((file) => file.fileName),
    ).map((file) => relative(cwd, file).split(sep).join("/")),
  };
}

/**
 * The second program's files whose errors the new client can change: each whose dependencies in either program
 * (what it imports, and what those import: TypeScript's reference graph, BuilderProgram.getAllDependencies) hold a
 * file that is new, gone or different, and some name of which leads to such a file (usage/reach.ts, in either
 * program: a name can resolve elsewhere once a file is gone); every file when a declaration reaching the global scope
 * (a script, `declare global`, an ambient module, a UMD global) leads to one, in the file itself or through what it
 * names (`declare global { var client: typeof green }`). A file is checked with its dependencies and the global scope
 * alone.
 */
function canChange(
  before: TS.SemanticDiagnosticsBuilderProgram,
  after: TS.SemanticDiagnosticsBuilderProgram,
): readonly TS.SourceFile[] {
  const [was, now] = [before.getProgram(), after.getProgram()];
  const changed = new Set<string>();
  for (const file of now.getSourceFiles())
    if (was.getSourceFile(file.fileName)?.text !== file.text) changed.add(file.fileName);
  for (const file of was.getSourceFiles())
    if (now.getSourceFile(file.fileName) === undefined) changed.add(file.fileName);
  const files = now.getSourceFiles();
  // Undefined: the global scope leads to a changed file, so every file can see it.
  const [wasReach, nowReach] = [was, now].map((program) => nameReach(program, (file) => changed.has(file.fileName)));
  if (wasReach === undefined || nowReach === undefined) return files;
  const reaches = (program: TS.SemanticDiagnosticsBuilderProgram, file: TS.SourceFile) =>
    program.getAllDependencies(file).some((name) => changed.has(name));
  return files.filter((file) => {
    const old = was.getSourceFile(file.fileName);
    return old === undefined || ((reaches(after, file) || reaches(before, old)) && (wasReach(old) || nowReach(file)));
  });
}

/**
 * Whether the scan's Program is the one this check builds: the same root files, the same options (a tsconfig.json
 * that checks JavaScript or declaration files gets its own: the scan does neither), and no file it read as empty
 * (the check would fail on it, not pass it).
 */
function sameProgram(scanned: CodeProgram, options: TS.CompilerOptions, rootNames: readonly string[]): boolean {
  if (scanned.unparsable.size > 0) return false;
  const program = scanned.program;
  const roots = program.getRootFileNames();
  if (roots.length !== rootNames.length || roots.some((name, i) => name !== rootNames[i])) return false;
  const theirs = program.getCompilerOptions();
  const flag = (o: TS.CompilerOptions, name: "checkJs" | "skipLibCheck") => o[name] === true;
  const keys = new Set([...Object.keys(theirs), ...Object.keys(options)]);
  for (const name of keys) {
    if (name === "checkJs" || name === "skipLibCheck") {
      if (flag(theirs, name) !== flag(options, name)) return false;
    } else if (JSON.stringify(theirs[name]) !== JSON.stringify(options[name])) return false;
  }
  return true;
}

/** The builder asks each source file for a version: a hash of its text, as versioned() gives. */
function versionedFiles(program: TS.Program): TS.Program {
  for (const file of program.getSourceFiles()) {
    const f = file as TS.SourceFile & { version?: string };
    f.version ??= textHash(f.text);
  }
  return program;
}

/**
 * A compiler host whose source files carry a version (a hash of their text), as TypeScript's builder needs to tell
 * which files changed between two programs. `fromDisk`: every file is read from the disk, so declaration files may
 * come from the analyses' cache (never for the second program, which is served the new client's text).
 */
function versioned(options: TS.CompilerOptions, fromDisk = false): TS.CompilerHost {
  const host = compilerHost(options);
  const getSourceFile = fromDisk ? cachedDeclarations(host) : host.getSourceFile;
  host.getSourceFile = (fileName, language, ...rest) => {
    const file = getSourceFile.call(host, fileName, language, ...rest);
    if (file) (file as TS.SourceFile & { version?: string }).version ??= textHash(file.text); // a text never changes
    return file;
  };
  host.createHash = textHash;
  return host;
}

const textHash = (text: string) => createHash("sha256").update(text).digest("hex");

function toBreak(d: TS.Diagnostic, cwd: string): TypeBreak {
  const file = d.file!;
  const start = d.start ?? 0;
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  const text = file.text.split(/\r?\n/)[line]?.trim() ?? "";
  const call = enclosingCall(file, start);
  return {
    file: relative(cwd, file.fileName).split(sep).join("/"),
    line: line + 1,
    column: character + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\s+/g, " "),
    tsCode: d.code,
    code: text.length > 120 ? `${text.slice(0, 117)}...` : text,
    ...(call ? { call } : {}),
  };
}

/**
 * The outermost-but-nearest call `<x>.<name>(...)` whose arguments hold `position`, as the scan places a use: the
 * line and column of `<name>`. The scan decides whether that call is a use of the client.
 */
function enclosingCall(file: TS.SourceFile, position: number): { line: number; column: number } | undefined {
  let found: TS.CallExpression | undefined;
  const visit = (node: TS.Node) => {
    if (position < node.getStart(file) || position >= node.getEnd()) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) return undefined;
  let callee = found.expression as TS.PropertyAccessExpression;
  // `client.runCommand.safe(...)`: the scan places the use at `runCommand`.
  if (callee.name.text === "safe" && ts.isPropertyAccessExpression(callee.expression)) callee = callee.expression;
  const at = file.getLineAndCharacterOfPosition(callee.name.getStart(file));
  return { line: at.line + 1, column: at.character + 1 };
}
