/**
 * The whole project type-checks under its tsconfig (generator, runtime template, the checked-in generated client and
 * every test, `test/runtime/scope-types.test-d.ts` with its compile-time assertions included), run as one test so it
 * checks in parallel with the others instead of before them.
 *
 * Incremental, as `tsc --incremental` is: the build info under node_modules/.cache records each file's hash and its
 * diagnostics, so a run re-checks only what changed and what depends on it (a fresh checkout checks everything;
 * delete the cache folder to force that). The verdict is the same as a full check's.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ts } from "../../generator/usage/typescript.js";
import { root } from "../support/project.js";

const CACHE = join(root, "node_modules", ".cache", "sfapi-gen");

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
  mkdirSync(CACHE, { recursive: true });
  const options = { ...config.options, incremental: true, tsBuildInfoFile: join(CACHE, "project-types.tsbuildinfo") };
  const program = ts.createIncrementalProgram({
    rootNames: config.fileNames,
    options,
    projectReferences: config.projectReferences,
    host: ts.createIncrementalCompilerHost(options),
  });
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getSemanticDiagnostics(),
  ];
  // Under noEmit this writes the build info only.
  program.emit();
  const problems = diagnostics.map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(root.length)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
      : "";
    return where + ts.flattenDiagnosticMessageText(d.messageText, " ");
  });
  expect(config.fileNames.length).toBeGreaterThan(100);
  expect(problems).toEqual([]);
}, 120_000);
