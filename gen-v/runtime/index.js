import { createScopedClient } from "./client.js";
export * from "./errors.js";
import { grants } from "./grants.js";
import { TERMINAL_STATES } from "./jobs.js";
import { readKeyFileText } from "./key-file.js";
import { keyTokens } from "./key-tokens.js";
import { accessTokens } from "./options.js";
import { DEFAULT_BASE_URL, DEFAULT_TOKEN_URL } from "./protocol.js";
import { clientHelpers } from "./workflow.js";
export {
  DEFAULT_BASE_URL,
  DEFAULT_TOKEN_URL,
  TERMINAL_STATES,
  accessTokens,
  clientHelpers,
  createScopedClient,
  grants,
  keyTokens,
  readKeyFileText
};
