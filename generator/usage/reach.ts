/**
 * Which files of a Program can see a declaration of some given files (a client's), by name rather than by file: a
 * file that imports `summarise` from a module that also imports the client sees the client only if `summarise`'s own
 * declaration does. The analyses ask it to leave out work that cannot matter: `needs` walks with the type checker only
 * the files that can see a client's declarations (usage/follow.ts), `diff --code` re-checks only those that can see a
 * changed file (usage/typecheck.ts).
 *
 * Sound by construction: an expression's type is made of the types of the names it uses (its file's declarations,
 * what it imports, the globals) and of syntax, so a file none of whose names leads to a given file holds no value of
 * a type declared there. A name leads where its declarations lead: each top-level statement declaring it (for a
 * function, its body too), every name that statement uses, on to other files through imports, and what is attached
 * to it elsewhere (`f.x = ...`). Names are matched by their text, which can only find more. The globals: when every
 * declaration that reaches the global scope from outside the standard library (a script, `declare global`, a module
 * augmentation, `export as namespace`) leads nowhere, no global does (the standard library names only globals); when
 * one does, every file counts as reaching. Whatever is not followed counts as reaching: an import that resolves to
 * nothing, `import("...")` and `require(...)`, import types, JavaScript (its JSDoc types), JSX (its implicit imports).
 */
import type * as TS from "typescript";
import { ts } from "./typescript.js";

/** A file's top-level statement, the unit names are followed by; or the whole file, for a namespace import. */
type Unit = TS.Statement | TS.SourceFile;
/**
 * A step of the search: a unit, or a symbol one leads to. Symbols are steps of their own, searched once, so that a
 * symbol many units name (a namespace of `@types/node`, with thousands of members) is walked once per search, not
 * once per unit that names it.
 */
type Step = Unit | TS.Symbol;
const isUnit = (step: Step): step is Unit => "kind" in step;

/**
 * A test of whether a file's code can see a declaration in a file `isTarget` accepts; undefined when the global scope
 * can (then every file can).
 */
export function nameReach(
  program: TS.Program,
  isTarget: (file: TS.SourceFile) => boolean,
): ((file: TS.SourceFile) => boolean) | undefined {
  const checker = program.getTypeChecker();
  /** Steps known not to reach (every step a failed search visited: all they lead to was visited too). */
  const clean = new Set<Step>();
  const reaching = new Set<Step>();

  /** Whether some unit of `units` leads to a target: a depth-first search over units and symbols. */
  const reaches = (units: readonly Unit[]): boolean => {
    const from = new Map<Step, Step | undefined>(units.map((u) => [u, undefined]));
    const stack: Step[] = [...units];
    const found = (step: Step) => {
      // The path to it leads there too.
      for (let s: Step | undefined = step; s !== undefined; s = from.get(s)) reaching.add(s);
      return true;
    };
    const seen = new Set<Step>();
    for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
      if (clean.has(step) || seen.has(step)) continue;
      if (reaching.has(step)) return found(step);
      seen.add(step);
      const next = isUnit(step) ? edges(step) : symbolEdges(step);
      if (next === "target") return found(step);
      for (const s of next)
        if (!seen.has(s) && !clean.has(s)) {
          if (!from.has(s)) from.set(s, step);
          stack.push(s);
        }
    }
    for (const step of seen) clean.add(step);
    return false;
  };

  /** The symbols a unit names, or "target" when it is in a target or leads somewhere that cannot be followed. */
  const edges = (unit: Unit): readonly Step[] | "target" => {
    const file = ts.isSourceFile(unit) ? unit : unit.getSourceFile();
    if (isTarget(file)) return "target";
    if (ts.isSourceFile(unit)) return unit.statements;
    if (program.isSourceFileDefaultLibrary(file)) return []; // it names only globals (checked below)
    if (file.flags & ts.NodeFlags.JsonFile) return []; // a value (resolveJsonModule): it names nothing, JSX or not
    if (file.flags & ts.NodeFlags.JavaScriptFile || file.languageVariant === ts.LanguageVariant.JSX) return "target";
    const found = namesOf(unit);
    if (found === "opaque") return "target";
    const out: TS.Symbol[] = [];
    // The file's own names (TypeScript's binder keeps them on the file); without them nothing could be told.
    const locals = (file as TS.SourceFile & { locals?: TS.SymbolTable }).locals;
    if (locals === undefined) return "target";
    for (const text of found.texts) {
      const local = locals.get(text);
      if (local !== undefined) out.push(local);
    }
    for (const node of found.resolved) {
      const symbol = checker.getSymbolAtLocation(node);
      if (symbol === undefined) return "target";
      out.push(symbol);
    }
    return out;
  };

  /**
   * Where a symbol leads: the units declaring it and the symbols tied to it; "target" when it cannot be followed (a
   * symbol without declarations: an import of nothing, a symbol made by the checker).
   */
  const symbolEdges = (s: TS.Symbol): readonly Step[] | "target" => {
    if (s.flags & ts.SymbolFlags.Prototype) return []; // a class's `prototype`: its declaration says it
    const declarations = s.declarations ?? [];
    if (declarations.length === 0) return "target";
    const out: Step[] = declarations.map(unitOf);
    if (s.flags & ts.SymbolFlags.Alias) out.push(checker.getAliasedSymbol(s));
    out.push(checker.getExportSymbolOfSymbol(s));
    if (s.flags & ts.SymbolFlags.Module) out.push(...checker.getExportsOfModule(s));
    // What is attached to it elsewhere: `f.x = ...` beside `function f`.
    s.exports?.forEach((member) => out.push(member));
    s.members?.forEach((member) => out.push(member));
    return out;
  };

  const namesOf = (unit: Unit): Edges | "opaque" => {
    let found = names.get(unit);
    if (found === undefined) names.set(unit, (found = collect(unit)));
    return found.opaque ? "opaque" : found;
  };

  // The global scope: every declaration reaching it from outside the standard library must lead nowhere.
  const global: Unit[] = [];
  for (const file of program.getSourceFiles()) {
    // A JSON file is a module's value, not a script, though TypeScript marks it neither a module nor TypeScript.
    if (program.isSourceFileDefaultLibrary(file) || file.flags & ts.NodeFlags.JsonFile) continue;
    if (!ts.isExternalModule(file)) global.push(...file.statements);
    else if (file.statements.some(ts.isNamespaceExportDeclaration)) global.push(file);
    else
      for (const s of file.statements)
        if (ts.isModuleDeclaration(s) && (ts.isStringLiteral(s.name) || s.flags & ts.NodeFlags.GlobalAugmentation))
          global.push(s);
  }
  if (reaches(global)) return undefined;

  return (file: TS.SourceFile) => {
    if (file.flags & ts.NodeFlags.JsonFile) return false; // a value: it names nothing (TypeScript parses it as JSX)
    if (file.languageVariant === ts.LanguageVariant.JSX) return true;
    return reaches(file.statements);
  };
}

