// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The workflow layer: `client.compute("perlmutter")` gives `run`, `submitJob`, `job`, `jobs`, `ls`, `download` and
 * `upload`, each a few named calls of the operation table (so the guard, tokens, retries and form bodies apply as to
 * any call), with the facility's answers checked and its failures turned into CommandError, JobError and FileError.
 * The generator hands over which operations these are (matched by method and path) and writes the types, narrowed by
 * color; a helper whose operation the description lacks is left out.
 */
import { type AccountHelpers, type AccountSpec } from "./account.js";
import type { NamedCall } from "./calls.js";
import type { ClientParts } from "./client.js";
import type { Clock } from "./clock.js";
import { JobMonitor, type JobRow, type WatchOptions } from "./jobs.js";
import type { Observers } from "./observe.js";
import { type DownloadOptions, type ListOptions, type SignalOption } from "./remote-path.js";
import { type TaskWaiter, type WaitOptions } from "./tasks.js";
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
export declare const COMPUTE_ROLES: readonly ["runCommand", "submitJob", "readJobs", "readJob", "cancelJob", "readDirectory", "downloadFile", "uploadFile", "readOutagesOf", "readPlannedOutagesOf"];
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
    cancel(options: CancelOptions & {
        wait: true;
    }): Promise<Record>;
    cancel(options?: CancelOptions): Promise<void>;
}
/** A job's `cancel()` where the client may not read jobs: the request only, no waiting for the end. */
export interface JobCancellingOnly {
    /** Ask the scheduler to cancel the job (scancel); resolves once the request is accepted. */
    cancel(options?: SignalOption & {
        wait?: false;
    }): Promise<void>;
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
    download(path: string, options?: DownloadOptions & {
        binary?: false;
    }): Promise<string>;
    download(path: string, options: DownloadOptions & {
        binary: true;
    }): Promise<Uint8Array>;
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
export type JobRecordOf<Answer> = Answer extends {
    output?: readonly (infer Row)[] | null;
} ? Row & {
    readonly jobid: string;
    readonly state: string;
} : Readonly<Record<string, string>> & {
    readonly jobid: string;
    readonly state: string;
};
/** The items of an array type (`unknown` when `T` is not one). */
export type ElementOf<T> = T extends readonly (infer Item)[] ? Item : unknown;
/** The items of the array field `K` of `T`. */
export type ItemsOf<T, K extends string> = T extends {
    [P in K]?: readonly (infer Item)[] | null;
} ? Item : unknown;
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
export declare function clientHelpers(spec: {
    taskOperation?: string;
    workflow?: WorkflowSpec;
}): (parts: ClientParts) => ClientHelpers;
/**
 * The least operation that reads jobs for this client: the job list where the client may call it (one query batches
 * every job of a machine), else the one-job operation (one query per job), else the list (whose call the guard then
 * refuses, naming it). Decided by the guard's own permission, so by the ladder, never by a color's name.
 */
export declare function jobReadOf(spec: WorkflowSpec, mayCall: (name: string) => boolean): string | undefined;
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
/**
 * `client.compute(machine)` as the runtime builds it: the pieces the generated types are made of (so the helpers are
 * checked against what those types promise), each helper present when the description has its operations. The
 * generated types narrow it further, by color and by the description's answer types.
 */
export type ComputeHelpers = {
    readonly machine: string;
} & Partial<JobFinding<JobHandle> & CommandRunning & TaskStarting<TaskHandle & Partial<TaskCancelling>> & MachineOutages<unknown> & JobSubmitting<JobHandle> & DirectoryListing<object> & FileDownloading & FileUploading<unknown>>;
/** A job as the runtime builds it: its id, machine and record, and the methods its operations allow. */
export type JobHandle = Pick<JobWatching<JobRow>, "id" | "machine" | "record"> & Partial<JobWatchingMethods & JobCancelling<JobRow>>;
type JobWatchingMethods = Omit<JobWatching<JobRow>, "id" | "machine" | "record"> & JobUpdating<JobRow>;
/** `client.compute(machine)`, built from the operations the description has. */
export declare function computeHelpers(machine: string, deps: WorkflowDeps): ComputeHelpers;
/** The helpers' spec is usable when at least one helper has its operations. */
export declare function hasWorkflow(spec: WorkflowSpec | undefined): spec is WorkflowSpec;
