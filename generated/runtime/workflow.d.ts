// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
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
import { JobMonitor, type WatchOptions } from "./jobs.js";
import { type TaskWaiter, type WaitOptions } from "./tasks.js";
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
/** The items of the array field `K` of `T`. */
export type ItemsOf<T, K extends string> = T extends {
    [P in K]?: readonly (infer Item)[] | null;
} ? Item : unknown;
/**
 * What the generated `index.js` adds to the core client: `waitForTask`, and `compute(machine)` when the API has the
 * helpers' operations. `core.js` leaves it out, and with it this module, jobs.ts and tasks.ts from a bundle.
 */
export declare function clientHelpers(spec: {
    taskOperation?: string;
    workflow?: WorkflowSpec;
}): ClientAddOn;
export interface WorkflowDeps {
    spec: WorkflowSpec;
    calls: Readonly<Record<string, NamedCall>>;
    waitForTask: TaskWaiter;
    monitor(machine: string): JobMonitor;
    /** The client's clock, which `timeout` deadlines run on. */
    clock: Clock;
}
/** `client.compute(machine)`, built from the operations the description has. */
export declare function computeHelpers(machine: string, deps: WorkflowDeps): Record<string, unknown>;
/** The helpers' spec is usable when at least one helper has its operations. */
export declare function hasWorkflow(spec: WorkflowSpec | undefined): spec is WorkflowSpec;
