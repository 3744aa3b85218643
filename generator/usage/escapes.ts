/**
 * Where a client value escapes the type analysis (usage/follow.ts): it flows to a place whose type no longer shows
 * its members (`red as any`, an `unknown` parameter, a reflective function such as `Reflect.apply` or
 * `Object.values`), and from there on nobody can follow it, so the place is an unknown use. A value may flow on only
 * where its type still shows the client, into code the analysis reads, or to what is known not to call
 * (inspectsOnly). The other edges of the allowlist are usage/boundaries.ts's.
 */
import type * as TS from "typescript";
import { NODE_TYPES } from "./boundaries.js";
import type { FileWalk } from "./findings.js";
import { calleeName, isJSDocCast, skipInner, skipOuter } from "./syntax.js";
import { ts } from "./typescript.js";

/** Standard-library functions that take members out of an object by name or call a function for it. */
const REFLECTIVE: ReadonlySet<string> = new Set([
  "Reflect",
  "ObjectConstructor",
  "Function",
  "CallableFunction",
  "NewableFunction",
  "ProxyHandler",
]);
/** Function methods whose first argument is the `this` of the call. */
const THIS_TAKERS: ReadonlySet<string> = new Set(["call", "apply", "bind"]);

/** A value handed as argument `index` of `call`, and the callee as a report names it. */
interface Handed {
  call: TS.CallExpression | TS.NewExpression;
  index: number;
  argument: TS.Expression;
  callee: string;
}

/** A value of a capability-carrying type reaching a place whose type no longer shows it: unknown there. */
export function flowOut(walk: FileWalk, value: TS.Expression): void {
  const type = walk.caps.typeOf(value);
  if (type.flags & ts.TypeFlags.Any || !walk.caps.holds(type)) return;
  const lost = lostAt(walk, value);
  if (lost !== undefined) walk.unknown(value, value, `a client value ${lost}`, value);
}

/** Why `value` (which carries a capability) cannot be followed from where it is, or undefined. */
function lostAt(walk: FileWalk, value: TS.Expression): string | undefined {
  const { checker, caps } = walk;
  if (isJSDocCast(value.parent))
    return caps.holds(checker.getTypeAtLocation(value.parent)) ? undefined : "is cast to a type without its members";
  const parent = skipOuter(value);
  const slot = parent.parent;
  if ((ts.isCallExpression(slot) || ts.isNewExpression(slot)) && slot.arguments?.includes(parent as TS.Expression))
    return argumentLost(walk, slot, slot.arguments.indexOf(parent as TS.Expression), parent as TS.Expression);
  if (ts.isSpreadElement(slot)) return "is spread into arguments it cannot follow";
  if (ts.isAsExpression(slot) || ts.isTypeAssertionExpression(slot)) {
    if (ts.isConstTypeReference(slot.type)) return undefined;
    return caps.holds(checker.getTypeFromTypeNode(slot.type)) ? undefined : "is cast to a type without its members";
  }
  // `red ?? x`, `c ? red : x`: the value goes on as the operator's result, lost if that is untyped.
  if (
    (ts.isBinaryExpression(slot) && slot.operatorToken.kind !== ts.SyntaxKind.EqualsToken) ||
    ts.isConditionalExpression(slot)
  ) {
    const result = checker.getTypeAtLocation(slot);
    return result.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) ? "is mixed with an untyped value" : undefined;
  }
  const contextual = checker.getContextualType(parent as TS.Expression);
  if (contextual === undefined || caps.holds(contextual)) return undefined;
  return `is given a type without its members (${checker.typeToString(contextual)})`;
}

/** Why a value passed as an argument is lost there: by the declaration of the function the call resolves to. */
function argumentLost(
  walk: FileWalk,
  call: TS.CallExpression | TS.NewExpression,
  index: number,
  argument: TS.Expression,
): string | undefined {
  const signature = walk.checker.getResolvedSignature(call);
  const declaration = signature?.getDeclaration();
  if (signature === undefined || declaration === undefined) return "is passed to a function it cannot resolve";
  const handed: Handed = { call, index, argument, callee: calleeName(call, walk.file) };
  // `this` for a client's own named call (`green.readTasks.bind(green)`, `Reflect.apply(green.readTasks, green,
  // [])`): the call is counted where it was read, and it does not use `this`.
  if (thisOfNamedCall(walk, call, index)) return undefined;
  if (walk.program.isSourceFileDefaultLibrary(declaration.getSourceFile()))
    return libraryArgumentLost(walk, declaration, handed);
  return codeArgumentLost(walk, signature, declaration, handed);
}

