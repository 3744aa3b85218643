/**
 * Find, by syntax, every place a TypeScript code base uses a generated client (the type analysis, usage/follow.ts,
 * adds what the syntax does not show):
 *  - calls `<anything>.GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE(path, ...)`: upper-case method names are
 *    openapi-fetch's convention and rare elsewhere, so any receiver counts (a wrapper or a renamed client is not
 *    missed; over-counting can only raise the color, never lower it). The path is read as written
 *    (usage/path-values.ts), so `"/tasks"`, a `const` holding it and a template without substitutions count as
 *    literals, and a cast to a literal type does not;
 *  - named operations: `<anything>.<name>(...)` and `<anything>.<name>.safe(...)` where `<name>` is one of the
 *    table's names (`client.runCommand(args)`), again with any receiver;
 *  - `waitForTask(client, id)` (also imported under another name) and `<anything>.waitForTask(...)`: a `GET
 * /tasks/{id}`;
 *  - the workflow helpers: `<x>.compute(m).run(...)`, or a `run`, `submitJob`, `job`, `jobs`, `ls`, `download` or
 *    `upload` call on a variable initialised from `<x>.compute(...)`, as the calls each makes (`run`: the command's
 *    POST and the task's GET); `complete`, `state` and `cancel` on a job, by usage/jobs.ts's job rule (traced from
 *    `submitJob`, `job` and `jobs`; in a file that may hold jobs, a receiver it cannot trace counts as the job's,
 *    marked `assumed` with the reason);
 *  - uses of the operation table: `operations.runCommand` / `operations["runCommand"]` where `operations` is imported
 *    (under any alias) or a namespace import of an `operations` module, and named imports of entries from a module
 *    whose path ends in `operations` (`import { runCommand } from "./generated/operations.js"`).
 * Folders of sfapi-gen output (a generated client inside the code base, recognised by its manifest.json) are skipped:
 * the runtime's own calls are not the code base's. Which files the code base holds is usage/code-files.ts's rule, the
 * one every analysis of a code base walks by. A file that cannot be read or parsed (unreadable, nested too deeply for
 * the parser's stack) is skipped and becomes one `unreadable` use, which needs the top level: the scan names it and
 * never under-reports because of it. Cost is linear in a file's size (line numbers come from TypeScript's line map,
 * not from counting newlines per use). The rules read the files of the one Program the type analysis builds
 * (usage/program.ts `codeProgram`), not a parse of their own, and ask its checker only what a name declares (a `const`
 * holding a path); only the job rule asks where an import leads (usage/modules.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
// The real compiler: the code's one Program is shared with the type analysis (usage/follow.ts).
import type * as TS from "typescript";
import { HTTP_METHODS } from "../../templates/runtime/table.js";
import { SfapiGenError } from "../errors.js";
import { CODE_EXTENSIONS, codeFiles, withImported } from "./code-files.js";
import { followClient } from "./follow.js";
import { clientModules, JOB_SOURCES, JOBS, specifierText, traceJobs } from "./jobs.js";
import { CodeModules } from "./modules.js";
import { FETCH_PATH, literalPathValues, NAMED_PATH, writtenLiterals } from "./path-values.js";
import { type CodeProgram, codeOptions, codeProgram } from "./program.js";
import { ts } from "./typescript.js";
import {
  COMPUTE_HELPERS,
  type FoundUse,
  type HelperCall,
  helperCallUse,
  JOB_HELPERS,
  jobsCalls,
  type Scan,
  type Where,
} from "./uses.js";

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
  return scanCode(dir, cwd, names).scan;
}

/** scanSources, and the code's Program it read (`diff --code` type-checks that Program: usage/typecheck.ts). */
export function scanCode(
  dir: string,
  cwd: string = process.cwd(),
  names: ReadonlySet<string> = new Set(),
): { scan: Scan; code: CodeProgram } {
  const root = resolve(cwd, dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new SfapiGenError("not a folder", dir);
  const code = codeFiles(root);
  const generated = code.outputOf;
  const skipped = code.skipped.map((folder) => displayPath(cwd, folder));
  if (code.files.length === 0) {
    throw new SfapiGenError(
      `no code files (${CODE_EXTENSIONS}) in this folder${skipped.length > 0 ? " outside generated clients" : ""}`,
      dir,
    );
  }
  const modules = new CodeModules(root, cwd);
  // Every tsconfig.json that governs a scanned file is read now: one that cannot be is an error, not a silent miss.
  for (const dir of new Set(code.files.map((file) => dirname(file)))) modules.configFor(dir);
  const fromClient = clientModules(modules);
  // One Program for both analyses: the syntax rules below read its parsed files and ask its checker the little they
  // ask (what a name declares); the type analysis follows the client through it.
  const { program, unparsable } = codeProgram(code.files, codeOptions(root, cwd));
  const checker = program.getTypeChecker();
  // The walk's files, and those the code imports from a dot-folder (usage/code-files.ts: the code base's files).
  const files = withImported(
    root,
    code,
    program.getSourceFiles().map((file) => file.fileName),
  );
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
  // Where the syntax read an operation the call may not send (a per-call `baseUrl`), the unknown use stands too.
  for (const use of followed.uses) if (!seen.has(place(use)) || followed.overriding.has(use)) uses.push(use);
  // The syntax rules see no clients: take the type analysis's attribution for the same place.
  const clientAt = new Map(followed.uses.filter((u) => u.client !== undefined).map((u) => [place(u), u.client!]));
  for (const use of uses)
    if (use.client === undefined && clientAt.has(place(use))) use.client = clientAt.get(place(use));
  uses.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  const scan = {
    uses,
    skipped: skipped.sort(),
    clients: followed.clients,
    files: files.map((f) => displayPath(cwd, f)),
  };
  return { scan, code: { program, unparsable } };
}

const place = (use: FoundUse) => `${use.file}:${use.line}:${use.column}`;

function unreadable(cwd: string, path: string, error: unknown): FoundUse {
  const why =
    error instanceof RangeError
      ? "nested too deeply to parse"
      : ((error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error));
  const file = displayPath(cwd, path);
  return { kind: "unreadable", reason: `could not be read (${why})`, file, line: 1, column: 1, code: file };
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
  /**
   * The string a path or key argument is, as written (usage/path-values.ts: a literal through casts, a `const` holding
   * one), never from a type alone, which a cast can make lie.
   */
  const literalValue = (node: TS.Node | undefined): string | null => {
    if (node === undefined || !ts.isExpression(node)) return null;
    const values = writtenLiterals(node, checker);
    return values?.length === 1 ? values[0]! : null;
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

  const jobs = traceJobs(source, checker, fromClient);
  const helperUses = (node: TS.Node, at: TS.Node, calls: readonly HelperCall[]) => {
    for (const call of calls) uses.push(helperCallUse(call, where(node, at)));
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
          const path = literalValue(node.arguments[0]);
          const values = literalPathValues(node.arguments[1], FETCH_PATH, checker);
          uses.push({ kind: "call", method, path, ...(values && { values }), ...where(node, callee.name) });
        } else if (method === WAIT_FOR_TASK) {
          uses.push({ kind: "wait", ...where(node, callee.name) });
        } else if (Object.hasOwn(COMPUTE_HELPERS, method) && jobs.isCompute(target)) {
          helperUses(node, callee.name, jobsCalls(COMPUTE_HELPERS[method]!, node.arguments.length));
          if (JOB_SOURCES.has(method) || JOBS.has(method)) getsJobs = true;
        } else if (Object.hasOwn(JOB_HELPERS, method) && jobs.isJob(target)) {
          helperUses(node, callee.name, [JOB_HELPERS[method]!]);
        } else if (Object.hasOwn(JOB_HELPERS, method) && !jobs.isNotJob(target)) {
          untraced.push({ node, at: callee.name, method });
        } else if (names.has(method) && !isTable(target)) {
          const values = literalPathValues(node.arguments[0], NAMED_PATH, checker);
          uses.push({ kind: "named", entry: method, ...(values && { values }), ...where(node, callee.name) });
        } else if (
          method === "safe" &&
          ts.isPropertyAccessExpression(target) &&
          names.has(target.name.text) &&
          !isTable(target.expression)
        ) {
          const values = literalPathValues(node.arguments[0], NAMED_PATH, checker);
          uses.push({ kind: "named", entry: target.name.text, ...(values && { values }), ...where(node, target.name) });
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
  const suspected = untraced.length === 0 ? undefined : jobs.mayHoldJobs(getsJobs);
  if (suspected !== undefined)
    for (const { node, at, method } of untraced) {
      const assumed = `receiver not traced to a job; counted as a job's ${method}() because this file ${suspected}`;
      uses.push({ ...helperCallUse(JOB_HELPERS[method]!, where(node, at)), assumed } as FoundUse);
    }
  return uses;
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
