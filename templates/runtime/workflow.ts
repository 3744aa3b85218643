/**
 * The workflow layer: `client.compute("perlmutter")` gives `run`, `submitJob`, `job`, `jobs`, `ls`, `download` and
 * `upload`, each a few named calls of the operation table (so the guard, tokens, retries and form bodies apply as to
 * any call), with the facility's answers checked and its failures turned into CommandError, JobError and FileError.
 * The generator hands over which operations these are (matched by method and path) and writes the types, narrowed by
 * color; a helper whose operation the description lacks is left out.
 */
import type { NamedCall } from "./calls.js";
import type { ClientAddOn } from "./client.js";
import type { Clock } from "./clock.js";
import { type Deadline, startDeadline } from "./deadline.js";
import { CommandError, ConfigError, FileError, JobError, SfapiError, TaskError } from "./errors.js";
import { JobMonitor, type JobRow, slurmState, type WatchOptions } from "./jobs.js";
import { DEFAULT_TASK_TIMEOUT, type TaskResult, type TaskWaiter, taskWaiter, type WaitOptions } from "./tasks.js";

/** The operations (friendly names) each helper uses, as the generator found them in the description. */
export interface WorkflowSpec {
  readonly readTask?: string;
  readonly runCommand?: string;
  readonly submitJob?: string;
  readonly readJobs?: string;
  readonly cancelJob?: string;
  readonly readDirectory?: string;
  readonly downloadFile?: string;
  readonly uploadFile?: string;
}

/** A script on the machine (`isPath`), with its arguments. */
export interface ScriptPath {
  path: string;
  args?: readonly string[];
}

export interface SignalOption {
  signal?: AbortSignal;
}

export interface DownloadOptions extends SignalOption {
  /** Ask for the bytes (base64 on the wire), resolved as a Uint8Array. */
  binary?: boolean;
}

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

export interface JobCancelling {
  /** Ask the scheduler to cancel the job (scancel); resolves once the request is accepted. */
  cancel(options?: SignalOption): Promise<void>;
}

export interface JobFinding<Job> {
  /** The job of that id, its record read (squeue, else sacct); JobError `not-found` when neither knows it. */
  job(id: string | number, options?: SignalOption): Promise<Job>;
  /** The jobs of those ids that the queue or accounting knows, in the order asked, read in one query. */
  jobs(ids: readonly (string | number)[], options?: SignalOption): Promise<Job[]>;
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
  /** The entries of a directory (without `.` and `..`), or the file itself; FileError when the facility refuses. */
  ls(path: string, options?: SignalOption): Promise<Entry[]>;
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

/** The items of the array field `K` of `T`. */
export type ItemsOf<T, K extends string> = T extends { [P in K]?: readonly (infer Item)[] | null } ? Item : unknown;

/**
 * What the generated `index.js` adds to the core client: `waitForTask`, and `compute(machine)` when the API has the
 * helpers' operations. `core.js` leaves it out, and with it this module, jobs.ts and tasks.ts from a bundle.
 */
export function clientHelpers(spec: { taskOperation?: string; workflow?: WorkflowSpec }): ClientAddOn {
  return ({ calls, clock }) => {
    const readTask = spec.taskOperation === undefined ? undefined : calls[spec.taskOperation];
    const waitForTask = taskWaiter(readTask, clock);
    if (!hasWorkflow(spec.workflow)) return { waitForTask };
    const workflow = spec.workflow;
    // One job monitor per machine: every job of a machine this client watches shares its poll.
    const monitors = new Map<string, JobMonitor>();
    const monitor = (machine: string) => {
      let found = monitors.get(machine);
      if (!found) {
        found = new JobMonitor(machine, calls[workflow.readJobs!]!, clock);
        monitors.set(machine, found);
      }
      return found;
    };
    return {
      waitForTask,
      compute: (machine: string) => computeHelpers(machine, { spec: workflow, calls, waitForTask, monitor, clock }),
    };
  };
}

export interface WorkflowDeps {
  spec: WorkflowSpec;
  calls: Readonly<Record<string, NamedCall>>;
  waitForTask: TaskWaiter;
  monitor(machine: string): JobMonitor;
  /** The client's clock, which `timeout` deadlines run on. */
  clock: Clock;
}

type Answer = { status?: unknown; error?: unknown; [field: string]: unknown } | undefined;

/** `client.compute(machine)`, built from the operations the description has. */
export function computeHelpers(machine: string, deps: WorkflowDeps): Record<string, unknown> {
  if (typeof machine !== "string" || machine === "")
    throw new ConfigError('compute(machine) needs a machine name, e.g. "perlmutter"');
  const { spec, calls } = deps;
  const call = (role: keyof WorkflowSpec): NamedCall => calls[spec[role]!]!;
  const helpers: Record<string, unknown> = { machine };
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

  const jobOf = (id: string, record: JobRow | undefined): object => {
    let last = record;
    const job: Record<string, unknown> = {
      id,
      machine,
      get record() {
        return last;
      },
    };
    if (spec.readJobs !== undefined) Object.assign(job, watching());
    function watching() {
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
      };
    }
    if (spec.cancelJob !== undefined) {
      job.cancel = async (options: SignalOption = {}) => {
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
      };
    }
    return job;
  };

  if (spec.readJobs !== undefined) {
    helpers.job = async (id: string | number, options: SignalOption = {}) => {
      options.signal?.throwIfAborted();
      const row = await deps.monitor(machine).read(String(id));
      if (row === undefined) throw notFound(machine, String(id));
      return jobOf(String(id), row);
    };
    helpers.jobs = async (ids: readonly (string | number)[], options: SignalOption = {}) => {
      options.signal?.throwIfAborted();
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
      const taskStatus = text(task.status)?.toLowerCase();
      const result = typeof task.result === "object" && task.result !== null ? task.result : undefined;
      const exitCode = typeof result?.exit_code === "number" ? result.exit_code : undefined;
      const output = typeof task.result === "string" ? task.result : (text(result?.output) ?? "");
      if (taskStatus !== "completed" || isError(result) || (exitCode !== undefined && exitCode !== 0)) {
        throw new CommandError({
          machine,
          command: executable,
          exitCode,
          error: text(result?.error),
          output,
          taskId,
          taskStatus,
        });
      }
      return output;
    };
  }

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
      const { task, taskId } = await withinDeadline(options, "Submitting a job", async (deadline, started) => {
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

  if (spec.readDirectory !== undefined) {
    helpers.ls = async (path: string, options: SignalOption = {}) => {
      const answer = (await call("readDirectory")({ path: { machine, path } }, signalOf(options))) as Answer;
      if (isError(answer) || !Array.isArray(answer?.entries))
        throw new FileError({ machine, path, operation: spec.readDirectory!, error: text(answer?.error) });
      return (answer.entries as { name?: unknown }[]).filter((e) => e?.name !== "." && e?.name !== "..");
    };
  }

  if (spec.downloadFile !== undefined) {
    helpers.download = async (path: string, options: DownloadOptions = {}) => {
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
    };
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
  }
  return helpers;
}

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

function notFound(machine: string, id: string): JobError {
  return new JobError({
    message: `Job ${id} not found on ${machine} (neither in the queue nor in accounting)`,
    reason: "not-found",
    machine,
    jobId: id,
  });
}
