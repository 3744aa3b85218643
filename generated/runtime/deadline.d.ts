// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * A whole operation's deadline on the client's clock (`timeout` of `waitForTask`, `run`, `submitJob`,
 * `job.complete()`): a signal that aborts the request or the wait in flight when the deadline passes, or when the
 * caller's own signal aborts. The operation then turns the abort into its own coded timeout error (`passed` tells
 * the two apart).
 */
import { type Clock } from "./clock.js";
/** The abort reason of a passed deadline; operations replace it with their own error before it reaches a caller. */
export declare class DeadlinePassed extends Error {
    readonly name = "TimeoutError";
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
export declare function startDeadline(clock: Clock, timeout: number | undefined, signal: AbortSignal | undefined, what?: string): Deadline;
