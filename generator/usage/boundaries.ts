/**
 * The allowlist's edges (usage/follow.ts follows the client's values; this module says where the following stops and
 * the place counts as unknown, at the top level). A client value may only be called as a known operation, flow where
 * its type still shows it into code the analysis reads, or be handed to what is known not to call. So, besides a
 * value cast or passed to a weaker type (usage/escapes.ts), these places are unknown:
 *  - an implementation the client may reach with a weaker parameter type than the signature it is reached through:
 *    an overload's or an interface's, an abstract or overridden method's, an object literal's method under its
 *    contextual type, a function given where a function taking the client is expected (`.then(onClient)`, `const f:
 *    (c: RedClient) => void = impl`); a `this` typed without the client in a method of an object holding it;
 *  - flows no type governs: `throw` (a `catch` receives it untyped), `for (c of clients)` into an existing variable
 *    of a weaker type;
 *  - a module the analysis cannot read: an import, `import()` or `require` it cannot resolve (a computed one, a
 *    specifier with a query), `createRequire` (a require made at run time);
 *  - code from a string: the global `eval` or `Function` reached any way (a variable, `globalThis.eval`, `(0,
 *    eval)`), the `constructor` of a function (the AsyncFunction and GeneratorFunction constructors), `node:vm`,
 *    `node:inspector`, `node:repl`, a worker started from a string (`new Worker(code, { eval: true })`, the
 *    constructor under another name, or an `eval` option written anywhere else).
 */
import { builtinModules } from "node:module";
import type * as TS from "typescript";
import type { Capabilities } from "./capabilities.js";
import { eachType } from "./capabilities.js";
import { writtenKey } from "./path-values.js";
import { ts } from "./typescript.js";

/** Node's modules that load or run code the analysis cannot read. */
const LOADERS: Readonly<Record<string, string>> = {
  vm: "code run from a string (node:vm) may use any client in scope",
  module: "a module loaded through createRequire cannot be followed",
  inspector: "code run from a string (node:inspector's Runtime.evaluate) may use any client in scope",
  "inspector/promises": "code run from a string (node:inspector's Runtime.evaluate) may use any client in scope",
  repl: "code run from a string (node:repl) may use any client in scope",
};
const BUILTINS: ReadonlySet<string> = new Set(builtinModules);

export interface BoundaryContext {
  program: TS.Program;
  checker: TS.TypeChecker;
  caps: Capabilities;
  file: TS.SourceFile;
  /** Whether the file can see a client's declarations (unresolved imports are unknown only there). */
  reaches: boolean;
  unknown(node: TS.Node, at: TS.Node, reason: string): void;
}

