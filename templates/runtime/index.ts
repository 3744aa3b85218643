/**
 * The sfapi-gen runtime, copied verbatim into every generated client's `runtime/` folder. The generated `index.ts`
 * calls `createScopedClient(spec, options)` with its own operation table, ladder and types.
 */
export { createScopedClient, type ClientSpec } from "./client.js";
export { ClientExpiredError, ConfigError, CredentialsError, KeyError, ScopeError, TaskError, TokenError } from "./errors.js";
export { formBody, FORM_MEDIA_TYPE } from "./form.js";
export { createGuard, type Guard, type GuardConfig } from "./guard.js";
export { loadPrivateKey, type LoadedKey, type PrivateKeyInput } from "./keys.js";
export { canCall, requiredLevel } from "./levels.js";
export { compileTable, matchAll, type CompiledTable } from "./matcher.js";
export { DEFAULT_BASE_URL, DEFAULT_TOKEN_URL, type ClientOptions } from "./options.js";
export type { RetryOptions } from "./retry.js";
export type { ColorMayCall, PathsForColor, ScopedClient } from "./scoped-types.js";
export type { OperationEntry, OperationTable } from "./table.js";
export { waitForTask, type TaskOf, type WaitOptions } from "./tasks.js";
export type { FetchLike, Logger } from "./token.js";
