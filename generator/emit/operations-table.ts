/**
 * `operations.ts`: the typed operation table, built with ts-morph from structures in one `createSourceFile` call
 * (node-by-node edits, and a formatting pass, cost seconds on GitHub's 1,200 operations). One exported `as const`
 * entry per operation with JSDoc carrying `@scope`, the ladder, the `operations` map, and `OperationScopes`, the
 * (path, method) -> level map the runtime uses to narrow a client's types by color.
 *
 * Layout is chosen so the printer needs no formatting pass: each entry is one line (so `grep 'scope: "red"'` lists
 * every red operation), and `OperationScopes` is an interface, whose members ts-morph indents itself.
 */
import { IndentationText, Project, QuoteKind, StructureKind, VariableDeclarationKind } from "ts-morph";
import type { JSDocStructure, StatementStructures, VariableStatementStructure } from "ts-morph";
import { describeProblem, effectiveLevel, PUBLIC, rank, topLevel, UNRANKED } from "../levels.js";
import type { Operation } from "../operations.js";
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";

/** Continuation lines of the `operations` map wrap near this width (ts-morph indents them). */
const WRAP_AT = 110;

export function emitOperationsTable(ctx: EmitContext): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  });
  const top = topLevel(ctx.ladder);
  const statements: StatementStructures[] = [
    exportedConst("ladder", `${literal(ctx.ladder)} as const`, `Scope levels from least to most capable; "${top}" may call everything.`),
    ...ctx.operations.map((op) => exportedConst(op.name, `${entryLiteral(op)} as const`, operationDoc(op, ctx))),
    exportedConst("operations", `${wrappedObject(ctx.operations.map((op) => op.name))} as const`, "Every operation of the description, by friendly name."),
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: ["The scope each (path, method) requires, as the table gives it; the runtime narrows client types with it."],
      name: "OperationScopes",
      properties: scopeRows(ctx.operations),
    },
  ];
  const file = project.createSourceFile("operations.ts", { statements });
  return generatedHeader(ctx) + "\n" + file.getFullText();
}

function exportedConst(name: string, initializer: string, doc: string | JSDocStructure): VariableStatementStructure {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    leadingTrivia: name === "ladder" ? undefined : "\n",
    docs: [doc],
    declarations: [{ name, initializer }],
  };
}

/** `{ name: "runCommand", operationId: "…", method: "POST", path: "…", scope: "red", tags: ["utilities"], … }` */
function entryLiteral(op: Operation): string {
  const entry: Record<string, unknown> = {
    name: op.name,
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    scope: op.scope,
    tags: op.tags,
    requestMediaType: op.requestMediaTypes[0],
  };
  const fields = Object.entries(entry)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${literal(v)}`);
  return `{ ${fields.join(", ")} }`;
}

/** A string or an array of strings as a formatter prints it (`["a", "b"]`, not JSON's `["a","b"]`). */
function literal(value: unknown): string {
  return Array.isArray(value) ? `[${value.map((v) => JSON.stringify(v)).join(", ")}]` : JSON.stringify(value);
}

/** `{ a, b, c,⏎d, e }`: the printer's hanging indent turns each line break into an indented continuation line. */
function wrappedObject(names: string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const name of names) {
    if (line && line.length + name.length + 2 > WRAP_AT) {
      lines.push(line);
      line = "";
    }
    line += (line ? " " : "") + name + ",";
  }
  lines.push(line.slice(0, -1));
  return `{ ${lines.join("\n")} }`;
}

/** JSDoc text must not close the comment early. */
function docText(text: string): string {
  return text.replace(/\*\//g, "*\\/").trim();
}

/** The summary, `METHOD path`, then `@scope`, and `@public` / `@unranked <why>` / `@deprecated` where they apply. */
function operationDoc(op: Operation, ctx: EmitContext): JSDocStructure {
  const tags: { tagName: string; text?: string }[] = [{ tagName: "scope", text: op.scope }];
  if (op.scope === PUBLIC) tags.push({ tagName: "public" });
  else if (op.scope === UNRANKED || rank(ctx.ladder, op.scope) < 0) {
    const why = describeProblem(op.requirement, ctx.scopeField) ?? "not ranked";
    tags.push({ tagName: "unranked", text: `${why}: callable only by ${effectiveLevel(ctx.ladder, op.scope)}` });
  }
  if (op.deprecated) tags.push({ tagName: "deprecated" });
  const lines = [op.summary ? docText(op.summary) : undefined, `\`${op.method.toUpperCase()} ${op.path}\``].filter(Boolean);
  return { kind: StructureKind.JSDoc, description: lines.join("\n\n"), tags };
}

function scopeRows(ops: Operation[]): { name: string; type: string }[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  return [...byPath].map(([path, list]) => ({ name: JSON.stringify(path), type: `{ ${list.map((op) => `${op.method}: ${JSON.stringify(op.scope)}`).join("; ")} }` }));
}
