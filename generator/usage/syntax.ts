/**
 * The syntax the type analysis (usage/follow.ts) reads around a value, with no type asked: what an expression is
 * under its parentheses and casts, which call a member read is the callee of, where a value is handed on, what is
 * written to rather than read; and a node's code as a report prints it.
 */
import type * as TS from "typescript";
import { ts } from "./typescript.js";

/** Down through parentheses, `!`, `await` and casts: what an expression is (the syntax rules use it too). */
export function skipInner(node: TS.Node): TS.Node {
  let inner = node;
  while (isUnchanging(inner) || ts.isAwaitExpression(inner)) inner = inner.expression;
  return inner;
}

/** Down through parentheses, `!` and casts, which change no value at run time (`await` does: path-values.ts). */
export function skipCasts(node: TS.Expression): TS.Expression {
  let inner = node;
  while (isUnchanging(inner)) inner = inner.expression;
  return inner;
}

function isUnchanging(
  node: TS.Node,
): node is
  | TS.ParenthesizedExpression
  | TS.NonNullExpression
  | TS.AsExpression
  | TS.SatisfiesExpression
  | TS.TypeAssertion {
  return (
    ts.isParenthesizedExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node)
  );
}

/** Up through parentheses and `!`: the node whose parent decides where the value goes. */
export function skipOuter(node: TS.Node): TS.Node {
  let inner = node;
  while (ts.isParenthesizedExpression(inner.parent) || ts.isNonNullExpression(inner.parent)) inner = inner.parent;
  return inner;
}

/** The call a member read is the callee of (`(red.POST)!(...)` included), if it is one. */
export function calledAt(read: TS.Node): TS.CallExpression | undefined {
  const outer = skipOuter(read);
  const parent = outer.parent;
  return ts.isCallExpression(parent) && parent.expression === outer ? parent : undefined;
}

/**
 * The parents under which isFlowPosition can say yes: most nodes have none of them (a member read's name, a
 * statement's expression), and are passed over without the checks below.
 */
export const FLOW_PARENTS: ReadonlySet<TS.SyntaxKind> = new Set([
  ts.SyntaxKind.ParenthesizedExpression, // a JSDoc cast
  ts.SyntaxKind.CallExpression,
  ts.SyntaxKind.NewExpression,
  ts.SyntaxKind.BinaryExpression,
  ts.SyntaxKind.AsExpression,
  ts.SyntaxKind.TypeAssertionExpression,
  ts.SyntaxKind.ConditionalExpression,
  ts.SyntaxKind.SpreadElement,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ShorthandPropertyAssignment,
  ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.ReturnStatement,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.YieldExpression,
  ts.SyntaxKind.JsxExpression,
  ts.SyntaxKind.ExportAssignment,
]);

/** Where a value is handed on: an argument, an operand of a cast or an operator, an initialiser, a return value. */
export function isFlowPosition(node: TS.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node)) return false;
  if (cannotHold(node)) return false;
  const parent = node.parent;
  if (isJSDocCast(parent)) return true;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return parent.arguments?.includes(node) ?? false;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (op === ts.SyntaxKind.EqualsToken) return parent.right === node && !ts.isObjectLiteralExpression(parent.left);
    return (
      op === ts.SyntaxKind.QuestionQuestionToken ||
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.AmpersandAmpersandToken ||
      op === ts.SyntaxKind.BarBarEqualsToken ||
      op === ts.SyntaxKind.AmpersandAmpersandEqualsToken ||
      op === ts.SyntaxKind.QuestionQuestionEqualsToken ||
      op === ts.SyntaxKind.CommaToken
    );
  }
  return (
    ts.isAsExpression(parent) ||
    ts.isTypeAssertionExpression(parent) ||
    ts.isConditionalExpression(parent) ||
    ts.isSpreadElement(parent) ||
    (ts.isVariableDeclaration(parent) &&
      parent.initializer === node &&
      (parent.type !== undefined || ts.getJSDocType(parent) !== undefined)) ||
    (ts.isPropertyDeclaration(parent) && parent.initializer === node) ||
    (ts.isParameter(parent) && parent.initializer === node) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    ts.isShorthandPropertyAssignment(parent) ||
    ts.isArrayLiteralExpression(parent) ||
    ts.isReturnStatement(parent) ||
    (ts.isArrowFunction(parent) && parent.body === node) ||
    ts.isYieldExpression(parent) ||
    ts.isJsxExpression(parent) ||
    (ts.isExportAssignment(parent) && parent.expression === node)
  );
}

