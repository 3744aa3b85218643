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
export declare function retryPolicy(options: RetryOptions | undefined): RetryPolicy;
