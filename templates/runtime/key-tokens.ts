/**
 * The key-based token source, handed to the runtime by the entries that offer keys (the generated `index.js` and
 * `core.js`, in their spec): key parsing (keys.ts, der.ts), the key options' checks, the client assertion
 * (assertion.ts) and the client-credentials request (token.ts). options.ts imports none of them, so that an entry
 * that does not hand this in (`page.js`, accessToken only) bundles without their code.
 */
import { ConfigError } from "./errors.js";
import { loadPrivateKey } from "./keys.js";
import { checkKeyColor, httpUrl, type KeyTokens, ownFields, positive } from "./options.js";
import { DEFAULT_TOKEN_URL } from "./protocol.js";
import { createTokenSource } from "./token.js";
import { retryPolicy } from "./token-retry.js";

export type { KeyTokens } from "./options.js";

/** @internal The key-based token source, for the generated entries that offer keys. */
export const keyTokens: KeyTokens = {
  loadPrivateKey,
  keyTokenSource({ options, fromFile, readKeyFile, fetch, clock, scopes, defaultTokenUrl }) {
    // The settings options.ts read once from the user's options (TokenSettings), checked and defaulted here.
    const { color, privateKey, clientId: givenId, tokenUrl: givenUrl, timeoutMs, retry, refreshSkewMs } = options;
    const { clientExpiresAt, logger, onToken, onRetry } = options;
    const key = fromFile ?? loadPrivateKey(privateKey!, readKeyFile);
    checkKeyColor("createClient", key, color);
    const clientId = givenId ?? key.clientId;
    if (clientId === undefined || clientId.trim() === "")
      throw new ConfigError({
        message: "createClient: privateKey was given without clientId (and the key file names none)",
      });
    if (givenId !== undefined && key.clientId !== undefined && key.clientId !== givenId) {
      throw new ConfigError({
        message: `createClient: clientId "${givenId}" differs from the key file's client ID "${key.clientId}"`,
      });
    }
    // A client of OAuth2 scopes is another API's: the facility's token URL is no default for it (an assertion sent
    // there would go to the wrong party), only the client-credentials token URL its own description names.
    const fallback = scopes === undefined ? DEFAULT_TOKEN_URL : defaultTokenUrl;
    const given = givenUrl ?? fromFile?.tokenUrl ?? fallback;
    if (given === undefined)
      throw new ConfigError({
        message: "createClient: tokenUrl is required: this API's description names no token URL to default to",
      });
    const tokenUrl = httpUrl(given, "tokenUrl");
    return createTokenSource({
      clientId,
      key,
      tokenUrl,
      fetch,
      timeoutMs: positive(timeoutMs, 30_000, "timeoutMs"),
      retry: retryPolicy(ownFields(retry)),
      refreshSkewMs: positive(refreshSkewMs, 5_000, "refreshSkewMs", true),
      // The option wins over the key file's `expires_at`, as every explicit option does.
      clientExpiresAt: expiry(clientExpiresAt ?? key.expiresAt),
      expiryFrom: clientExpiresAt === undefined ? key.file : undefined,
      logger: logger ?? console,
      clock,
      onToken,
      onRetry,
      scopes,
    });
  },
};

function expiry(value: Date | string | number | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new ConfigError({ message: `clientExpiresAt is not a date: ${JSON.stringify(value)}` });
  return date;
}
