/**
 * The workflow layer: `client.compute("perlmutter")` gives `run`, `submitJob`, `job`, `jobs`, `ls`, `download` and
 * `upload`, each a few named calls of the operation table (so the guard, tokens, retries and form bodies apply as to
 * any call), with the facility's answers checked and its failures turned into CommandError, JobError and FileError.
 * The generator hands over which operations these are (matched by method and path) and writes the types, narrowed by
 * color; a helper whose operation the description lacks is left out.
 */

import { type AccountHelpers, type AccountSpec, accountHelpers } from "./account.js";
import type { NamedCall } from "./calls.js";
import type { ClientParts } from "./client.js";
import type { Clock } from "./clock.js";
import { type Deadline, startDeadline } from "./deadline.js";
import { CommandError, ConfigError, FileError, JobError, SfapiError, TaskError } from "./errors.js";
import {
  JobMonitor,
  type JobQuery,
  type JobRow,
  listQuery,
  oneJobQuery,
  slurmState,
  type WatchOptions,
} from "./jobs.js";
import type { Observers } from "./observe.js";
import { type DownloadOptions, type ListOptions, type PathOps, remotePath, type SignalOption } from "./remote-path.js";
import { DEFAULT_TASK_TIMEOUT, type TaskResult, type TaskWaiter, taskWaiter, type WaitOptions } from "./tasks.js";

/**
 * The operations (friendly names) each helper uses, as the generator found them in the description: the compute
 * helpers' here, the client's own (users, groups, projects, status, the API's metadata, Globus) in account.ts.
 */
export interface WorkflowSpec extends AccountSpec {
  readonly readTask?: string;
  readonly runCommand?: string;
  readonly submitJob?: string;
  /** `GET /compute/jobs/{machine}`: the job list, which batches the reads of many jobs into one query. */
  readonly readJobs?: string;
  /** `GET /compute/jobs/{machine}/{jobid}`: one job, used where the client may not call the list (or it is absent). */
  readonly readJob?: string;
  readonly cancelJob?: string;
  readonly readDirectory?: string;
  readonly downloadFile?: string;
  readonly uploadFile?: string;
  /** `DELETE /tasks/{id}`: a task handle's `cancel()`. */
  readonly cancelTask?: string;
  /** `GET /status/outages/{name}` and `GET /status/outages/planned/{name}`: a machine's outages. */
  readonly readOutagesOf?: string;
  readonly readPlannedOutagesOf?: string;
}

/** The roles `client.compute(machine)`'s helpers use: with none of them, there is no `compute`. */
export const COMPUTE_ROLES = [
  "runCommand",
  "submitJob",
  "readJobs",
  "readJob",
  "cancelJob",
  "readDirectory",
  "downloadFile",
  "uploadFile",
  "readOutagesOf",
  "readPlannedOutagesOf",
] as const;

/** A script on the machine (`isPath`), with its arguments. */
export interface ScriptPath {
  path: string;
  args?: readonly string[];
}

export type { DownloadOptions, ListOptions, SignalOption };

/** A batch job of one machine. Its state is read in batches with every other job of the machine being watched. */
export interface JobWatching<Record> {
  readonly id: string;
  readonly machine: string;
  /** The last record read (squeue's or sacct's fields), if any yet. */
  readonly record: Record | undefined;
  /** The job's Slurm state now (`PENDING`, `RUNNING`, `COMPLETED`, ...): one read, batched with others in this tick. */
  state(options?: SignalOption): Promise<string>;
  /**
   * Wait until the job reaches a terminal state: the final record when COMPLETED, else a JobError (`reason: "state"`,
   * `state` FAILED, TIMEOUT, CANCELLED, OUT_OF_MEMORY, ...); `reason: "timeout"` after `timeout` ms.
   */
  complete(options?: WatchOptions): Promise<Record>;
}

