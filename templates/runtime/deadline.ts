/**
 * A whole operation's deadline on the client's clock (`timeout` of `waitForTask`, `run`, `submitJob`,
 * `job.complete()`): a signal that aborts the request or the wait in flight when the deadline passes, or when the
 * caller's own signal aborts. The operation then turns the abort into its own coded timeout error (`passed` tells
 * the two apart).
 */
import { type Clock, systemAfter } from "./clock.js";
import { ConfigError } from "./errors.js";

/** The abort reason of a passed deadline; operations replace it with their own error before it reaches a caller. */
export class DeadlinePassed extends Error {
  override readonly name = "TimeoutError";
}

export interface Deadline {
  /** Aborts at the deadline or with the caller's signal; undefined when there is neither (nothing can abort). */
  readonly signal: AbortSignal | undefined;
  /** When it passes, on the clock (Infinity: never). */
  readonly at: number;
  /** Whether the deadline (not the caller) has ended the operation. */
  readonly passed: boolean;
  /** Let go of its timer: the operation has settled. */
  end(): void;
}

/**
 * A deadline `timeout` milliseconds from now on `clock` (undefined or Infinity: none), joined with the caller's
 * `signal`. `what` names the option in the ConfigError for a timeout that is not a number.
 */
export function startDeadline(
  clock: Clock,
  timeout: number | undefined,
  signal: AbortSignal | undefined,
  what = "timeout",
): Deadline {
  if (timeout !== undefined && (typeof timeout !== "number" || Number.isNaN(timeout)))
    throw new ConfigError({ message: `${what} must be a number of milliseconds` });
  if (timeout === undefined || timeout === Number.POSITIVE_INFINITY)
    return { signal, at: Number.POSITIVE_INFINITY, passed: false, end: () => undefined };
  const ms = Math.max(0, timeout);
  const at = clock.now() + ms;
  const controller = new AbortController();
  let passed = false;
  const wake = () => {
    passed = true;
    controller.abort(new DeadlinePassed(`no result within ${ms} ms`));
  };
  const cancel = clock.after ? clock.after(ms, wake) : systemAfter(ms, wake);
  return {
    signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
    at,
    get passed() {
      return passed;
    },
    end: cancel,
  };
}
