/**
 * What a user reads when the types refuse a call: the compiler's own messages for calls above the color (path style,
 * by name, the workflow helpers), a misspelt path and a color off the ladder must name what is needed (the color, the
 * ladder), not an opaque `never` or a false "no such path". Compiled in-process with the project's TypeScript (5.9)
 * against the checked-in generated client; the pack test compiles the same consumer under the newest TypeScript too.
 */
import { join } from "node:path";
import type * as TS from "typescript";
import { expect, test } from "vitest";
import { ts } from "../../generator/usage/typescript.js";
import { byCase, refusalConsumer, refusalProblems } from "../support/consumers/refusal.js";
import { root } from "../support/project.js";
import { sharedHost } from "../support/typecheck.js";

const FILE = join(root, "test", "runtime", "refusals.virtual.ts");

test("every refusal names the color it needs, a misspelt path, or the ladder (TypeScript 5.9)", () => {
  const { source, lines } = refusalConsumer("../../generated/index.js");
  const options: TS.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: ["node"],
    skipLibCheck: true,
  };
  const host = sharedHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => (name === FILE ? source : readFile(name));
  host.fileExists = (name) => name === FILE || fileExists(name);
  const program = ts.createProgram([FILE], options, host);
  const file = program.getSourceFile(FILE)!;
  const found = ts
    .getPreEmitDiagnostics(program, file)
    .map((d): [number, string] => [
      d.file === file ? file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0,
      ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    ]);
  expect(refusalProblems(byCase(lines, found))).toEqual([]);
});