/** The names of each unit read so far: syntax only, so shared by every Program that holds the same parsed file. */
const names = new WeakMap<Unit, Edges>();

interface Edges {
  /** Every identifier in the unit, escaped as symbol tables key them (names it uses, and more: property names). */
  texts: ReadonlySet<TS.__String>;
  /**
   * What to ask the checker about: import bindings below the top level (`declare module "x" { import ... }`, not the
   * file's own names) and the modules `export ... from`, `declare module "x"`, import types and `import(...)` name.
   */
  resolved: readonly TS.Node[];
  /** The unit reaches somewhere names do not tell: `require(...)`. */
  opaque: boolean;
}

/** The names a unit uses, iteratively (a deeply nested statement must not overflow the stack). */
function collect(unit: Unit): Edges {
  const texts = new Set<TS.__String>();
  const resolved: TS.Node[] = [];
  let opaque = false;
  const stack: TS.Node[] = ts.isSourceFile(unit) ? [...unit.statements] : [unit];
  const push = (child: TS.Node) => {
    stack.push(child);
  };
  for (let node = stack.pop(); node !== undefined && !opaque; node = stack.pop()) {
    if (ts.isIdentifier(node)) texts.add(node.escapedText);
    else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) resolved.push(argument.literal);
      else opaque = true;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) resolved.push(node.moduleSpecifier);
    // `declare module "./x" { ... }` merges into that module's declarations: it leads where they do.
    else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) resolved.push(node.name);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier !== undefined && ts.isStringLiteralLike(specifier)) resolved.push(specifier);
        else opaque = true;
      } else if (ts.isIdentifier(callee) && callee.text === "require") opaque = true;
    } else if (node !== unit && isNestedAlias(node) && node.name !== undefined) resolved.push(node.name);
    ts.forEachChild(node, push);
  }
  return { texts, resolved, opaque };
}
function isNestedAlias(
  node: TS.Node,
): node is TS.ImportClause | TS.ImportSpecifier | TS.NamespaceImport | TS.ImportEqualsDeclaration {
  if (!(ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node))) {
    return ts.isImportEqualsDeclaration(node) && !ts.isSourceFile(node.parent);
  }
  if (ts.isImportClause(node) && node.name === undefined) return false;
  let statement: TS.Node = node;
  while (!ts.isImportDeclaration(statement)) statement = statement.parent;
  return !ts.isSourceFile(statement.parent);
}

/** The top-level statement a declaration is in (or the file, when it is the file: a module's symbol). */
function unitOf(declaration: TS.Node): Unit {
  let node = declaration;
  while (!ts.isSourceFile(node) && !ts.isSourceFile(node.parent)) node = node.parent;
  return node as Unit;
}
