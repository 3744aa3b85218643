/**
 * Type-check generated clients in-process, in one TypeScript program: the syntax of their `.js`, the types of the
 * declarations the description shaped (index, operations, schema), nothing skipped. The runtime's declarations are the
 * same in every client and checked where they are built (and by the package test under every strict setting).
 */
import { join, relative, sep } from "node:path";
import type * as TS from "typescript";
import { cachedDeclarations } from "../../generator/usage/program.js";
import { compilerHost, ts } from "../../generator/usage/typescript.js";
import { root } from "./project.js";

const EMITTED = ["index.d.ts", "operations.d.ts", "packed-table.d.ts", "schema.d.ts"];
const SCRIPTS = ["index.js", "operations.js", "packed-table.js"];

/**
 * A compiler host for the tests' own Programs, built as `tsc` builds them (JSDoc parsed for type errors only: see
 * generator/usage/typescript.ts), whose files under node_modules come from the cache the `needs` and `diff --code`
 * analyses keep (generator/usage/program.ts: by path, size and modification time). TypeScript's libs (the DOM's alone
 * is 1.9 MB) and the packages are then parsed and bound once per test worker, whichever file asks first, not once per
 * Program (300 to 500 ms each time). The clients' own files are parsed anew.
 */
export function sharedHost(options: TS.CompilerOptions): TS.CompilerHost {
  const host = compilerHost(options);
  host.getSourceFile = cachedDeclarations(host, (fileName) => fileName.startsWith(stable));
  return host;
}
const stable = join(root, "node_modules") + sep;

/**
 * Every problem as `file: message`; empty when all the clients compile. `emitted`: the declarations checked in each
 * folder (the benchmark of real descriptions checks a peer's `schema.d.ts` alone).
 */
export function typeCheckClients(dirs: readonly string[], emitted: readonly string[] = EMITTED): string[] {
  const scripts = emitted === EMITTED ? SCRIPTS : [];
  const files = dirs.flatMap((out) => [...emitted, ...scripts].map((f) => join(out, f)));
  const options: TS.CompilerOptions = {
    strict: true,
    noEmit: true,
    allowJs: true,
    checkJs: false,
    skipLibCheck: false,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ["node"],
  };
  const program = ts.createProgram(files, options, sharedHost(options));
  const problems: TS.Diagnostic[] = [...program.getGlobalDiagnostics()];
  for (const out of dirs) {
    for (const f of scripts) problems.push(...program.getSyntacticDiagnostics(program.getSourceFile(join(out, f))));
    // Only these files are asked about: node_modules' declarations (and the runtime's) are not checked here.
    for (const f of emitted) {
      const file = program.getSourceFile(join(out, f))!;
      problems.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
    }
  }
  return problems.map(
    (d) => `${d.file ? relative(root, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  );
}
