/**
 * Tasks the facility hands out for commands. Nothing is ever executed: a task reads "new" until its delay has passed,
 * then "completed" with a canned result that names the command, in the shape the facility's command tasks have
 * (`{"status", "output", "error"}` JSON-encoded in `result`). Status values are the description's `TaskStatus` enum.
 */

export interface TaskView {
  id: string;
  status: "new" | "completed" | "cancelled" | "failed";
  result: string | null;
}

interface TaskRecord {
  id: string;
  owner: string;
  tags: readonly string[];
  createdAt: number;
  command: string;
  machine: string;
  cancelled: boolean;
}

/** Oldest tasks are forgotten beyond this, so a long-running mock stays bounded. */
const MAX_TASKS = 10_000;

export class TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  #next = 1;

  constructor(
    private readonly delayMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Record a command; the task is tagged with `command` and the machine, for `GET /tasks?tags=`. */
  addCommand(owner: string, machine: string, command: string): string {
    const id = String(this.#next++);
    this.#tasks.set(id, { id, owner, tags: ["command", machine], createdAt: this.now(), command, machine, cancelled: false });
    if (this.#tasks.size > MAX_TASKS) this.#tasks.delete(this.#tasks.keys().next().value!);
    return id;
  }

  /** A task of `owner`'s; another client's task is as invisible as a missing one. */
  get(owner: string, id: string): TaskView | undefined {
    const task = this.#tasks.get(id);
    return task && task.owner === owner ? this.#view(task) : undefined;
  }

  /** `owner`'s tasks carrying every tag in `tags` (comma-separated; blank means no filter), oldest first. */
  list(owner: string, tags: string | null): TaskView[] {
    const wanted = (tags ?? "").split(",").map((t) => t.trim()).filter(Boolean);
    return [...this.#tasks.values()].filter((t) => t.owner === owner && wanted.every((w) => t.tags.includes(w))).map((t) => this.#view(t));
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
    if (this.now() - task.createdAt < this.delayMs) return { id: task.id, status: "new", result: null };
    const output = `sfapi-gen mock: did not run \`${task.command}\` on ${task.machine} (the local facility never executes anything)\n`;
    return { id: task.id, status: "completed", result: JSON.stringify({ status: "ok", output, error: null }) };
  }
}
