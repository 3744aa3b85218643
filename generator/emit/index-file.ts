/**
 * `index.ts`: wires this version's types (`schema.d.ts`) and operation table into the runtime's client factory.
 * This is the one place a generated client meets the runtime; the runtime itself is copied verbatim.
 */
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";

export function emitIndex(ctx: EmitContext): string {
  const description = { title: ctx.title, version: ctx.version.info, api: ctx.version.api ?? null, sha256: ctx.sha256, scopeField: ctx.scopeField };
  return `${generatedHeader(ctx)}
import type { paths } from "./schema.js";
import { ladder, operations } from "./operations.js";
import type { OperationScopes } from "./operations.js";
import { createScopedClient } from "./runtime/index.js";
import type { ClientOptions, ScopedClient } from "./runtime/index.js";

export * from "./runtime/index.js";
export { ladder, operations } from "./operations.js";
export type { OperationScopes } from "./operations.js";
export type { components, operations as OperationTypes, paths } from "./schema.js";

/** The description this client was generated from. */
export const description = ${JSON.stringify(description, null, 2)} as const;

/** Where the client sends requests unless \`baseUrl\` says otherwise. */
export const defaultBaseUrl = ${JSON.stringify(ctx.defaultBaseUrl)};

/**
 * A client for this API version that refuses, at compile time where the color is a literal and always at run time,
 * every operation above its configured color. A \`levels\` override ranks the types by that ladder too.
 */
export function createClient<const Color extends string, const Levels extends readonly string[] = typeof ladder>(
  options: ClientOptions<Color, Levels>,
): ScopedClient<paths, OperationScopes, Levels, Color> {
  return createScopedClient<paths, OperationScopes, Levels, Color>({ operations, ladder, defaultBaseUrl }, options);
}
`;
}
