// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * waitForTask: commands, job submissions and transfers answer with a task id; this polls the API's task operation
 * (`GET /tasks/{id}`) until the task has left its running states, and returns it as the named call does (its JSON
 * `result` parsed).
 */
import type { NamedCall } from "./calls.js";
import type { Clock } from "./clock.js";
export interface WaitOptions {
    /** Between polls, in milliseconds (default 2 000). */
    interval?: number;
    /** Give up after this many milliseconds with a TaskError (default 10 minutes). */
    timeout?: number;
    /** Abort the wait (rejects with the signal's reason). */
    signal?: AbortSignal;
}
export type TaskWaiter = (id: string, options?: WaitOptions) => Promise<unknown>;
/** `client.waitForTask`, polling through `readTask` (the named call of the task operation). */
export declare function taskWaiter(readTask: NamedCall | undefined, clock: Clock): TaskWaiter;
