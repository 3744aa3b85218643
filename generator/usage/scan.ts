/**
 * Find, by syntax, every place a TypeScript code base uses a generated client (the type analysis, usage/follow.ts,
 * adds what the syntax does not show):
 *  - calls `<anything>.GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE(path, ...)`: upper-case method names are
 *    openapi-fetch's convention and rare elsewhere, so any receiver counts (a wrapper or a renamed client is not
 *    missed; over-counting can only raise the color, never lower it). The path is read from its literal type, so
 *    `"/tasks"`, a `const` holding it and a template without substitutions all count as literals;
 *  - named operations: `<anything>.<name>(...)` and `<anything>.<name>.safe(...)` where `<name>` is one of the
 *    table's names (`client.runCommand(args)`), again with any receiver;
 *  - `waitForTask(client, id)` (also imported under another name) and `<anything>.waitForTask(...)`: a `GET
 * /tasks/{id}`;
 *  - the workflow helpers: `<x>.compute(m).run(...)`, or a `run`, `submitJob`, `job`, `jobs`, `ls`, `download` or
 *    `upload` call on a variable initialised from `<x>.compute(...)`, as the calls each makes (`run`: the command's
 *    POST and the task's GET); `complete`, `state` and `cancel` on a job: what `submitJob` or `job` resolved to, or an
 *    element of what `jobs` resolved to (`all[0]`, `const [first] = ...`, `for (const j of ...)`, the first parameter
 *    of `map`/`forEach`/`filter`/`find`/... callbacks, `find`/`findLast`/`at(i)`), through variables, `await`,
 *    parentheses, `!` and optional chaining. Fail closed: in a file that may hold jobs (it calls `submitJob`, `job` or
 *    `jobs` of a compute object, imports anything from a generated client, however TypeScript resolves the import
 *    (usage/modules.ts), imports a package or alias that resolves to nothing, or names an imported type ending in
 *    `Job`), such a call on a receiver the scan cannot trace (a parameter, a later assignment) counts as the job's,
 *    marked `assumed` with the reason, unless the receiver is clearly something else (`new ...`, a literal);
 *  - uses of the operation table: `operations.runCommand` / `operations["runCommand"]` where `operations` is imported
 *    (under any alias) or a namespace import of an `operations` module, and named imports of entries from a module
 *    whose path ends in `operations` (`import { runCommand } from "./generated/operations.js"`).
 * Folders of sfapi-gen output (a generated client inside the code base, recognised by its manifest.json) are skipped:
 * the runtime's own calls are not the code base's. The folder walk follows symbolic links but reads each real folder
 * and each real file once (two links to `.` cannot make it loop). A file that cannot be read or parsed (unreadable,
 * nested too deeply for the parser's stack) is skipped and becomes one `unreadable` use, which needs the top level:
 * the scan names it and never under-reports because of it. Cost is linear in a file's size (line numbers come from
 * TypeScript's line map, not from counting newlines per use). The rules read the files of the one Program the type
 * analysis builds (usage/follow.ts `codeProgram`), not a parse of their own, and ask its checker only what a name
 * declares and, for a path not written as a literal, its literal type; only the job rule asks where an import leads
 * (usage/modules.ts).
 */
