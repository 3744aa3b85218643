/**
 * Which `createClient(...)` call a use of a client comes from, when the code shows it plainly: a `const` chain of
 * member reads and calls back to the call. The type analysis (usage/follow.ts) attributes each use it finds by it, so
 * a file holding a red and a green client says which needs what; a chain it cannot read plainly attributes nothing.
 */
import type * as TS from "typescript";
import { type Capabilities, eachType } from "./capabilities.js";
import { writtenKey } from "./path-values.js";
import { enclosingVariable, shorten, skipInner } from "./syntax.js";
import { ts } from "./typescript.js";
import type { ClientSite } from "./uses.js";

/** How deep a chain back to the call is followed. */
const DEPTH = 24;

/** The file being walked, its name as a report shows it, and how a report shows another file's name. */
export interface WalkedFile {
  readonly file: TS.SourceFile;
  readonly name: string;
  show(file: string): string;
}

/** The `createClient(...)` calls seen so far, each once, and the way back to them from a receiver. */
export class ClientSites {
  private readonly sites = new Map<TS.CallExpression, ClientSite>();

  constructor(
    private readonly checker: TS.TypeChecker,
    private readonly caps: Capabilities,
  ) {}

  /** Every call seen, in the order first seen. */
  all(): ClientSite[] {
    return [...this.sites.values()];
  }

  /** The `createClient` of a generated client, however it was imported. */
  isCreateClient(call: TS.CallExpression): boolean {
    const callee = call.expression;
    // A name (perhaps imported under another) or `ns.createClient`; a symbol asked of any other member read would
    // cost a walk back through the control flow.
    const name = ts.isIdentifier(callee)
      ? callee
      : ts.isPropertyAccessExpression(callee) && callee.name.text === "createClient"
        ? callee.name
        : undefined;
    if (name === undefined) return false;
    let symbol = this.checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.name === "createClient" && this.caps.declaredInClient(symbol);
  }

  /** The site of a createClient call, recorded the first time it is seen (at its place in the file walked then). */
  siteOf(call: TS.CallExpression, walked: WalkedFile): ClientSite {
    let site = this.sites.get(call);
    if (site === undefined) {
      // The call's own file: an import cycle can walk the file that uses a client before the one that makes it.
      const file = call.getSourceFile();
      const name = walked.show(file.fileName);
      const { line, character } = file.getLineAndCharacterOfPosition(call.getStart(file));
      const options = call.arguments[0];
      let color: string | null = null;
      if (options !== undefined && ts.isObjectLiteralExpression(options)) {
        const property = options.properties.find((p) => p.name && writtenKey(p.name, this.checker) === "color");
        if (property && ts.isPropertyAssignment(property))
          color = this.literals(property.initializer)?.join("|") ?? null;
      }
      const id = `${name}:${line + 1}:${character + 1}`;
      site = { id, file: name, line: line + 1, column: character + 1, code: shorten(call, file), color };
      this.sites.set(call, site);
    }
    return site;
  }

  /** The createClient call a receiver plainly comes from: a `const` chain of member reads and calls back to it. */
  rootClient(node: TS.Node, walked: WalkedFile, depth = 0): ClientSite | undefined {
    if (depth > DEPTH) return undefined;
    const inner = skipInner(node);
    if (ts.isCallExpression(inner)) {
      if (this.isCreateClient(inner)) return this.siteOf(inner, walked);
      const callee = skipInner(inner.expression);
      if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee))
        return this.fromCapability(callee.expression, walked, depth);
      return ts.isIdentifier(callee) ? this.rootClient(callee, walked, depth + 1) : undefined;
    }
    if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner))
      return this.fromCapability(inner.expression, walked, depth);
    if (!ts.isIdentifier(inner)) return undefined;
    const variable = this.constOf(inner);
    return variable === undefined ? undefined : this.rootClient(variable.initializer!, walked, depth + 1);
  }

  /** The `const` declaration (with an initialiser) a name reads, through imports and destructuring. */
  private constOf(name: TS.Identifier): TS.VariableDeclaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
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
    return variable;
  }

  /** A member read's receiver, when it is itself a capability (so what is read belongs to the same client). */
  private fromCapability(receiver: TS.Expression, walked: WalkedFile, depth: number): ClientSite | undefined {
    const type = this.caps.typeOf(receiver);
    return this.caps.holds(this.checker.getNonNullableType(type))
      ? this.rootClient(receiver, walked, depth + 1)
      : undefined;
  }

  /** The string values a key or argument can take, when its type is a string literal or a union of them. */
  private literals(node: TS.Node | undefined): string[] | undefined {
    if (node === undefined) return undefined;
    if (ts.isStringLiteralLike(node)) return [node.text];
    const type = this.caps.typeOf(node);
    const values: string[] = [];
    for (const t of eachType(type)) {
      if (!t.isStringLiteral()) return undefined;
      values.push(t.value);
    }
    return values.length > 0 ? values : undefined;
  }
}
