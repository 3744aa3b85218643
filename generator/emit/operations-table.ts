/**
 * `operations.ts`: the typed operation table, built with ts-morph from structures in one pass (node-by-node edits
 * are slow on large descriptions). One exported `as const` entry per operation, JSDoc with `@scope`, the ladder,
 * and `OperationScopes`, the (path, method) -> level map the runtime uses to narrow a client's types by color.
 */
import { IndentationText, Project, QuoteKind, StructureKind, VariableDeclarationKind } from "ts-morph";
import type { CodeBlockWriter, JSDocStructure, StatementStructures } from "ts-morph";
import { describeProblem, effectiveLevel, PUBLIC, rank, UNRANKED } from "../levels.js";
import type { Operation } from "../operations.js";
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";

export function emitOperationsTable(ctx: EmitContext): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  });
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: `Scope levels from least to most capable; "${ctx.ladder[ctx.ladder.length - 1]}" may call everything.` }],
      declarations: [{ name: "ladder", initializer: `[${ctx.ladder.map((l) => JSON.stringify(l)).join(", ")}] as const` }],
    },
    ...ctx.operations.map((op): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [operationDoc(op, ctx)],
      leadingTrivia: "\n",
      declarations: [{ name: op.name, initializer: (w) => block(w, entryFields(op), " as const") }],
    })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: "Every operation of the description, by friendly name." }],
      leadingTrivia: "\n",
      declarations: [{ name: "operations", initializer: (w) => block(w, ctx.operations.map((op) => `${op.name},`), " as const") }],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      docs: [{ description: "The scope each (path, method) requires, as the table gives it; the runtime narrows client types with it." }],
      leadingTrivia: "\n",
      name: "OperationScopes",
      type: (w) => block(w, scopeRows(ctx.operations), ""),
    },
  ];
  const file = project.createSourceFile("operations.ts", { statements });
  // ts-morph prints initializers with a hanging indent; one formatting pass evens the whole file out.
  file.formatText({ indentSize: 2, convertTabsToSpaces: true });
  return generatedHeader(ctx) + "\n" + file.getFullText();
}

/** `{`, one indented line each, `}` and a suffix: the writer keeps the indentation right at any depth. */
function block(writer: CodeBlockWriter, lines: string[], suffix: string): void {
  writer.write("{").newLine();
  writer.indent(() => lines.forEach((line) => writer.writeLine(line)));
  writer.write(`}${suffix}`);
}

function entryFields(op: Operation): string[] {
  const entry: Record<string, unknown> = {
    name: op.name,
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    scope: op.scope,
    tags: op.tags,
    requestMediaType: op.requestMediaTypes[0],
  };
  return Object.entries(entry)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)},`);
}

/** JSDoc text must not close the comment early. */
function docText(text: string): string {
  return text.replace(/\*\//g, "*\\/").trim();
}

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

function scopeRows(ops: Operation[]): string[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  return [...byPath].map(([path, list]) => `${JSON.stringify(path)}: { ${list.map((op) => `${op.method}: ${JSON.stringify(op.scope)}`).join("; ")} };`);
}