export interface JobUpdating<Record> {
  /** Read the job's record again (one query, batched with others in this tick): the record, also in `record`. */
  update(options?: SignalOption): Promise<Record>;
  /**
   * Wait until the job is RUNNING: its record then; a JobError (`reason: "state"`) when it ends without running
   * (the official client's "Job never entered the running state"), `reason: "timeout"` after `timeout` ms.
   */
  running(options?: WatchOptions): Promise<Record>;
}

export interface CancelOptions extends WatchOptions {
  /** Wait until the scheduler reports the job ended (CANCELLED, or whatever it ended in first). */
  wait?: boolean;
}

export interface JobCancelling<Record = unknown> {
  /**
   * Ask the scheduler to cancel the job (scancel); resolves once the request is accepted, or with `{ wait: true }`
   * once the job has ended, with its final record (polled as `complete()` polls).
   */
  cancel(options: CancelOptions & { wait: true }): Promise<Record>;
  cancel(options?: CancelOptions): Promise<void>;
}

/** A job's `cancel()` where the client may not read jobs: the request only, no waiting for the end. */
export interface JobCancellingOnly {
  /** Ask the scheduler to cancel the job (scancel); resolves once the request is accepted. */
  cancel(options?: SignalOption & { wait?: false }): Promise<void>;
}

/** What `compute.runTask()` gives: the command's task, not waited on. */
export interface TaskHandle {
  readonly id: string;
  readonly machine: string;
  /** The task's status at the last read (`new`, `completed`, ...); undefined before the first. */
  readonly status: string | undefined;
  /** Read the task once: its status. */
  update(options?: SignalOption): Promise<string | undefined>;
  /**
   * Wait for the task and resolve with the command's output; CommandError as `run` (a thenable handle would make
   * `await runTask()` wait, so the wait is this method).
   */
  result(options?: WaitOptions): Promise<string>;
}

export interface TaskCancelling {
  /** Cancel the task (`DELETE /tasks/{id}`). */
  cancel(options?: SignalOption): Promise<void>;
}

export interface TaskStarting<Task> {
  /** Start a command line on the machine without waiting: a handle with `update()`, `result()` and `cancel()`. */
  runTask(command: string | readonly string[], options?: SignalOption): Promise<Task>;
}

export interface JobQueryOptions extends SignalOption {
  /** Jobs of this user (squeue's `user=`), not only those of `ids`. */
  user?: string;
  /** Jobs of this partition (`partition=`). */
  partition?: string;
}

export interface MachineOutages<Outage> {
  /** This machine's past and current outages (`client.resources.outages(machine)`). */
  outages(options?: SignalOption): Promise<Outage[]>;
  /** This machine's planned outages. */
  plannedOutages(options?: SignalOption): Promise<Outage[]>;
}

export interface JobFindingById<Job> {
  /** The job of that id, its record read from accounting (sacct, one query); JobError `not-found` if it has none. */
  job(id: string | number, options?: SignalOption): Promise<Job>;
  /**
   * The jobs of those ids that the queue or accounting knows, in the order asked: one query per job (the job list,
   * which filters by user and partition, needs a color this client does not have).
   */
  jobs(ids: readonly (string | number)[], options?: SignalOption): Promise<Job[]>;
}

export interface JobFinding<Job> {
  /** The job of that id, its record read from accounting (sacct, one query); JobError `not-found` if it has none. */
  job(id: string | number, options?: SignalOption): Promise<Job>;
  /**
   * The jobs of those ids that the queue or accounting knows, in the order asked, read in one query; with `user` or
   * `partition`, the queue's jobs that match them all (one squeue query, as the official client).
   */
  jobs(ids: readonly (string | number)[] | undefined, options?: JobQueryOptions): Promise<Job[]>;
}

export interface CommandRunning {
  /**
   * Run a command line on the machine and wait for it: its output; CommandError (`exitCode`, `error`) on failure.
   * `timeout` (default 10 minutes) bounds the whole call, its request and the wait: a TaskError when it passes.
   */
  run(command: string | readonly string[], options?: WaitOptions): Promise<string>;
}

