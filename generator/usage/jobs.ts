/**
 * The scan's job rule (usage/scan.ts): which receivers of `complete`, `state` and `cancel` are a job of the workflow
 * helpers, by syntax and the little the checker says of a name (what it declares). A job is what `submitJob` or `job`
 * of a compute object (`<x>.compute(...)`, or a variable initialised with one) resolved to, or an element of what
 * `jobs` resolved to (`all[0]`, `const [first] = ...`, `for (const j of ...)`, the first parameter of
 * `map`/`forEach`/`filter`/`find`/... callbacks, `find`/`findLast`/`at(i)`), through variables, `await`, parentheses,
 * `!` and optional chaining; the recursion through variables, patterns and callbacks is bounded (MAX_DEPTH), so
 * `const a = b, b = a` cannot loop. Fail closed: a receiver traced neither to a job nor to something clearly else
 * (`new ...`, a literal, a class) counts as a job's in a file that may hold jobs (mayHoldJobs says why: it gets jobs
 * from `compute(...)`, imports the generated client however TypeScript resolves the import (usage/modules.ts),
 * imports a module that resolves to nothing, or names an imported type ending in `Job`).
 */
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, resolve } from "node:path";
import type * as TS from "typescript";
import { isGeneratedFolder } from "../output/client-folder.js";
import type { CodeModules } from "./modules.js";
import { skipInner } from "./syntax.js";
import { ts } from "./typescript.js";

/** Where a module specifier written in a file leads: a generated client's module, nothing (`unresolved`), or else. */
export type ClientModules = (from: string, specifier: string) => "client" | "unresolved" | undefined;

/** The workflow helpers' entry: `<client>.compute(machine)`. */
const COMPUTE: ReadonlySet<string> = new Set(["compute"]);
/** Methods of a compute object that give one job. */
export const JOB_SOURCES: ReadonlySet<string> = new Set(["submitJob", "job"]);
/** Methods of a compute object that give an array of jobs. */
export const JOBS: ReadonlySet<string> = new Set(["jobs"]);
/** Array methods that give an array of the same elements (`jobs().filter(...)` still holds jobs). */
const SAME_ARRAY = new Set(["filter", "slice", "sort", "reverse", "toSorted", "toReversed"]);
/** Array methods that give one element. */
const ONE_ELEMENT = new Set(["find", "findLast", "at"]);
/** Array methods whose callback gets an element as its first parameter. */
const ELEMENT_CALLBACKS = new Set(["map", "forEach", "filter", "find", "findLast", "some", "every", "flatMap"]);
// Mutual recursion through variables, patterns and callbacks: `depth` bounds it (and `const a = b, b = a` loops).
const MAX_DEPTH = 12;

/** The job rule over one file. */
export interface JobTrace {
  /** `<x>.compute(...)`, or a variable initialised with one. */
  isCompute(node: TS.Node): boolean;
  /** A job: what `submitJob` or `job` of a compute object resolved to, or one element of what `jobs` resolved to. */
  isJob(node: TS.Node): boolean;
  /** Clearly not a job (built with `new`, a literal, a class or enum, a compute object or its jobs array). */
  isNotJob(node: TS.Node): boolean;
  /**
   * Why the file may hold jobs it cannot trace (so an untraced receiver counts as a job's), or undefined:
   * `getsJobs` when the file calls `submitJob`, `job` or `jobs` of a compute object itself.
   */
  mayHoldJobs(getsJobs: boolean): string | undefined;
}

export function traceJobs(source: TS.SourceFile, checker: TS.TypeChecker, fromClient: ClientModules): JobTrace {
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
  return {
    isCompute: (node) => isCompute(node),
    isJob: (node) => isJob(node),
    isNotJob: (node) => isNotJob(node),
    mayHoldJobs: (getsJobs) => (getsJobs ? "gets jobs from compute(...)" : mayReceiveJobs()),
  };

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

/**
 * What a module specifier written in a file names, for the job rule: a module of a generated client (a relative or
 * absolute path to the client folder, one of its modules or its `runtime/` modules, as written; or whatever
 * TypeScript resolves it to: a path alias, a package import, a workspace package, a wrapper re-exporting the client,
 * usage/modules.ts), or, for a non-relative import TypeScript cannot resolve, `unresolved`: it may be the client.
 * A client is recognised by its manifest, as everywhere else.
 */
export function clientModules(modules: CodeModules): ClientModules {
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

/** A module specifier's text (a string literal in any code that parses), else undefined. */
export function specifierText(node: TS.Expression | undefined): string | undefined {
  return node !== undefined && ts.isStringLiteral(node) ? node.text : undefined;
}

/** The text of a string literal or a template without substitutions, else undefined. */
function literalText(node: TS.Node | undefined): string | undefined {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}
