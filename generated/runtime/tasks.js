// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { sleepUnlessAborted } from "./call-retry.js";
import { startDeadline } from "./deadline.js";
import { ConfigError, TaskError } from "./errors.js";
import { notify } from "./observe.js";
const RUNNING = /* @__PURE__ */ new Set(["new", "queued", "pending", "running", "active"]);
const DEFAULT_TASK_TIMEOUT = 6e5;
function taskWaiter(readTask, clock, onPoll) {
  return async (id, options = {}, given) => {
    if (!readTask)
      throw new ConfigError({
        message: "this API has no task operation (GET /tasks/{id}), so there is nothing to wait on"
      });
    const interval = options.interval ?? 2e3;
    const timeout = options.timeout ?? DEFAULT_TASK_TIMEOUT;
    const deadline = given ?? startDeadline(clock, timeout, options.signal);
    const { signal } = deadline;
    let last;
    let polls = 0;
    const timedOut = () => new TaskError({
      message: `Task ${id} is still ${last ?? "without a status"} after ${timeout} ms`,
      taskId: id,
      lastStatus: last
    });
    try {
      for (; ; ) {
        signal?.throwIfAborted();
        const { data, response } = await readTask.safe({ path: { id } }, signal ? { signal } : {});
        if (!response.ok || !data || typeof data !== "object") {
          throw new TaskError({
            message: `Reading task ${id} failed: HTTP ${response.status}`,
            taskId: id,
            status: response.status,
            lastStatus: last
          });
        }
        const status = data.status;
        last = typeof status === "string" ? status : null;
        if (last !== null && !RUNNING.has(last.toLowerCase()))
          return withTypedResult(data);
        const left = deadline.at - clock.now();
        if (left <= 0)
          throw timedOut();
        const delay = Math.min(interval, left);
        notify(onPoll, { what: `task ${id}`, attempt: ++polls, delay, status: last ?? void 0 });
        await sleepUnlessAborted(clock, delay, signal);
      }
    } catch (error) {
      if (deadline.passed)
        throw timedOut();
      throw error;
    } finally {
      if (!given)
        deadline.end();
    }
  };
}
function withTypedResult(task) {
  if (!("result" in task))
    return task;
  const result = task.result;
  if (result === null || result === void 0)
    return { ...task, result: null };
  if (typeof result === "object" && !Array.isArray(result))
    return task;
  return { ...task, result: typeof result === "string" ? result : JSON.stringify(result) };
}
export {
  DEFAULT_TASK_TIMEOUT,
  taskWaiter
};
