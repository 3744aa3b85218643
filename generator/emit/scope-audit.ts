/** `scope-audit.md`: which level every operation needs, highest level first. */
import { effectiveLevel, PUBLIC, rank } from "../levels.js";
import type { Operation } from "../operations.js";
import type { EmitContext } from "./context.js";

export function emitScopeAudit(ctx: EmitContext): string {
  const groups = [...ctx.ladder].reverse().map((level) => ({ level, ops: ctx.operations.filter((op) => effectiveLevel(ctx.ladder, op.scope) === level) }));
  groups.push({ level: PUBLIC, ops: ctx.operations.filter((op) => op.scope === PUBLIC) });
  const lines = [
    `# Scope audit: ${ctx.title} ${ctx.version.info}`,
    "",
    `Scope field \`${ctx.scopeField}\`, ladder ${ctx.ladder.join(" < ")}, policy ${ctx.policy}. ${ctx.operations.length} operations.`,
    "",
    "| level | operations |",
    "| --- | --- |",
    ...groups.map((g) => `| ${g.level} | ${g.ops.length} |`),
  ];
  for (const g of groups) {
    if (g.ops.length === 0) continue;
    lines.push("", `## ${g.level} (${g.ops.length})`, "", "| method | path | name | scope | tags |", "| --- | --- | --- | --- | --- |");
    lines.push(...g.ops.map((op) => row(op, ctx)));
  }
  return lines.join("\n") + "\n";
}

function row(op: Operation, ctx: EmitContext): string {
  const scope = op.scope !== PUBLIC && rank(ctx.ladder, op.scope) < 0 ? `${op.scope} (fails closed)` : op.scope;
  return `| ${op.method.toUpperCase()} | \`${op.path}\` | ${op.name} | ${scope} | ${op.tags.join(", ")} |`;
}
