/**
 * Batch jobs the facility pretends to run. A submission is a task whose result carries the job id; once that task has
 * completed the job is queued and moves on the facility's clock: PENDING for one task delay, RUNNING for another,
 * then COMPLETED, or CANCELLED from the moment it is cancelled (the cancellation's task completes a delay later with
 * scancel's answer). Job rows are string maps with the keys `squeue` gives, or `sacct`'s with `?sacct=true`, as the
 * facility's answers have. A job is visible to the client that submitted it; a job id this client never submitted
 * reads as one of the mock user's jobs, finished an hour ago.
 */
import { MOCK_USER } from "./mock-user.js";
import type { TaskStore } from "./tasks.js";

export type JobState = "PENDING" | "RUNNING" | "COMPLETED" | "CANCELLED";
export type JobRow = Record<string, string>;

export interface Submission {
  /** A script path on the host (`isPath`), or the script's text. */
  job: string;
  isPath: boolean;
  args: readonly string[];
}

export interface JobQuery {
  sacct: boolean;
  filters: readonly string[];
  index?: number;
  limit?: number;
}

interface JobRecord {
  jobid: string;
  owner: string;
  machine: string;
  name: string;
  timeLimit: string;
  /** The script path and its arguments, or "(null)" for a script sent as text (as squeue shows it). */
  command: string;
  /** The submission's task: cancelled before it completed, the job never reached the queue. */
  submitTask: string;
  queuedAt: number;
  startsAt: number;
  endsAt: number;
  /** Cancellation requests: each one's task, and when it was asked for (the job ends then, if still queued or running). */
  cancels: { task: string; at: number }[];
}

/** Slurm job ids are decimal numbers, counted from here. */
const FIRST_JOB_ID = 12_345_678;
/** Oldest jobs are forgotten beyond this, so a long-running mock stays bounded. */
const MAX_JOBS = 10_000;
const HOUR_MS = 3_600_000;
const DEFAULT_TIME_LIMIT = "00:30:00";

export class JobStore {
  readonly #jobs = new Map<string, JobRecord>();
  #next = FIRST_JOB_ID;

