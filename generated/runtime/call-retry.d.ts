// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Retries of API calls where a retry is safe: GET, HEAD and OPTIONS only (a POST may have been acted on, and a job
 * must not be submitted twice), on 429 (honouring `Retry-After`), 502, 503, 504, timeouts and network errors (but not
 * a browser's NetworkError: a blocked request stays blocked), with exponential back-off, a bound on the attempts and
 * one on the call's total wait (`totalMs`), waiting on the client's clock. A call that got no answer in the end (or at
 * once, for a POST) is a NetworkError (network.ts). It sits below the guarded fetch, so every attempt is the request
 * the guard allowed, with its token; polling (`waitForTask`, `job.complete()`) rides out transient errors through it.
 */
import type { Clock } from "./clock.js";
import { type RetryEvent } from "./observe.js";
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
export declare const IDEMPOTENT_METHODS: ReadonlySet<string>;
/** `callRetry` checked and defaulted; `false` (or `{ attempts: 1 }`) turns retries off. */
export declare function callRetryPolicy(options: CallRetryOptions | false | undefined): CallRetryPolicy | undefined;
/** How long a call may spend retrying by default: the whole wait for a facility that does not answer. */
export declare const DEFAULT_TOTAL_MS = 30000;
/**
 * The fetch below a client's guard, from its configuration (options.ts's ClientConfig): each attempt logged when
 * debugging is on, and retried where that is safe.
 */
export declare function attemptsFetch(fetch: FetchLike, config: {
    readonly debug: ((line: string) => void) | undefined;
    readonly callRetry: CallRetryPolicy | undefined;
    readonly clock: Clock;
    readonly observers: {
        readonly onRetry?: ((event: RetryEvent) => void) | undefined;
    };
}): FetchLike;
/**
 * `fetch` with retries for idempotent requests. The common case (an answer that is not retryable) costs one promise
 * reaction; anything else goes through the loop.
 */
export declare function retryingFetch(fetch: FetchLike, given: CallRetryPolicy | undefined, clock: Clock, onRetry?: (event: RetryEvent) => void): FetchLike;
/** Wait `ms` on the clock; an abort of the call ends the wait with its reason. */
export declare function sleepUnlessAborted(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void>;
