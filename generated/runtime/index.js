// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The sfapi-gen runtime, copied (compiled) into every generated client's `runtime/` folder. The generated `index.js`
 * calls `createScopedClient(spec, options, [clientHelpers(...)])` with its own operation table and ladder (`core.js`
 * without the helpers), and re-exports to consumers only the errors and the option and result types; the rest stays
 * internal to the client.
 *
 * @module runtime
 */
export { createScopedClient } from "./client.js";
// Every error class, and SFAPI_ERRORS, the record SfapiErrorCode, AnySfapiError and PUBLIC_ERRORS come from.
export * from "./errors.js";
export { grants } from "./grants.js";
export { TERMINAL_STATES } from "./jobs.js";
export { readKeyFileText } from "./key-file.js";
export { keyTokens } from "./key-tokens.js";
export { accessTokens, } from "./options.js";
export { DEFAULT_BASE_URL, DEFAULT_TOKEN_URL } from "./protocol.js";
export { clientHelpers } from "./workflow.js";
