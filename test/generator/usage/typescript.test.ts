// The code's Programs parse JSDoc as `tsc` does (generator/usage/typescript.ts): all of it in JavaScript, where it is
// types (a JSDoc cast hides a client: usage/escapes.ts reads it), and in TypeScript only the comments that name
// something (`{@link X}` keeps an import used); the rest of a TypeScript file's JSDoc is not parsed. And a Program
// asks the file system whether a folder or a file exists once per path, not once per import that resolves through it.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it, vi } from "vitest";
import { codeOptions, codeProgram } from "../../../generator/usage/program.js";
import { ts } from "../../../generator/usage/typescript.js";
import { root, tempDir } from "../../support/project.js";

const docsOf = (file: TS.SourceFile) => {
  const found: string[] = [];
  const visit = (node: TS.Node) => {
    for (const doc of (node as TS.Node & { jsDoc?: TS.JSDoc[] }).jsDoc ?? []) found.push(doc.getText(file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
};

describe("the code's Program", () => {
  it("parses JSDoc where it can change a type or an error, as tsc does, and no more", () => {
    const dir = tempDir("ts-jsdoc-");
    const body = ["/** Plain prose. */", "export const a = 1;", "/** See {@link a}. */", "export const b = a;", ""];
    writeFileSync(join(dir, "doc.ts"), body.join("\n"));
    writeFileSync(join(dir, "doc.js"), ["/** @type {number} */", "export const c = 1;", ""].join("\n"));
    const options = { allowJs: true, noEmit: true, module: ts.ModuleKind.NodeNext };
    const { program } = codeProgram([join(dir, "doc.ts"), join(dir, "doc.js")], options);
    expect(docsOf(program.getSourceFile(join(dir, "doc.ts"))!)).toEqual(["/** See {@link a}. */"]);
    expect(docsOf(program.getSourceFile(join(dir, "doc.js"))!)).toEqual(["/** @type {number} */"]);
    const declaration = program.getSourceFile(join(dir, "doc.js"))!.statements[0] as TS.VariableStatement;
    expect(ts.getJSDocType(declaration.declarationList.declarations[0]!)?.getText()).toBe("number");
  });

  it("asks whether a folder or a file exists once per path", () => {
    // Under this project's tsconfig (@types/node, the DOM): every import and type package resolves through the same
    // node_modules folders up the tree, which module resolution asked about some 2,600 times for these two files.
    const dir = tempDir("ts-exists-");
    writeFileSync(
      join(dir, "a.ts"),
      'import { b } from "./b.js";\nimport { readFileSync } from "node:fs";\nexport { b };\n',
    );
    writeFileSync(join(dir, "b.ts"), 'export const b = 1;\nexport type T = typeof import("node:path");\n');
    const asked = new Map<string, number>();
    const count = (path: string) => asked.set(path, (asked.get(path) ?? 0) + 1);
    const { directoryExists, fileExists } = ts.sys;
    const folders = vi.spyOn(ts.sys, "directoryExists").mockImplementation((path) => {
      count(`folder ${path}`);
      return directoryExists(path);
    });
    const files = vi.spyOn(ts.sys, "fileExists").mockImplementation((path) => {
      count(`file ${path}`);
      return fileExists(path);
    });
    try {
      const { program } = codeProgram([join(dir, "a.ts"), join(dir, "b.ts")], codeOptions(dir, root));
      expect(program.getSourceFiles().some((f) => f.fileName.includes("/@types/node/"))).toBe(true);
    } finally {
      folders.mockRestore();
      files.mockRestore();
    }
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter(([, times]) => times > 1)).toEqual([]);
  });
});