export interface JobSubmitting<Job> {
  /**
   * Submit a batch job: the script's text, or `{ path, args }` for a script on the machine. Waits for the submission's
   * task and resolves with the job; JobError (`reason: "submit"`) when sbatch refused it. `timeout` (default 10
   * minutes) bounds the whole call, the submission and the wait for its task: a TaskError when it passes.
   */
  submitJob(script: string | ScriptPath, options?: WaitOptions): Promise<Job>;
}

export interface DirectoryListing<Entry> {
  /**
   * The entries of a directory (without `.` and `..`), or the file itself, each with its `path` and the path methods
   * (`isDirectory()`, `parent`, `ls()`, `download()`, ...); FileError when the facility refuses. With
   * `{ directory: true }`, the directory itself as one entry (the official client's `ls(path, directory=True)`).
   */
  ls(path: string, options?: ListOptions): Promise<Entry[]>;
}

export interface FileDownloading {
  /** A small file's content as text (`{ binary: true }`: its bytes); FileError when the facility refuses. */
  download(path: string, options?: DownloadOptions & { binary?: false }): Promise<string>;
  download(path: string, options: DownloadOptions & { binary: true }): Promise<Uint8Array>;
}

export interface FileUploading<Result> {
  /** Write a small file; FileError when the facility refuses. */
  upload(path: string, data: string | Blob | Uint8Array, options?: SignalOption): Promise<Result>;
}

/** `client.compute(machine)`. */
export interface Computing<Machine, Compute> {
  /** The workflow helpers on one machine: run, submitJob, job, jobs, ls, download, upload (as the color allows). */
  compute(machine: Machine): Compute;
}

/** A job query's row type, with the two fields the helpers rely on. */
export type JobRecordOf<Answer> = Answer extends { output?: readonly (infer Row)[] | null }
  ? Row & { readonly jobid: string; readonly state: string }
  : Readonly<Record<string, string>> & { readonly jobid: string; readonly state: string };

/** The items of an array type (`unknown` when `T` is not one). */
export type ElementOf<T> = T extends readonly (infer Item)[] ? Item : unknown;

/** The items of the array field `K` of `T`. */
export type ItemsOf<T, K extends string> = T extends { [P in K]?: readonly (infer Item)[] | null } ? Item : unknown;

/**
 * What `clientHelpers` adds to a client, as the runtime builds it: `waitForTask`, the account helpers and
 * `compute(machine)`, each present when the description has its operations.
 */
export type ClientHelpers = AccountHelpers & {
  waitForTask: TaskWaiter;
  compute?: (machine: string) => ComputeHelpers;
};

/**
 * What the generated `index.js` adds to the core client: `waitForTask`, and `compute(machine)` when the API has the
 * helpers' operations. `core.js` leaves it out, and with it this module, jobs.ts and tasks.ts from a bundle.
 */
export function clientHelpers(spec: {
  taskOperation?: string;
  workflow?: WorkflowSpec;
}): (parts: ClientParts) => ClientHelpers {
  return ({ calls, clock, checkOperations, mayCall, observers }) => {
    const readTask = spec.taskOperation === undefined ? undefined : calls[spec.taskOperation];
    const waitForTask = taskWaiter(readTask, clock, observers.onPoll);
    if (!hasWorkflow(spec.workflow)) return { waitForTask };
    const workflow = spec.workflow;
    // One job monitor per machine: every job of a machine this client watches shares its poll.
    const monitors = new Map<string, JobMonitor>();
    const jobRead = jobReadOf(workflow, mayCall);
    const monitor = (machine: string) => {
      let found = monitors.get(machine);
      if (!found) {
        const query: JobQuery =
          jobRead === workflow.readJobs
            ? listQuery(machine, jobRead!, calls[jobRead!]!)
            : oneJobQuery(machine, jobRead!, calls[jobRead!]!);
        found = new JobMonitor(machine, query, clock, observers.onPoll);
        monitors.set(machine, found);
      }
      return found;
    };
    const deps: WorkflowDeps = {
      spec: workflow,
      calls,
      waitForTask,
      monitor,
      jobRead,
      clock,
      checkOperations,
      observers,
    };
    const added: ClientHelpers = { waitForTask, ...accountHelpers(deps) };
    if (COMPUTE_ROLES.some((role) => workflow[role] !== undefined))
      added.compute = (machine: string) => computeHelpers(machine, deps);
    return added;
  };
}

