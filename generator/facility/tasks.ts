/**
 * Tasks the facility hands out for commands, job submissions and cancellations, and transfers. Nothing is executed:
 * a task reads "new" until the facility's task delay has passed, then "completed" (or "failed", when its outcome says
 * so) with its outcome as JSON text in `result`, in the shapes the facility's tasks carry (`{"status", "output",
 * "error", "exit_code"}` for a command, `{"status", "jobid", "error"}` for a job submission). Status values are the
 * description's `TaskStatus` enum. Views are worked out from the facility's clock when read, so a test that moves the
 * clock sees tasks finish.
 */

export interface TaskView {
  id: string;
  status: "new" | "completed" | "cancelled" | "failed";
  result: string | null;
}

/** A finished task's outcome, worked out when read, from the instant the task finished. */
export type TaskOutcome = (doneAt: number) => Record<string, unknown>;

export interface TaskOptions {
  /** The task ends `failed` rather than `completed` (its result still says why). */
  failed?: boolean;
  /** How long this task reads "new"; default the store's delay. */
  delayMs?: number;
}

interface TaskRecord {
  id: string;
  owner: string;
  tags: readonly string[];
  createdAt: number;
  delayMs: number;
  cancelled: boolean;
  failed: boolean;
  outcome: TaskOutcome;
}

/**
 * Tasks are forgotten oldest first beyond this, so a long-running mock stays bounded. A task takes the store's delay
 * or none, so the oldest has finished too, unless it is still within one delay of now.
 */
export const DEFAULT_MAX_TASKS = 5000;
/** Task ids are decimal numbers, counted from here. */
const FIRST_TASK_ID = 1_000_001;

export class TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  #next = FIRST_TASK_ID;

  constructor(
    readonly delayMs: number,
    private readonly now: () => number = Date.now,
    readonly maxTasks: number = DEFAULT_MAX_TASKS,
  ) {}

  /** How many tasks are remembered now. */
  get size(): number {
    return this.#tasks.size;
  }

  /** A new task of `owner`'s, tagged for `GET /tasks?tags=`; returns its id. */
  add(owner: string, tags: readonly string[], outcome: TaskOutcome, options: TaskOptions = {}): string {
    const id = String(this.#next++);
    const failed = options.failed === true;
    const delayMs = options.delayMs ?? this.delayMs;
    this.#tasks.set(id, { id, owner, tags, createdAt: this.now(), delayMs, cancelled: false, failed, outcome });
    while (this.#tasks.size > this.maxTasks) this.#tasks.delete(this.#tasks.keys().next().value!);
    return id;
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
    const doneAt = task.createdAt + task.delayMs;
    if (this.now() < doneAt) return { id: task.id, status: "new", result: null };
    return { id: task.id, status: task.failed ? "failed" : "completed", result: JSON.stringify(task.outcome(doneAt)) };
  }
}
