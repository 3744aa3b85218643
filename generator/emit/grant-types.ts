/**
 * `index.d.ts` and `core.d.ts` of a client of OAuth2 scopes (the `security` policy): no ladder, so no client per level
 * written out; `createClient({ scopes })` computes the client from the literal grant (runtime/types.ts `GrantClient`):
 * each operation whose every scope set lacks a granted scope is a member typed `NeedsScopes<name, missing>`, and each
 * path-style method ends in a signature that fails such a path on the scopes it lacks. A grant typed `string[]` gets
 * every operation; only the run-time guard applies. The facility's helpers (`waitForTask`, `compute`) are not written.
 */
import { coreConstants, declaration } from "./client-types.js";
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";
import { callType, memberDoc, operationTypes } from "./operation-types.js";
import { PUBLIC_ERRORS, PUBLIC_TYPES } from "./public-exports.js";
import { bracedList, jsDoc, literal } from "./text.js";

/** What both files re-export: as a color client's, with the scopes in place of the ladder and the grant's options. */
function sharedExports(): string[] {
  const types = [...PUBLIC_TYPES, "GrantClientOptions"].sort();
  return [
    bracedList("export ", PUBLIC_ERRORS, ' from "./runtime/index.js";'),
    bracedList("export type ", types, ' from "./runtime/index.js";'),
    'export { operations, scopes } from "./operations.js";',
    'export type { OperationScopes, OperationSecurity } from "./operations.js";',
    'export type { components, operations as OperationTypes, paths } from "./schema.js";',
  ];
}

const CREATE_DOC = jsDoc(
  [
    "A client that refuses every call beyond its grant of OAuth2 scopes: at compile time where `scopes` is a literal " +
      "list (each refused operation's type names the scopes it lacks), always at run time, before any request.",
    "With `scopes` typed `string[]` every operation type-checks and only the run-time guard applies.",
  ],
  [],
);

function overloads(options: string, client: (grant: string) => string): string[] {
  return [
    CREATE_DOC,
    declaration("createClient<const S extends readonly Scope[]>", `${options}<S>`, client("S[number]")),
    declaration(
      "createClient<const S extends readonly string[]>",
      `${options}<S> & ScopeCheck<S, Scope>`,
      client("string"),
    ),
    "",
  ];
}

export function emitGrantClientTypes(ctx: EmitContext): string {
  const scopeType = ctx.scopes.length > 0 ? ctx.scopes.map(literal).join(" | ") : "never";
  return [
    generatedHeader(ctx),
    bracedList(
      "import type ",
      [
        "AccessTokens",
        "Call",
        "GrantClient",
        "GrantClientOptions",
        "OptionalCall",
        "ScopeCheck",
        "TokenSourceOptions",
        "WithJsonText",
      ],
      ' from "./runtime/index.js";',
    ),
    'import type { operations as table, OperationSecurity } from "./operations.js";',
    'import type { paths } from "./schema.js";',
    "",
    ...sharedExports(),
    'export { defaultBaseUrl, description } from "./core.js";',
    "",
    jsDoc(["An OAuth2 scope this API names."], []),
    `export type Scope = ${scopeType};`,
    "",
    ...operationTypes(ctx),
    jsDoc(["Every operation of this API, by name (a client's grant decides which it may call)."], []),
    "export interface Operations {",
    ...ctx.operations.flatMap((op) => [memberDoc(ctx, op), `  ${op.name}: ${callType(ctx, op)};`]),
    "}",
    "",
    jsDoc(
      [
        "A client granted the scopes `G` (a union): the operations no scope set of which `G` covers are type errors " +
          "naming the scopes they lack. `ScopedClient<string>` (a grant known only at run time) has them all.",
      ],
      [],
    ),
    "export type ScopedClient<G extends string> =",
    "  GrantClient<paths, OperationSecurity, Operations, typeof table, G>;",
    "",
    "// ---- createClient " + "-".repeat(88),
    "",
    ...overloads("GrantClientOptions", (grant) => `ScopedClient<${grant}>`),
    jsDoc(
      [
        "Access tokens for a server (the `accessToken` pattern) or a script, from a key file or a key: fetched, " +
          "cached and renewed as a client's, asking for exactly `scopes`.",
      ],
      [],
    ),
    declaration(
      "createTokenSource",
      'Omit<TokenSourceOptions, "color" | "scopes"> & { scopes: readonly Scope[] }',
      "AccessTokens",
    ),
    "",
  ].join("\n");
}

/** `core.d.ts`: core.js's exports; its clients are index.d.ts's, made without key files. */
export function emitGrantCoreTypes(ctx: EmitContext): string {
  return [
    generatedHeader(ctx),
    'import type { GrantClientOptions, ScopeCheck } from "./runtime/index.js";',
    'import type { Scope, ScopedClient } from "./index.js";',
    "",
    ...sharedExports(),
    'export type { Operations, Scope, ScopedClient } from "./index.js";',
    "",
    ...coreConstants(ctx),
    jsDoc(["createClient's options without `keyFile`: core.js reads no files (index.js does)."], []),
    "export type CoreOptions<S extends readonly string[]> = GrantClientOptions<S> & { keyFile?: never };",
    "",
    ...overloads("CoreOptions", (grant) => `ScopedClient<${grant}>`),
  ].join("\n");
}
