/**
 * Retries of API calls where a retry is safe: GET, HEAD and OPTIONS only (a POST may have been acted on, and a job
 * must not be submitted twice), on 429 (honouring `Retry-After`), 502, 503, 504, timeouts and network errors (but not
 * a browser's NetworkError: a blocked request stays blocked), with exponential back-off, a bound on the attempts and
 * one on the call's total wait (`totalMs`), waiting on the client's clock. A call that got no answer in the end (or at
 * once, for a POST) is a NetworkError (network.ts). It sits below the guarded fetch, so every attempt is the request
 * the guard allowed, with its token; polling (`waitForTask`, `job.complete()`) rides out transient errors through it.
 */

import { backoffMs, RETRYABLE_STATUS, retryAfterMs } from "./backoff.js";
import type { Clock } from "./clock.js";
import { ConfigError, NetworkError } from "./errors.js";
import { noAnswerError, reason } from "./network.js";
import { debugFetch, notify, type RetryEvent, requestWhat } from "./observe.js";
import type { FetchLike } from "./token.js";

export interface CallRetryOptions {
  /** Attempts in all, the first included (default 10, as the official Python client; 1 = no retry). */
  attempts?: number;
  /** First back-off delay; it doubles each retry, with jitter (default 1 000 ms). */
  baseDelayMs?: number;
  /** The longest wait before a retry; a `Retry-After` asking for more ends the retries (default 10 000 ms). */
  maxDelayMs?: number;
  /** Give up on an attempt that has no answer (headers) after this long, and retry it (default: no limit of ours). */
  timeoutMs?: number;
  /**
   * The call's deadline for retries: no retry is begun whose wait would end later than this after the first attempt
   * began (default 30 000 ms). A facility that does not answer at all is a NetworkError within about this long.
   */
  totalMs?: number;
}

export interface CallRetryPolicy {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly timeoutMs: number | undefined;
  readonly totalMs: number;
}

/** The methods whose calls may be repeated without changing anything at the facility. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** `callRetry` checked and defaulted; `false` (or `{ attempts: 1 }`) turns retries off. */
export function callRetryPolicy(options: CallRetryOptions | false | undefined): CallRetryPolicy | undefined {
  if (options === false) return undefined;
  if (options !== undefined && (typeof options !== "object" || options === null))
    throw new ConfigError({
      message: "callRetry must be an object ({ attempts, baseDelayMs, maxDelayMs, timeoutMs, totalMs }) or false",
    });
  const attempts = Math.floor(options?.attempts ?? 10);
  const baseDelayMs = options?.baseDelayMs ?? 1_000;
  const maxDelayMs = options?.maxDelayMs ?? 10_000;
  const timeoutMs = options?.timeoutMs;
  const totalMs = options?.totalMs ?? DEFAULT_TOTAL_MS;
  if (!(attempts >= 1 && attempts <= 100))
    throw new ConfigError({ message: "callRetry.attempts must be between 1 and 100" });
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0))
    throw new ConfigError({ message: "callRetry delays must be non-negative numbers of milliseconds" });
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new ConfigError({ message: "callRetry.timeoutMs must be a positive number of milliseconds" });
  if (!(totalMs >= 0))
    throw new ConfigError({ message: "callRetry.totalMs must be a non-negative number of milliseconds" });
  if (attempts === 1 && timeoutMs === undefined) return undefined;
  return { attempts, baseDelayMs, maxDelayMs, timeoutMs, totalMs };
}

/** How long a call may spend retrying by default: the whole wait for a facility that does not answer. */
export const DEFAULT_TOTAL_MS = 30_000;

/** Thrown (as the last error) when every attempt ran out of `timeoutMs`. */
class AttemptTimeout extends Error {
  override readonly name = "TimeoutError";
}

/**
 * The fetch below a client's guard, from its configuration (options.ts's ClientConfig): each attempt logged when
 * debugging is on, and retried where that is safe.
 */
export function attemptsFetch(
  fetch: FetchLike,
  config: {
    readonly debug: ((line: string) => void) | undefined;
    readonly callRetry: CallRetryPolicy | undefined;
    readonly clock: Clock;
    readonly observers: { readonly onRetry?: ((event: RetryEvent) => void) | undefined };
  },
): FetchLike {
  return retryingFetch(
    debugFetch(fetch, config.debug, config.clock),
    config.callRetry,
    config.clock,
    config.observers.onRetry,
  );
}

