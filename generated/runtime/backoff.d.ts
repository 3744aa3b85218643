// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The back-off and `Retry-After` rules both retry policies share: the token endpoint's (token-retry.ts) and the API
 * calls' (call-retry.ts). Which statuses are worth another try, how long to wait before retry number n, and how long
 * a server asked us to wait.
 */
/** What a back-off needs of a policy: its first delay (doubled each retry) and its bound. */
export interface Backoff {
    readonly baseDelayMs: number;
    readonly maxDelayMs: number;
}
export declare const RETRYABLE_STATUS: Set<number>;
/** Exponential back-off with jitter for retry number `retry` (1 = the first retry). */
export declare function backoffMs(policy: Backoff, retry: number): number;
/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export declare function retryAfterMs(header: string | null, nowMs?: number): number | undefined;
