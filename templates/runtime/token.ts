/**
 * Access tokens from the client-credentials grant with a client assertion: fetched lazily, cached, used until shortly
 * before they expire, one request in flight however many calls wait, bounded retries for transient failures, a
 * per-request deadline that holds whatever the fetch implementation does, and a cap on the answer's size. The key,
 * assertions and tokens live only in this closure.
 */
import { signClientAssertion } from "./assertion.js";
import { backoffMs, RETRYABLE_STATUS, retryAfterMs } from "./backoff.js";
import { readCapped } from "./body.js";
import type { Clock } from "./clock.js";
import { ClientExpiredError, TokenError } from "./errors.js";
import { jwtClaims } from "./jwt.js";
import type { LoadedKey } from "./keys.js";
import { BLOCKED_HINT, inBrowser } from "./network.js";
import { notify, type RetryEvent, type TokenEvent } from "./observe.js";
import { CLIENT_ASSERTION_TYPE, FORM_MEDIA_TYPE } from "./protocol.js";
import { refreshAt } from "./refresh.js";
import { INSUFFICIENT_SCOPE, lackedScopes, statedScopes } from "./scopes.js";
import type { RetryPolicy } from "./token-retry.js";

export interface Logger {
  warn(message: string): void;
}

export type FetchLike = (input: Request) => Promise<Response>;