/** The checks of one file: call on every node of the walk. */
export function boundaries(context: BoundaryContext): (node: TS.Node) => void {
  const { program, checker, caps, file } = context;
  const { holds, typeOf } = caps;
  const unknown = context.unknown;

  /** A type that may hold a client but does not show it (any, unknown, object, a type parameter, ...). */
  const weak = (type: TS.Type): boolean => {
    if (holds(type)) return false;
    const plain =
      ts.TypeFlags.StringLike |
      ts.TypeFlags.NumberLike |
      ts.TypeFlags.BooleanLike |
      ts.TypeFlags.BigIntLike |
      ts.TypeFlags.ESSymbolLike |
      ts.TypeFlags.EnumLike |
      ts.TypeFlags.Void |
      ts.TypeFlags.Undefined |
      ts.TypeFlags.Null |
      ts.TypeFlags.Never;
    return !eachType(type).every((t) => (t.flags & plain) !== 0);
  };

  /** The type of parameter `index` of `signature` (a rest parameter's element type), if it has one. */
  const parameterType = (signature: TS.Signature, index: number): TS.Type | undefined => {
    const parameters = signature.getParameters();
    const given = parameters[index];
    if (given !== undefined) {
      const declaration = given.valueDeclaration;
      const type = checker.getTypeOfSymbol(given);
      if (declaration && ts.isParameter(declaration) && declaration.dotDotDotToken)
        return checker.getIndexTypeOfType(type, ts.IndexKind.Number) ?? type;
      return type;
    }
    const last = parameters[parameters.length - 1]?.valueDeclaration;
    if (last && ts.isParameter(last) && last.dotDotDotToken) {
      const type = checker.getTypeOfSymbol(parameters[parameters.length - 1]!);
      return checker.getIndexTypeOfType(type, ts.IndexKind.Number) ?? type;
    }
    return undefined;
  };

  /** Some call signature of `type` takes a client at `index`. */
  const takesAt = (type: TS.Type | undefined, index: number): boolean =>
    type !== undefined &&
    eachType(checker.getNonNullableType(type)).some((t) =>
      t.getCallSignatures().some((s) => {
        const given = parameterType(s, index);
        return given !== undefined && !(given.flags & ts.TypeFlags.Any) && holds(given);
      }),
    );

  /** The types a function-like may be called through, besides its own: overloads, base members, context. */
  const viewsOf = (fn: TS.SignatureDeclaration): TS.Type[] => {
    const views: TS.Type[] = [];
    if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
      const contextual = checker.getContextualType(fn);
      if (contextual) views.push(contextual);
      return views;
    }
    if (!ts.isFunctionDeclaration(fn) && !ts.isMethodDeclaration(fn)) return views;
    if (fn.body === undefined) return views;
    const name = fn.name;
    if (name === undefined) return views;
    // Overloads: the signatures callers see; the implementation is what runs.
    const symbol = checker.getSymbolAtLocation(name);
    for (const d of symbol?.declarations ?? [])
      if (d !== fn && ts.isFunctionLike(d) && !(d as TS.FunctionLikeDeclaration).body)
        views.push(checker.getTypeOfSymbolAtLocation(symbol!, d));
    const owner = fn.parent;
    if (ts.isObjectLiteralExpression(owner)) {
      const contextual = checker.getContextualType(owner);
      const key = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
      const member = contextual && key !== undefined ? checker.getPropertyOfType(contextual, key) : undefined;
      if (member) views.push(checker.getTypeOfSymbol(member));
    } else if (ts.isClassLike(owner) && symbol !== undefined) {
      // Every type the class extends or implements that has a member of this name.
      for (const clause of owner.heritageClauses ?? [])
        for (const base of clause.types) {
          const member = checker.getPropertyOfType(checker.getTypeAtLocation(base), symbol.name);
          if (member) views.push(checker.getTypeOfSymbol(member));
        }
    }
    return views;
  };

  const parameter = (node: TS.ParameterDeclaration): void => {
    const fn = node.parent;
    if (ts.isIdentifier(node.name) && node.name.text === "this") {
      thisParameter(node, fn);
      return;
    }
    if (node.type === undefined && (node.flags & ts.NodeFlags.JavaScriptFile) === 0 && !ts.isMethodDeclaration(fn))
      return;
    const own = checker.getTypeAtLocation(node);
    if (!weak(own)) return;
    let index = fn.parameters.indexOf(node);
    if (fn.parameters[0] && ts.isIdentifier(fn.parameters[0].name) && fn.parameters[0].name.text === "this") index--;
    if (viewsOf(fn).some((view) => takesAt(view, index)))
      unknown(node, node, "a client value reaches an implementation whose parameter type does not show its members");
  };

  /** `go(this: any)` in an object or class that holds a client: the client is read through an untyped `this`. */
  const thisParameter = (node: TS.ParameterDeclaration, fn: TS.SignatureDeclaration): void => {
    if (node.type === undefined || !weak(checker.getTypeFromTypeNode(node.type))) return;
    const owner = fn.parent;
    const holder = ts.isObjectLiteralExpression(owner)
      ? checker.getTypeAtLocation(owner)
      : ts.isClassLike(owner)
        ? checker.getTypeAtLocation(owner.name ?? owner)
        : undefined;
    if (holder === undefined) return;
    const instance = ts.isClassLike(owner)
      ? checker.getDeclaredTypeOfSymbol(checker.getTypeAtLocation(owner).getSymbol() ?? holder.getSymbol()!)
      : holder;
    if (holds(instance)) unknown(node, node, "a client value is read through a `this` typed without its members");
  };

  /** A function value given where a function taking a client is expected, with a weaker parameter of its own. */
  const functionValue = (value: TS.Expression): void => {
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return; // its parameters are checked
    const type = typeOf(value);
    if (type.flags & ts.TypeFlags.Any) return;
    const own = type.getCallSignatures();
    if (own.length === 0) return;
    if (caps.declaredInClient(type.getSymbol() ?? ({ declarations: [] } as unknown as TS.Symbol))) return;
    const contextual = checker.getContextualType(value);
    if (contextual === undefined) return;
    const count = Math.max(...own.map((s) => s.getParameters().length));
    for (let index = 0; index < count; index++) {
      if (
        !own.some((s) => {
          const p = parameterType(s, index);
          return p !== undefined && weak(p);
        })
      )
        continue;
      if (takesAt(contextual, index)) {
        unknown(value, value, "a client value reaches a function whose parameter type does not show its members");
        return;
      }
    }
  };

  /** A module specifier the analysis cannot resolve (or that loads code it cannot read). */
  const moduleUse = (node: TS.Node, specifier: TS.Expression | undefined): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) {
      unknown(node, node, "a module loaded by a computed name cannot be followed");
      return;
    }
    const name = specifier.text;
    const bare = name.startsWith("node:") ? name.slice(5) : name;
    if (Object.hasOwn(LOADERS, bare) && (BUILTINS.has(bare) || name.startsWith("node:"))) {
      unknown(node, specifier, LOADERS[bare]!);
      return;
    }
    if (BUILTINS.has(bare) || name.startsWith("node:")) return; // Node's own modules call no client
    if (resolved(specifier)) return;
    // A relative or absolute specifier that does not resolve is a file the analysis cannot see (a query, a hash);
    // a package that does not resolve is unknown only where the client can be seen.
    if (/^[./]|^[a-z][a-z0-9+.-]*:/i.test(name) || context.reaches)
      unknown(
        node,
        specifier,
        `the module ${JSON.stringify(name)} cannot be resolved, so what it does cannot be followed`,
      );
  };

  /** The program resolved the specifier (TypeScript's own resolution, as it built the program). */
  const resolved = (specifier: TS.StringLiteralLike): boolean => {
    const withResolutions = program as TS.Program & {
      getResolvedModule?(
        f: TS.SourceFile,
        name: string,
        mode: TS.ResolutionMode,
      ): TS.ResolvedModuleWithFailedLookupLocations | undefined;
    };
    if (withResolutions.getResolvedModule !== undefined) {
      const mode = program.getModeForUsageLocation(file, specifier);
      return withResolutions.getResolvedModule(file, specifier.text, mode)?.resolvedModule !== undefined;
    }
    return checker.getSymbolAtLocation(specifier) !== undefined;
  };

  /** The global `eval` or `Function` (not one the code declares), by its symbol. */
  const isGlobalRunner = (name: TS.Identifier | TS.MemberName): boolean => {
    if (name.text !== "eval" && name.text !== "Function") return false;
    const symbol = checker.getSymbolAtLocation(name);
    const declaration = symbol?.declarations?.[0];
    if (declaration === undefined) return ts.isIdentifier(name) && !ts.isPropertyAccessExpression(name.parent);
    return program.isSourceFileDefaultLibrary(declaration.getSourceFile());
  };

  return (node: TS.Node): void => {
    switch (node.kind) {
      case ts.SyntaxKind.Parameter:
        parameter(node as TS.ParameterDeclaration);
        return;
      case ts.SyntaxKind.ThrowStatement: {
        const thrown = (node as TS.ThrowStatement).expression;
        if (holds(typeOf(thrown))) unknown(thrown, thrown, "a client value is thrown: a catch receives it untyped");
        return;
      }
      case ts.SyntaxKind.ForOfStatement: {
        const loop = node as TS.ForOfStatement;
        if (ts.isVariableDeclarationList(loop.initializer)) return;
        if (holds(typeOf(loop.expression)) && weak(typeOf(loop.initializer)))
          unknown(
            loop.initializer,
            loop.initializer,
            "a client value is assigned to a variable typed without its members",
          );
        return;
      }
      case ts.SyntaxKind.ImportDeclaration:
      case ts.SyntaxKind.ExportDeclaration: {
        const statement = node as TS.ImportDeclaration | TS.ExportDeclaration;
        const typeOnly = ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly;
        if (!typeOnly && statement.moduleSpecifier) moduleUse(statement, statement.moduleSpecifier);
        return;
      }
      case ts.SyntaxKind.ImportEqualsDeclaration: {
        const reference = (node as TS.ImportEqualsDeclaration).moduleReference;
        if (ts.isExternalModuleReference(reference)) moduleUse(node, reference.expression);
        return;
      }
      case ts.SyntaxKind.CallExpression: {
        const call = node as TS.CallExpression;
        if (call.expression.kind === ts.SyntaxKind.ImportKeyword) moduleUse(call, call.arguments[0]);
        else if (ts.isIdentifier(call.expression) && call.expression.text === "require" && requireOf(call.expression))
          moduleUse(call, call.arguments[0]);
        return;
      }
      case ts.SyntaxKind.NewExpression: {
        const created = node as TS.NewExpression;
        const options = created.arguments?.[1];
        if (isWorker(created.expression, 0) && options !== undefined && runsString(options))
          unknown(created, created, "a worker started from a string may use any client");
        return;
      }
      case ts.SyntaxKind.ObjectLiteralExpression: {
        // `{ eval: true }` anywhere but as the options of a worker it knows (checked above): options that may reach a
        // worker however it is constructed (`Reflect.construct`, a subclass, a variable holding them).
        const literal = node as TS.ObjectLiteralExpression;
        const parent = literal.parent;
        if (ts.isNewExpression(parent) && parent.arguments?.[1] === literal && isWorker(parent.expression, 0)) break;
        if (literal.properties.some(evalOption))
          unknown(literal, literal, "an `eval` option may start a worker from a string, which may use any client");
        break;
      }
      case ts.SyntaxKind.Identifier: {
        const id = node as TS.Identifier;
        const parent = id.parent;
        if ((id.text !== "eval" && id.text !== "Function") || inType(id)) break;
        // A declaration's name, or a member's name (checked as the member read below).
        if (ts.isPropertyAccessExpression(parent) && parent.name === id) {
          if (isGlobalRunner(id))
            unknown(parent, parent, `code run from a string (${id.text}) may use any client in scope`);
          return;
        }
        if (
          (ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent)) &&
          parent.name === id
        )
          return;
        if (ts.isPropertyAssignment(parent) && parent.name === id) return;
        if (isGlobalRunner(id)) unknown(id, id, `code run from a string (${id.text}) may use any client in scope`);
        return;
      }
      case ts.SyntaxKind.PropertyAccessExpression: {
        const read = node as TS.PropertyAccessExpression;
        if (read.name.text !== "constructor") break;
        const receiver = checker.getTypeAtLocation(read.expression);
        if (!(receiver.flags & ts.TypeFlags.Any) && receiver.getCallSignatures().length > 0)
          unknown(read, read, "a function's constructor runs code from a string, which may use any client in scope");
        return;
      }
    }
    if (isFunctionFlow(node)) functionValue(node as TS.Expression);
  };

  /**
   * A worker's constructor: named `Worker` (`Worker`, `threads.Worker`), or a name that stands for it (imported or
   * destructured under another name, a `const` holding it).
   */
  function isWorker(callee: TS.Expression, depth: number): boolean {
    let inner = callee;
    while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner)) inner = inner.expression;
    if (ts.isPropertyAccessExpression(inner)) return inner.name.text === "Worker";
    if (!ts.isIdentifier(inner)) return false;
    if (inner.text === "Worker") return true;
    const declaration = checker.getSymbolAtLocation(inner)?.declarations?.[0];
    if (declaration === undefined || depth > 8) return false;
    if (ts.isImportSpecifier(declaration) || ts.isBindingElement(declaration)) {
      const imported = declaration.propertyName ?? declaration.name;
      return ts.isIdentifier(imported) && imported.text === "Worker";
    }
    if (ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined)
      return isWorker(declaration.initializer, depth + 1);
    return false;
  }

  /** `require` is the global one (not a function the code declares). */
  function requireOf(name: TS.Identifier): boolean {
    const declaration = checker.getSymbolAtLocation(name)?.declarations?.[0];
    return declaration === undefined || declaration.getSourceFile().isDeclarationFile;
  }
}