/**
 * The least operation that reads jobs for this client: the job list where the client may call it (one query batches
 * every job of a machine), else the one-job operation (one query per job), else the list (whose call the guard then
 * refuses, naming it). Decided by the guard's own permission, so by the ladder, never by a color's name.
 */
export function jobReadOf(spec: WorkflowSpec, mayCall: (name: string) => boolean): string | undefined {
  if (spec.readJobs !== undefined && (spec.readJob === undefined || mayCall(spec.readJobs))) return spec.readJobs;
  return spec.readJob ?? spec.readJobs;
}

export interface WorkflowDeps {
  spec: WorkflowSpec;
  calls: Readonly<Record<string, NamedCall>>;
  waitForTask: TaskWaiter;
  monitor(machine: string): JobMonitor;
  /** The operation the job reads use (jobReadOf): undefined when the description has neither. */
  jobRead: string | undefined;
  /** The client's clock, which `timeout` deadlines run on. */
  clock: Clock;
  /** Throws ScopeError before any request when the color may not call one of these operations. */
  checkOperations(names: readonly (string | undefined)[]): void;
  observers: Observers;
}

type Answer = { status?: unknown; error?: unknown; [field: string]: unknown } | undefined;

/**
 * `client.compute(machine)` as the runtime builds it: the pieces the generated types are made of (so the helpers are
 * checked against what those types promise), each helper present when the description has its operations. The
 * generated types narrow it further, by color and by the description's answer types.
 */
export type ComputeHelpers = { readonly machine: string } & Partial<
  JobFinding<JobHandle> &
    CommandRunning &
    TaskStarting<TaskHandle & Partial<TaskCancelling>> &
    MachineOutages<unknown> &
    JobSubmitting<JobHandle> &
    DirectoryListing<object> &
    FileDownloading &
    FileUploading<unknown>
>;

/** A job as the runtime builds it: its id, machine and record, and the methods its operations allow. */
export type JobHandle = Pick<JobWatching<JobRow>, "id" | "machine" | "record"> &
  Partial<JobWatchingMethods & JobCancelling<JobRow>>;
type JobWatchingMethods = Omit<JobWatching<JobRow>, "id" | "machine" | "record"> & JobUpdating<JobRow>;

