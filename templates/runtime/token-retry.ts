/**
 * The token endpoint's retry policy (`retry`): how many token requests, and the bounds of the wait between them.
 * Which answers are worth another try and how long to wait are backoff.ts's rules, shared with call-retry.ts.
 */
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

export function retryPolicy(options: RetryOptions | undefined): RetryPolicy {
  const attempts = Math.floor(options?.attempts ?? 4);
  const baseDelayMs = options?.baseDelayMs ?? 500;
  const maxDelayMs = options?.maxDelayMs ?? 30_000;
  if (!(attempts >= 1 && attempts <= 20)) throw new ConfigError({ message: "retry.attempts must be between 1 and 20" });
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0))
    throw new ConfigError({ message: "retry delays must be non-negative numbers of milliseconds" });
  return { attempts, baseDelayMs, maxDelayMs };
}