/** @types/node's declarations (its `Console`). */
export const NODE_TYPES: RegExp = /[\\/]node_modules[\\/]@types[\\/]node[\\/]/;

/** The interfaces of what the allowlist trusts not to call a client handed to it, and their global names. */
const INSPECTORS: ReadonlySet<string> = new Set(["Console", "JSON"]);
const INSPECTOR_NAMES: ReadonlySet<string> = new Set(["console", "JSON"]);
/** `Object.<name>(target, ...)` and `Reflect.<name>(target, ...)` that write to `target`. */
const WRITERS: ReadonlySet<string> = new Set(["assign", "defineProperty", "defineProperties", "setPrototypeOf", "set"]);

/**
 * Where the code replaces what the allowlist trusts not to call (`console.log = f`, `JSON.stringify = f`,
 * `Object.assign(console, ...)`, `globalThis.console = ...`): a client later handed to console may reach `f`, so each
 * such write is unknown. Checked in every file of the code, as a replacement may sit in a file that cannot see the
 * client; by declaration: the receiver's type is the standard library's (or @types/node's) `Console` or `JSON`, or
 * the name written is their global. A write through `any` is not seen (see docs/needs.md).
 */
export function inspectorWrites(program: TS.Program, checker: TS.TypeChecker, file: TS.SourceFile): TS.Node[] {
  const found: TS.Node[] = [];
  const library = (d: TS.Declaration): boolean => {
    const from = d.getSourceFile();
    return (
      program.isSourceFileDefaultLibrary(from) ||
      (NODE_TYPES.test(from.fileName) && program.isSourceFileFromExternalLibrary(from))
    );
  };
  const inspector = (type: TS.Type): boolean =>
    eachType(type).some((t) =>
      (t.getSymbol()?.declarations ?? []).some(
        (d) => ts.isInterfaceDeclaration(d) && INSPECTORS.has(d.name.text) && library(d),
      ),
    );
  /** `console`, `JSON` (also as `globalThis.console`): the global variables the library declares. */
  const global = (name: TS.Node): boolean =>
    (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) &&
    INSPECTOR_NAMES.has(name.text) &&
    (checker.getSymbolAtLocation(name)?.declarations ?? []).some((d) => ts.isVariableDeclaration(d) && library(d));
  const target = (node: TS.Expression): boolean => {
    const left = skipParentheses(node);
    if (ts.isIdentifier(left)) return global(left);
    // Only a member of those the library declares asks for the receiver's type (most writes are to other names).
    if (ts.isPropertyAccessExpression(left)) {
      const name = left.name.text;
      if (INSPECTOR_NAMES.has(name) && global(left.name)) return true; // `globalThis.console = ...`
      return memberNames(program, checker).has(name) && inspector(checker.getTypeAtLocation(left.expression));
    }
    if (ts.isElementAccessExpression(left)) {
      const key = left.argumentExpression;
      if ((ts.isStringLiteralLike(key) || ts.isNumericLiteral(key)) && !memberNames(program, checker).has(key.text))
        return false;
      return inspector(checker.getTypeAtLocation(left.expression));
    }
    return false;
  };
  const visit = (node: TS.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      target(node.left)
    )
      found.push(node);
    else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression;
      const owner = callee.expression;
      const first = node.arguments[0];
      if (
        WRITERS.has(callee.name.text) &&
        ts.isIdentifier(owner) &&
        (owner.text === "Object" || owner.text === "Reflect") &&
        first !== undefined &&
        (global(skipParentheses(first)) || inspector(checker.getTypeAtLocation(first)))
      )
        found.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const memberNamesOf = new WeakMap<TS.Program, ReadonlySet<string>>();

/** The members of the global `console` and `JSON`, as the program's library declares them. */
function memberNames(program: TS.Program, checker: TS.TypeChecker): ReadonlySet<string> {
  let names = memberNamesOf.get(program);
  if (names === undefined) {
    const found = new Set<string>();
    for (const name of INSPECTOR_NAMES) {
      const symbol = checker.resolveName(name, undefined, ts.SymbolFlags.Value, false);
      if (symbol === undefined) continue;
      for (const member of checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol))) found.add(member.name);
    }
    memberNamesOf.set(program, (names = found));
  }
  return names;
}