/**
 * Values that are never a client: literals, functions (what they close over is followed inside them), operators that
 * make numbers, strings or booleans. Their types are not asked for: a type asked for at a place costs a walk back
 * through the file's control flow.
 */
function cannotHold(node: TS.Expression): boolean {
  if (
    ts.isLiteralExpression(node) ||
    ts.isTemplateExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isClassExpression(node) ||
    ts.isPrefixUnaryExpression(node) ||
    ts.isPostfixUnaryExpression(node) ||
    ts.isTypeOfExpression(node) ||
    ts.isVoidExpression(node) ||
    ts.isDeleteExpression(node)
  )
    return true;
  const kind = node.kind;
  return (
    kind === ts.SyntaxKind.TrueKeyword ||
    kind === ts.SyntaxKind.FalseKeyword ||
    kind === ts.SyntaxKind.NullKeyword ||
    kind === ts.SyntaxKind.UndefinedKeyword
  );
}

/** `/** @type {any} *\/ (value)` in a JavaScript file: a cast. */
export function isJSDocCast(node: TS.Node): boolean {
  return (
    ts.isParenthesizedExpression(node) &&
    (node.flags & ts.NodeFlags.JavaScriptFile) !== 0 &&
    ts.getJSDocTypeTag(node) !== undefined
  );
}

/** `({ run } = pm)`, `[{ run }] = list`: an object literal written to, not read. */
export function isAssignmentTarget(node: TS.ObjectLiteralExpression): boolean {
  let child: TS.Node = node;
  let parent = node.parent;
  while (
    ts.isParenthesizedExpression(parent) ||
    ts.isArrayLiteralExpression(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isShorthandPropertyAssignment(parent) ||
    ts.isSpreadElement(parent) ||
    (ts.isObjectLiteralExpression(parent) && parent !== node)
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isForOfStatement(parent) || ts.isForInStatement(parent)) return parent.initializer === child;
  return (
    ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.left === child
  );
}

/** For a destructuring pattern: the expression destructured, when it is one (`const { run } = pm`). */
export function bindingSource(pattern: TS.ObjectBindingPattern): TS.Node | undefined {
  const parent = pattern.parent;
  return ts.isVariableDeclaration(parent) ? parent.initializer : undefined;
}

/** The variable a binding element is declared by, through nested patterns (`const { a: { run } } = x`). */
export function enclosingVariable(element: TS.BindingElement): TS.VariableDeclaration | undefined {
  let node: TS.Node = element;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
    node = node.parent;
  return ts.isVariableDeclaration(node) ? node : undefined;
}

/** A call's callee as a report names it: on one line, in backticks, shortened. */
export function calleeName(call: TS.CallExpression | TS.NewExpression, file: TS.SourceFile): string {
  const text = call.expression.getText(file).replace(/\s+/g, " ");
  return `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\``;
}

/** One line of code for a report: a call up to its first argument, anything else as written, shortened. */
export function shorten(node: TS.Node, file: TS.SourceFile): string {
  let text: string;
  if (ts.isCallExpression(node)) {
    const [first, ...rest] = node.arguments;
    const callee = node.expression.getText(file).replace(/\s+/g, " ");
    text = `${callee}(${first ? first.getText(file).replace(/\s+/g, " ") : ""}${rest.length ? ", …" : ""})`;
  } else text = node.getText(file).replace(/\s+/g, " ");
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
