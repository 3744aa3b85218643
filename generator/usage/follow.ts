/**
 * Follow the client with the type checker, not the syntax: every value whose type carries a generated client's
 * capabilities (the client, a compute object, a job: any type with a member that makes calls, declared in a generated
 * client folder) is found wherever the code reads a member of it, however it got there (aliases, destructuring,
 * element access, parameters, returns, containers, callbacks: TypeScript's inference already followed it). A member
 * read is a use of what that member calls (`runCommand`, `GET` with its literal path, `compute(...).run`), counted
 * whether or not it is called at once (`red.runCommand.bind(red)` counts). Everything the analysis cannot follow fails
 * closed, as an `unknown` use that needs the top level, at its file:line:
 *  - a member named by a non-literal key (`red[name]`), a member it does not know, `GET`/`request` without literal
 *    arguments or not called where read;
 *  - a value flowing where its type no longer shows the capability (`red as any`, an `unknown`/`object`/`any`
 *    parameter or slot, a generic parameter of a function outside the standard library or of a reflective one such as
 *    `Reflect.apply` or `Object.values`): from there on nobody can follow it.
 * That is an allowlist: a client value may only be called as a known operation or helper, flow where its type still
 * shows it into code the analysis reads, or be handed to what is known not to call (`console`, `JSON.stringify` without
 * a replacer function: inspectsOnly, by declaration; code that replaces them is unknown, boundaries.ts). The places
 * where following stops besides these (weaker implementations, throw, unresolved modules, code from a string) are
 * usage/boundaries.ts's; which types carry the client is usage/capabilities.ts's. A call whose own options change what
 * it sends (any option but those known to leave it alone, boundaries.ts's SAFE_OPTIONS; `use(...)`) is unknown too. A
 * call's literal path values are read at the call (usage/path-values.ts), so that it counts what they reach.
 * Each use is also attributed to the `createClient(...)` call it comes from when the code shows it plainly (a `const`
 * chain of member reads and calls back to the call), so a file holding a red and a green client says which needs what.
 *
 * One Program for the whole code base (usage/program.ts: the code's own tsconfig.json options, JavaScript included),
 * no diagnostics.
 */
import { relative, resolve, sep } from "node:path";
// The real compiler with its lib files, as for diff --code (usage/typecheck.ts).
import type * as TS from "typescript";
import { HTTP_METHODS } from "../../templates/runtime/table.js";
import { boundaries, inspectorWrites, NODE_TYPES, sentOtherwise } from "./boundaries.js";
import { capabilities, eachType, NO_CALL } from "./capabilities.js";
import { FETCH_PATH, literalPathValues, NAMED_PATH, writtenKey, writtenLiterals } from "./path-values.js";
import { nameReach } from "./reach.js";
import {
  bindingSource,
  calledAt,
  calleeName,
  enclosingVariable,
  FLOW_PARENTS,
  isAssignmentTarget,
  isFlowPosition,
  isJSDocCast,
  shorten,
  skipInner,
  skipOuter,
} from "./syntax.js";
import { ts } from "./typescript.js";
import {
  type ClientSite,
  COMPUTE_HELPERS,
  type FoundUse,
  HELPER_CALLS,
  helperCallUse,
  helperKind,
  JOB_HELPERS,
  jobsCalls,
  PATH_OPEN_MODES,
} from "./uses.js";

export interface Followed {
  uses: FoundUse[];
  clients: ClientSite[];
  /** Unknown uses that stand even where the syntax read an operation: the call may send something else. */
  overriding: ReadonlySet<FoundUse>;
}

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
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
export interface FollowOptions {
  /** The code base's program (usage/program.ts's codeProgram): its own files and what they import. */
  program: TS.Program;
  /** Operation names of the client's table: members of these names are its named calls. */
  names: ReadonlySet<string>;
  /** Files not to analyse (a verified generated client's own files). */
  skip: (file: string) => boolean;
  cwd: string;
}