function skipParentheses(node: TS.Expression): TS.Expression {
  let inner = node;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

/** A name written in a type (`f: Function`, `typeof eval`), which runs nothing. */
function inType(node: TS.Node): boolean {
  for (let at = node.parent; at !== undefined && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isTypeNode(at) && !ts.isExpressionWithTypeArguments(at)) return true;
    if (ts.isExpressionWithTypeArguments(at))
      return ts.isHeritageClause(at.parent) && at.parent.token === ts.SyntaxKind.ImplementsKeyword;
    if (ts.isStatement(at) || ts.isExpressionStatement(at)) return false;
  }
  return false;
}

/**
 * Per-call options known to change only how a call's request is made, never where it goes or through what: its
 * parameters (judged by the analysis), body and headers, and the standard RequestInit fields. Anything else a call is
 * given (openapi-fetch's `baseUrl`, `fetch`, `middleware`, `pathSerializer`, `querySerializer`, a field a later
 * version adds) may send something other than what is written.
 */
const SAFE_OPTIONS: ReadonlySet<string> = new Set([
  "params",
  "body",
  "headers",
  "signal",
  "parseAs",
  "bodySerializer",
  "cache",
  "credentials",
  "integrity",
  "keepalive",
  "mode",
  "priority",
  "redirect",
  "referrer",
  "referrerPolicy",
  "window",
  "duplex",
]);

