/**
 * Which types carry a generated client's capabilities (usage/follow.ts follows the values of those types): a type with
 * a member that makes calls (a named operation, an HTTP method, a helper) declared in a generated client folder (or in
 * openapi-fetch, which the client extends), itself or through an element or property a later member read can reach.
 * The runtime's error classes (its `errors` module) make no calls: `SfapiError.is(e)` is not a use.
 */
import { basename, dirname, resolve, sep } from "node:path";
import type * as TS from "typescript";
import { ownManifest } from "../output/client-folder.js";
import { ts } from "./typescript.js";
import { COMPUTE_HELPERS, HELPER_CALLS, JOB_HELPERS } from "./uses.js";

/** Members of the client that make no call themselves: what they give is followed by its own type. */
export const NO_CALL: ReadonlySet<string> = new Set(["compute", "createClient", "eject", "safe"]);
/** The workflow helpers' names (usage/uses.ts). */
const HELPERS: ReadonlySet<string> = new Set([
  ...Object.keys(COMPUTE_HELPERS),
  ...Object.keys(JOB_HELPERS),
  ...Object.values(HELPER_CALLS).flatMap((members) => Object.keys(members)),
]);
/** Files of a client folder that hold data types, not capabilities. */
const DATA_FILES: ReadonlySet<string> = new Set(["schema.d.ts", "operations.d.ts"]);
/** Modules of the copied runtime that declare no member making a call (templates/runtime/errors.ts says so). */
const CALL_FREE_RUNTIME: ReadonlySet<string> = new Set(["errors.d.ts", "errors.ts", "errors.js"]);
/** How deep `holds` looks into property types of the code's own object types. */
const MAX_DEPTH = 4;

export interface Capabilities {
  /** A declaration file of a generated client's capabilities (or openapi-fetch's). */
  capabilityFile(file: TS.SourceFile): boolean;
  declaredInClient(symbol: TS.Symbol): boolean;
  /** A member that makes calls, declared in a client. */
  capability(symbol: TS.Symbol): boolean;
  /** The type itself has a capability member (a client, a compute object, a job). */
  holdsDirectly(type: TS.Type): boolean;
  /** The type carries a capability somewhere a later member read can reach: itself, an element, a property. */
  holds(type: TS.Type): boolean;
  /** An expression's type; for a name, its declared type (see typeOf below). */
  typeOf(node: TS.Node): TS.Type;
}

export function capabilities(checker: TS.TypeChecker): Capabilities {
  const folderCache = new Map<string, boolean>();
  const clientFolder = (dir: string): boolean => {
    let is = folderCache.get(dir);
    if (is === undefined) folderCache.set(dir, (is = ownManifest(dir) !== undefined));
    return is;
  };
  const fileCache = new Map<string, boolean>();
  const capabilityFile = (file: TS.SourceFile): boolean => {
    let is = fileCache.get(file.fileName);
    if (is === undefined) {
      const path = resolve(file.fileName);
      const dir = dirname(path);
      is =
        path.includes(`${sep}node_modules${sep}openapi-fetch${sep}`) ||
        (!DATA_FILES.has(basename(path)) &&
          (clientFolder(dir) ||
            (basename(dir) === "runtime" && !CALL_FREE_RUNTIME.has(basename(path)) && clientFolder(dirname(dir)))));
      fileCache.set(file.fileName, is);
    }
    return is;
  };
  const declaredInClient = (symbol: TS.Symbol): boolean =>
    (symbol.declarations ?? []).some((d) => capabilityFile(d.getSourceFile()));

  const callable = (symbol: TS.Symbol): boolean =>
    checker.getTypeOfSymbol(symbol).getCallSignatures().length > 0 ||
    // A helper above the color is typed as a named refusal, not a function, but it is the helper all the same.
    (HELPERS.has(symbol.name) &&
      (symbol.declarations ?? []).some((d) => /^(index|core)\.d\.[cm]?ts$/.test(basename(d.getSourceFile().fileName))));
  const capability = (symbol: TS.Symbol): boolean =>
    !NO_CALL.has(symbol.name) && declaredInClient(symbol) && callable(symbol);
  const direct = new Map<TS.Type, boolean>();
  const holdsDirectly = (type: TS.Type): boolean => {
    let is = direct.get(type);
    if (is === undefined) {
      direct.set(type, false); // a recursive type asks again while it is being answered
      is = eachType(type).some(
        (t) => (t.flags & ts.TypeFlags.Object) !== 0 && checker.getPropertiesOfType(t).some(capability),
      );
      direct.set(type, is);
    }
    return is;
  };
  const deep = new Map<TS.Type, boolean>();
  const holds = (type: TS.Type, depth = 0): boolean => {
    if (holdsDirectly(type)) return true;
    if (depth > MAX_DEPTH) return false;
    let is = deep.get(type);
    if (is !== undefined) return is;
    deep.set(type, false);
    is = eachType(type).some((t) => {
      if (!(t.flags & ts.TypeFlags.Object)) return false;
      const object = t as TS.ObjectType;
      if (object.objectFlags & ts.ObjectFlags.Reference) {
        if (checker.getTypeArguments(t as TS.TypeReference).some((a) => holds(a, depth + 1))) return true;
      }
      if (t.aliasTypeArguments?.some((a) => holds(a, depth + 1))) return true;
      // The code's own object types (not the standard library's, a package's or a client's data): their properties.
      const declaration = t.getSymbol()?.declarations?.[0];
      if (declaration?.getSourceFile().isDeclarationFile) return false;
      return checker.getPropertiesOfType(t).some((p) => holds(checker.getTypeOfSymbol(p), depth + 1));
    });
    deep.set(type, is);
    return is;
  };

  /**
   * An expression's type; for a name, its declared type rather than the type narrowed at this place: narrowing walks
   * the file's control flow back from every reference (quadratic in a long file), and the declared type can only hold
   * more than the narrowed one, so nothing is missed.
   */
  const typeOf = (node: TS.Node): TS.Type => {
    if (ts.isIdentifier(node)) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol && symbol.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Property))
        return checker.getTypeOfSymbol(symbol);
    }
    return checker.getTypeAtLocation(node);
  };

  return { capabilityFile, declaredInClient, capability, holdsDirectly, holds: (t) => holds(t), typeOf };
}

export function eachType(type: TS.Type): readonly TS.Type[] {
  return type.isUnionOrIntersection() ? type.types : [type];
}
