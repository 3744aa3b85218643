// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { backoffMs, RETRYABLE_STATUS, retryAfterMs } from "./backoff.js";
import { ConfigError, NetworkError } from "./errors.js";
import { noAnswerError, reason } from "./network.js";
import { debugFetch, notify, requestWhat } from "./observe.js";
const IDEMPOTENT_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
function callRetryPolicy(options) {
  if (options === false)
    return void 0;
  if (options !== void 0 && (typeof options !== "object" || options === null))
    throw new ConfigError({
      message: "callRetry must be an object ({ attempts, baseDelayMs, maxDelayMs, timeoutMs, totalMs }) or false"
    });
  const attempts = Math.floor(options?.attempts ?? 10);
  const baseDelayMs = options?.baseDelayMs ?? 1e3;
  const maxDelayMs = options?.maxDelayMs ?? 1e4;
  const timeoutMs = options?.timeoutMs;
  const totalMs = options?.totalMs ?? DEFAULT_TOTAL_MS;
  if (!(attempts >= 1 && attempts <= 100))
    throw new ConfigError({ message: "callRetry.attempts must be between 1 and 100" });
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0))
    throw new ConfigError({ message: "callRetry delays must be non-negative numbers of milliseconds" });
  if (timeoutMs !== void 0 && !(timeoutMs > 0))
    throw new ConfigError({ message: "callRetry.timeoutMs must be a positive number of milliseconds" });
  if (!(totalMs >= 0))
    throw new ConfigError({ message: "callRetry.totalMs must be a non-negative number of milliseconds" });
  if (attempts === 1 && timeoutMs === void 0)
    return void 0;
  return { attempts, baseDelayMs, maxDelayMs, timeoutMs, totalMs };
}
const DEFAULT_TOTAL_MS = 3e4;
class AttemptTimeout extends Error {
  name = "TimeoutError";
}
function attemptsFetch(fetch, config) {
  return retryingFetch(debugFetch(fetch, config.debug, config.clock), config.callRetry, config.clock, config.observers.onRetry);
}
function retryingFetch(fetch, given, clock, onRetry) {
  if (!given)
    return (request) => fetch(request).catch((error) => Promise.reject(noAnswerError(error, request, 1, 0)));
  const policy = given;
  const { timeoutMs } = policy;
  async function again(request, started, first, firstError) {
    let response = first;
    let error = firstError;
    for (let n = 1; ; n++) {
      const signal = request.signal;
      if (signal.aborted)
        throw error ?? signal.reason;
      const gaveUp = () => noAnswerError(error, request, n, clock.now() - started);
      let wait;
      if (response) {
        if (!RETRYABLE_STATUS.has(response.status) || n >= policy.attempts)
          return response;
        const asked = retryAfterMs(response.headers.get("retry-after"), clock.now());
        if (asked !== void 0 && asked > policy.maxDelayMs)
          return response;
        wait = Math.max(backoffMs(policy, n), asked ?? 0);
        if (clock.now() + wait - started > policy.totalMs)
          return response;
        await response.body?.cancel().catch(() => void 0);
      } else {
        if (n >= policy.attempts || error instanceof NetworkError)
          throw gaveUp();
        wait = backoffMs(policy, n);
        if (clock.now() + wait - started > policy.totalMs)
          throw gaveUp();
      }
      const why = response === void 0 && error instanceof Error ? { error: reason(error) } : {};
      notify(onRetry, { what: requestWhat(request), attempt: n, delay: wait, status: response?.status, ...why });
      await sleepUnlessAborted(clock, wait, signal);
      response = void 0;
      error = void 0;
      try {
        response = await attempt(request, request.method);
      } catch (failure) {
        error = failure;
      }
    }
  }
  function attempt(request, method) {
    const sent = method === "OPTIONS" && request.body !== null ? request.clone() : request;
    if (timeoutMs === void 0)
      return fetch(sent);
    return withTimeout(fetch, sent, timeoutMs);
  }
  return (request) => {
    const method = request.method;
    if (!IDEMPOTENT_METHODS.has(method))
      return fetch(request).catch((error) => Promise.reject(noAnswerError(error, request, 1, 0)));
    const started = clock.now();
    return attempt(request, method).then((response) => RETRYABLE_STATUS.has(response.status) ? again(request, started, response, void 0) : response, (error) => again(request, started, void 0, error));
  };
}
function withTimeout(fetch, request, timeoutMs) {
  const controller = new AbortController();
  const sent = new Request(request, { signal: AbortSignal.any([request.signal, controller.signal]) });
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AttemptTimeout(`${request.method} ${request.url}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const fetching = fetch(sent);
  fetching.catch(() => void 0);
  return Promise.race([fetching, deadline]).finally(() => clearTimeout(timer));
}
function sleepUnlessAborted(clock, ms, signal) {
  const sleeping = clock.sleep(ms);
  if (!signal)
    return sleeping;
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal.reason);
    if (signal.aborted)
      return aborted();
    signal.addEventListener("abort", aborted, { once: true });
    sleeping.then(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, reject);
  });
}
export {
  DEFAULT_TOTAL_MS,
  IDEMPOTENT_METHODS,
  attemptsFetch,
  callRetryPolicy,
  retryingFetch,
  sleepUnlessAborted
};