import { type Dirent, existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type * as TS from "typescript";
import { HTTP_METHODS } from "../../templates/runtime/table.js";
import { SfapiGenError } from "../errors.js";
import { isGeneratedFolder, verifiedOutput } from "../output/client-folder.js";
import { codeOptions, codeProgram, followClient, skipInner } from "./follow.js";
import { CodeModules } from "./modules.js";
// The real compiler: the code's one Program is shared with the type analysis (usage/follow.ts).
import { ts } from "./typescript.js";
import { COMPUTE_HELPERS, type FoundUse, JOB_HELPERS, type Scan, type Where } from "./uses.js";

export type { FoundUse, Scan } from "./uses.js";

/** openapi-fetch's method calls (`client.GET(...)`). */
const CLIENT_METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
const WAIT_FOR_TASK = "waitForTask";

const OPERATIONS_MODULE = /(^|\/)operations(\.[cm]?[jt]s)?$/;

/**
 * Every use under `dir`, by syntax (this module) and by type (usage/follow.ts), each place once; `names` are the
 * operation names whose method-style calls count (`client.<name>(...)`).
 */
export function scanSources(dir: string, cwd: string = process.cwd(), names: ReadonlySet<string> = new Set()): Scan {
  const root = resolve(cwd, dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new SfapiGenError("not a folder", dir);
  const generated = generatedOutput(root);
  const skipped = new Set<string>();
  const files = sourceFiles(root).filter((file) => {
    const folder = generated(file);
    if (folder !== undefined) skipped.add(displayPath(cwd, folder));
    return folder === undefined;
  });
  if (files.length === 0) {
    throw new SfapiGenError(
      "no code files (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs) in this folder" +
        (skipped.size > 0 ? " outside generated clients" : ""),
      dir,
    );
  }
  const modules = new CodeModules(root, cwd);
  // Every tsconfig.json that governs a scanned file is read now: one that cannot be is an error, not a silent miss.
  for (const dir of new Set(files.map((file) => dirname(file)))) modules.configFor(dir);
  const fromClient = clientModules(modules);
  // One Program for both analyses: the syntax rules below read its parsed files and ask its checker the little they
  // ask (what a name declares, the literal type of a path); the type analysis follows the client through it.
  const { program, unparsable } = codeProgram(files, codeOptions(root, cwd));
  const checker = program.getTypeChecker();
  const uses = files.flatMap((path) => {
    try {
      if (unparsable.has(resolve(path))) throw new RangeError("nested too deeply to parse");
      const source = program.getSourceFile(path);
      if (source === undefined) {
        readFileSync(path); // unreadable: say why
        return [unreadable(cwd, path, new Error("not part of the code's program"))];
      }
      return scanFile(source, checker, cwd, names, fromClient);
    } catch (error) {
      return [unreadable(cwd, path, error)];
    }
  });
  // The type analysis: what the syntax rules above do not see (a use it finds at a place they found is theirs).
  const followed = followClient({
    program,
    names,
    skip: (file) => generated(file) !== undefined,
    cwd,
  });
  const seen = new Set(uses.map(place));
  for (const use of followed.uses) if (!seen.has(place(use))) uses.push(use);
  // The syntax rules see no clients: take the type analysis's attribution for the same place.
  const clientAt = new Map(followed.uses.filter((u) => u.client !== undefined).map((u) => [place(u), u.client!]));
  for (const use of uses)
    if (use.client === undefined && clientAt.has(place(use))) use.client = clientAt.get(place(use));
  uses.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { uses, skipped: [...skipped].sort(), clients: followed.clients };
}

const place = (use: FoundUse) => `${use.file}:${use.line}:${use.column}`;

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION_FILE = /\.d\.(?:ts|mts|cts)$/;

/**
 * The code files under `root` (TypeScript and JavaScript; not declarations, not in node_modules or dot-folders; a
 * dot-folder the code imports is read all the same, by the type analysis), sorted, each real file once: symbolic
 * links are followed, but a real folder already walked (`ln -s . loop`) or a real file already listed is not taken
 * again.
 */
function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const seenDirs = new Set<string>();
  const seenFiles = new Set<string>();
  const real = (path: string): string | undefined => {
    try {
      return realpathSync(path);
    } catch {
      return undefined; // a dangling link
    }
  };
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const realDir = real(dir);
    if (realDir === undefined || seenDirs.has(realDir)) continue;
    seenDirs.add(realDir);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // an unreadable folder holds nothing we can scan
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(path);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue;
        }
      }
      if (isDir) pending.push(path);
      else if (isFile && SOURCE_FILE.test(entry.name) && !DECLARATION_FILE.test(entry.name)) {
        const realFile = real(path);
        if (realFile === undefined || seenFiles.has(realFile)) continue;
        seenFiles.add(realFile);
        files.push(path);
      }
    }
  }
  return files.sort();
}

function unreadable(cwd: string, path: string, error: unknown): FoundUse {
  const why =
    error instanceof RangeError
      ? "nested too deeply to parse"
      : ((error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error));
  const file = displayPath(cwd, path);
  return { kind: "unreadable", reason: `could not be read (${why})`, file, line: 1, column: 1, code: file };
}

/**
 * For a file at or below `root`: the generated client folder whose verified output it is (client-folder.ts
 * `verifiedOutput`: listed in that folder's manifest with a matching hash), else undefined. Each folder is read once.
 */
function generatedOutput(root: string): (file: string) => string | undefined {
  const cache = new Map<string, Set<string>>();
  const verified = (dir: string): Set<string> => {
    let files = cache.get(dir);
    if (files === undefined) cache.set(dir, (files = verifiedOutput(dir)));
    return files;
  };
  return (file) => {
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      if (verified(dir).has(file)) return dir;
      if (dir === root || dirname(dir) === dir || !(dir + sep).startsWith(root + sep)) return undefined;
    }
  };
}

