// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { createScopedClient } from "./client.js";
export * from "./errors.js";
import { grants } from "./grants.js";
import { readKeyFileText } from "./key-file.js";
import { keyTokens } from "./key-tokens.js";
import { accessTokens } from "./options.js";
import { DEFAULT_BASE_URL, DEFAULT_TOKEN_URL } from "./protocol.js";
import { PUBLIC_ERRORS } from "./public-errors.js";
export {
  DEFAULT_BASE_URL,
  DEFAULT_TOKEN_URL,
  PUBLIC_ERRORS,
  accessTokens,
  createScopedClient,
  grants,
  keyTokens,
  readKeyFileText
};
