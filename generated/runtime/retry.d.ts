// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
export interface RetryOptions {
    /** Token requests in all, the first included (default 4). */
    attempts?: number;
    /** First back-off delay; it doubles each retry, with jitter (default 500 ms). */
    baseDelayMs?: number;
    /** The longest wait before a retry; a `Retry-After` asking for more ends the retries (default 30 s). */
    maxDelayMs?: number;
}
export interface RetryPolicy {
    readonly attempts: number;
    readonly baseDelayMs: number;
    readonly maxDelayMs: number;
}
export declare const RETRYABLE_STATUS: Set<number>;
export declare function retryPolicy(options: RetryOptions | undefined): RetryPolicy;
/** Exponential back-off with jitter for retry number `retry` (1 = the first retry). */
export declare function backoffMs(policy: RetryPolicy, retry: number): number;
/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export declare function retryAfterMs(header: string | null, nowMs?: number): number | undefined;
