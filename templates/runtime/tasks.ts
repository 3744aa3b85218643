/**
 * waitForTask: commands, job submissions and transfers answer with a task id; this polls the API's task operation
 * (`GET /tasks/{id}`) until the task has left its running states, and returns it as the named call does (its JSON
 * `result` parsed).
 */
import { sleepUnlessAborted } from "./call-retry.js";
import type { NamedCall } from "./calls.js";
import type { Clock } from "./clock.js";
import { type Deadline, startDeadline } from "./deadline.js";
import { ConfigError, TaskError } from "./errors.js";
import { notify, type PollEvent } from "./observe.js";

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
export type TypedTask<T> = T extends { result?: unknown }
  ? Omit<T, "result"> & { result: TaskResult | string | null }
  : T;

/** States in which a task has not finished yet (the v1.2 description names `new`; the others are seen in the wild). */
const RUNNING = new Set(["new", "queued", "pending", "running", "active"]);

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
export const DEFAULT_TASK_TIMEOUT = 600_000;

/** `client.waitForTask`, polling through `readTask` (the named call of the task operation). */
export function taskWaiter(
  readTask: NamedCall | undefined,
  clock: Clock,
  onPoll?: (event: PollEvent) => void,
): TaskWaiter {
  return async (id, options = {}, given) => {
    if (!readTask)
      throw new ConfigError({
        message: "this API has no task operation (GET /tasks/{id}), so there is nothing to wait on",
      });
    const interval = options.interval ?? 2_000;
    const timeout = options.timeout ?? DEFAULT_TASK_TIMEOUT;
    const deadline = given ?? startDeadline(clock, timeout, options.signal);
    const { signal } = deadline;
    let last: string | null | undefined;
    let polls = 0;
    const timedOut = () =>
      new TaskError({
        message: `Task ${id} is still ${last ?? "without a status"} after ${timeout} ms`,
        taskId: id,
        lastStatus: last,
      });
    try {
      for (;;) {
        signal?.throwIfAborted();
        const { data, response } = await readTask.safe({ path: { id } }, signal ? { signal } : {});
        if (!response.ok || !data || typeof data !== "object") {
          throw new TaskError({
            message: `Reading task ${id} failed: HTTP ${response.status}`,
            taskId: id,
            status: response.status,
            lastStatus: last,
          });
        }
        const status = (data as { status?: unknown }).status;
        last = typeof status === "string" ? status : null;
        if (last !== null && !RUNNING.has(last.toLowerCase())) return withTypedResult(data);
        const left = deadline.at - clock.now();
        if (left <= 0) throw timedOut();
        const delay = Math.min(interval, left);
        notify(onPoll, { what: `task ${id}`, attempt: ++polls, delay, status: last ?? undefined });
        await sleepUnlessAborted(clock, delay, signal);
      }
    } catch (error) {
      // The deadline aborted the poll or the wait in flight: a TaskError, not the abort.
      if (deadline.passed) throw timedOut();
      throw error;
    } finally {
      if (!given) deadline.end();
    }
  };
}

/** The task's `result` as TaskResult promises: an object, null, or (when the text is not a JSON object) the text. */
function withTypedResult(task: object): object {
  if (!("result" in task)) return task;
  const result = (task as { result: unknown }).result;
  if (result === null || result === undefined) return { ...task, result: null };
  if (typeof result === "object" && !Array.isArray(result)) return task;
  return { ...task, result: typeof result === "string" ? result : JSON.stringify(result) };
}
