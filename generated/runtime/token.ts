/**
 * Access tokens from the client-credentials grant with a client assertion: fetched lazily, cached, refreshed ahead of
 * expiry, one request in flight however many calls wait, bounded retries for transient failures, a per-request
 * timeout. The key, assertions and tokens live only in this closure.
 */
import { decodeJwt } from "jose";
import { signClientAssertion } from "./assertion.js";
import { ClientExpiredError, TokenError } from "./errors.js";
import type { LoadedKey } from "./keys.js";
import { backoffMs, RETRYABLE_STATUS, retryAfterMs, sleep, type RetryPolicy } from "./retry.js";

export interface Logger {
  warn(message: string): void;
}

export type FetchLike = (input: Request) => Promise<Response>;

export interface TokenSourceConfig {
  clientId: string;
  key: LoadedKey;
  tokenUrl: string;
  fetch: FetchLike;
  /** Per token request (connect, answer and body). */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Refresh this long before expiry (at most half the token's lifetime). */
  refreshSkewMs: number;
  clientExpiresAt: Date | undefined;
  logger: Logger;
}

export interface TokenSource {
  /** The cached token while it is fresh, else undefined (no I/O). */
  current(): string | undefined;
  /** A fresh token: the cached one, or the result of the one token request in flight. */
  get(): Promise<string>;
  /** Forget `token` (the API answered 401 to it); a newer cached token is kept. */
  invalidate(token: string): void;
}

/** Lifetime assumed when the answer has no `expires_in` and the token is not a JWT with `exp`. */
export const DEFAULT_TOKEN_LIFETIME_S = 600;
const DAY_MS = 24 * 60 * 60 * 1000;
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

type Attempt =
  | { token: string; lifetimeS: number }
  | { failure: Omit<ConstructorParameters<typeof TokenError>[0], "message" | "attempts"> & { why: string }; retryable: boolean; retryAfterMs?: number };

export function createTokenSource(config: TokenSourceConfig): TokenSource {
  let cached: { token: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;
  let warned = false;

  function checkClientLifetime(): void {
    const expiresAt = config.clientExpiresAt;
    if (!expiresAt) return;
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) throw new ClientExpiredError(expiresAt);
    if (left <= DAY_MS && !warned) {
      warned = true;
      config.logger.warn(`sfapi: the API client expires at ${expiresAt.toISOString()} (in ${Math.ceil(left / 3_600_000)} h); create a new one in Iris before then`);
    }
  }

  async function attempt(): Promise<Attempt> {
    const assertion = await signClientAssertion(config.key, config.clientId, config.tokenUrl);
    const body = new URLSearchParams({ grant_type: "client_credentials", client_assertion_type: ASSERTION_TYPE, client_assertion: assertion });
    let response: Response;
    let text: string;
    try {
      response = await config.fetch(
        new Request(config.tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: body.toString(),
          // Never replay an assertion to another address.
          redirect: "manual",
          signal: AbortSignal.timeout(config.timeoutMs),
        }),
      );
      text = await response.text();
    } catch (error) {
      const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const why = timeout ? `no answer within ${config.timeoutMs} ms` : `could not reach it (${networkReason(error)})`;
      return { failure: { error: timeout ? "timeout" : "network_error", why, cause: timeout ? undefined : error }, retryable: true };
    }
    const status = response.status;
    if (!response.ok) {
      const oauth = oauthError(text, assertion);
      const why = status >= 300 && status < 400 ? `redirected (HTTP ${status}); set tokenUrl to the final address` : `HTTP ${status}`;
      return {
        failure: { error: oauth?.error ?? "http_error", errorDescription: oauth?.description, status, why },
        retryable: RETRYABLE_STATUS.has(status),
        retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { failure: { error: "invalid_response", status, why: "the answer is not JSON" }, retryable: false };
    }
    const record = json && typeof json === "object" ? (json as Record<string, unknown>) : {};
    const token = record.access_token;
    if (typeof token !== "string" || token === "") {
      return { failure: { error: "invalid_response", status, why: "the answer has no access_token" }, retryable: false };
    }
    return { token, lifetimeS: lifetimeSeconds(record.expires_in, token) };
  }

  async function fetchToken(): Promise<string> {
    checkClientLifetime();
    for (let n = 1; ; n++) {
      const result = await attempt();
      if ("token" in result) {
        const lifetimeMs = result.lifetimeS * 1000;
        cached = { token: result.token, refreshAt: Date.now() + Math.max(lifetimeMs - config.refreshSkewMs, lifetimeMs / 2) };
        return result.token;
      }
      const { failure } = result;
      let why = failure.why;
      if (result.retryable && n < config.retry.attempts) {
        const asked = result.retryAfterMs;
        if (asked === undefined || asked <= config.retry.maxDelayMs) {
          await sleep(Math.max(backoffMs(config.retry, n), asked ?? 0));
          continue;
        }
        why += `; the server asked to retry after ${Math.ceil(asked / 1000)} s, longer than retry.maxDelayMs`;
      }
      const detail = [failure.error, failure.errorDescription].filter(Boolean).join(": ");
      throw new TokenError({
        ...failure,
        attempts: n,
        message: `Token request to ${config.tokenUrl} failed after ${n} attempt${n === 1 ? "" : "s"}: ${detail} (${why})`,
      });
    }
  }

  function current(): string | undefined {
    return cached !== undefined && Date.now() < cached.refreshAt ? cached.token : undefined;
  }

  return {
    current,
    get() {
      const fresh = current();
      if (fresh !== undefined) return Promise.resolve(fresh);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

/** `expires_in` when usable, else the token's own `exp` when it is a JWT, else the default. */
function lifetimeSeconds(expiresIn: unknown, token: string): number {
  const seconds = typeof expiresIn === "string" && expiresIn.trim() !== "" ? Number(expiresIn) : expiresIn;
  if (typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0) return seconds;
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === "number") return Math.max(0, exp - Date.now() / 1000);
  } catch {
    // Not a JWT: opaque tokens are fine.
  }
  return DEFAULT_TOKEN_LIFETIME_S;
}

/** RFC 6749 §5.2 fields of an error answer, if it has them (the description is shortened, and never echoes the assertion). */
function oauthError(text: string, assertion: string): { error: string; description: string | undefined } | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (!body || typeof body.error !== "string") return undefined;
    const raw = typeof body.error_description === "string" ? body.error_description : undefined;
    const description = raw?.split(assertion).join("[assertion]").slice(0, 500);
    return { error: body.error.split(assertion).join("[assertion]").slice(0, 100), description };
  } catch {
    return undefined;
  }
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
