// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError } from "./errors.js";
import { loadPrivateKey } from "./keys.js";
import { checkKeyColor, httpUrl, ownFields, positive } from "./options.js";
import { DEFAULT_TOKEN_URL } from "./protocol.js";
import { createTokenSource } from "./token.js";
import { retryPolicy } from "./token-retry.js";
const keyTokens = {
  loadPrivateKey,
  keyTokenSource({ options, fromFile, readKeyFile, fetch, clock, scopes, defaultTokenUrl }) {
    const { color, privateKey, clientId: givenId, tokenUrl: givenUrl, timeoutMs, retry, refreshSkewMs } = options;
    const { clientExpiresAt, logger, onToken, onRetry } = options;
    const key = fromFile ?? loadPrivateKey(privateKey, readKeyFile);
    checkKeyColor("createClient", key, color);
    const clientId = givenId ?? key.clientId;
    if (clientId === void 0 || clientId.trim() === "")
      throw new ConfigError({
        message: "createClient: privateKey was given without clientId (and the key file names none)"
      });
    if (givenId !== void 0 && key.clientId !== void 0 && key.clientId !== givenId) {
      throw new ConfigError({
        message: `createClient: clientId "${givenId}" differs from the key file's client ID "${key.clientId}"`
      });
    }
    const fallback = scopes === void 0 ? DEFAULT_TOKEN_URL : defaultTokenUrl;
    const given = givenUrl ?? fromFile?.tokenUrl ?? fallback;
    if (given === void 0)
      throw new ConfigError({
        message: "createClient: tokenUrl is required: this API's description names no token URL to default to"
      });
    const tokenUrl = httpUrl(given, "tokenUrl");
    return createTokenSource({
      clientId,
      key,
      tokenUrl,
      fetch,
      timeoutMs: positive(timeoutMs, 3e4, "timeoutMs"),
      retry: retryPolicy(ownFields(retry)),
      refreshSkewMs: positive(refreshSkewMs, 5e3, "refreshSkewMs", true),
      // The option wins over the key file's `expires_at`, as every explicit option does.
      clientExpiresAt: expiry(clientExpiresAt ?? key.expiresAt),
      expiryFrom: clientExpiresAt === void 0 ? key.file : void 0,
      logger: logger ?? console,
      clock,
      onToken,
      onRetry,
      scopes
    });
  }
};
function expiry(value) {
  if (value === void 0)
    return void 0;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new ConfigError({ message: `clientExpiresAt is not a date: ${JSON.stringify(value)}` });
  return date;
}
export {
  keyTokens
};
