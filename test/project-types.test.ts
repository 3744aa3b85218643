/**
 * The whole project type-checks under its tsconfig (generator, runtime template, the checked-in generated client and
 * every test, `test/runtime/scope-types.test-d.ts` with its compile-time assertions included), run as one test so it
 * checks in parallel with the others instead of before them.
 */
import { join } from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { root } from "./helpers.js";

it("tsc -p tsconfig.json reports nothing", () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  expect(config.errors).toEqual([]);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(root.length)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
      : "";
    return where + ts.flattenDiagnosticMessageText(d.messageText, " ");
  });
  expect(config.fileNames.length).toBeGreaterThan(100);
  expect(problems).toEqual([]);
}, 120_000);