/**
 * `fetch` with retries for idempotent requests. The common case (an answer that is not retryable) costs one promise
 * reaction; anything else goes through the loop.
 */
export function retryingFetch(
  fetch: FetchLike,
  given: CallRetryPolicy | undefined,
  clock: Clock,
  onRetry?: (event: RetryEvent) => void,
): FetchLike {
  if (!given)
    return (request) => fetch(request).catch((error: unknown) => Promise.reject(noAnswerError(error, request, 1, 0)));
  const policy = given;
  const { timeoutMs } = policy;

  async function again(
    request: Request,
    started: number,
    first: Response | undefined,
    firstError: unknown,
  ): Promise<Response> {
    let response = first;
    let error = firstError;
    for (let n = 1; ; n++) {
      const signal = request.signal;
      if (signal.aborted) throw error ?? signal.reason;
      const gaveUp = () => noAnswerError(error, request, n, clock.now() - started);
      let wait: number;
      if (response) {
        if (!RETRYABLE_STATUS.has(response.status) || n >= policy.attempts) return response;
        const asked = retryAfterMs(response.headers.get("retry-after"), clock.now());
        // A server asking for a longer pause than we would wait gets its answer back, not a retry sooner than asked.
        if (asked !== undefined && asked > policy.maxDelayMs) return response;
        wait = Math.max(backoffMs(policy, n), asked ?? 0);
        if (clock.now() + wait - started > policy.totalMs) return response;
        await response.body?.cancel().catch(() => undefined);
      } else {
        if (n >= policy.attempts || error instanceof NetworkError) throw gaveUp();
        wait = backoffMs(policy, n);
        if (clock.now() + wait - started > policy.totalMs) throw gaveUp();
      }
      const why = response === undefined && error instanceof Error ? { error: reason(error) } : {};
      notify(onRetry, { what: requestWhat(request), attempt: n, delay: wait, status: response?.status, ...why });
      await sleepUnlessAborted(clock, wait, signal);
      response = undefined;
      error = undefined;
      try {
        response = await attempt(request, request.method);
      } catch (failure) {
        error = failure;
      }
    }
  }

  function attempt(request: Request, method: string): Promise<Response> {
    // A bodyless request can be sent again as it is; one with a body (an OPTIONS) is sent as a copy. GET and HEAD
    // cannot carry one (the Request constructor refuses it), so theirs is not even looked at.
    const sent = method === "OPTIONS" && request.body !== null ? request.clone() : request;
    if (timeoutMs === undefined) return fetch(sent);
    return withTimeout(fetch, sent, timeoutMs);
  }

  return (request) => {
    const method = request.method;
    if (!IDEMPOTENT_METHODS.has(method))
      return fetch(request).catch((error: unknown) => Promise.reject(noAnswerError(error, request, 1, 0)));
    const started = clock.now();
    // Every attempt sends a copy of a request with a body, so `request` itself stays sendable for the next one.
    return attempt(request, method).then(
      (response) => (RETRYABLE_STATUS.has(response.status) ? again(request, started, response, undefined) : response),
      (error) => again(request, started, undefined, error),
    );
  };
}

/** One attempt under a deadline of its own, aborting the request (and so its connection) when it passes. */
function withTimeout(fetch: FetchLike, request: Request, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const sent = new Request(request, { signal: AbortSignal.any([request.signal, controller.signal]) });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AttemptTimeout(`${request.method} ${request.url}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const fetching = fetch(sent);
  fetching.catch(() => undefined); // it may fail after the deadline has answered
  return Promise.race([fetching, deadline]).finally(() => clearTimeout(timer));
}

/** Wait `ms` on the clock; an abort of the call ends the wait with its reason. */
export function sleepUnlessAborted(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  const sleeping = clock.sleep(ms);
  if (!signal) return sleeping;
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal.reason);
    if (signal.aborted) return aborted();
    signal.addEventListener("abort", aborted, { once: true });
    sleeping.then(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, reject);
  });
}
