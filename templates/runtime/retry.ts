/** The token endpoint's retry policy: which answers are worth another try, and how long to wait before it. */
import { ConfigError } from "./errors.js";

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

export const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

export function retryPolicy(options: RetryOptions | undefined): RetryPolicy {
  const attempts = Math.floor(options?.attempts ?? 4);
  const baseDelayMs = options?.baseDelayMs ?? 500;
  const maxDelayMs = options?.maxDelayMs ?? 30_000;
  if (!(attempts >= 1 && attempts <= 20)) throw new ConfigError({ message: "retry.attempts must be between 1 and 20" });
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0))
    throw new ConfigError({ message: "retry delays must be non-negative numbers of milliseconds" });
  return { attempts, baseDelayMs, maxDelayMs };
}

/** Exponential back-off with jitter for retry number `retry` (1 = the first retry). */
export function backoffMs(policy: RetryPolicy, retry: number): number {
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
