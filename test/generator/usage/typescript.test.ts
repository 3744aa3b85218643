// The code's Programs parse JSDoc as `tsc` does (generator/usage/typescript.ts): all of it in JavaScript, where it is
// types (a JSDoc cast hides a client: usage/escapes.ts reads it), and in TypeScript only the comments that name
// something (`{@link X}` keeps an import used); the rest of a TypeScript file's JSDoc is not parsed.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { codeProgram } from "../../../generator/usage/program.js";
import { ts } from "../../../generator/usage/typescript.js";
import { tempDir } from "../../support/project.js";

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
});
