/**
 * `index.js`: wires this version's operation table into the runtime's client factory, and re-exports what consumers
 * need. This is the one place a generated client meets the runtime; its types are in `index.d.ts` (client-types.ts).
 */
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";
import { PUBLIC_ERRORS } from "./public-exports.js";
import { literal } from "./text.js";
import { hasCompute, workflowSpec } from "./workflow.js";

export function emitIndex(ctx: EmitContext): string {
  const description = `{ title: ${literal(ctx.title)}, version: ${literal(ctx.version.info)}, api: ${ctx.version.api === undefined ? "null" : literal(ctx.version.api)}, sha256: ${literal(ctx.sha256)}, scopeField: ${literal(ctx.scopeField)} }`;
  const workflow = hasCompute(ctx)
    ? `, workflow: { ${Object.entries(workflowSpec(ctx))
        .map(([role, name]) => `${role}: ${literal(name)}`)
        .join(", ")} }`
    : "";
  const spec = `{ operations, ladder, defaultBaseUrl${ctx.taskOperation === undefined ? "" : `, taskOperation: ${literal(ctx.taskOperation)}`}${workflow} }`;
  const lines = [
    generatedHeader(ctx),
    'import { ladder, operations } from "./operations.js";',
    'import { createScopedClient } from "./runtime/index.js";',
    "",
    `export { ${PUBLIC_ERRORS.join(", ")} } from "./runtime/index.js";`,
    'export { ladder, operations } from "./operations.js";',
    "",
    "/** The description this client was generated from. */",
    `export const description = Object.freeze(${description});`,
    "",
    "/** Where the client sends requests unless `baseUrl` (or `keyFile`) says otherwise. */",
    `export const defaultBaseUrl = ${literal(ctx.defaultBaseUrl)};`,
    "",
    "/** A client that refuses every call above its color (see index.d.ts for the types). */",
    "export function createClient(options) {",
    `  return createScopedClient(${spec}, options);`,
    "}",
    "",
  ];
  if (ctx.taskOperation !== undefined) {
    lines.push(
      "/** Poll the task until it has finished; the same as `client.waitForTask(id, options)`. */",
      "export function waitForTask(client, id, options) {",
      "  return client.waitForTask(id, options);",
      "}",
      "",
    );
  }
  return lines.join("\n");
}