export interface TokenSourceConfig {
  clientId: string;
  key: LoadedKey;
  tokenUrl: string;
  fetch: FetchLike;
  /** Per token request: connect, answer and body. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Stop using a token this long before it expires (at most a tenth of its lifetime). */
  refreshSkewMs: number;
  clientExpiresAt: Date | undefined;
  /** The key file `clientExpiresAt` was read from (its `expires_at`), for the error's advice. */
  expiryFrom?: string | undefined;
  logger: Logger;
  clock: Clock;
  onToken?: ((event: TokenEvent) => void) | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /**
   * A client of OAuth2 scopes: its grant, asked for as `scope` (RFC 6749 section 4.4.2; not sent when empty). An
   * answer whose `scope` field (section 5.1: present when it differs from what was asked) lacks one of them is refused.
   */
  scopes?: readonly string[] | undefined;
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
/** A token answer is a few hundred bytes to a few KB; anything past this is not read further. */
export const MAX_TOKEN_RESPONSE_BYTES: number = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What an Authorization header may carry: visible ASCII, no spaces (RFC 6750's b64token and every JWT fit). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

type Failure = Omit<ConstructorParameters<typeof TokenError>[0], "message" | "attempts"> & { why: string };
type Attempt =
  | { token: string; lifetimeS: number }
  | { failure: Failure; retryable: boolean; retryAfterMs?: number | undefined };

class Deadline extends Error {}

export function createTokenSource(config: TokenSourceConfig): TokenSource {
  const { clock } = config;
  let cached: { token: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;
  let warned = false;

  function checkClientLifetime(): void {
    const expiresAt = config.clientExpiresAt;
    if (!expiresAt) return;
    const left = expiresAt.getTime() - clock.now();
    if (left <= 0) throw new ClientExpiredError({ expiredAt: expiresAt, file: config.expiryFrom });
    if (left <= DAY_MS && !warned) {
      warned = true;
      config.logger.warn(
        `sfapi: the API client expires at ${expiresAt.toISOString()} (in ${Math.ceil(left / 3_600_000)} h); ` +
          "create a new one in Iris before then",
      );
    }
  }

  /**
   * One token request under one deadline. The timer is held here, not only inside an AbortSignal handed to fetch: a
   * signal that fetch copies into its own Request may be collected with the timer it owns (undici #4068), and a
   * fetch implementation may ignore signals altogether. The race ends the wait either way.
   */
  async function attempt(): Promise<Attempt> {
    const assertion = await signClientAssertion(config.key, config.clientId, config.tokenUrl, clock.now());
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Deadline());
      }, config.timeoutMs);
    });
    const exchanging = exchange(assertion, controller.signal);
    exchanging.catch(() => undefined); // it may fail after the deadline has already answered
    try {
      return await Promise.race([exchanging, deadline]);
    } catch (error) {
      const timeout =
        error instanceof Deadline ||
        (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
      // A browser's bare TypeError: blocked (CORS) or offline, and the same a second later.
      const blocked = !timeout && error instanceof TypeError && error.cause === undefined && inBrowser();
      const why = timeout
        ? `no answer within ${config.timeoutMs} ms`
        : blocked
          ? `could not reach it: ${BLOCKED_HINT}`
          : `could not reach it (${networkReason(error)})`;
      return {
        failure: { error: timeout ? "timeout" : "network_error", why, cause: timeout ? undefined : error },
        retryable: !blocked,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  async function exchange(assertion: string, signal: AbortSignal): Promise<Attempt> {
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
    });
    if (config.scopes !== undefined && config.scopes.length > 0) body.set("scope", config.scopes.join(" "));
    const response = await config.fetch(
      new Request(config.tokenUrl, {
        method: "POST",
        headers: { "content-type": FORM_MEDIA_TYPE, accept: "application/json" },
        body: body.toString(),
        // Never replay an assertion to another address.
        redirect: "manual",
        signal,
      }),
    );
    const text = await readCapped(response, MAX_TOKEN_RESPONSE_BYTES);
    const status = response.status;
    if (text === undefined)
      return {
        failure: {
          error: "invalid_response",
          status,
          why: `the answer is larger than ${MAX_TOKEN_RESPONSE_BYTES} bytes`,
        },
        retryable: false,
      };
    if (!response.ok) {
      const oauth = oauthError(text, assertion);
      const why =
        status >= 300 && status < 400
          ? `redirected (HTTP ${status}); set tokenUrl to the final address`
          : `HTTP ${status}`;
      return {
        failure: { error: oauth?.error ?? "http_error", errorDescription: oauth?.description, status, why },
        retryable: RETRYABLE_STATUS.has(status),
        retryAfterMs: retryAfterMs(response.headers.get("retry-after"), clock.now()),
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
      return {
        failure: { error: "invalid_response", status, why: "the answer has no access_token" },
        retryable: false,
      };
    }
    if (!HEADER_SAFE.test(token)) {
      return {
        failure: {
          error: "invalid_response",
          status,
          why: "the access_token holds characters an Authorization header cannot carry",
        },
        retryable: false,
      };
    }
    if (config.scopes !== undefined && record.scope !== undefined) {
      const stated = statedScopes(record.scope);
      const lacking = stated === undefined ? undefined : lackedScopes(config.scopes, stated);
      if (lacking === undefined || lacking.length > 0) {
        const why =
          lacking === undefined
            ? "the answer's scope is not a space-separated list of scopes"
            : `the token was granted without ${lacking.join(", ")} (asked for ${config.scopes.join(" ")})`;
        return { failure: { error: INSUFFICIENT_SCOPE, status, why }, retryable: false };
      }
    }
    return { token, lifetimeS: lifetimeSeconds(record.expires_in, token, clock.now()) };
  }

  async function fetchToken(): Promise<string> {
    checkClientLifetime();
    for (let n = 1; ; n++) {
      const result = await attempt();
      if ("token" in result) {
        const now = clock.now();
        cached = {
          token: result.token,
          refreshAt: refreshAt(now, now + result.lifetimeS * 1000, config.refreshSkewMs),
        };
        notify(config.onToken, { what: "fetched", attempt: n, delay: 0 });
        return result.token;
      }
      const { failure } = result;
      let why = failure.why;
      if (result.retryable && n < config.retry.attempts) {
        const asked = result.retryAfterMs;
        if (asked === undefined || asked <= config.retry.maxDelayMs) {
          const delay = Math.max(backoffMs(config.retry, n), asked ?? 0);
          notify(config.onToken, { what: "retry", attempt: n, delay });
          notify(config.onRetry, {
            what: `POST ${tokenPath(config.tokenUrl)}`,
            attempt: n,
            delay,
            status: failure.status,
          });
          await clock.sleep(delay);
          continue;
        }
        why += `; the server asked to retry after ${Math.ceil(asked / 1000)} s, longer than retry.maxDelayMs`;
      }
      const detail = [failure.error, failure.errorDescription].filter(Boolean).join(": ");
      const attempts = `${n} attempt${n === 1 ? "" : "s"}`;
      throw new TokenError({
        ...failure,
        attempts: n,
        message: `Token request to ${config.tokenUrl} failed after ${attempts}: ${detail} (${why})`,
      });
    }
  }

  function current(): string | undefined {
    return cached !== undefined && clock.now() < cached.refreshAt ? cached.token : undefined;
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

function tokenPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** `expires_in` when usable, else the token's own `exp` when it is a JWT, else the default. */
function lifetimeSeconds(expiresIn: unknown, token: string, nowMs: number): number {
  const seconds = typeof expiresIn === "string" && expiresIn.trim() !== "" ? Number(expiresIn) : expiresIn;
  if (typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0) return seconds;
  // Not a JWT, or no `exp`: opaque tokens are fine.
  const exp = jwtClaims(token)?.exp;
  return typeof exp === "number" ? Math.max(0, exp - nowMs / 1000) : DEFAULT_TOKEN_LIFETIME_S;
}

/** RFC 6749 §5.2 fields of an error answer, if it has them (shortened, and never echoing the assertion). */
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
