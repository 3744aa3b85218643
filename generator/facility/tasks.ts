/**
 * Tasks the facility hands out for commands, job submissions and cancellations, and transfers. Nothing is executed:
 * a task reads "new" until the facility's task delay has passed, then "completed" with its outcome as JSON text in
 * `result`, in the shapes the facility's tasks carry (`{"status", "output", "error"}` for a command,
 * `{"status", "jobid", "error"}` for a job submission). Status values are the description's `TaskStatus` enum.
 * Views are worked out from the facility's clock when read, so a test that moves the clock sees tasks finish.
 */

export interface TaskView {
  id: string;
  status: "new" | "completed" | "cancelled" | "failed";
  result: string | null;
}

/** A finished task's outcome, worked out when read, from the instant the task finished. */
export type TaskOutcome = (doneAt: number) => Record<string, unknown>;

interface TaskRecord {
  id: string;
  owner: string;
  tags: readonly string[];
  createdAt: number;
  cancelled: boolean;
  outcome: TaskOutcome;
}

/** Oldest tasks are forgotten beyond this, so a long-running mock stays bounded. */
const MAX_TASKS = 10_000;
/** Task ids are decimal numbers, counted from here. */
const FIRST_TASK_ID = 1_000_001;

export class TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  #next = FIRST_TASK_ID;

  constructor(
    readonly delayMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new task of `owner`'s, tagged for `GET /tasks?tags=`; returns its id. */
  add(owner: string, tags: readonly string[], outcome: TaskOutcome): string {
    const id = String(this.#next++);
    this.#tasks.set(id, { id, owner, tags, createdAt: this.now(), cancelled: false, outcome });
    if (this.#tasks.size > MAX_TASKS) this.#tasks.delete(this.#tasks.keys().next().value!);
    return id;
  }

  /** A command: it completes with a canned output that names it (and says it never ran). */
  addCommand(owner: string, machine: string, command: string): string {
    const output = `sfapi-gen mock: did not run \`${command}\` on ${machine} (the local facility never executes anything)\n`;
    return this.add(owner, ["command", machine], () => ({ status: "ok", output, error: null }));
  }

  /** Whether task `id` was cancelled before it completed (false for one long forgotten). */
  isCancelled(id: string): boolean {
    return this.#tasks.get(id)?.cancelled === true;
  }

  /** A task of `owner`'s; another client's task is as invisible as a missing one. */
  get(owner: string, id: string): TaskView | undefined {
    const task = this.#tasks.get(id);
    return task && task.owner === owner ? this.#view(task) : undefined;
  }

  /** `owner`'s tasks carrying every tag in `tags` (comma-separated; blank means no filter), oldest first. */
  list(owner: string, tags: string | null): TaskView[] {
    const wanted = (tags ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    return [...this.#tasks.values()]
      .filter((t) => t.owner === owner && wanted.every((w) => t.tags.includes(w)))
      .map((t) => this.#view(t));
  }

  /** Cancel a task that has not finished; undefined when `owner` has no such task. */
  cancel(owner: string, id: string): TaskView | undefined {
    const task = this.#tasks.get(id);
    if (!task || task.owner !== owner) return undefined;
    if (this.#view(task).status === "new") task.cancelled = true;
    return this.#view(task);
  }

  #view(task: TaskRecord): TaskView {
    if (task.cancelled) return { id: task.id, status: "cancelled", result: null };
    const doneAt = task.createdAt + this.delayMs;
    if (this.now() < doneAt) return { id: task.id, status: "new", result: null };
    return { id: task.id, status: "completed", result: JSON.stringify(task.outcome(doneAt)) };
  }
}