/**
 * Why a call's own options may send something other than what is written (an option not in SAFE_OPTIONS: a per-call
 * `baseUrl`, `fetch`, `middleware` or serializer of the path or query), or undefined. Options that are not an object
 * literal count when their type has (or may have) such a member; a spread, by its type; a key that is not a literal
 * as written, always.
 */
export function sentOtherwise(
  options: TS.Expression | undefined,
  checker: TS.TypeChecker,
  typeOf: (node: TS.Node) => TS.Type,
): string | undefined {
  if (options === undefined) return undefined;
  let inner: TS.Node = options;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner))
    inner = inner.expression;
  const reason = (key: string) => `the call's own ${key} can change what it sends`;
  const mayHave = (type: TS.Type): string | undefined => {
    if ((type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0) return "options (untyped)";
    for (const t of eachType(checker.getNonNullableType(type))) {
      if (checker.getIndexInfosOfType(t).length > 0) return "options (any key)";
      const other = checker.getPropertiesOfType(t).find((p) => !SAFE_OPTIONS.has(p.name));
      if (other !== undefined) return JSON.stringify(other.name).slice(1, -1);
    }
    return undefined;
  };
  if (!ts.isObjectLiteralExpression(inner)) {
    const found = mayHave(typeOf(inner));
    return found ? reason(found) : undefined;
  }
  for (const p of inner.properties) {
    if (ts.isSpreadAssignment(p)) {
      const found = mayHave(typeOf(p.expression));
      if (found) return reason(found);
      continue;
    }
    const key = p.name === undefined ? undefined : writtenKey(p.name, checker);
    if (key === undefined) return reason("options (a computed key)");
    if (!SAFE_OPTIONS.has(key)) return reason(JSON.stringify(key).slice(1, -1));
  }
  return undefined;
}

