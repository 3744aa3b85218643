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
 * a replacer function: usage/escapes.ts's inspectsOnly, by declaration; code that replaces them is unknown,
 * boundaries.ts). The places where following stops besides these (weaker implementations, throw, unresolved modules,
 * code from a string) are usage/boundaries.ts's; which types carry the client is usage/capabilities.ts's. A call
 * whose own options change what it sends (any option but those known to leave it alone, boundaries.ts's
 * SAFE_OPTIONS; `use(...)`) is unknown too. A call's literal path values are read at the call (usage/path-values.ts),
 * so that it counts what they reach.
 * Each use is also attributed to the `createClient(...)` call it comes from when the code shows it plainly (a `const`
 * chain of member reads and calls back to the call), so a file holding a red and a green client says which needs what.
 *
 * One Program for the whole code base (usage/program.ts: the code's own tsconfig.json options, JavaScript included),
 * no diagnostics.
 *
 * This module walks the files; what the walk keeps is usage/findings.ts's, and each thing it looks for has its own
 * module: member reads of a client (usage/member-reads.ts), values escaping their type (usage/escapes.ts), the
 * allowlist's other edges (usage/boundaries.ts), the createClient call a use comes from (usage/client-sites.ts), and
 * the syntax around a value (usage/syntax.ts).
 */
import { resolve } from "node:path";
import type * as TS from "typescript";
import { boundaries, inspectorWrites } from "./boundaries.js";
import { flowOut } from "./escapes.js";
import { FileWalk, Findings } from "./findings.js";
import { destructure, elementRead, propertyRead } from "./member-reads.js";
import { nameReach } from "./reach.js";
import { bindingSource, FLOW_PARENTS, isAssignmentTarget, isFlowPosition } from "./syntax.js";
import { ts } from "./typescript.js";
import type { ClientSite, FoundUse, Where } from "./uses.js";

export interface Followed {
  uses: FoundUse[];
  clients: ClientSite[];
  /** Unknown uses that stand even where the syntax read an operation: the call may send something else. */
  overriding: ReadonlySet<FoundUse>;
}

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
  const findings = new Findings(input.program, input.names, input.cwd);
  const { program, checker, caps, uses } = findings;
  // Only files whose names can lead to a client's declarations can hold a value of its types (usage/reach.ts); the
  // others are left to the syntax rules, but for code run from a string, which may use any client (see walkFile).
  const reach = nameReach(program, caps.capabilityFile);
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    if (program.isSourceFileDefaultLibrary(file) || input.skip(resolve(file.fileName))) continue;
    if (caps.capabilityFile(file)) continue;
    try {
      const walk = new FileWalk(findings, file);
      // A console or JSON the code replaces may call what it is given.
      for (const write of inspectorWrites(program, checker, file))
        walk.unknown(write, write, "console or JSON is replaced, and a client handed to it may be used");
      const reaches = reach === undefined || reach(file);
      if (!reaches && !mayRunString(file)) continue;
      walkFile(walk, reaches);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      // Too deep for the checker's stack: nothing in it can be followed, so it needs the top level.
      const name = findings.show(file.fileName);
      const at = { file: name, line: 1, column: 1, code: name };
      uses.push({ kind: "unknown", reason: "could not tell which operation: the file is nested too deeply", ...at });
    }
  }
  uses.sort(byPlace);
  return { uses, clients: findings.clients.all().sort(byPlace), overriding: findings.overriding };
}

/** Every node of a file: member reads, createClient calls, the allowlist's edges, values handed on. */
function walkFile(walk: FileWalk, reaches: boolean): void {
  const { program, checker, caps, file } = walk;
  const boundary = boundaries({
    program,
    checker,
    caps,
    file,
    reaches,
    unknown: (node, at, reason) => walk.unknown(node, at, reason),
  });
  const visit = (node: TS.Node): void => {
    if (ts.isPropertyAccessExpression(node)) propertyRead(walk, node);
    else if (ts.isElementAccessExpression(node)) elementRead(walk, node);
    else if (ts.isObjectBindingPattern(node))
      destructure(walk, checker.getTypeAtLocation(node), node.elements, bindingSource(node));
    else if (ts.isObjectLiteralExpression(node) && isAssignmentTarget(node))
      destructure(walk, checker.getTypeAtLocation(node), node.properties, undefined);
    else if (ts.isCallExpression(node) && walk.isCreateClient(node)) walk.clientSite(node);
    boundary(node);
    // Most nodes sit where no value is handed on: the set of parents spares them the checks.
    if (
      node.parent !== undefined &&
      FLOW_PARENTS.has(node.parent.kind) &&
      ts.isExpression(node) &&
      isFlowPosition(node)
    )
      flowOut(walk, node);
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** Whether a file may run code from a string (by its text: a comment or a longer name can only say yes). */
function mayRunString(file: TS.SourceFile): boolean {
  return /eval|Function|constructor|Worker|\bvm\b/.test(file.text);
}

/** In the order of the code: by file, line and column. */
function byPlace(a: Where, b: Where): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
}
