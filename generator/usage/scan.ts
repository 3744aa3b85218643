/**
 * Find, with ts-morph, every place a TypeScript code base uses a generated client:
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
 * TypeScript's line map, not from counting newlines per use). The parse resolves no imports (`noResolve`) and loads no
 * lib (`noLib`: literal types need none, and it makes the scan ~30x faster), so it needs neither the client's types
 * nor node_modules; only the job rule asks where an import leads (usage/modules.ts).
 */
import { type Dirent, existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { SourceFile } from "ts-morph";
import { Node, Project, SyntaxKind, ts } from "ts-morph";
import { HTTP_METHODS } from "../../templates/runtime/table.js";
import { SfapiGenError } from "../errors.js";
import { isGeneratedFolder, verifiedOutput } from "../output/client-folder.js";
import { codeOptions, followClient } from "./follow.js";
import { CodeModules } from "./modules.js";
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
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      noResolve: true,
      noLib: true,
      noEmit: true,
      allowJs: true,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.Preserve,
      strict: true,
    },
  });
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
  const uses = files.flatMap((path) => {
    try {
      const file = project.addSourceFileAtPath(path);
      try {
        return scanFile(file, cwd, names, fromClient);
      } finally {
        project.removeSourceFile(file);
      }
    } catch (error) {
      return [unreadable(cwd, path, error)];
    }
  });
  // The type analysis: what the syntax rules above do not see (a use it finds at a place they found is theirs).
  const followed = followClient({
    rootNames: files,
    options: codeOptions(root, cwd),
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
  file: SourceFile,
  cwd: string,
  names: ReadonlySet<string>,
  fromClient: (from: string, specifier: string) => "client" | "unresolved" | undefined,
): FoundUse[] {
  const name = displayPath(cwd, file.getFilePath());
  const source = file.compilerNode;
  const where = (node: Node, at: Node = node): Where => {
    // TypeScript's line map (binary search); ts-morph's getLineAndColumnAtPos counts newlines from the start each time.
    const { line, character } = ts.getLineAndCharacterOfPosition(source, at.getStart());
    return { file: name, line: line + 1, column: character + 1, code: shorten(node) };
  };
  const uses: FoundUse[] = [];
  const tables = new Set<string>();
  const waits = new Set([WAIT_FOR_TASK]);

  for (const imp of file.getImportDeclarations()) {
    if (imp.isTypeOnly()) continue;
    const fromOperations = OPERATIONS_MODULE.test(imp.getModuleSpecifierValue());
    const namespace = imp.getNamespaceImport();
    if (namespace && fromOperations) tables.add(namespace.getText());
    for (const named of imp.getNamedImports()) {
      if (named.isTypeOnly()) continue;
      const imported = named.getName();
      const local = named.getAliasNode()?.getText() ?? imported;
      if (imported === "operations") tables.add(local);
      else if (imported === WAIT_FOR_TASK) waits.add(local);
      else if (fromOperations) uses.push({ kind: "table", via: "import", entry: imported, ...where(named) });
    }
  }

  // `operations.runCommand` is already a table use; calling it adds nothing.
  const isTable = (node: Node) => Node.isIdentifier(node) && tables.has(node.getText());

  /** What an expression is once `await`, parentheses, `!`, `as` and `satisfies` are taken off. */
  const bare = (node: Node): Node => {
    let inner = node;
    for (;;) {
      if (
        Node.isAwaitExpression(inner) ||
        Node.isParenthesizedExpression(inner) ||
        Node.isNonNullExpression(inner) ||
        Node.isAsExpression(inner) ||
        Node.isSatisfiesExpression(inner) ||
        Node.isTypeAssertion(inner)
      )
        inner = inner.getExpression();
      else return inner;
    }
  };
  /** The local declaration an identifier names (the scan has no types, so only the syntax of this file). */
  const declarationOf = (node: Node): Node | undefined =>
    Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
  /** `<x>.compute(...)`, or a variable initialised with one (or with another such variable). */
  const initializer = (node: Node): Node | undefined => {
    const declaration = declarationOf(node);
    return Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  };
  /** For `<receiver>.<method>(...)` with `method` in `methods` (optional chaining included): the receiver. */
  const callOf = (node: Node, methods: ReadonlySet<string>): Node | undefined => {
    const call = bare(node);
    if (!Node.isCallExpression(call)) return undefined;
    const callee = call.getExpression();
    return Node.isPropertyAccessExpression(callee) && methods.has(callee.getName())
      ? callee.getExpression()
      : undefined;
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
  const isCompute = (node: Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    if (callOf(node, COMPUTE)) return true;
    const init = initializer(bare(node));
    return init !== undefined && isCompute(init, depth + 1);
  };
  /** What `<compute>.jobs(...)` resolved to: an array of jobs. */
  const isJobs = (node: Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    const inner = bare(node);
    const fromCompute = callOf(inner, JOBS);
    if (fromCompute) return isCompute(fromCompute, depth + 1);
    const array = callOf(inner, SAME_ARRAY);
    if (array) return isJobs(array, depth + 1);
    const declaration = declarationOf(inner);
    if (Node.isVariableDeclaration(declaration)) {
      const init = declaration.getInitializer();
      return init !== undefined && isJobs(init, depth + 1);
    }
    // `const [first, ...rest] = await perlmutter.jobs()`: the rest is an array of jobs too.
    return (
      Node.isBindingElement(declaration) &&
      declaration.getDotDotDotToken() !== undefined &&
      destructuresJobs(declaration, depth)
    );
  };
  /** A name in an array pattern (not nested) of a variable initialised with jobs. */
  const destructuresJobs = (element: Node, depth: number): boolean => {
    const pattern = element.getParent();
    const variable = pattern?.getParent();
    if (!Node.isArrayBindingPattern(pattern) || !Node.isVariableDeclaration(variable)) return false;
    const init = variable.getInitializer();
    return init !== undefined && isJobs(init, depth + 1);
  };
  /** A job object: what `submitJob` or `job` of a compute object resolved to, or one element of `jobs(...)`. */
  const isJob = (node: Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    const inner = bare(node);
    const fromCompute = callOf(inner, JOB_SOURCES);
    if (fromCompute) return isCompute(fromCompute, depth + 1);
    const array = callOf(inner, ONE_ELEMENT);
    if (array) return isJobs(array, depth + 1);
    if (Node.isElementAccessExpression(inner)) return isJobs(inner.getExpression(), depth + 1);
    const declaration = declarationOf(inner);
    if (Node.isVariableDeclaration(declaration)) {
      const init = declaration.getInitializer();
      if (init !== undefined) return isJob(init, depth + 1);
      // `for (const j of jobs)`
      const loop = declaration.getParent()?.getParent();
      return Node.isForOfStatement(loop) && isJobs(loop.getExpression(), depth + 1);
    }
    if (Node.isBindingElement(declaration))
      return declaration.getDotDotDotToken() === undefined && destructuresJobs(declaration, depth);
    if (Node.isParameterDeclaration(declaration)) {
      // `jobs.map((j) => ...)`: the first parameter of a callback given first to an element callback method.
      const fn = declaration.getParent();
      const call = fn?.getParent();
      if (
        !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) ||
        fn.getParameters()[0] !== declaration ||
        !Node.isCallExpression(call) ||
        call.getArguments()[0] !== fn
      )
        return false;
      const callee = call.getExpression();
      return (
        Node.isPropertyAccessExpression(callee) &&
        ELEMENT_CALLBACKS.has(callee.getName()) &&
        isJobs(callee.getExpression(), depth + 1)
      );
    }
    return false;
  };
  /**
   * A receiver that is clearly not a job: built with `new` (jobs come only from the helpers), a literal, a class or
   * enum, the compute object or its jobs array (neither has the job's methods), or a variable initialised with one.
   */
  const isNotJob = (node: Node, depth = 0): boolean => {
    if (depth > MAX_DEPTH) return false;
    const inner = bare(node);
    if (
      Node.isNewExpression(inner) ||
      Node.isObjectLiteralExpression(inner) ||
      Node.isArrayLiteralExpression(inner) ||
      Node.isStringLiteral(inner) ||
      Node.isNoSubstitutionTemplateLiteral(inner) ||
      Node.isTemplateExpression(inner) ||
      Node.isNumericLiteral(inner) ||
      Node.isRegularExpressionLiteral(inner) ||
      isCompute(inner) ||
      isJobs(inner)
    )
      return true;
    const declaration = declarationOf(inner);
    if (Node.isClassDeclaration(declaration) || Node.isEnumDeclaration(declaration)) return true;
    const init = initializer(inner);
    return init !== undefined && isNotJob(init, depth + 1);
  };
  const helperUses = (node: Node, at: Node, calls: readonly (readonly [string, string] | "wait")[]) => {
    for (const call of calls)
      uses.push(
        call === "wait"
          ? { kind: "wait", ...where(node, at) }
          : { kind: "call", method: call[0], path: call[1], ...where(node, at) },
      );
  };

  // Job-helper calls on a receiver traced neither to a job nor to something else; counted if the file gets jobs.
  const untraced: { node: Node; at: Node; method: string }[] = [];
  let getsJobs = false;

  file.forEachDescendant((node) => {
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      if (Node.isIdentifier(callee)) {
        if (waits.has(callee.getText())) uses.push({ kind: "wait", ...where(node) });
        return;
      }
      if (!Node.isPropertyAccessExpression(callee)) return;
      const method = callee.getName();
      const target = callee.getExpression();
      if (CLIENT_METHODS.has(method)) {
        const [arg] = node.getArguments();
        const type = arg?.getType();
        const path = type?.isStringLiteral() ? String(type.getLiteralValue()) : null;
        uses.push({ kind: "call", method, path, ...where(node, callee.getNameNode()) });
      } else if (method === WAIT_FOR_TASK) {
        uses.push({ kind: "wait", ...where(node, callee.getNameNode()) });
      } else if (Object.hasOwn(COMPUTE_HELPERS, method) && isCompute(target)) {
        helperUses(node, callee.getNameNode(), COMPUTE_HELPERS[method]!);
        if (JOB_SOURCES.has(method) || JOBS.has(method)) getsJobs = true;
      } else if (Object.hasOwn(JOB_HELPERS, method) && isJob(target)) {
        helperUses(node, callee.getNameNode(), [JOB_HELPERS[method]!]);
      } else if (Object.hasOwn(JOB_HELPERS, method) && !isNotJob(target)) {
        untraced.push({ node, at: callee.getNameNode(), method });
      } else if (names.has(method) && !isTable(target)) {
        uses.push({ kind: "named", entry: method, ...where(node, callee.getNameNode()) });
      } else if (
        method === "safe" &&
        Node.isPropertyAccessExpression(target) &&
        names.has(target.getName()) &&
        !isTable(target.getExpression())
      ) {
        uses.push({ kind: "named", entry: target.getName(), ...where(node, target.getNameNode()) });
      }
    } else if (Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) {
      if (!isTable(node.getExpression())) return;
      let entry: string | null;
      if (Node.isPropertyAccessExpression(node)) entry = node.getName();
      else {
        const type = node.getArgumentExpression()?.getType();
        entry = type?.isStringLiteral() ? String(type.getLiteralValue()) : null;
      }
      uses.push({ kind: "table", via: "access", entry, ...where(node) });
    }
  });
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
    const lineOf = (node: Node) => ts.getLineAndCharacterOfPosition(source, node.getStart()).line + 1;
    let jobType: string | undefined;
    let clientImport: string | undefined;
    let unresolvedImport: string | undefined;
    file.forEachDescendant((node, traversal) => {
      const specifier = moduleSpecifier(node);
      const target = specifier === undefined ? undefined : fromClient(file.getFilePath(), specifier);
      if (target === "client") {
        clientImport = `imports the generated client (line ${lineOf(node)})`;
        traversal.stop();
      } else if (target === "unresolved") {
        unresolvedImport ??=
          `imports ${JSON.stringify(specifier)} (line ${lineOf(node)}), ` +
          "which resolves to no module and may be the generated client";
      } else if (jobType === undefined) {
        const named = importedJobType(node);
        if (named !== undefined) jobType = `names the job type ${named} (line ${lineOf(node)})`;
      }
    });
    return clientImport ?? unresolvedImport ?? jobType;
  }

  /** The module an import names: `import`, `export ... from`, `import x = require(...)`, `import(...)`, types. */
  function moduleSpecifier(node: Node): string | undefined {
    if (Node.isImportDeclaration(node) || Node.isExportDeclaration(node)) return node.getModuleSpecifierValue();
    if (Node.isExternalModuleReference(node)) return literalText(node.getExpression());
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      const dynamic =
        callee.getKind() === SyntaxKind.ImportKeyword || (Node.isIdentifier(callee) && callee.getText() === "require");
      return dynamic ? literalText(node.getArguments()[0]) : undefined;
    }
    if (Node.isImportTypeNode(node)) {
      const argument = node.getArgument();
      return Node.isLiteralTypeNode(argument) ? literalText(argument.getLiteral()) : undefined;
    }
    return undefined;
  }

  /**
   * For a type reference to an imported type whose name ends in `Job` (`j: RedJob`, `RedJob[]`, `sfapi.RedJob`,
   * `import("./types.js").RedJob`, an alias `J` of `RedJob`): its name (the last one of a qualified name).
   */
  function importedJobType(node: Node): string | undefined {
    const JOB_TYPE = /Job$/;
    if (Node.isImportTypeNode(node)) {
      const qualifier = node.getQualifier();
      const last = Node.isQualifiedName(qualifier) ? qualifier.getRight() : qualifier;
      return last !== undefined && JOB_TYPE.test(last.getText()) ? last.getText() : undefined;
    }
    if (!Node.isTypeReference(node)) return undefined;
    const name = node.getTypeName();
    let first: Node = name;
    while (Node.isQualifiedName(first)) first = first.getLeft();
    const declaration = declarationOf(first);
    const imported =
      Node.isImportSpecifier(declaration) ||
      Node.isImportClause(declaration) ||
      Node.isNamespaceImport(declaration) ||
      Node.isImportEqualsDeclaration(declaration);
    if (!imported) return undefined;
    const last = Node.isQualifiedName(name) ? name.getRight().getText() : name.getText();
    const original = Node.isImportSpecifier(declaration) && first === name ? declaration.getName() : last;
    return JOB_TYPE.test(last) ? last : JOB_TYPE.test(original) ? original : undefined;
  }
}

/** The text of a string literal or a template without substitutions, else undefined. */
function literalText(node: Node | undefined): string | undefined {
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) ? node.getLiteralValue() : undefined;
}

/** One line of code for a report: the call up to its first argument. */
function shorten(node: Node): string {
  if (Node.isCallExpression(node)) {
    const [first, ...rest] = node.getArguments();
    const callee = node.getExpression().getText().replace(/\s+/g, " ");
    return `${callee}(${first ? first.getText().replace(/\s+/g, " ") : ""}${rest.length ? ", …" : ""})`;
  }
  if (node.getKind() === SyntaxKind.ImportSpecifier) return `import { ${node.getText()} }`;
  return node.getText().replace(/\s+/g, " ");
}
