/**
 * Type-check generated clients in-process, in one TypeScript program: the syntax of their `.js`, the types of the
 * declarations the description shaped (index, operations, schema), nothing skipped. The runtime's declarations are the
 * same in every client and checked where they are built (and by the package test under every strict setting).
 */
import { join, relative, sep } from "node:path";
import type * as TS from "typescript";
import { ts } from "../../generator/usage/typescript.js";
import { root } from "./project.js";

const EMITTED = ["index.d.ts", "operations.d.ts", "packed-table.d.ts", "schema.d.ts"];
const SCRIPTS = ["index.js", "operations.js", "packed-table.js"];

/**
 * TypeScript's libs and the packages under node_modules do not change during a run: parsed (and bound) once per test
 * worker, not once per program (a third of a program's cost). The options are the same for every program here.
 */
const parsed = new Map<string, TS.SourceFile | undefined>();
const stable = join(root, "node_modules") + sep;

function host(options: TS.CompilerOptions): TS.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    if (!name.startsWith(stable)) return getSourceFile(name, version, ...rest);
    const key = `${name}\0${JSON.stringify(version)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(name, version, ...rest));
    return parsed.get(key);
  };
  return host;
}

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
  const program = ts.createProgram(files, options, host(options));
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