/** `client.compute(machine)`, built from the operations the description has. */
export function computeHelpers(machine: string, deps: WorkflowDeps): ComputeHelpers {
  if (typeof machine !== "string" || machine === "")
    throw new ConfigError({ message: 'compute(machine) needs a machine name, e.g. "perlmutter"' });
  const { spec, calls } = deps;
  const call = (role: keyof WorkflowSpec): NamedCall => calls[spec[role]!]!;
  const helpers: ComputeHelpers = { machine };
  const waitTask = async (taskId: string, options: WaitOptions | undefined, deadline: Deadline) =>
    (await deps.waitForTask(taskId, options, deadline)) as { status?: unknown; result?: TaskResult | string | null };
  /**
   * `work` under one deadline for the whole operation (its request and the wait for its task): `timeout` of the
   * options, else waitForTask's default. When it passes, what is in flight is aborted and the operation ends with a
   * TaskError (`taskId` empty when the facility had not answered with one yet).
   */
  const withinDeadline = async <T>(
    options: WaitOptions | undefined,
    describe: string,
    work: (deadline: Deadline, task: (id: string) => void) => Promise<T>,
  ): Promise<T> => {
    const timeout = options?.timeout ?? DEFAULT_TASK_TIMEOUT;
    const deadline = startDeadline(deps.clock, timeout, options?.signal);
    let taskId = "";
    try {
      return await work(deadline, (id) => {
        taskId = id;
      });
    } catch (error) {
      if (!deadline.passed || (taskId !== "" && SfapiError.is(error) && error.code === "ERR_TASK")) throw error;
      throw new TaskError({
        message:
          taskId === ""
            ? `${describe} on ${machine}: no answer within ${timeout} ms`
            : `${describe} on ${machine}: task ${taskId} not finished within ${timeout} ms`,
        taskId,
      });
    } finally {
      deadline.end();
    }
  };

  /** A finished command task's output; CommandError when it failed or its command did. */
  const commandOutput = (
    command: string,
    taskId: string,
    task: { status?: unknown; result?: TaskResult | string | null },
  ): string => {
    const taskStatus = text(task.status)?.toLowerCase();
    const result = typeof task.result === "object" && task.result !== null ? task.result : undefined;
    const exitCode = typeof result?.exit_code === "number" ? result.exit_code : undefined;
    const output = typeof task.result === "string" ? task.result : (text(result?.output) ?? "");
    if (taskStatus !== "completed" || isError(result) || (exitCode !== undefined && exitCode !== 0)) {
      throw new CommandError({
        machine,
        command,
        exitCode,
        error: text(result?.error),
        output,
        taskId,
        taskStatus,
      });
    }
    return output;
  };

  const jobOf = (id: string, record: JobRow | undefined): JobHandle => {
    let last = record;
    const job: JobHandle = {
      id,
      machine,
      get record() {
        return last;
      },
    };
    if (deps.jobRead !== undefined) Object.assign(job, watching());
    function watching(): JobWatchingMethods {
      const monitor = deps.monitor(machine);
      return {
        async state(options: SignalOption = {}) {
          options.signal?.throwIfAborted();
          const row = await monitor.read(id);
          if (row === undefined) throw notFound(machine, id);
          last = row;
          return slurmState(row) ?? "UNKNOWN";
        },
        async complete(options: WatchOptions = {}) {
          const row = await monitor.watch(id, options);
          last = row;
          const state = slurmState(row);
          if (state === "COMPLETED") return row;
          throw new JobError({
            message: `Job ${id} on ${machine} ended ${state}`,
            reason: "state",
            machine,
            jobId: id,
            state,
            record: row,
          });
        },
        async update(options: SignalOption = {}) {
          options.signal?.throwIfAborted();
          const row = await monitor.read(id);
          if (row === undefined) throw notFound(machine, id);
          last = row;
          return row;
        },
        async running(options: WatchOptions = {}) {
          const row = await monitor.watch(id, options, RUNNING);
          last = row;
          const state = slurmState(row);
          if (state === "RUNNING") return row;
          throw new JobError({
            message: `Job ${id} on ${machine} never entered the running state: it ended ${state}`,
            reason: "state",
            machine,
            jobId: id,
            state,
            record: row,
          });
        },
      };
    }
    if (spec.cancelJob !== undefined) {
      // One implementation of cancel's two overloads (`wait: true` resolves with the record, else with nothing).
      job.cancel = (async (options: CancelOptions = {}): Promise<JobRow | undefined> => {
        // With `wait`, the polls after the request need a job read too: refused before the request, not after.
        if (options.wait === true) deps.checkOperations([spec.cancelJob, deps.jobRead]);
        if (options.wait === true && deps.jobRead === undefined)
          throw new ConfigError({
            message:
              "cancel({ wait: true }) needs a job read of the API " +
              "(GET /compute/jobs/{machine}/{jobid} or GET /compute/jobs/{machine})",
          });
        const answer = (await call("cancelJob")(
          { path: { machine, jobid: id } },
          options.signal ? { signal: options.signal } : {},
        )) as Answer;
        if (isError(answer)) {
          throw new JobError({
            message: `Cancelling job ${id} on ${machine} failed${said(answer)}`,
            reason: "state",
            machine,
            jobId: id,
            error: text(answer?.error),
          });
        }
        if (options.wait !== true) return undefined;
        const row = await deps.monitor(machine).watch(id, options);
        last = row;
        return row;
      }) as JobCancelling<JobRow>["cancel"];
    }
    return job;
  };

  if (deps.jobRead !== undefined) {
    helpers.job = async (id: string | number, options: SignalOption = {}) => {
      options.signal?.throwIfAborted();
      // Accounting alone, as the official client's compute.job(): it lists queued, running and finished jobs, so one
      // query whatever the state (the queue first would cost a second query for every finished job).
      const row = await deps.monitor(machine).readAccounting(String(id));
      if (row === undefined) throw notFound(machine, String(id), "not in accounting");
      return jobOf(String(id), row);
    };
    helpers.jobs = async (ids: readonly (string | number)[] | undefined, options: JobQueryOptions = {}) => {
      options.signal?.throwIfAborted();
      if (ids === undefined || options.user !== undefined || options.partition !== undefined) {
        // The official client's direct query: squeue with every filter given, cached=false. Only the list filters.
        if (spec.readJobs === undefined)
          throw new ConfigError({
            message:
              "jobs() without ids, or with user or partition, needs the API's job list (GET /compute/jobs/{machine})",
          });
        const kwargs = [
          ...(ids === undefined ? [] : [`jobid=${ids.map(String).join(",")}`]),
          ...(options.user === undefined ? [] : [`user=${options.user}`]),
          ...(options.partition === undefined ? [] : [`partition=${options.partition}`]),
        ];
        const answer = (await call("readJobs")(
          { path: { machine }, query: { kwargs, sacct: false, cached: false } },
          signalOf(options),
        )) as Answer;
        if (isError(answer) || !Array.isArray(answer?.output))
          throw new JobError({
            message: `Reading jobs on ${machine} failed${said(answer)}`,
            reason: "query",
            machine,
            error: text(answer?.error),
          });
        return (answer.output as JobRow[])
          .filter((row) => row && typeof row === "object" && text(row.jobid) !== undefined)
          .map((row) => jobOf(text(row.jobid)!, row));
      }
      const monitor = deps.monitor(machine);
      const rows = await Promise.all(ids.map((id) => monitor.read(String(id))));
      return ids.flatMap((id, i) => (rows[i] === undefined ? [] : [jobOf(String(id), rows[i])]));
    };
  }

  if (spec.runCommand !== undefined && spec.readTask !== undefined) {
    helpers.run = async (command: string | readonly string[], options?: WaitOptions) => {
      const executable = typeof command === "string" ? command : command.join(" ");
      const { task, taskId } = await withinDeadline(options, "Running a command", async (deadline, started) => {
        const ack = (await call("runCommand")(
          { path: { machine }, body: { executable } },
          signalOf(deadline),
        )) as Answer;
        const taskId = text(ack?.task_id);
        if (isError(ack) || taskId === undefined)
          throw new CommandError({ machine, command: executable, error: text(ack?.error), taskId: taskId ?? "" });
        started(taskId);
        return { task: await waitTask(taskId, options, deadline), taskId };
      });
      return commandOutput(executable, taskId, task);
    };
  }

  if (spec.runCommand !== undefined && spec.readTask !== undefined) {
    helpers.runTask = async (command: string | readonly string[], options: SignalOption = {}) => {
      const executable = typeof command === "string" ? command : command.join(" ");
      const ack = (await call("runCommand")({ path: { machine }, body: { executable } }, signalOf(options))) as Answer;
      const taskId = text(ack?.task_id);
      if (isError(ack) || taskId === undefined)
        throw new CommandError({ machine, command: executable, error: text(ack?.error), taskId: taskId ?? "" });
      let status: string | undefined;
      const task: TaskHandle & Partial<TaskCancelling> = {
        id: taskId,
        machine,
        get status() {
          return status;
        },
        async update(options: SignalOption = {}) {
          const read = (await call("readTask")({ path: { id: taskId } }, signalOf(options))) as Answer;
          status = text(read?.status);
          return status;
        },
        async result(options?: WaitOptions) {
          const finished = await withinDeadline(options, "Running a command", (deadline, started) => {
            started(taskId);
            return waitTask(taskId, options, deadline);
          });
          status = text(finished.status);
          return commandOutput(executable, taskId, finished);
        },
      };
      if (spec.cancelTask !== undefined) {
        task.cancel = async (options: SignalOption = {}) => {
          await call("cancelTask")({ path: { id: taskId } }, signalOf(options));
        };
      }
      return task;
    };
  }

  if (spec.readOutagesOf !== undefined)
    helpers.outages = async (options: SignalOption = {}) =>
      (await call("readOutagesOf")({ path: { name: machine } }, signalOf(options))) as unknown[];
  if (spec.readPlannedOutagesOf !== undefined)
    helpers.plannedOutages = async (options: SignalOption = {}) =>
      (await call("readPlannedOutagesOf")({ path: { name: machine } }, signalOf(options))) as unknown[];

  if (spec.submitJob !== undefined && spec.readTask !== undefined) {
    helpers.submitJob = async (script: string | ScriptPath, options?: WaitOptions) => {
      const body =
        typeof script === "string"
          ? { job: script, isPath: false }
          : { job: script.path, isPath: true, ...(script.args ? { args: [...script.args] } : {}) };
      const refused = (error: string | undefined, taskId?: string) =>
        new JobError({
          message:
            `Submitting a job on ${machine} failed${error ? `: ${error}` : ""}` + (taskId ? ` (task ${taskId})` : ""),
          reason: "submit",
          machine,
          error,
        });
      const checksPath = typeof script !== "string" && spec.readDirectory !== undefined;
      // Every operation of the submission, refused before the first request (the ls of a script path).
      deps.checkOperations([spec.submitJob, spec.readTask, checksPath ? spec.readDirectory : undefined]);
      const { task, taskId } = await withinDeadline(options, "Submitting a job", async (deadline, started) => {
        if (checksPath) await scriptIsAFile(script.path, deadline, refused);
        const ack = (await call("submitJob")({ path: { machine }, body }, signalOf(deadline))) as Answer;
        const taskId = text(ack?.task_id);
        if (isError(ack) || taskId === undefined) throw refused(text(ack?.error));
        started(taskId);
        return { task: await waitTask(taskId, options, deadline), taskId };
      });
      const status = text(task.status)?.toLowerCase();
      const result = typeof task.result === "object" && task.result !== null ? task.result : undefined;
      if (status !== "completed" || isError(result))
        throw refused(text(result?.error) ?? (status !== "completed" ? `its task ended ${status}` : undefined), taskId);
      const jobid = result?.jobid;
      if ((typeof jobid !== "string" && typeof jobid !== "number") || String(jobid) === "")
        throw refused("the task's result names no job id", taskId);
      return jobOf(String(jobid), undefined);
    };
  }

  /** The raw listing: the facility's entries, `.` and `..` kept. */
  const listing = async (path: string, options: SignalOption): Promise<Record<string, unknown>[]> => {
    const answer = (await call("readDirectory")({ path: { machine, path } }, signalOf(options))) as Answer;
    if (isError(answer) || !Array.isArray(answer?.entries))
      throw new FileError({ machine, path, operation: spec.readDirectory!, error: text(answer?.error) });
    return (answer.entries as unknown[]).filter((e): e is Record<string, unknown> => !!e && typeof e === "object");
  };
  /** As the official client's submit_job: a script path must be one file (an ls before the submission). */
  const scriptIsAFile = async (path: string, deadline: Deadline, refused: (error: string) => Error) => {
    let entries: Record<string, unknown>[];
    try {
      entries = await listing(path, signalOf(deadline));
    } catch (error) {
      if (SfapiError.is(error) && error.code === "ERR_FILE") throw refused(`script path not present: ${path}`);
      throw error;
    }
    const perms = entries.length === 1 ? text(entries[0]!.perms) : undefined;
    if (perms?.startsWith("-") !== true) throw refused(`script path is not a file: ${path}`);
  };
  const pathOps: PathOps = {
    check: (helper) => deps.checkOperations([helper === "upload" ? spec.uploadFile : spec.downloadFile]),
  };

  if (spec.readDirectory !== undefined) {
    helpers.ls = async (path: string, options: ListOptions = {}) => {
      const entries = await listing(path, options);
      // One entry is the file asked for (a directory lists `.` and `..` too); its name is the path's last part.
      if (entries.length === 1 && entries[0]!.name !== "." && !text(entries[0]!.perms)?.startsWith("d"))
        return [remotePath(machine, path, pathOps, entries[0])];
      const base = path.replace(/\/+$/, "");
      if (options.directory === true) {
        // As the official client: the listing's own `.` entry stands for the directory (one request, no second ls).
        const self = entries.find((e) => e.name === ".");
        if (self === undefined)
          throw new FileError({
            machine,
            path,
            operation: spec.readDirectory!,
            error: "the listing has no entry for the directory itself",
          });
        return [remotePath(machine, base === "" ? "/" : base, pathOps, self)];
      }
      return entries
        .filter((e) => e.name !== "." && e.name !== "..")
        .map((e) => remotePath(machine, `${base}/${text(e.name) ?? ""}`, pathOps, e));
    };
    pathOps.ls = helpers.ls;
  }

  if (spec.downloadFile !== undefined) {
    // One implementation of download's two overloads (`binary: true` resolves with bytes, else with text).
    helpers.download = (async (path: string, options: DownloadOptions = {}): Promise<string | Uint8Array> => {
      const binary = options.binary === true;
      const answer = (await call("downloadFile")(
        { path: { machine, path }, query: { binary } },
        signalOf(options),
      )) as Answer;
      if (isError(answer) || typeof answer?.file !== "string")
        throw new FileError({ machine, path, operation: spec.downloadFile!, error: text(answer?.error) });
      if (answer.is_binary !== true) return binary ? new TextEncoder().encode(answer.file) : answer.file;
      const bytes = Uint8Array.from(atob(answer.file), (c) => c.charCodeAt(0));
      return binary ? bytes : new TextDecoder().decode(bytes);
    }) as FileDownloading["download"];
    pathOps.download = helpers.download;
  }

  if (spec.uploadFile !== undefined) {
    helpers.upload = async (path: string, data: string | Blob | Uint8Array, options: SignalOption = {}) => {
      const file = data instanceof Blob ? data : new Blob([data as BlobPart]);
      const answer = (await call("uploadFile")(
        { path: { machine, path }, body: { file } },
        signalOf(options),
      )) as Answer;
      if (isError(answer))
        throw new FileError({ machine, path, operation: spec.uploadFile!, error: text(answer?.error) });
      return answer;
    };
    pathOps.upload = helpers.upload;
  }
  return helpers;
}

const RUNNING: ReadonlySet<string> = new Set(["RUNNING"]);

/** The helpers' spec is usable when at least one helper has its operations. */
export function hasWorkflow(spec: WorkflowSpec | undefined): spec is WorkflowSpec {
  return spec !== undefined && Object.values(spec).some((name) => name !== undefined);
}

function isError(answer: { status?: unknown } | undefined): boolean {
  return typeof answer?.status === "string" && answer.status.toLowerCase() === "error";
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

function said(answer: Answer): string {
  const error = text(answer?.error);
  return error ? `: ${error}` : "";
}

function signalOf(options: { signal?: AbortSignal | undefined }): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}

function notFound(machine: string, id: string, where = "neither in the queue nor in accounting"): JobError {
  return new JobError({
    message: `Job ${id} not found on ${machine} (${where})`,
    reason: "not-found",
    machine,
    jobId: id,
  });
}
