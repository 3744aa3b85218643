/**
 * `operations.ts`: the typed operation table. One exported `as const` entry per operation, JSDoc with `@scope`, the
 * ladder, and `OperationScopes`, the (path, method) -> level map the runtime uses to narrow a client's types by color.
 *
 * Written as text in one pass, already in the layout a formatter would give it: building a ts-morph source file and
 * formatting it cost over a second on GitHub's 1,200 operations, more than the rest of the table's work together.
 */
import { describeProblem, effectiveLevel, PUBLIC, rank, UNRANKED } from "../levels.js";
import type { Operation } from "../operations.js";
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";

export function emitOperationsTable(ctx: EmitContext): string {
  const ladder = `[${ctx.ladder.map((l) => JSON.stringify(l)).join(", ")}] as const`;
  const statements = [
    jsDoc([`Scope levels from least to most capable; "${ctx.ladder[ctx.ladder.length - 1]}" may call everything.`]) + `export const ladder = ${ladder};`,
    ...ctx.operations.map((op) => jsDoc(operationDoc(op, ctx)) + `export const ${op.name} = ${block(entryFields(op))} as const;`),
    jsDoc(["Every operation of the description, by friendly name."]) + `export const operations = ${block(ctx.operations.map((op) => `${op.name},`))} as const;`,
    jsDoc(["The scope each (path, method) requires, as the table gives it; the runtime narrows client types with it."]) +
      `export type OperationScopes = ${block(scopeRows(ctx.operations))};`,
  ];
  return generatedHeader(ctx) + "\n" + statements.join("\n\n") + "\n";
}

/** `{`, one line per member indented two spaces, `}`. */
function block(lines: string[]): string {
  return ["{", ...lines.map((line) => `  ${line}`), "}"].join("\n");
}

/** A JSDoc comment: one line when the text is one line, else ` * ` before every line (` *` alone on a blank one). */
function jsDoc(lines: string[]): string {
  const text = lines.join("\n").split(/\r?\n/);
  if (text.length === 1) return `/** ${text[0]} */\n`;
  return ["/**", ...text.map((line) => (line ? ` * ${line}` : " *")), " */", ""].join("\n");
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
    .map(([k, v]) => `${k}: ${literal(v)},`);
}

/** A string or an array of strings as a formatter prints it (`["a", "b"]`, not JSON's `["a","b"]`). */
function literal(value: unknown): string {
  return Array.isArray(value) ? `[${value.map((v) => JSON.stringify(v)).join(", ")}]` : JSON.stringify(value);
}

/** JSDoc text must not close the comment early. */
function docText(text: string): string {
  return text.replace(/\*\//g, "*\\/").trim();
}

/** The summary, a blank line, `METHOD path`, then the tags: `@scope`, and `@public`/`@unranked`/`@deprecated`. */
function operationDoc(op: Operation, ctx: EmitContext): string[] {
  const lines = [docText(op.summary ?? ""), `\`${op.method.toUpperCase()} ${op.path}\``].filter((line) => line !== "");
  const tags = [`@scope ${op.scope}`];
  if (op.scope === PUBLIC) tags.push("@public");
  else if (op.scope === UNRANKED || rank(ctx.ladder, op.scope) < 0) {
    const why = describeProblem(op.requirement, ctx.scopeField) ?? "not ranked";
    tags.push(`@unranked ${why}: callable only by ${effectiveLevel(ctx.ladder, op.scope)}`);
  }
  if (op.deprecated) tags.push("@deprecated");
  return [lines.join("\n\n"), ...tags];
}

function scopeRows(ops: Operation[]): string[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  return [...byPath].map(([path, list]) => `${JSON.stringify(path)}: { ${list.map((op) => `${op.method}: ${JSON.stringify(op.scope)}`).join("; ")} };`);
}
