/**
 * A member read of a client value, and the uses it makes (usage/follow.ts finds the reads: `red.x`, `red["x"]`,
 * `const { x } = red`, `({ x } = red)`). A read is a use of what that member calls (`runCommand`, `GET` with its
 * literal path, `compute(...).run`), whether or not it is called at once (`red.runCommand.bind(red)` counts), with the
 * literal path values written at the call (usage/path-values.ts). Unknown, needing the top level: a member named by a
 * non-literal key, a member the analysis does not know, `GET`/`request` without literal arguments or not called where
 * read, `use(...)`, and a call whose own options change what it sends (boundaries.ts's sentOtherwise).
 */
import type * as TS from "typescript";
import { HTTP_METHODS } from "../../templates/runtime/table.js";
import { sentOtherwise } from "./boundaries.js";
import { NO_CALL } from "./capabilities.js";
import type { FileWalk } from "./findings.js";
import { FETCH_PATH, literalPathValues, NAMED_PATH, writtenKey, writtenLiterals } from "./path-values.js";
import { calledAt, skipOuter } from "./syntax.js";
import { ts } from "./typescript.js";
import {
  COMPUTE_HELPERS,
  HELPER_CALLS,
  helperCallUse,
  helperKind,
  JOB_HELPERS,
  jobsCalls,
  PATH_OPEN_MODES,
} from "./uses.js";

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/** One read of a client's member `name`, at `at` in `read` (the call it is the callee of, if any), from `receiver`. */
interface Read {
  name: string;
  property: TS.Symbol;
  call: TS.CallExpression | undefined;
  read: TS.Node;
  at: TS.Node;
  receiver: TS.Node | undefined;
}

/** `red.x`: a read of the member `x`, whatever `red`'s type says it is. */
export function propertyRead(walk: FileWalk, node: TS.PropertyAccessExpression): void {
  memberRead(walk, walk.caps.typeOf(node.expression), node.name.text, node.name, node, node.expression);
}

/** `red["x"]`: each literal key a member read; a key that is not a literal names any member. */
export function elementRead(walk: FileWalk, node: TS.ElementAccessExpression): void {
  const type = walk.caps.typeOf(node.expression);
  const keys = written(node.argumentExpression, walk.checker);
  if (keys !== undefined)
    for (const key of keys) memberRead(walk, type, key, node.argumentExpression, node, node.expression);
  else if (!(type.flags & ts.TypeFlags.Any) && walk.caps.holdsDirectly(walk.checker.getNonNullableType(type)))
    walk.unknown(node, node.argumentExpression, "a member named by a value that is not a literal", node.expression);
}

/** `const { run } = pm`, `({ run } = pm)`: each element a member read of `type`, from `source` when it is known. */
export function destructure(
  walk: FileWalk,
  type: TS.Type,
  elements: readonly (TS.BindingElement | TS.ObjectLiteralElementLike)[],
  source: TS.Node | undefined,
): void {
  if (type.flags & ts.TypeFlags.Any) return;
  for (const element of elements) {
    if (ts.isBindingElement(element) && element.dotDotDotToken) continue; // the rest keeps its members' types
    if (ts.isSpreadAssignment(element)) continue;
    const key = ts.isBindingElement(element) ? (element.propertyName ?? element.name) : element.name;
    const name = key === undefined ? undefined : writtenKey(key, walk.checker);
    if (name !== undefined) memberRead(walk, type, name, key!, element, source);
    else if (walk.caps.holdsDirectly(walk.checker.getNonNullableType(type)))
      walk.unknown(element, element, "a member named by a value that is not a literal", source);
  }
}

/** A member `name` read from a value of type `type` (`receiver`'s, when there is an expression). */
function memberRead(
  walk: FileWalk,
  type: TS.Type,
  name: string,
  at: TS.Node,
  read: TS.Node,
  receiver: TS.Node | undefined,
): void {
  if (type.flags & ts.TypeFlags.Any) return; // an `any` receiver: the syntax scan's rules apply
  const { checker, caps, names } = walk;
  const target = checker.getNonNullableType(type);
  const property = checker.getPropertyOfType(target, name);
  if (property === undefined) {
    if (caps.holdsDirectly(target))
      walk.unknown(read, at, `the client has no member ${JSON.stringify(name)}`, receiver);
    return;
  }
  if (!caps.declaredInClient(property) || NO_CALL.has(name)) return;
  const r: Read = { name, property, call: calledAt(read), read, at, receiver };
  if (name === "use") {
    walk.unknown(r.call ?? read, at, "use() adds a middleware, which can change what every call sends", receiver);
    return;
  }
  if (sendsOtherwise(walk, r)) return;
  if (METHODS.has(name)) methodCall(walk, r);
  else if (name === "request") requestCall(walk, r);
  else if (name === "waitForTask") walk.add({ kind: "wait", ...walk.where(r.call ?? read, at) }, receiver);
  // A table name declared by the client's operations: a named call, even where a helper has a member of that name.
  else if (names.has(name) && inOperations(property)) namedCall(walk, r);
  else if (helperCallsOf(property) !== undefined) helperMember(walk, r);
  else if (Object.hasOwn(COMPUTE_HELPERS, name) || Object.hasOwn(JOB_HELPERS, name)) workflowHelper(walk, r);
  else if (names.has(name)) namedCall(walk, r);
  else if (caps.capability(property))
    walk.unknown(r.call ?? read, at, `${JSON.stringify(name)} is a member this analysis does not know`, receiver);
}

