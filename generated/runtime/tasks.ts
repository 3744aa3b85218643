/**
 * waitForTask: commands, job submissions and transfers answer with a task id; this polls `GET /tasks/{id}` until
 * the task has left its running states and returns the task as the API describes it.
 */
import type { Client } from "openapi-fetch";
import { TaskError } from "./errors.js";

/** States in which a task has not finished yet (the v1.2 description names `new`; the others are seen in the wild). */
const RUNNING = new Set(["new", "queued", "pending", "running", "active"]);

export interface WaitOptions {
  /** Between polls, in milliseconds (default 2 000). */
  interval?: number;
  /** Give up after this many milliseconds with a TaskError (default 10 minutes). */
  timeout?: number;
  /** Abort the wait (rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** The task type of a client's `GET /tasks/{id}` (JSON, status 200). */
export type TaskOf<C> =
  C extends Client<infer P, any>
    ? P extends { "/tasks/{id}": { get: { responses: { 200: { content: { "application/json": infer T } } } } } }
      ? T
      : never
    : never;

type TaskGetter = {
  GET(url: "/tasks/{id}", init: { params: { path: { id: string } }; signal?: AbortSignal }): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

export async function waitForTask<C extends Client<any, any>>(client: C, id: string, options: WaitOptions = {}): Promise<TaskOf<C>> {
  const interval = options.interval ?? 2_000;
  const deadline = Date.now() + (options.timeout ?? 600_000);
  const { signal } = options;
  const getter = client as unknown as TaskGetter;
  let last: string | null | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const { data, response } = await getter.GET("/tasks/{id}", { params: { path: { id } }, ...(signal ? { signal } : {}) });
    if (!response.ok || !data || typeof data !== "object") {
      throw new TaskError({ message: `Reading task ${id} failed: HTTP ${response.status}`, taskId: id, status: response.status, lastStatus: last });
    }
    const status = (data as { status?: unknown }).status;
    last = typeof status === "string" ? status : null;
    if (last !== null && !RUNNING.has(last.toLowerCase())) return data as TaskOf<C>;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new TaskError({ message: `Task ${id} is still ${last ?? "without a status"} after ${options.timeout ?? 600_000} ms`, taskId: id, lastStatus: last });
    }
    await delay(Math.min(interval, left), signal);
  }
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