  constructor(
    private readonly tasks: TaskStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Submit a job; returns the submission's task id (its result names the job id once it completes). */
  submit(owner: string, machine: string, submission: Submission): string {
    const jobid = String(this.#next++);
    const task = this.tasks.add(owner, ["job", machine], () => ({ status: "ok", jobid, error: null }));
    const queuedAt = this.now() + this.tasks.delayMs;
    const script = submission.isPath ? "" : submission.job;
    this.#jobs.set(jobid, {
      jobid,
      owner,
      machine,
      name:
        sbatchOption(script, /^-J\s*|^--job-name[=\s]/) ?? (submission.isPath ? basename(submission.job) : "sbatch"),
      timeLimit: sbatchOption(script, /^-t\s*|^--time[=\s]/) ?? DEFAULT_TIME_LIMIT,
      command: submission.isPath ? [submission.job, ...submission.args].join(" ") : "(null)",
      submitTask: task,
      queuedAt,
      startsAt: queuedAt + this.tasks.delayMs,
      endsAt: queuedAt + 2 * this.tasks.delayMs,
      cancels: [],
    });
    if (this.#jobs.size > MAX_JOBS) this.#jobs.delete(this.#jobs.keys().next().value!);
    return task;
  }

  /** Cancel a job; returns the cancellation's task id, whose result says whether there was a job to cancel. */
  cancel(owner: string, machine: string, jobid: string): string {
    const job = this.#own(owner, machine, jobid);
    const at = this.now();
    const task = this.tasks.add(owner, ["job", machine], () => this.#cancelOutcome(job, task, jobid, at));
    job?.cancels.push({ task, at });
    return task;
  }

  /**
   * `owner`'s jobs on `machine` as squeue (or sacct) rows, oldest first, narrowed by `filters` (`user=alice`,
   * `jobid=1,2`: the row's field must be one of the listed values) and paged by `index` and `limit`.
   */
  rows(owner: string, machine: string, query: JobQuery): JobRow[] {
    const now = this.now();
    const wanted = query.filters.map((filter) => {
      const [key = "", values = ""] = splitOnce(filter, "=");
      return { key: key.trim(), values: values.split(",").map((v) => v.trim()) };
    });
    const rows = [...this.#jobs.values()]
      .filter((job) => job.owner === owner && job.machine === machine && this.#state(job, now))
      .map((job) => this.#row(job, now, query.sacct))
      .filter((row) => wanted.every(({ key, values }) => key in row && values.includes(row[key]!)));
    const from = Math.max(0, query.index ?? 0);
    return rows.slice(from, query.limit === undefined ? undefined : from + Math.max(0, query.limit));
  }

  /** One job as a row: `owner`'s job of that id, or (for an id this client never submitted) a finished job of that id. */
  row(owner: string, machine: string, jobid: string, sacct: boolean): JobRow {
    const now = this.now();
    const job = this.#own(owner, machine, jobid);
    return this.#row(job && this.#state(job, now) ? job : finishedJob(owner, machine, jobid, now), now, sacct);
  }

  #own(owner: string, machine: string, jobid: string): JobRecord | undefined {
    const job = this.#jobs.get(jobid);
    return job && job.owner === owner && job.machine === machine ? job : undefined;
  }

  /** The job's state at `at`, with when it ended if it has; undefined before it is queued (or if it never will be). */
  #state(job: JobRecord, at: number): { state: JobState; endedAt?: number } | undefined {
    if (at < job.queuedAt || this.tasks.isCancelled(job.submitTask)) return undefined;
    const cancelledAt = this.#effectiveCancel(job)?.at;
    if (cancelledAt !== undefined && at >= cancelledAt) return { state: "CANCELLED", endedAt: cancelledAt };
    if (at < job.startsAt) return { state: "PENDING" };
    if (at < job.endsAt) return { state: "RUNNING" };
    return { state: "COMPLETED", endedAt: job.endsAt };
  }

  /** The first cancellation that came while the job was queued or running. */
  #effectiveCancel(job: JobRecord): { task: string; at: number } | undefined {
    return job.cancels.find((c) => c.at >= job.queuedAt && c.at < job.endsAt);
  }

  /** scancel's answers: done, an unknown job, or one that had already ended when this cancellation came. */
  #cancelOutcome(job: JobRecord | undefined, task: string, jobid: string, at: number): Record<string, unknown> {
    const kill = `scancel: error: Kill job error on job id ${jobid}`;
    if (!job || !this.#state(job, at))
      return { status: "error", output: "", error: `${kill}: Invalid job id specified` };
    if (this.#effectiveCancel(job)?.task !== task)
      return { status: "error", output: "", error: `${kill}: Job/step already completing or completed` };
    return { status: "ok", output: "", error: null };
  }

  #row(job: JobRecord, now: number, sacct: boolean): JobRow {
    const { state, endedAt } = this.#state(job, now) ?? { state: "PENDING" as const };
    const started = now >= job.startsAt && (endedAt === undefined || endedAt > job.startsAt);
    const runFor = started ? Math.min(now, endedAt ?? now) - job.startsAt : 0;
    const common = {
      jobid: job.jobid,
      user: MOCK_USER.name,
      account: MOCK_USER.project,
      partition: "regular",
      qos: "regular",
    };
    if (sacct) {
      return {
        ...common,
        jobidraw: job.jobid,
        jobname: job.name,
        uid: String(MOCK_USER.uid),
        cluster: job.machine,
        state: state === "CANCELLED" ? `CANCELLED by ${MOCK_USER.uid}` : state,
        exitcode: state === "CANCELLED" ? "0:15" : "0:0",
        submit: slurmTime(job.queuedAt),
        start: started ? slurmTime(job.startsAt) : "Unknown",
        end: endedAt !== undefined ? slurmTime(endedAt) : "Unknown",
        elapsed: slurmDuration(runFor),
        timelimit: job.timeLimit,
        nnodes: "1",
        ncpus: CPUS,
        nodelist: started ? NODE : "None assigned",
        workdir: MOCK_USER.home,
      };
    }
    return {
      ...common,
      name: job.name,
      state,
      st: { PENDING: "PD", RUNNING: "R", COMPLETED: "CD", CANCELLED: "CA" }[state],
      reason: state === "PENDING" ? "Priority" : "None",
      "nodelist(reason)": state === "PENDING" ? "(Priority)" : NODE,
      submit_time: slurmTime(job.queuedAt),
      start_time: started ? slurmTime(job.startsAt) : "N/A",
      time_limit: job.timeLimit,
      time: slurmDuration(runFor),
      nodes: "1",
      cpus: CPUS,
      command: job.command,
      work_dir: MOCK_USER.home,
    };
  }
}

/** Where every job runs, with the CPUs of one Perlmutter CPU node. */
const NODE = "nid001001";
const CPUS = "256";

/** The job an id nobody submitted here stands for: one of the mock user's, queued two hours ago and done an hour ago. */
function finishedJob(owner: string, machine: string, jobid: string, now: number): JobRecord {
  const queuedAt = now - 2 * HOUR_MS;
  return {
    jobid,
    owner,
    machine,
    name: "job",
    timeLimit: DEFAULT_TIME_LIMIT,
    command: "(null)",
    submitTask: "",
    queuedAt,
    startsAt: queuedAt + 60_000,
    endsAt: now - HOUR_MS,
    cancels: [],
  };
}

/** The value of an `#SBATCH` option in a script's header (`#SBATCH -J name`, `#SBATCH --job-name=name`). */
function sbatchOption(script: string, option: RegExp): string | undefined {
  for (const line of script.split("\n")) {
    const rest = /^#SBATCH\s+(.*)$/.exec(line.trim())?.[1];
    const flag = rest ? option.exec(rest) : null;
    const value = flag ? rest!.slice(flag[0].length).trim().split(/\s+/)[0] : undefined;
    if (value) return value;
  }
  return undefined;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}

function basename(path: string): string {
  return path.replace(/\/+$/, "").split("/").pop() || path;
}

/** `2025-06-01T09:00:00`: Slurm's timestamps, without a zone (the facility's clock is UTC). */
function slurmTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** `00:01:05`, `2-03:00:00`: Slurm's elapsed times. */
function slurmDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const clock = [Math.floor(total / 3600) % 24, Math.floor(total / 60) % 60, total % 60]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
  return days > 0 ? `${days}-${clock}` : clock;
}