/**
 * An HTTP method's or `request`'s call whose own options (openapi-fetch's) may change what it sends (any option but
 * those known to leave it alone, boundaries.ts's SAFE_OPTIONS): unknown, and it stands even where the syntax read an
 * operation. A named call builds its own options from its arguments.
 */
function sendsOtherwise(walk: FileWalk, { name, call, at, receiver }: Read): boolean {
  const options = METHODS.has(name) ? 1 : name === "request" ? 2 : -1;
  const sent =
    call && options >= 0 ? sentOtherwise(call.arguments[options], walk.checker, walk.caps.typeOf) : undefined;
  if (!call || !sent) return false;
  walk.unknown(call, at, sent, receiver);
  walk.overrides();
  return true;
}

/** `red.GET(path, options)`: a call for each literal value of the path, with its literal path values. */
function methodCall(walk: FileWalk, { name, call, read, at, receiver }: Read): void {
  const paths = call ? written(call.arguments[0], walk.checker) : undefined;
  if (paths === undefined) {
    walk.unknown(call ?? read, at, `${name} without a literal path where it is read`, receiver);
    return;
  }
  const values = literalPathValues(call!.arguments[1], FETCH_PATH, walk.checker);
  for (const path of paths)
    walk.add({ kind: "call", method: name, path, ...(values && { values }), ...walk.where(call!, at) }, receiver);
}

/** `red.request(method, path, options)`: a call for each literal method and path. */
function requestCall(walk: FileWalk, { call, read, at, receiver }: Read): void {
  const methods = call ? written(call.arguments[0], walk.checker) : undefined;
  const paths = call ? written(call.arguments[1], walk.checker) : undefined;
  if (methods === undefined || paths === undefined) {
    walk.unknown(call ?? read, at, "request without a literal method and path where it is read", receiver);
    return;
  }
  const values = literalPathValues(call!.arguments[2], FETCH_PATH, walk.checker);
  for (const method of methods)
    for (const path of paths) {
      const where = walk.where(call!, at);
      walk.add({ kind: "call", method: method.toUpperCase(), path, ...(values && { values }), ...where }, receiver);
    }
}

/**
 * A named call read at `read`: with the literal path values of its arguments when it is called there, directly or
 * as `.safe(...)` (usage/path-values.ts), so that it counts what those values reach.
 */
function namedCall(walk: FileWalk, { name, call, read, at, receiver }: Read): void {
  const outer = skipOuter(read).parent;
  const safe =
    call === undefined && ts.isPropertyAccessExpression(outer) && outer.name.text === "safe"
      ? calledAt(outer)
      : undefined;
  const args = (call ?? safe)?.arguments[0];
  const values = args === undefined ? undefined : literalPathValues(args, NAMED_PATH, walk.checker);
  walk.add({ kind: "named", entry: name, ...(values && { values }), ...walk.where(call ?? read, at) }, receiver);
}

/** A member of a helper object (`compute.run`, `job.cancel`, `path.open`): the calls its kind of object makes. */
function helperMember(walk: FileWalk, { property, call, read, at, receiver }: Read): void {
  const calls = openCalls(property, call, walk.checker) ?? jobsCalls(helperCallsOf(property)!, call?.arguments.length);
  for (const c of calls) walk.add(helperCallUse(c, walk.where(call ?? read, at)), receiver);
}

/** A workflow helper's member declared where its kind is not known: by its name (usage/uses.ts's tables). */
function workflowHelper(walk: FileWalk, { name, call, read, at, receiver }: Read): void {
  const calls = jobsCalls(COMPUTE_HELPERS[name] ?? [JOB_HELPERS[name]!], call?.arguments.length);
  for (const c of calls) walk.add(helperCallUse(c, walk.where(call ?? read, at)), receiver);
}

/**
 * The values a path, method, mode or key can take, as written (usage/path-values.ts): never from a type alone,
 * which a cast or an `any` can make lie about what is sent.
 */
function written(node: TS.Node | undefined, checker: TS.TypeChecker): string[] | undefined {
  return node !== undefined && ts.isExpression(node) ? writtenLiterals(node, checker) : undefined;
}

/** The calls of a helper object's member, by the kind of interface that declares it; undefined if unknown. */
function helperCallsOf(property: TS.Symbol) {
  for (const d of property.declarations ?? []) {
    const owner = d.parent;
    if (!ts.isInterfaceDeclaration(owner)) continue;
    const kind = helperKind(owner.name.text);
    const members = kind === undefined ? undefined : HELPER_CALLS[kind];
    if (members !== undefined && Object.hasOwn(members, property.name)) return members[property.name];
  }
  return undefined;
}

/** A path's `open(mode)` with literal modes: the calls of those modes only (else undefined: both). */
function openCalls(property: TS.Symbol, call: TS.CallExpression | undefined, checker: TS.TypeChecker) {
  if (property.name !== "open" || helperCallsOf(property) !== HELPER_CALLS.path?.open) return undefined;
  const modes = call ? written(call.arguments[0], checker) : undefined;
  if (modes === undefined || !modes.every((m) => Object.hasOwn(PATH_OPEN_MODES, m))) return undefined;
  return [...new Set(modes.map((m) => PATH_OPEN_MODES[m]!))];
}

/** Declared by the client's operations (an `...Operations` interface, or not in an interface at all). */
function inOperations(property: TS.Symbol): boolean {
  return (property.declarations ?? []).some((d) => {
    const owner = d.parent;
    return !ts.isInterfaceDeclaration(owner) || owner.name.text.endsWith("Operations");
  });
}
