/**
 * Type-check generated clients in-process, in one TypeScript program: the syntax of their `.js`, the types of the
 * declarations the description shaped (index, operations, schema), nothing skipped. The runtime's declarations are the
 * same in every client and checked where they are built (and by the package test under every strict setting).
 */
import { join, relative } from "node:path";
import ts from "typescript";
import { root } from "./helpers.js";

const EMITTED = ["index.d.ts", "operations.d.ts", "schema.d.ts"];
const SCRIPTS = ["index.js", "operations.js"];

/** Every problem as `file: message`; empty when all the clients compile. */
export function typeCheckClients(dirs: readonly string[]): string[] {
  const files = dirs.flatMap((out) => [...EMITTED, ...SCRIPTS].map((f) => join(out, f)));
  const options: ts.CompilerOptions = {
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
  const program = ts.createProgram(files, options);
  const problems: ts.Diagnostic[] = [...program.getGlobalDiagnostics()];
  for (const out of dirs) {
    for (const f of SCRIPTS) problems.push(...program.getSyntacticDiagnostics(program.getSourceFile(join(out, f))));
    // Only these files are asked about: node_modules' declarations (and the runtime's) are not checked here.
    for (const f of EMITTED) {
      const file = program.getSourceFile(join(out, f))!;
      problems.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
    }
  }
  return problems.map(
    (d) => `${d.file ? relative(root, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  );
}
