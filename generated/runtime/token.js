// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { signClientAssertion } from "./assertion.js";
import { backoffMs, RETRYABLE_STATUS, retryAfterMs } from "./backoff.js";
import { readCapped } from "./body.js";
import { ClientExpiredError, TokenError } from "./errors.js";
import { jwtClaims } from "./jwt.js";
import { BLOCKED_HINT, inBrowser } from "./network.js";
import { notify } from "./observe.js";
import { CLIENT_ASSERTION_TYPE, FORM_MEDIA_TYPE } from "./protocol.js";
import { refreshAt } from "./refresh.js";
import { INSUFFICIENT_SCOPE, lackedScopes, statedScopes } from "./scopes.js";
const DEFAULT_TOKEN_LIFETIME_S = 600;
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1e3;
const HEADER_SAFE = /^[\x21-\x7e]+$/;
class Deadline extends Error {
}
function createTokenSource(config) {
  const { clock } = config;
  let cached;
  let pending;
  let warned = false;
  function checkClientLifetime() {
    const expiresAt = config.clientExpiresAt;
    if (!expiresAt)
      return;
    const left = expiresAt.getTime() - clock.now();
    if (left <= 0)
      throw new ClientExpiredError({ expiredAt: expiresAt, file: config.expiryFrom });
    if (left <= DAY_MS && !warned) {
      warned = true;
      config.logger.warn(`sfapi: the API client expires at ${expiresAt.toISOString()} (in ${Math.ceil(left / 36e5)} h); create a new one in Iris before then`);
    }
  }
  async function attempt() {
    const assertion = await signClientAssertion(config.key, config.clientId, config.tokenUrl, clock.now());
    const controller = new AbortController();
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Deadline());
      }, config.timeoutMs);
    });
    const exchanging = exchange(assertion, controller.signal);
    exchanging.catch(() => void 0);
    try {
      return await Promise.race([exchanging, deadline]);
    } catch (error) {
      const timeout = error instanceof Deadline || error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const blocked = !timeout && error instanceof TypeError && error.cause === void 0 && inBrowser();
      const why = timeout ? `no answer within ${config.timeoutMs} ms` : blocked ? `could not reach it: ${BLOCKED_HINT}` : `could not reach it (${networkReason(error)})`;
      return {
        failure: { error: timeout ? "timeout" : "network_error", why, cause: timeout ? void 0 : error },
        retryable: !blocked
      };
    } finally {
      clearTimeout(timer);
    }
  }
  async function exchange(assertion, signal) {
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion
    });
    if (config.scopes !== void 0 && config.scopes.length > 0)
      body.set("scope", config.scopes.join(" "));
    const response = await config.fetch(new Request(config.tokenUrl, {
      method: "POST",
      headers: { "content-type": FORM_MEDIA_TYPE, accept: "application/json" },
      body: body.toString(),
      // Never replay an assertion to another address.
      redirect: "manual",
      signal
    }));
    const text = await readCapped(response, MAX_TOKEN_RESPONSE_BYTES);
    const status = response.status;
    if (text === void 0)
      return {
        failure: {
          error: "invalid_response",
          status,
          why: `the answer is larger than ${MAX_TOKEN_RESPONSE_BYTES} bytes`
        },
        retryable: false
      };
    if (!response.ok) {
      const oauth = oauthError(text, assertion);
      const why = status >= 300 && status < 400 ? `redirected (HTTP ${status}); set tokenUrl to the final address` : `HTTP ${status}`;
      return {
        failure: { error: oauth?.error ?? "http_error", errorDescription: oauth?.description, status, why },
        retryable: RETRYABLE_STATUS.has(status),
        retryAfterMs: retryAfterMs(response.headers.get("retry-after"), clock.now())
      };
    }
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      return { failure: { error: "invalid_response", status, why: "the answer is not JSON" }, retryable: false };
    }
    const record = json && typeof json === "object" ? json : {};
    const token = record.access_token;
    if (typeof token !== "string" || token === "") {
      return {
        failure: { error: "invalid_response", status, why: "the answer has no access_token" },
        retryable: false
      };
    }
    if (!HEADER_SAFE.test(token)) {
      return {
        failure: {
          error: "invalid_response",
          status,
          why: "the access_token holds characters an Authorization header cannot carry"
        },
        retryable: false
      };
    }
    if (config.scopes !== void 0 && record.scope !== void 0) {
      const stated = statedScopes(record.scope);
      const lacking = stated === void 0 ? void 0 : lackedScopes(config.scopes, stated);
      if (lacking === void 0 || lacking.length > 0) {
        const why = lacking === void 0 ? "the answer's scope is not a space-separated list of scopes" : `the token was granted without ${lacking.join(", ")} (asked for ${config.scopes.join(" ")})`;
        return { failure: { error: INSUFFICIENT_SCOPE, status, why }, retryable: false };
      }
    }
    return { token, lifetimeS: lifetimeSeconds(record.expires_in, token, clock.now()) };
  }
  async function fetchToken() {
    checkClientLifetime();
    for (let n = 1; ; n++) {
      const result = await attempt();
      if ("token" in result) {
        const now = clock.now();
        cached = {
          token: result.token,
          refreshAt: refreshAt(now, now + result.lifetimeS * 1e3, config.refreshSkewMs)
        };
        notify(config.onToken, { what: "fetched", attempt: n, delay: 0 });
        return result.token;
      }
      const { failure } = result;
      let why = failure.why;
      if (result.retryable && n < config.retry.attempts) {
        const asked = result.retryAfterMs;
        if (asked === void 0 || asked <= config.retry.maxDelayMs) {
          const delay = Math.max(backoffMs(config.retry, n), asked ?? 0);
          notify(config.onToken, { what: "retry", attempt: n, delay });
          notify(config.onRetry, {
            what: `POST ${tokenPath(config.tokenUrl)}`,
            attempt: n,
            delay,
            status: failure.status
          });
          await clock.sleep(delay);
          continue;
        }
        why += `; the server asked to retry after ${Math.ceil(asked / 1e3)} s, longer than retry.maxDelayMs`;
      }
      const detail = [failure.error, failure.errorDescription].filter(Boolean).join(": ");
      const attempts = `${n} attempt${n === 1 ? "" : "s"}`;
      throw new TokenError({
        ...failure,
        attempts: n,
        message: `Token request to ${config.tokenUrl} failed after ${attempts}: ${detail} (${why})`
      });
    }
  }
  function current() {
    return cached !== void 0 && clock.now() < cached.refreshAt ? cached.token : void 0;
  }
  return {
    current,
    get() {
      const fresh = current();
      if (fresh !== void 0)
        return Promise.resolve(fresh);
      pending ??= fetchToken().finally(() => {
        pending = void 0;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token)
        cached = void 0;
    }
  };
}
function tokenPath(url) {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
function lifetimeSeconds(expiresIn, token, nowMs) {
  const seconds = typeof expiresIn === "string" && expiresIn.trim() !== "" ? Number(expiresIn) : expiresIn;
  if (typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0)
    return seconds;
  const exp = jwtClaims(token)?.exp;
  return typeof exp === "number" ? Math.max(0, exp - nowMs / 1e3) : DEFAULT_TOKEN_LIFETIME_S;
}
function oauthError(text, assertion) {
  try {
    const body = JSON.parse(text);
    if (!body || typeof body.error !== "string")
      return void 0;
    const raw = typeof body.error_description === "string" ? body.error_description : void 0;
    const description = raw?.split(assertion).join("[assertion]").slice(0, 500);
    return { error: body.error.split(assertion).join("[assertion]").slice(0, 100), description };
  } catch {
    return void 0;
  }
}
function networkReason(error) {
  const cause = error?.cause;
  if (cause && typeof cause.code === "string")
    return cause.code;
  if (cause && typeof cause.message === "string")
    return cause.message;
  return error instanceof Error ? error.message : String(error);
}
export {
  DEFAULT_TOKEN_LIFETIME_S,
  MAX_TOKEN_RESPONSE_BYTES,
  createTokenSource
};