export function followClient(input: FollowOptions): Followed {
  const program = input.program;
  const checker = program.getTypeChecker();
  const uses: FoundUse[] = [];
  const overriding = new Set<FoundUse>();
  const sites = new Map<TS.CallExpression, ClientSite>();
  const show = (file: string) => relative(input.cwd, file).split(sep).join("/") || ".";

  const caps = capabilities(checker);
  const { capabilityFile, declaredInClient, capability, holdsDirectly, holds, typeOf } = caps;

  // ---- the walk ---------------------------------------------------------------------------------------------------
  // Only files whose names can lead to a client's declarations can hold a value of its types (usage/reach.ts); the
  // others are left to the syntax rules, but for code run from a string, which may use any client (see visit).
  const reach = nameReach(program, capabilityFile);
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    if (program.isSourceFileDefaultLibrary(file) || input.skip(resolve(file.fileName))) continue;
    if (capabilityFile(file)) continue;
    try {
      for (const write of inspectorWrites(program, checker, file)) {
        const { line, character } = file.getLineAndCharacterOfPosition(write.getStart(file));
        const code = shorten(write, file);
        const reason =
          "could not tell which operation: console or JSON is replaced, and a client handed to it may be used";
        uses.push({ kind: "unknown", reason, file: show(file.fileName), line: line + 1, column: character + 1, code });
      }
      const reaches = reach === undefined || reach(file);
      if (!reaches && !mayRunString(file)) continue;
      walkFile(file, reaches);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      // Too deep for the checker's stack: nothing in it can be followed, so it needs the top level.
      const at = { file: show(file.fileName), line: 1, column: 1, code: show(file.fileName) };
      uses.push({ kind: "unknown", reason: "could not tell which operation: the file is nested too deeply", ...at });
    }
  }
  uses.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  const clients = [...sites.values()].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
  );
  return { uses, clients, overriding };

  function walkFile(file: TS.SourceFile, reaches: boolean): void {
    const name = show(file.fileName);
    const where = (node: TS.Node, at: TS.Node) => {
      const { line, character } = file.getLineAndCharacterOfPosition(at.getStart(file));
      return { file: name, line: line + 1, column: character + 1, code: shorten(node, file) };
    };
    const add = (use: FoundUse, receiver: TS.Node | undefined) => {
      const client = receiver === undefined ? undefined : rootClient(receiver, 0);
      uses.push(client === undefined ? use : { ...use, client: client.id });
    };
    const unknown = (node: TS.Node, at: TS.Node, reason: string, receiver?: TS.Node) =>
      add({ kind: "unknown", reason: `could not tell which operation: ${reason}`, ...where(node, at) }, receiver);

    /** A member `name` read from a value of type `type` (`receiver`'s, when there is an expression). */
    const member = (type: TS.Type, name: string, at: TS.Node, read: TS.Node, receiver: TS.Node | undefined): void => {
      if (type.flags & ts.TypeFlags.Any) return; // an `any` receiver: the syntax scan's rules apply
      const target = checker.getNonNullableType(type);
      const property = checker.getPropertyOfType(target, name);
      if (property === undefined) {
        if (holdsDirectly(target)) unknown(read, at, `the client has no member ${JSON.stringify(name)}`, receiver);
        return;
      }
      if (!declaredInClient(property) || NO_CALL.has(name)) return;
      const call = calledAt(read);
      if (name === "use") {
        unknown(call ?? read, at, "use() adds a middleware, which can change what every call sends", receiver);
        return;
      }
      // An HTTP method's or `request`'s options are openapi-fetch's (a named call builds its own from its arguments).
      const options = METHODS.has(name) ? 1 : name === "request" ? 2 : -1;
      const sent = call && options >= 0 ? sentOtherwise(call.arguments[options], checker, typeOf) : undefined;
      if (call && sent) {
        unknown(call, at, sent, receiver);
        overriding.add(uses[uses.length - 1]!);
        return;
      }
      if (METHODS.has(name)) {
        const paths = call ? written(call.arguments[0]) : undefined;
        if (paths === undefined) unknown(call ?? read, at, `${name} without a literal path where it is read`, receiver);
        else {
          const values = literalPathValues(call!.arguments[1], FETCH_PATH, checker);
          for (const path of paths)
            add({ kind: "call", method: name, path, ...(values && { values }), ...where(call!, at) }, receiver);
        }
      } else if (name === "request") {
        const methods = call ? written(call.arguments[0]) : undefined;
        const paths = call ? written(call.arguments[1]) : undefined;
        if (methods === undefined || paths === undefined)
          unknown(call ?? read, at, "request without a literal method and path where it is read", receiver);
        else {
          const values = literalPathValues(call!.arguments[2], FETCH_PATH, checker);
          for (const method of methods)
            for (const path of paths)
              add(
                { kind: "call", method: method.toUpperCase(), path, ...(values && { values }), ...where(call!, at) },
                receiver,
              );
        }
      } else if (name === "waitForTask") add({ kind: "wait", ...where(call ?? read, at) }, receiver);
      else if (input.names.has(name) && inOperations(property)) named(name, call, read, at, receiver);
      else if (helperCallsOf(property) !== undefined) {
        for (const c of openCalls(property, call) ?? jobsCalls(helperCallsOf(property)!, call?.arguments.length))
          add(helperCallUse(c, where(call ?? read, at)), receiver);
      } else if (Object.hasOwn(COMPUTE_HELPERS, name) || Object.hasOwn(JOB_HELPERS, name)) {
        const calls = jobsCalls(COMPUTE_HELPERS[name] ?? [JOB_HELPERS[name]!], call?.arguments.length);
        for (const c of calls) add(helperCallUse(c, where(call ?? read, at)), receiver);
      } else if (input.names.has(name)) named(name, call, read, at, receiver);
      else if (capability(property))
        unknown(call ?? read, at, `${JSON.stringify(name)} is a member this analysis does not know`, receiver);
    };

    /**
     * A named call read at `read`: with the literal path values of its arguments when it is called there, directly or
     * as `.safe(...)` (usage/path-values.ts), so that it counts what those values reach.
     */
    const named = (
      name: string,
      call: TS.CallExpression | undefined,
      read: TS.Node,
      at: TS.Node,
      receiver: TS.Node | undefined,
    ): void => {
      const outer = skipOuter(read).parent;
      const safe =
        call === undefined && ts.isPropertyAccessExpression(outer) && outer.name.text === "safe"
          ? calledAt(outer)
          : undefined;
      const args = (call ?? safe)?.arguments[0];
      const values = args === undefined ? undefined : literalPathValues(args, NAMED_PATH, checker);
      add({ kind: "named", entry: name, ...(values && { values }), ...where(call ?? read, at) }, receiver);
    };

    /** A value of a capability-carrying type reaching a place whose type no longer shows it. */
    const flow = (value: TS.Expression): void => {
      const type = typeOf(value);
      if (type.flags & ts.TypeFlags.Any || !holds(type)) return;
      const lost = lostAt(value);
      if (lost !== undefined) unknown(value, value, `a client value ${lost}`, value);
    };

    /** Why `value` (which carries a capability) cannot be followed from where it is, or undefined. */
    const lostAt = (value: TS.Expression): string | undefined => {
      if (isJSDocCast(value.parent))
        return holds(checker.getTypeAtLocation(value.parent)) ? undefined : "is cast to a type without its members";
      const parent = skipOuter(value);
      const slot = parent.parent;
      if ((ts.isCallExpression(slot) || ts.isNewExpression(slot)) && slot.arguments?.includes(parent as TS.Expression))
        return argumentLost(slot, slot.arguments.indexOf(parent as TS.Expression), parent as TS.Expression);
      if (ts.isSpreadElement(slot)) return "is spread into arguments it cannot follow";
      if (ts.isAsExpression(slot) || ts.isTypeAssertionExpression(slot)) {
        if (ts.isConstTypeReference(slot.type)) return undefined;
        return holds(checker.getTypeFromTypeNode(slot.type)) ? undefined : "is cast to a type without its members";
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
      if (contextual === undefined || holds(contextual)) return undefined;
      return `is given a type without its members (${checker.typeToString(contextual)})`;
    };

    const argumentLost = (
      call: TS.CallExpression | TS.NewExpression,
      index: number,
      argument: TS.Expression,
    ): string | undefined => {
      const signature = checker.getResolvedSignature(call);
      const declaration = signature?.getDeclaration();
      if (signature === undefined || declaration === undefined) return "is passed to a function it cannot resolve";
      const callee = calleeName(call, file);
      // `this` for a client's own named call (`green.readTasks.bind(green)`, `Reflect.apply(green.readTasks, green,
      // [])`): the call is counted where it was read, and it does not use `this`.
      if (thisOfNamedCall(call, index)) return undefined;
      const library = program.isSourceFileDefaultLibrary(declaration.getSourceFile());
      if (library) {
        // `interface ObjectConstructor { values(...) }`, `declare namespace Reflect { function apply(...) }`.
        let container: TS.Node = declaration.parent;
        if (ts.isModuleBlock(container)) container = container.parent;
        const owner =
          ts.isInterfaceDeclaration(container) || ts.isModuleDeclaration(container) ? container.name.text : "";
        if (REFLECTIVE.has(owner)) return `is passed to ${callee}, which can reach its members by name`;
        if (inspectsOnly(owner, declaration, call, index)) return undefined;
        const contextual = checker.getContextualType(argument);
        return contextual !== undefined && holds(contextual)
          ? undefined
          : `is passed to ${callee}, whose parameter type does not show its members`;
      }
      if (ts.isJSDocSignature(declaration)) return `is passed to ${callee}, declared in JSDoc only`;
      const from = declaration.getSourceFile();
      if (from.isDeclarationFile && !capabilityFile(from) && holdsAt(signature, index))
        return `is passed to ${callee}, whose implementation the analysis does not read (${show(from.fileName)})`;
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
      return holds(declared) ? undefined : `is passed to ${callee}, whose parameter type does not show its members`;
    };

    /** The declared type of a signature's parameter `index` shows the client. */
    const holdsAt = (signature: TS.Signature, index: number): boolean => {
      const parameters = signature.getParameters();
      const given = parameters[Math.min(index, parameters.length - 1)];
      return given !== undefined && holds(checker.getTypeOfSymbol(given));
    };

    /** Argument `index` is the `this` of a function declared in a client (`f.call(x)`, `Reflect.apply(f, x, a)`). */
    const thisOfNamedCall = (call: TS.CallExpression | TS.NewExpression, index: number): boolean => {
      const callee = skipInner(call.expression);
      let fn: TS.Expression | undefined;
      if (ts.isPropertyAccessExpression(callee) && THIS_TAKERS.has(callee.name.text) && index === 0)
        fn = callee.expression;
      else if (ts.isPropertyAccessExpression(callee) && callee.name.text === "apply" && index === 1)
        fn =
          ts.isIdentifier(callee.expression) && callee.expression.text === "Reflect" ? call.arguments?.[0] : undefined;
      if (fn === undefined) return false;
      const symbol = checker.getTypeAtLocation(fn).getSymbol();
      return symbol !== undefined && declaredInClient(symbol);
    };

    const visit = (node: TS.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        member(typeOf(node.expression), node.name.text, node.name, node, node.expression);
      } else if (ts.isElementAccessExpression(node)) {
        const type = typeOf(node.expression);
        const keys = written(node.argumentExpression);
        if (keys !== undefined)
          for (const key of keys) member(type, key, node.argumentExpression, node, node.expression);
        else if (!(type.flags & ts.TypeFlags.Any) && holdsDirectly(checker.getNonNullableType(type)))
          unknown(node, node.argumentExpression, "a member named by a value that is not a literal", node.expression);
      } else if (ts.isObjectBindingPattern(node)) {
        destructure(checker.getTypeAtLocation(node), node.elements, bindingSource(node));
      } else if (ts.isObjectLiteralExpression(node) && isAssignmentTarget(node)) {
        destructure(checker.getTypeAtLocation(node), node.properties, undefined);
      } else if (ts.isCallExpression(node) && isCreateClient(node)) {
        siteOf(node);
      }
      boundary(node);
      if (
        node.parent !== undefined &&
        FLOW_PARENTS.has(node.parent.kind) &&
        ts.isExpression(node) &&
        isFlowPosition(node)
      )
        flow(node);
      ts.forEachChild(node, visit);
    };

    const destructure = (
      type: TS.Type,
      elements: readonly (TS.BindingElement | TS.ObjectLiteralElementLike)[],
      source: TS.Node | undefined,
    ): void => {
      if (type.flags & ts.TypeFlags.Any) return;
      for (const element of elements) {
        if (ts.isBindingElement(element) && element.dotDotDotToken) continue; // the rest keeps its members' types
        if (ts.isSpreadAssignment(element)) continue;
        const key = ts.isBindingElement(element) ? (element.propertyName ?? element.name) : element.name;
        const name = key === undefined ? undefined : writtenKey(key, checker);
        if (name !== undefined) member(type, name, key!, element, source);
        else if (holdsDirectly(checker.getNonNullableType(type)))
          unknown(element, element, "a member named by a value that is not a literal", source);
      }
    };

    /**
     * The values a path, method, mode or key can take, as written (usage/path-values.ts): never from a type alone,
     * which a cast or an `any` can make lie about what is sent.
     */
    const written = (node: TS.Node | undefined): string[] | undefined =>
      node !== undefined && ts.isExpression(node) ? writtenLiterals(node, checker) : undefined;

    /** The string values a key or argument can take, when its type is a string literal or a union of them. */
    const literals = (node: TS.Node | undefined): string[] | undefined => {
      if (node === undefined) return undefined;
      if (ts.isStringLiteralLike(node)) return [node.text];
      const type = typeOf(node);
      const values: string[] = [];
      for (const t of eachType(type)) {
        if (!t.isStringLiteral()) return undefined;
        values.push(t.value);
      }
      return values.length > 0 ? values : undefined;
    };

    /** The calls of a helper object's member, by the kind of interface that declares it; undefined if unknown. */
    const helperCallsOf = (property: TS.Symbol) => {
      for (const d of property.declarations ?? []) {
        const owner = d.parent;
        if (!ts.isInterfaceDeclaration(owner)) continue;
        const kind = helperKind(owner.name.text);
        const members = kind === undefined ? undefined : HELPER_CALLS[kind];
        if (members !== undefined && Object.hasOwn(members, property.name)) return members[property.name];
      }
      return undefined;
    };

    /** A path's `open(mode)` with literal modes: the calls of those modes only (else undefined: both). */
    const openCalls = (property: TS.Symbol, call: TS.CallExpression | undefined) => {
      if (property.name !== "open" || helperCallsOf(property) !== HELPER_CALLS.path?.open) return undefined;
      const modes = call ? written(call.arguments[0]) : undefined;
      if (modes === undefined || !modes.every((m) => Object.hasOwn(PATH_OPEN_MODES, m))) return undefined;
      return [...new Set(modes.map((m) => PATH_OPEN_MODES[m]!))];
    };

    const inOperations = (property: TS.Symbol): boolean =>
      (property.declarations ?? []).some((d) => {
        const owner = d.parent;
        return !ts.isInterfaceDeclaration(owner) || owner.name.text.endsWith("Operations");
      });

    /** The `createClient` of a generated client, however it was imported. */
    function isCreateClient(call: TS.CallExpression): boolean {
      const callee = call.expression;
      // A name (perhaps imported under another) or `ns.createClient`; a symbol asked of any other member read would
      // cost a walk back through the control flow.
      const name = ts.isIdentifier(callee)
        ? callee
        : ts.isPropertyAccessExpression(callee) && callee.name.text === "createClient"
          ? callee.name
          : undefined;
      if (name === undefined) return false;
      let symbol = checker.getSymbolAtLocation(name);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      return symbol?.name === "createClient" && declaredInClient(symbol);
    }

    function siteOf(call: TS.CallExpression): ClientSite {
      let site = sites.get(call);
      if (site === undefined) {
        const { line, character } = file.getLineAndCharacterOfPosition(call.getStart(file));
        const options = call.arguments[0];
        let color: string | null = null;
        if (options !== undefined && ts.isObjectLiteralExpression(options)) {
          const property = options.properties.find((p) => p.name && writtenKey(p.name, checker) === "color");
          if (property && ts.isPropertyAssignment(property)) color = literals(property.initializer)?.join("|") ?? null;
        }
        const id = `${name}:${line + 1}:${character + 1}`;
        site = { id, file: name, line: line + 1, column: character + 1, code: shorten(call, file), color };
        sites.set(call, site);
      }
      return site;
    }

    /** The createClient call a receiver plainly comes from: a `const` chain of member reads and calls back to it. */
    function rootClient(node: TS.Node, depth: number): ClientSite | undefined {
      if (depth > 24) return undefined;
      const inner = skipInner(node);
      if (ts.isCallExpression(inner)) {
        if (isCreateClient(inner)) return siteOf(inner);
        const callee = skipInner(inner.expression);
        if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee))
          return fromCapability(callee.expression, depth);
        return ts.isIdentifier(callee) ? rootClient(callee, depth + 1) : undefined;
      }
      if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner))
        return fromCapability(inner.expression, depth);
      if (!ts.isIdentifier(inner)) return undefined;
      let symbol = checker.getSymbolAtLocation(inner);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      if (declaration === undefined) return undefined;
      const variable = ts.isBindingElement(declaration) ? enclosingVariable(declaration) : declaration;
      if (
        variable === undefined ||
        !ts.isVariableDeclaration(variable) ||
        !(ts.getCombinedNodeFlags(variable) & ts.NodeFlags.Const) ||
        variable.initializer === undefined
      )
        return undefined;
      return rootClient(variable.initializer, depth + 1);
    }

    /** A member read's receiver, when it is itself a capability (so what is read belongs to the same client). */
    function fromCapability(receiver: TS.Expression, depth: number): ClientSite | undefined {
      const type = typeOf(receiver);
      return holds(checker.getNonNullableType(type)) ? rootClient(receiver, depth + 1) : undefined;
    }

    const boundary = boundaries({
      program,
      checker,
      caps,
      file,
      reaches,
      unknown: (node, at, reason) => unknown(node, at, reason),
    });
    visit(file);
  }
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

/** Whether a file may run code from a string (by its text: a comment or a longer name can only say yes). */
function mayRunString(file: TS.SourceFile): boolean {
  return /eval|Function|constructor|Worker|\bvm\b/.test(file.text);
}
