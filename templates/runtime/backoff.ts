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

export const RETRYABLE_STATUS: Set<number> = new Set([429, 502, 503, 504]);

/** Exponential back-off with jitter for retry number `retry` (1 = the first retry). */
export function backoffMs(policy: Backoff, retry: number): number {
  const exp = policy.baseDelayMs * 2 ** (retry - 1);
  return Math.min(policy.maxDelayMs, exp * (0.5 + Math.random() / 2));
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
