/**
 * What a user reads when the types refuse a call: the compiler's own messages for calls above the color, in both call
 * styles, must name what is needed (the level, or the missing operation), not an opaque `never`. Compiled in-process
 * with the TypeScript API against the checked-in generated client.
 */
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { root } from "../helpers.js";

const FILE = join(root, "test", "runtime", "refusals.virtual.ts");

/** Each snippet in its own function of one file (one program to build), and the error messages per snippet. */
function errorsOf(snippets: Record<string, string>): Record<string, string[]> {
  const names = Object.keys(snippets);
  const header = `import { createClient } from "../../generated/index.js";\nconst green = createClient({ color: "green" });\nconst yellow = createClient({ color: "yellow" });\n`;
  const source = header + names.map((name, i) => `export async function f${i}() {\n${snippets[name]}\n}\n`).join("");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: ["node"],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => (name === FILE ? source : readFile(name));
  host.fileExists = (name) => name === FILE || fileExists(name);
  const program = ts.createProgram([FILE], options, host);
  const file = program.getSourceFile(FILE)!;
  const starts = names.map((_, i) => source.indexOf(`export async function f${i}()`));
  const out: Record<string, string[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const d of ts.getPreEmitDiagnostics(program, file)) {
    const index = starts.findLastIndex((start) => start <= (d.start ?? 0));
    out[names[index]!]!.push(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  }
  return out;
}

let errors: Record<string, string[]>;
beforeAll(() => {
  errors = errorsOf({
    pathStyle: `
      await green.POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } }, body: { executable: "hostname" } });
      await yellow.POST("/compute/jobs/{machine}", { params: { path: { machine: "perlmutter" } }, body: { job: "x", isPath: false } });
      await green.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
      await green.GET("/taskz");`,
    byName: `
      await green.runCommand({ path: { machine: "dtn01" }, body: { executable: "hostname" } });
      await yellow.submitJob({ path: { machine: "perlmutter" }, body: { job: "x", isPath: false } });`,
  });
});

describe("refusals the compiler explains", () => {
  test("path style: the refused path and the level it needs are in the message", () => {
    const found = errors.pathStyle!;
    expect(found).toHaveLength(4);
    expect(found[0]).toContain('"/utilities/command/{machine}: needs color red"');
    expect(found[1]).toContain('"/compute/jobs/{machine}: needs color red"');
    expect(found[2]).toContain('"/tasks/{id}: needs color yellow"');
    expect(found[3]).toContain('"(no GET operation of this API has this path)"');
  });

  test("by name: the missing operation is named on the color's client type", () => {
    expect(errors.byName).toEqual([
      "Property 'runCommand' does not exist on type 'GreenClient'.",
      "Property 'submitJob' does not exist on type 'YellowClient'.",
    ]);
  });
});
