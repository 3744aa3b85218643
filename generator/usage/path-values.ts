/**
 * The path parameter values a call writes as literals (`client.readThing({ path: { id: "42" } })`,
 * `client.GET("/things/{id}", { params: { path: { id: "42" } } })`), so that usage/resolve.ts can judge the request
 * the runtime builds from them instead of every operation the template may fall on.
 *
 * Read from the syntax, never from a type: `"secret" as string as "42"` is `"secret"` at run time, so a cast is looked
 * through to the literal it holds, and a name counts only when it is a `const` whose initialiser is itself such a
 * value (followed to its declaration, in code the analysis reads: not in a declaration file). The objects on the way
 * (the arguments, `params`, `path`) must be object literals written at the call, whose key is an own property
 * assignment: a spread, a computed key that is not a literal, a getter or a method there, or a value that is anything
 * else, gives no values (the call then needs every operation its template may fall on). A value may be a string,
 * number or boolean literal, or a conditional between such values (then each is judged).
 */
import type * as TS from "typescript";
import { skipCasts } from "./syntax.js";
import { ts } from "./typescript.js";
import type { PathValues } from "./uses.js";

/** Where the path values are in a named call's arguments, and in openapi-fetch's options (`GET(path, options)`). */
export const NAMED_PATH: readonly string[] = ["path"];
export const FETCH_PATH: readonly string[] = ["params", "path"];

/** How deep a `const` chain or a conditional is followed, and how many values one parameter may have. */
const DEPTH = 8;
const VALUES_MAX = 8;

/**
 * The literal path values of a call whose options are `options`, found at `keys` (`["path"]` for a named call's
 * arguments, `["params", "path"]` for openapi-fetch's options); undefined when they are not all literals as written.
 */
export function literalPathValues(
  options: TS.Expression | undefined,
  keys: readonly string[],
  checker: TS.TypeChecker,
): PathValues | undefined {
  let object: TS.Expression | undefined = options;
  for (const key of keys) {
    const found = object === undefined ? undefined : ownValue(object, key);
    if (found === undefined) return undefined;
    object = found;
  }
  const path = object === undefined ? undefined : objectLiteral(object);
  if (path === undefined || !plainKeys(path)) return undefined;
  const values: Record<string, readonly string[]> = {};
  for (const property of path.properties) {
    const name = keyOf(property);
    if (name === undefined || name === "__proto__") return undefined;
    const written = ts.isPropertyAssignment(property)
      ? property.initializer
      : ts.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined;
    if (written === undefined) return undefined;
    const texts = literalTexts(written, checker, 0);
    if (texts === undefined) return undefined;
    values[name] = texts; // the last one written wins, as in the object
  }
  return values;
}

/** The value of `object`'s own property `key`, when `object` is an object literal whose keys are all plain. */
function ownValue(object: TS.Expression, key: string): TS.Expression | undefined {
  const literal = objectLiteral(object);
  if (literal === undefined || !plainKeys(literal)) return undefined;
  let value: TS.Expression | undefined;
  for (const property of literal.properties) {
    if (keyOf(property) !== key) continue;
    value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
  }
  return value;
}

function objectLiteral(node: TS.Expression): TS.ObjectLiteralExpression | undefined {
  const inner = skipCasts(node);
  return ts.isObjectLiteralExpression(inner) ? inner : undefined;
}

/** Every key of the object written out: no spread, no computed key that is not a literal, no getter or method. */
function plainKeys(object: TS.ObjectLiteralExpression): boolean {
  return object.properties.every(
    (p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && keyOf(p) !== undefined,
  );
}

function keyOf(property: TS.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}

/**
 * The texts a value written in the code turns into (`String(value)`), or undefined when it is not a literal as written
 * (a literal through casts, a `const` chain, a conditional between literals): what a path, a method or a member's key
 * is, which a cast to a literal type (`"/utilities/command/dtn01" as string as "/tasks"`) cannot change.
 */
export function writtenLiterals(node: TS.Expression, checker: TS.TypeChecker): string[] | undefined {
  return literalTexts(node, checker, 0);
}

/**
 * The key a property name is at run time: an identifier's or literal's text, or a computed key whose written value is
 * one literal (`[KEY]` with `const KEY = "fetch"`); undefined otherwise (a private name, a binding pattern, a key known
 * only at run time).
 */
export function writtenKey(name: TS.Node, checker: TS.TypeChecker): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) return name.text;
  if (!ts.isComputedPropertyName(name)) return undefined;
  const keys = writtenLiterals(name.expression, checker);
  return keys?.length === 1 ? keys[0] : undefined;
}

function literalTexts(node: TS.Expression, checker: TS.TypeChecker, depth: number): string[] | undefined {
  if (depth > DEPTH) return undefined;
  const inner = skipCasts(node);
  if (ts.isStringLiteralLike(inner)) return [inner.text];
  if (ts.isNumericLiteral(inner)) {
    const value = Number(inner.text);
    return Number.isFinite(value) ? [String(value)] : undefined;
  }
  if (inner.kind === ts.SyntaxKind.TrueKeyword) return ["true"];
  if (inner.kind === ts.SyntaxKind.FalseKeyword) return ["false"];
  if (ts.isConditionalExpression(inner)) {
    const whenTrue = literalTexts(inner.whenTrue, checker, depth + 1);
    const whenFalse = whenTrue && literalTexts(inner.whenFalse, checker, depth + 1);
    if (whenTrue === undefined || whenFalse === undefined) return undefined;
    const both = [...new Set([...whenTrue, ...whenFalse])];
    return both.length <= VALUES_MAX ? both : undefined;
  }
  if (ts.isIdentifier(inner)) {
    const initializer = constInitializer(inner, checker);
    return initializer === undefined ? undefined : literalTexts(initializer, checker, depth + 1);
  }
  return undefined;
}

/** The initialiser of the `const` a name refers to (through an import), when it is one the analysis reads. */
function constInitializer(name: TS.Identifier, checker: TS.TypeChecker): TS.Expression | undefined {
  let symbol = ts.isShorthandPropertyAssignment(name.parent)
    ? checker.getShorthandAssignmentValueSymbol(name.parent)
    : checker.getSymbolAtLocation(name);
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declarations = symbol?.declarations ?? [];
  if (declarations.length !== 1) return undefined;
  const declaration = declarations[0]!;
  if (
    !ts.isVariableDeclaration(declaration) ||
    !ts.isIdentifier(declaration.name) ||
    declaration.initializer === undefined ||
    !(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) ||
    ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Ambient ||
    declaration.getSourceFile().isDeclarationFile
  )
    return undefined;
  return declaration.initializer;
}
