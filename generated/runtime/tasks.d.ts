// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { NamedCall } from "./calls.js";
import type { Clock } from "./clock.js";
import { type Deadline } from "./deadline.js";
import { type PollEvent } from "./observe.js";
/**
 * A finished task's `result`, parsed from its JSON text: the fields the facility's command, job and transfer tasks
 * carry (the official Python client reads the same ones), and whatever else it sent.
 */
export interface TaskResult {
    /** `"ok"` or `"error"`. */
    readonly status?: string;
    /** A command's standard output. */
    readonly output?: string | null;
    /** What went wrong, or null. */
    readonly error?: string | null;
    /** A command's exit code. */
    readonly exit_code?: number | null;
    /** A job submission's job id. */
    readonly jobid?: string | null;
    readonly [field: string]: unknown;
}
/**
 * The task `T` as waitForTask returns it: `result` is the parsed object, the text itself when it is not a JSON object,
 * or null.
 */
export type TypedTask<T> = T extends {
    result?: unknown;
} ? Omit<T, "result"> & {
    result: TaskResult | string | null;
} : T;
export interface WaitOptions {
    /** Between polls, in milliseconds (default 2 000). */
    interval?: number;
    /**
     * The deadline of the whole wait, in milliseconds (default 10 minutes): when it passes, the poll in flight is
     * aborted and the wait ends with a TaskError.
     */
    timeout?: number;
    /** Abort the wait (rejects with the signal's reason). */
    signal?: AbortSignal;
}
/**
 * `waitForTask`. `deadline`: one the caller started already (`run` and `submitJob` count their own request in it);
 * `options.timeout` and `options.signal` are then its, not read again.
 */
export type TaskWaiter = (id: string, options?: WaitOptions, deadline?: Deadline) => Promise<unknown>;
/** waitForTask's default deadline: 10 minutes. */
export declare const DEFAULT_TASK_TIMEOUT = 600000;
/** `client.waitForTask`, polling through `readTask` (the named call of the task operation). */
export declare function taskWaiter(readTask: NamedCall | undefined, clock: Clock, onPoll?: (event: PollEvent) => void): TaskWaiter;
