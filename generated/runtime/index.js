// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
export { createScopedClient } from "./client.js";
export { ClientExpiredError, CommandError, ConfigError, CredentialsError, FileError, JobError, KeyError, ResponseError, ScopeError, SfapiError, TaskError, TokenError, } from "./errors.js";
export { TERMINAL_STATES } from "./jobs.js";
export { DEFAULT_BASE_URL, DEFAULT_TOKEN_URL } from "./options.js";
