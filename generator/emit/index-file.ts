/**
 * `core.js`, `page.js` and `index.js`: wire this version's operation table into the runtime's client factory, and
 * re-export what consumers need. `core.js` makes the client alone (guard, tokens, named calls, keys given as values),
 * for bundles that should carry no more; `page.js` the same without keys (accessToken only), so that a page's bundle
 * carries no key or assertion code; `index.js` adds the helpers (`waitForTask`, `compute(machine)`) and key files.
 * These are the only places a generated client meets the runtime; their types are in `core.d.ts`, `page.d.ts` and
 * `index.d.ts` (client-types.ts).
 */
import type { EmitContext } from "./context.js";
import { descriptionFields, generatedHeader } from "./header.js";
import { PURE } from "./operations-table.js";
import { PUBLIC_ERRORS } from "./public-exports.js";
import { bracedList, literal } from "./text.js";
import { hasHelpers, workflowSpec } from "./workflow.js";

/** The spec a client of OAuth2 scopes hands the runtime: its table, every scope, its default URLs. */
function grantSpec(ctx: EmitContext, extra = ""): string {
  return `{ table, scopes, defaultBaseUrl${tokenUrl(ctx)}${extra} }`;
}

/** The runtime's table (packed-table.js): what every entry hands createScopedClient. */
const IMPORT_TABLE = 'import { table } from "./packed-table.js";';

/** `, defaultTokenUrl: "…"` when the description names one client-credentials token URL. */
function tokenUrl(ctx: EmitContext): string {
  return ctx.defaultTokenUrl === undefined ? "" : `, defaultTokenUrl: ${literal(ctx.defaultTokenUrl)}`;
}

export function emitCore(ctx: EmitContext): string {
  const grant = ctx.policy === "security";
  const levels = grant ? "scopes" : "ladder";
  return [
    generatedHeader(ctx),
    `import { ${levels} } from "./operations.js";`,
    IMPORT_TABLE,
    `import { createScopedClient, ${grant ? "grants, " : ""}keyTokens } from "./runtime/index.js";`,
    "",
    bracedList("export ", PUBLIC_ERRORS, ' from "./runtime/index.js";'),
    `export { ${grant ? "operations, scopes" : "ladder, operations"} } from "./operations.js";`,
    "",
    "/** The description this client was generated from. */",
    bracedList(`export const description = ${PURE}Object.freeze(`, descriptionFields(ctx), ");"),
    "",
    "/** Where the client sends requests unless `baseUrl` (or `keyFile`) says otherwise. */",
    `export const defaultBaseUrl = ${literal(ctx.defaultBaseUrl)};`,
    "",
    ...(grant
      ? [
          "/** A client that refuses every call beyond its grant of OAuth2 scopes, without key files " +
            "(types: core.d.ts). */",
          "export function createClient(options) {",
          `  return createScopedClient(${grantSpec(ctx, ", keyTokens, grants")}, options);`,
          "}",
        ]
      : [
          "/**",
          " * A client that refuses every call above its color, without index.js's helpers " +
            "(`waitForTask`, `compute`) " +
            "and key",
          " * files, so that a bundle carries none of their code (see core.d.ts for the types).",
          " */",
          "export function createClient(options) {",
          "  return createScopedClient({ table, ladder, defaultBaseUrl, keyTokens }, options);",
          "}",
        ]),
    "",
  ].join("\n");
}

/** `page.js`: core.js's client without key support, for pages that get their tokens from a service. */
export function emitPage(ctx: EmitContext): string {
  const fromCore = [...PUBLIC_ERRORS, "defaultBaseUrl", "description", "ladder", "operations"];
  return [
    generatedHeader(ctx),
    'import { defaultBaseUrl, ladder } from "./core.js";',
    IMPORT_TABLE,
    'import { createScopedClient } from "./runtime/index.js";',
    "",
    bracedList("export ", fromCore, ' from "./core.js";'),
    "",
    "/**",
    " * A client that refuses every call above its color and takes its tokens from `accessToken` only: no keys, so " +
      "that a",
    " * bundle carries no key parsing, assertion signing or token request (see page.d.ts for the types); key " +
      "options are a",
    " * ConfigError.",
    " */",
    "export function createClient(options) {",
    "  return createScopedClient({ table, ladder, defaultBaseUrl }, options);",
    "}",
    "",
  ].join("\n");
}

/** index.js of a client of OAuth2 scopes: core.js's client with key files, and its token source. No helpers. */
function emitGrantIndex(ctx: EmitContext): string {
  const fromCore = [...PUBLIC_ERRORS, "defaultBaseUrl", "description", "operations", "scopes"];
  return [
    generatedHeader(ctx),
    'import { defaultBaseUrl, scopes } from "./core.js";',
    IMPORT_TABLE,
    'import { accessTokens, createScopedClient, grants, keyTokens, readKeyFileText } from "./runtime/index.js";',
    "",
    bracedList("export ", fromCore, ' from "./core.js";'),
    "",
    "/** A client that refuses every call beyond its grant of OAuth2 scopes (types: index.d.ts). */",
    "export function createClient(options) {",
    `  return createScopedClient(${grantSpec(ctx, ", readKeyFile: readKeyFileText, keyTokens, grants")}, options);`,
    "}",
    "",
    "/** Access tokens for a server or a script, from a key file or a key, for a grant (types: index.d.ts). */",
    "export function createTokenSource(options) {",
    `  return accessTokens(options, { scopes${tokenUrl(ctx)}, readKeyFile: readKeyFileText, keyTokens, grants });`,
    "}",
    "",
  ].join("\n");
}

export function emitIndex(ctx: EmitContext): string {
  if (ctx.policy === "security") return emitGrantIndex(ctx);
  const task = ctx.taskOperation === undefined ? [] : [`taskOperation: ${literal(ctx.taskOperation)}`];
  const roles = Object.entries(workflowSpec(ctx)).map(([role, name]) => `${role}: ${literal(name)}`);
  const helpers = bracedList("clientHelpers(", [...task, ...(hasHelpers(ctx) ? ["workflow"] : [])], ")");
  const fromCore = [...PUBLIC_ERRORS, "defaultBaseUrl", "description", "ladder", "operations"];
  // The helpers' runtime (workflow.js and what it imports) only where the description has their operations: a client
  // without them copies none of it (runtime-copy.ts).
  const addOns = task.length > 0 || hasHelpers(ctx);
  const lines = [
    generatedHeader(ctx),
    'import { defaultBaseUrl, ladder } from "./core.js";',
    IMPORT_TABLE,
    'import { accessTokens, createScopedClient, keyTokens, readKeyFileText } from "./runtime/index.js";',
    ...(addOns ? ['import { clientHelpers } from "./runtime/workflow.js";'] : []),
    "",
    bracedList("export ", fromCore, ' from "./core.js";'),
    "",
    "/** A client that refuses every call above its color, with `waitForTask`, `compute` and key files " +
      "(index.d.ts). */",
    "export function createClient(options) {",
    "  const spec = { table, ladder, defaultBaseUrl, readKeyFile: readKeyFileText, keyTokens };",
    ...(hasHelpers(ctx) ? [bracedList("  const workflow = ", roles, ";").replace(/\n(?!$)/g, "\n  ")] : []),
    addOns
      ? `  return createScopedClient(spec, options, [${helpers}]);`
      : "  return createScopedClient(spec, options);",
    "}",
    "",
    "/** Access tokens for a server or a script, from a key file or a key, color-checked (types: index.d.ts). */",
    "export function createTokenSource(options) {",
    "  return accessTokens(options, { ladder, readKeyFile: readKeyFileText, keyTokens });",
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