/** The standard library's functions: reflective ones reach members by name; the rest by their parameter's type. */
function libraryArgumentLost(
  walk: FileWalk,
  declaration: TS.SignatureDeclaration | TS.JSDocSignature,
  { call, index, argument, callee }: Handed,
): string | undefined {
  // `interface ObjectConstructor { values(...) }`, `declare namespace Reflect { function apply(...) }`.
  let container: TS.Node = declaration.parent;
  if (ts.isModuleBlock(container)) container = container.parent;
  const owner = ts.isInterfaceDeclaration(container) || ts.isModuleDeclaration(container) ? container.name.text : "";
  if (REFLECTIVE.has(owner)) return `is passed to ${callee}, which can reach its members by name`;
  if (inspectsOnly(owner, declaration, call, index)) return undefined;
  const contextual = walk.checker.getContextualType(argument);
  return contextual !== undefined && walk.caps.holds(contextual)
    ? undefined
    : `is passed to ${callee}, whose parameter type does not show its members`;
}

/**
 * Any other function, by its declaration: a package's (whose implementation is not read) loses the client even where
 * its parameter shows it, but for @types/node's Console; code the analysis reads keeps it where the parameter shows it.
 */
function codeArgumentLost(
  walk: FileWalk,
  signature: TS.Signature,
  declaration: TS.SignatureDeclaration | TS.JSDocSignature,
  { call, index, callee }: Handed,
): string | undefined {
  const { program, checker, caps } = walk;
  if (ts.isJSDocSignature(declaration)) return `is passed to ${callee}, declared in JSDoc only`;
  const from = declaration.getSourceFile();
  if (from.isDeclarationFile && !caps.capabilityFile(from) && holdsAt(walk, signature, index))
    return `is passed to ${callee}, whose implementation the analysis does not read (${walk.show(from.fileName)})`;
  if (
    NODE_TYPES.test(from.fileName) &&
    program.isSourceFileFromExternalLibrary(from) &&
    ts.isInterfaceDeclaration(declaration.parent) &&
    inspectsOnly(declaration.parent.name.text, declaration, call, index)
  )
    return undefined;
  const parameters = declaration.parameters;
  const last = parameters[parameters.length - 1];
  const parameter = index < parameters.length ? parameters[index] : last?.dotDotDotToken ? last : undefined;
  if (parameter === undefined) return `is passed to ${callee} beyond its parameters`;
  let declared = checker.getTypeAtLocation(parameter);
  if (parameter.dotDotDotToken) declared = checker.getIndexTypeOfType(declared, ts.IndexKind.Number) ?? declared;
  return caps.holds(declared) ? undefined : `is passed to ${callee}, whose parameter type does not show its members`;
}

/** The declared type of a signature's parameter `index` shows the client. */
function holdsAt(walk: FileWalk, signature: TS.Signature, index: number): boolean {
  const parameters = signature.getParameters();
  const given = parameters[Math.min(index, parameters.length - 1)];
  return given !== undefined && walk.caps.holds(walk.checker.getTypeOfSymbol(given));
}

/** Argument `index` is the `this` of a function declared in a client (`f.call(x)`, `Reflect.apply(f, x, a)`). */
function thisOfNamedCall(walk: FileWalk, call: TS.CallExpression | TS.NewExpression, index: number): boolean {
  const callee = skipInner(call.expression);
  let fn: TS.Expression | undefined;
  if (ts.isPropertyAccessExpression(callee) && THIS_TAKERS.has(callee.name.text) && index === 0) fn = callee.expression;
  else if (ts.isPropertyAccessExpression(callee) && callee.name.text === "apply" && index === 1)
    fn = ts.isIdentifier(callee.expression) && callee.expression.text === "Reflect" ? call.arguments?.[0] : undefined;
  if (fn === undefined) return false;
  const symbol = walk.checker.getTypeAtLocation(fn).getSymbol();
  return symbol !== undefined && walk.caps.declaredInClient(symbol);
}

/**
 * The functions known not to call what they are given (the allowlist's third way), by declaration: a method of the
 * standard library's or @types/node's `Console` (it prints), and `JSON.stringify(value)` without a replacer function
 * (a replacer is given every member). Anything else a client is handed to, typed without it, loses it.
 */
function inspectsOnly(
  owner: string,
  declaration: TS.SignatureDeclaration | TS.JSDocSignature,
  call: TS.CallExpression | TS.NewExpression,
  index: number,
): boolean {
  if (owner === "Console") return true;
  if (owner !== "JSON" || index !== 0 || !ts.isMethodSignature(declaration)) return false;
  if (!ts.isIdentifier(declaration.name) || declaration.name.text !== "stringify") return false;
  const replacer = call.arguments?.[1];
  if (replacer === undefined) return true;
  const inner = skipInner(replacer);
  return inner.kind === ts.SyntaxKind.NullKeyword || ts.isArrayLiteralExpression(inner);
}