/**
 * What a module specifier written in a file names, for the job rule: a module of a generated client (a relative or
 * absolute path to the client folder, one of its modules or its `runtime/` modules, as written; or whatever
 * TypeScript resolves it to: a path alias, a package import, a workspace package, a wrapper re-exporting the client,
 * usage/modules.ts), or, for a non-relative import TypeScript cannot resolve, `unresolved`: it may be the client.
 * A client is recognised by its manifest, as everywhere else.
 */
function clientModules(modules: CodeModules): (from: string, specifier: string) => "client" | "unresolved" | undefined {
  const cache = new Map<string, boolean>();
  const generated = (dir: string): boolean => {
    if (!cache.has(dir)) cache.set(dir, isGeneratedFolder(dir));
    return cache.get(dir)!;
  };
  const inClient = (target: string): boolean => {
    const folder = dirname(target);
    return generated(target) || generated(folder) || (basename(folder) === "runtime" && generated(dirname(folder)));
  };
  const written = (from: string, specifier: string): boolean => {
    if (!specifier.startsWith(".") && !isAbsolute(specifier)) return false;
    if (inClient(resolve(dirname(from), specifier))) return true;
    // A linked source file: TypeScript and Node resolve its imports from where the real file is.
    let real: string;
    try {
      real = realpathSync(from);
    } catch {
      return false;
    }
    return real !== from && inClient(resolve(dirname(real), specifier));
  };
  return (from, specifier) => {
    if (written(from, specifier)) return "client";
    let real = from;
    try {
      real = realpathSync(from);
    } catch {}
    const target = modules.target(real, specifier);
    return "client" in target ? "client" : "unresolved" in target ? "unresolved" : undefined;
  };
}

function displayPath(cwd: string, path: string): string {
  return relative(cwd, path).split(sep).join("/") || ".";
}

