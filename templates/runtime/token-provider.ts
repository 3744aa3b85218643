/**
 * Access tokens obtained elsewhere: a browser session, a token service, one process that shares its token with many
 * workers. `accessToken` is the token itself or a function returning one. A function's token is reused until shortly
 * before its `exp` when it is a JWT that says one (the skew, at most a tenth of its life, as for tokens the client
 * fetches itself), and asked for again after a 401; an opaque token, whose life nobody can read, is asked for on each
 * call that needs one. One call of the function is in flight however many calls wait. The guard still decides every
 * call before a token is asked for.
 *
 * A client of OAuth2 scopes (grants.ts, handed in) refuses a token that is a JWT whose `scope` (space-separated) or
 * `scp` claim lacks a granted scope (TokenError `insufficient_scope`): it would only earn 403s. An opaque token, or a
 * JWT without either claim, is taken: nobody but the server can read what it grants, and the server enforces it. The
 * token is read, never verified: this check catches a wrong token early and proves nothing.
 */
import type { Clock } from "./clock.js";
import { TokenError } from "./errors.js";
import { jwtClaims } from "./jwt.js";
import { notify, type TokenEvent } from "./observe.js";
import { refreshAt } from "./refresh.js";
import type { TokenSource } from "./token.js";

export type AccessTokenInput = string | (() => string | Promise<string>);

/** What an Authorization header may carry: visible ASCII, no spaces (RFC 6750's b64token and every JWT fit). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export function providedTokenSource(
  input: AccessTokenInput,
  clock: Clock,
  refreshSkewMs = 5_000,
  onToken?: (event: TokenEvent) => void,
  /** A client of OAuth2 scopes: the check that a JWT's scope claim lacks none of its grant (grants.ts). */
  grantCheck: (token: string) => string = (token) => token,
): TokenSource {
  const checked = (token: unknown) => grantCheck(headerSafe(token));
  if (typeof input === "string") {
    const token = checked(input);
    return { current: () => token, get: () => Promise.resolve(token), invalidate: () => undefined };
  }
  let cached: { token: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const current = () => (cached !== undefined && clock.now() < cached.refreshAt ? cached.token : undefined);
  const ask = async (): Promise<string> => {
    let token: unknown;
    notify(onToken, { what: "asked", attempt: 1, delay: 0 });
    try {
      token = await input();
    } catch (error) {
      throw new TokenError({
        message: `The accessToken function failed: ${error instanceof Error ? error.message : String(error)}`,
        error: "token_source",
        attempts: 1,
        cause: error,
      });
    }
    const good = checked(token);
    const expiresAt = expiryMs(good);
    if (expiresAt !== undefined) {
      cached = { token: good, refreshAt: refreshAt(clock.now(), expiresAt, refreshSkewMs) };
    }
    return good;
  };
  return {
    current,
    get() {
      const fresh = current();
      if (fresh !== undefined) return Promise.resolve(fresh);
      pending ??= ask().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

/** A JWT's `exp` in milliseconds, or undefined (an opaque token, or no `exp`). */
function expiryMs(token: string): number | undefined {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined;
}

/** A token an Authorization header can carry; never shown in the error. */
function headerSafe(token: unknown): string {
  if (typeof token !== "string" || !HEADER_SAFE.test(token)) {
    throw new TokenError({
      message:
        typeof token === "string" && token !== ""
          ? "accessToken holds characters an Authorization header cannot carry"
          : "accessToken gave no token (an empty or non-string value)",
      error: "invalid_token_source",
      attempts: 1,
    });
  }
  return token;
}