/** Worker options that may say `eval: true`: anything but an object literal without a true-ish `eval`. */
function runsString(options: TS.Expression): boolean {
  if (!ts.isObjectLiteralExpression(options)) return true;
  return options.properties.some(
    (p) =>
      ts.isSpreadAssignment(p) ||
      (p.name !== undefined &&
        (!ts.isIdentifier(p.name) || p.name.text === "eval") &&
        !(ts.isPropertyAssignment(p) && p.initializer.kind === ts.SyntaxKind.FalseKeyword)),
  );
}

/** A property `eval` (by any spelling of its key) whose value is not `false`. */
function evalOption(p: TS.ObjectLiteralElementLike): boolean {
  const name = p.name;
  if (name === undefined) return false;
  const key =
    ts.isIdentifier(name) || ts.isStringLiteralLike(name)
      ? name.text
      : ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)
        ? name.expression.text
        : undefined;
  return key === "eval" && !(ts.isPropertyAssignment(p) && p.initializer.kind === ts.SyntaxKind.FalseKeyword);
}

/** A name or member read handed on as a value (an argument, an initialiser, a return), not called where it is read. */
function isFunctionFlow(node: TS.Node): boolean {
  if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return false;
  const parent = node.parent;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent))
    return parent.arguments?.includes(node as TS.Expression) ?? false;
  if (ts.isVariableDeclaration(parent)) return parent.initializer === node && parent.type !== undefined;
  if (ts.isPropertyAssignment(parent)) return parent.initializer === node;
  if (ts.isBinaryExpression(parent))
    return parent.right === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  return (
    ts.isReturnStatement(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isArrayLiteralExpression(parent)
  );
}