function scanFile(
  source: TS.SourceFile,
  checker: TS.TypeChecker,
  cwd: string,
  names: ReadonlySet<string>,
  fromClient: (from: string, specifier: string) => "client" | "unresolved" | undefined,
): FoundUse[] {
  const name = displayPath(cwd, source.fileName);
  const where = (node: TS.Node, at: TS.Node = node): Where => {
    const { line, character } = ts.getLineAndCharacterOfPosition(source, at.getStart(source));
    return { file: name, line: line + 1, column: character + 1, code: shorten(node, source) };
  };
  /** The string a path or key argument is: a literal as written, else from its literal type (a `const` holding one). */
  const literalValue = (node: TS.Node | undefined): string | null => {
    if (node === undefined) return null;
    if (ts.isStringLiteralLike(node)) return node.text;
    const type = checker.getTypeAtLocation(node);
    return type.isStringLiteral() ? type.value : null;
  };
  const uses: FoundUse[] = [];
  const tables = new Set<string>();
  const waits = new Set([WAIT_FOR_TASK]);

  for (const imp of source.statements) {
    if (!ts.isImportDeclaration(imp) || imp.importClause?.isTypeOnly) continue;
    const fromOperations = OPERATIONS_MODULE.test(specifierText(imp.moduleSpecifier) ?? "");
    const bindings = imp.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings) && fromOperations) tables.add(bindings.name.text);
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const named of bindings.elements) {
      if (named.isTypeOnly) continue;
      const imported = (named.propertyName ?? named.name).text;
      const local = named.name.text;
      if (imported === "operations") tables.add(local);
      else if (imported === WAIT_FOR_TASK) waits.add(local);
      else if (fromOperations) uses.push({ kind: "table", via: "import", entry: imported, ...where(named) });
    }
  }

  // `operations.runCommand` is already a table use; calling it adds nothing.
  const isTable = (node: TS.Node) => ts.isIdentifier(node) && tables.has(node.text);

  /** What an expression is once `await`, parentheses, `!`, `as` and `satisfies` are taken off. */
  const bare = skipInner;
  /** The declaration an identifier names (an import's is the import, not what it imports). */
  const declarationOf = (node: TS.Node): TS.Declaration | undefined =>
    ts.isIdentifier(node) ? checker.getSymbolAtLocation(node)?.getDeclarations()?.[0] : undefined;
  /** `<x>.compute(...)`, or a variable initialised with one (or with another such variable). */
  const initializer = (node: TS.Node): TS.Node | undefined => {
    const declaration = declarationOf(node);
    return declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  };
  /** For `<receiver>.<method>(...)` with `method` in `methods` (optional chaining included): the receiver. */
  const callOf = (node: TS.Node, methods: ReadonlySet<string>): TS.Node | undefined => {
    const call = bare(node);
    if (!ts.isCallExpression(call)) return undefined;
    const callee = call.expression;
    return ts.isPropertyAccessExpression(callee) && methods.has(callee.name.text) ? callee.expression : undefined;
  };
  const COMPUTE = new Set(["compute"]);
  const JOB_SOURCES = new Set(["submitJob", "job"]);
  const JOBS = new Set(["jobs"]);
  /** Array methods that give an array of the same elements (`jobs().filter(...)` still holds jobs). */
  const SAME_ARRAY = new Set(["filter", "slice", "sort", "reverse", "toSorted", "toReversed"]);
  /** Array methods that give one element. */
  const ONE_ELEMENT = new Set(["find", "findLast", "at"]);
  /** Array methods whose callback gets an element as its first parameter. */
  const ELEMENT_CALLBACKS = new Set(["map", "forEach", "filter", "find", "findLast", "some", "every", "flatMap"]);
  // Mutual recursion through variables, patterns and callbacks: `depth` bounds it (and `const a = b, b = a` loops).
  const MAX_DEPTH = 12;
  const isCompute = (node: TS.Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    if (callOf(node, COMPUTE)) return true;
    const init = initializer(bare(node));
    return init !== undefined && isCompute(init, depth + 1);
  };
  /** What `<compute>.jobs(...)` resolved to: an array of jobs. */
  const isJobs = (node: TS.Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    const inner = bare(node);
    const fromCompute = callOf(inner, JOBS);
    if (fromCompute) return isCompute(fromCompute, depth + 1);
    const array = callOf(inner, SAME_ARRAY);
    if (array) return isJobs(array, depth + 1);
    const declaration = declarationOf(inner);
    if (declaration && ts.isVariableDeclaration(declaration)) {
      const init = declaration.initializer;
      return init !== undefined && isJobs(init, depth + 1);
    }
    // `const [first, ...rest] = await perlmutter.jobs()`: the rest is an array of jobs too.
    return (
      declaration !== undefined &&
      ts.isBindingElement(declaration) &&
      declaration.dotDotDotToken !== undefined &&
      destructuresJobs(declaration, depth)
    );
  };
  /** A name in an array pattern (not nested) of a variable initialised with jobs. */
  const destructuresJobs = (element: TS.Node, depth: number): boolean => {
    const pattern = element.parent;
    const variable = pattern?.parent;
    if (!pattern || !ts.isArrayBindingPattern(pattern) || !variable || !ts.isVariableDeclaration(variable))
      return false;
    const init = variable.initializer;
    return init !== undefined && isJobs(init, depth + 1);
  };
  /** A job object: what `submitJob` or `job` of a compute object resolved to, or one element of `jobs(...)`. */
  const isJob = (node: TS.Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    const inner = bare(node);
    const fromCompute = callOf(inner, JOB_SOURCES);
    if (fromCompute) return isCompute(fromCompute, depth + 1);
    const array = callOf(inner, ONE_ELEMENT);
    if (array) return isJobs(array, depth + 1);
    if (ts.isElementAccessExpression(inner)) return isJobs(inner.expression, depth + 1);
    const declaration = declarationOf(inner);
    if (declaration === undefined) return false;
    if (ts.isVariableDeclaration(declaration)) {
      const init = declaration.initializer;
      if (init !== undefined) return isJob(init, depth + 1);
      // `for (const j of jobs)`
      const loop = declaration.parent?.parent;
      return loop !== undefined && ts.isForOfStatement(loop) && isJobs(loop.expression, depth + 1);
    }
    if (ts.isBindingElement(declaration))
      return declaration.dotDotDotToken === undefined && destructuresJobs(declaration, depth);
    if (ts.isParameter(declaration)) {
      // `jobs.map((j) => ...)`: the first parameter of a callback given first to an element callback method.
      const fn = declaration.parent;
      const call = fn?.parent;
      if (
        !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ||
        fn.parameters[0] !== declaration ||
        !call ||
        !ts.isCallExpression(call) ||
        call.arguments[0] !== fn
      )
        return false;
      const callee = call.expression;
      return (
        ts.isPropertyAccessExpression(callee) &&
        ELEMENT_CALLBACKS.has(callee.name.text) &&
        isJobs(callee.expression, depth + 1)
      );
    }
    return false;
  };
  /**
   * A receiver that is clearly not a job: built with `new` (jobs come only from the helpers), a literal, a class or
   * enum, the compute object or its jobs array (neither has the job's methods), or a variable initialised with one.
   */
  const isNotJob = (node: TS.Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    const inner = bare(node);
    if (
      ts.isNewExpression(inner) ||
      ts.isObjectLiteralExpression(inner) ||
      ts.isArrayLiteralExpression(inner) ||
      ts.isStringLiteral(inner) ||
      ts.isNoSubstitutionTemplateLiteral(inner) ||
      ts.isTemplateExpression(inner) ||
      ts.isNumericLiteral(inner) ||
      ts.isRegularExpressionLiteral(inner) ||
      isCompute(inner) ||
      isJobs(inner)
    )
      return true;
    const declaration = declarationOf(inner);
    if (declaration && (ts.isClassDeclaration(declaration) || ts.isEnumDeclaration(declaration))) return true;
    const init = initializer(inner);
    return init !== undefined && isNotJob(init, depth + 1);
  };
  const helperUses = (node: TS.Node, at: TS.Node, calls: readonly (readonly [string, string] | "wait")[]) => {
    for (const call of calls)
      uses.push(
        call === "wait"
          ? { kind: "wait", ...where(node, at) }
          : { kind: "call", method: call[0], path: call[1], ...where(node, at) },
      );
  };

  // Job-helper calls on a receiver traced neither to a job nor to something else; counted if the file gets jobs.
  const untraced: { node: TS.Node; at: TS.Node; method: string }[] = [];
  let getsJobs = false;

  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee)) {
        if (waits.has(callee.text)) uses.push({ kind: "wait", ...where(node) });
      } else if (ts.isPropertyAccessExpression(callee)) {
        const method = callee.name.text;
        const target = callee.expression;
        if (CLIENT_METHODS.has(method)) {
          uses.push({ kind: "call", method, path: literalValue(node.arguments[0]), ...where(node, callee.name) });
        } else if (method === WAIT_FOR_TASK) {
          uses.push({ kind: "wait", ...where(node, callee.name) });
        } else if (Object.hasOwn(COMPUTE_HELPERS, method) && isCompute(target)) {
          helperUses(node, callee.name, COMPUTE_HELPERS[method]!);
          if (JOB_SOURCES.has(method) || JOBS.has(method)) getsJobs = true;
        } else if (Object.hasOwn(JOB_HELPERS, method) && isJob(target)) {
          helperUses(node, callee.name, [JOB_HELPERS[method]!]);
        } else if (Object.hasOwn(JOB_HELPERS, method) && !isNotJob(target)) {
          untraced.push({ node, at: callee.name, method });
        } else if (names.has(method) && !isTable(target)) {
          uses.push({ kind: "named", entry: method, ...where(node, callee.name) });
        } else if (
          method === "safe" &&
          ts.isPropertyAccessExpression(target) &&
          names.has(target.name.text) &&
          !isTable(target.expression)
        ) {
          uses.push({ kind: "named", entry: target.name.text, ...where(node, target.name) });
        }
      }
    } else if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      if (isTable(node.expression)) {
        const entry = ts.isPropertyAccessExpression(node) ? node.name.text : literalValue(node.argumentExpression);
        uses.push({ kind: "table", via: "access", entry, ...where(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  // Fail closed: a job can reach a receiver the scan cannot follow (a parameter, a later assignment, a property, a
  // `then` callback), so in a file that may hold jobs every such call counts as the job's, marked as assumed. A
  // ReadableStream's or reader's `cancel()` in such a file is counted too: over-counting can only raise the color.
  const suspected = untraced.length === 0 ? undefined : getsJobs ? "gets jobs from compute(...)" : mayReceiveJobs();
  if (suspected !== undefined)
    for (const { node, at, method } of untraced) {
      const [verb, path] = JOB_HELPERS[method]!;
      const assumed = `receiver not traced to a job; counted as a job's ${method}() because this file ${suspected}`;
      uses.push({ kind: "call", method: verb, path, assumed, ...where(node, at) });
    }
  return uses;

  /**
   * Why a file that gets no jobs itself may still hold some, or undefined. Jobs cross modules (a function of another
   * file takes the job as a parameter), and the scan has no types, so what is left is the file's imports: it imports
   * something from the generated client (its job types, its client, even a type-only import or a re-export; through
   * an alias, a workspace package or a module re-exporting the client), an import that resolves to nothing (it may be
   * the client: fail closed), or it names an imported type ending in `Job` (`GreenJob`, `RedJob`, from a module of the
   * code base). The client import alone catches a job handed to another module (its type comes from the client); the
   * `Job` type catches the same through a module of one's own. All are narrow signs of a job-handling file, unlike
   * "any import" or "any parameter": a file with none (a stream reader's `cancel()`) is not counted.
   */
  function mayReceiveJobs(): string | undefined {
    const lineOf = (node: TS.Node) => ts.getLineAndCharacterOfPosition(source, node.getStart(source)).line + 1;
    let jobType: string | undefined;
    let clientImport: string | undefined;
    let unresolvedImport: string | undefined;
    const look = (node: TS.Node): boolean | undefined => {
      const specifier = moduleSpecifier(node);
      const target = specifier === undefined ? undefined : fromClient(source.fileName, specifier);
      if (target === "client") {
        clientImport = `imports the generated client (line ${lineOf(node)})`;
        return true; // stop the walk
      }
      if (target === "unresolved") {
        unresolvedImport ??=
          `imports ${JSON.stringify(specifier)} (line ${lineOf(node)}), ` +
          "which resolves to no module and may be the generated client";
      } else if (jobType === undefined) {
        const named = importedJobType(node);
        if (named !== undefined) jobType = `names the job type ${named} (line ${lineOf(node)})`;
      }
      return ts.forEachChild(node, look);
    };
    ts.forEachChild(source, look);
    return clientImport ?? unresolvedImport ?? jobType;
  }

  /** The module an import names: `import`, `export ... from`, `import x = require(...)`, `import(...)`, types. */
  function moduleSpecifier(node: TS.Node): string | undefined {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return specifierText(node.moduleSpecifier);
    if (ts.isExternalModuleReference(node)) return literalText(node.expression);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamic =
        callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require");
      return dynamic ? literalText(node.arguments[0]) : undefined;
    }
    if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      return ts.isLiteralTypeNode(argument) ? literalText(argument.literal) : undefined;
    }
    return undefined;
  }

  /**
   * For a type reference to an imported type whose name ends in `Job` (`j: RedJob`, `RedJob[]`, `sfapi.RedJob`,
   * `import("./types.js").RedJob`, an alias `J` of `RedJob`): its name (the last one of a qualified name).
   */
  function importedJobType(node: TS.Node): string | undefined {
    const JOB_TYPE = /Job$/;
    if (ts.isImportTypeNode(node)) {
      const qualifier = node.qualifier;
      const last = qualifier && ts.isQualifiedName(qualifier) ? qualifier.right : qualifier;
      return last !== undefined && JOB_TYPE.test(last.text) ? last.text : undefined;
    }
    if (!ts.isTypeReferenceNode(node)) return undefined;
    const name = node.typeName;
    let first: TS.EntityName = name;
    while (ts.isQualifiedName(first)) first = first.left;
    const declaration = declarationOf(first);
    const imported =
      declaration !== undefined &&
      (ts.isImportSpecifier(declaration) ||
        ts.isImportClause(declaration) ||
        ts.isNamespaceImport(declaration) ||
        ts.isImportEqualsDeclaration(declaration));
    if (!imported) return undefined;
    const last = ts.isQualifiedName(name) ? name.right.text : name.text;
    const original =
      ts.isImportSpecifier(declaration) && first === name ? (declaration.propertyName ?? declaration.name).text : last;
    return JOB_TYPE.test(last) ? last : JOB_TYPE.test(original) ? original : undefined;
  }
}

/** A module specifier's text (a string literal in any code that parses), else undefined. */
function specifierText(node: TS.Expression | undefined): string | undefined {
  return node !== undefined && ts.isStringLiteral(node) ? node.text : undefined;
}

/** The text of a string literal or a template without substitutions, else undefined. */
function literalText(node: TS.Node | undefined): string | undefined {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}

/** One line of code for a report: the call up to its first argument. */
function shorten(node: TS.Node, source: TS.SourceFile): string {
  if (ts.isCallExpression(node)) {
    const [first, ...rest] = node.arguments;
    const callee = node.expression.getText(source).replace(/\s+/g, " ");
    return `${callee}(${first ? first.getText(source).replace(/\s+/g, " ") : ""}${rest.length ? ", …" : ""})`;
  }
  if (ts.isImportSpecifier(node)) return `import { ${node.getText(source)} }`;
  return node.getText(source).replace(/\s+/g, " ");
}
