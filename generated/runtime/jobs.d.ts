// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Batch jobs of one machine, watched together. Where the client may call the job list (`GET /compute/jobs/{machine}`),
 * status reads are batched into one query of it, as the official Python client's job monitor does
 * (`?kwargs=jobid=1,2,3&sacct=false&cached=false`): reads made in the same tick share one query, and every
 * `job.complete()` of a machine joins one poll loop, so each poll costs one request however many jobs are waited on.
 * Where it may not (the facility's list is above its least level), each job is read with the one-job operation
 * (`GET /compute/jobs/{machine}/{jobid}?sacct=...&cached=false`): the same loop, one request per job per poll.
 * The loop reads the queue (squeue) until a job has left it, then reads every job still watched from accounting
 * (sacct), which lists queued, running and finished jobs alike: one request per poll (per job, without the list),
 * at the cost of seeing the first job that leaves the queue one poll later than a second request would.
 * A single read (`job.state()`, `job.update()`) asks accounting at once for jobs missing from the queue, as the
 * official client does; `compute.job(id)` asks accounting only (one query whatever the job's state), as its
 * `compute.job()` does.
 */
import type { NamedCall } from "./calls.js";
import { type Clock } from "./clock.js";
import { type PollEvent } from "./observe.js";
/**
 * Slurm's terminal job states (the order the local facility names them in): those the official client waits for, and
 * NODE_FAIL, BOOT_FAIL and DEADLINE, which it would wait on forever. The local facility ends jobs in these same states.
 */
export declare const SLURM_TERMINAL_STATES: readonly ["COMPLETED", "FAILED", "TIMEOUT", "CANCELLED", "PREEMPTED", "OUT_OF_MEMORY", "NODE_FAIL", "BOOT_FAIL", "DEADLINE"];
export type TerminalState = (typeof SLURM_TERMINAL_STATES)[number];
/** Slurm's terminal job states: the job will not run again. */
export declare const TERMINAL_STATES: ReadonlySet<string>;
/** One job's scheduler record: squeue's or sacct's fields as strings (`jobid`, `state`, ...). */
export type JobRow = Readonly<Record<string, unknown>>;
export interface WatchOptions {
    /** Between polls, in milliseconds (default 10 000, as the official Python client). */
    interval?: number;
    /**
     * The deadline of the wait, in milliseconds: when it passes, the wait ends with a JobError (`reason: "timeout"`), and
     * the poll in flight is aborted unless other waits share it; default: wait as long as it takes.
     */
    timeout?: number;
    /** Stop waiting (rejects with the signal's reason); the job itself is not cancelled. */
    signal?: AbortSignal;
}
/** A job's Slurm state as one word: sacct's `CANCELLED by 1234` is `CANCELLED`, `FAILED+` is `FAILED`. */
export declare function slurmState(row: JobRow | undefined): string | undefined;
/**
 * How the monitor reads jobs: the records of `ids` (squeue's, or sacct's with `sacct`), by job id. `perJob`: one
 * request per id (the one-job operation), else one request for them all (the list).
 */
export interface JobQuery {
    readonly operation: string;
    readonly perJob: boolean;
    read(ids: readonly string[], sacct: boolean, signal?: AbortSignal): Promise<Map<string, JobRow>>;
}
/** One query of the job list for every id (`GET /compute/jobs/{machine}?kwargs=jobid=1,2`). */
export declare function listQuery(machine: string, operation: string, readJobs: NamedCall): JobQuery;
/** One query of the one-job operation per id (`GET /compute/jobs/{machine}/{jobid}?sacct=...&cached=false`). */
export declare function oneJobQuery(machine: string, operation: string, readJob: NamedCall): JobQuery;
export declare class JobMonitor {
    #private;
    readonly machine: string;
    private readonly jobs;
    private readonly clock;
    private readonly onPoll?;
    /** Job queries sent (requests: one per job with the one-job operation), and polls made by the loop (the bench). */
    readonly stats: {
        queries: number;
        polls: number;
    };
    constructor(machine: string, jobs: JobQuery, clock: Clock, onPoll?: ((event: PollEvent) => void) | undefined);
    /** The current record of `id` (undefined when neither the queue nor accounting knows it); one query per tick. */
    read(id: string): Promise<JobRow | undefined>;
    /**
     * The record of `id` in accounting (sacct), which lists queued, running and finished jobs alike: one query per
     * tick for every id asked, whatever the job's state (as the official client's `compute.job()`).
     */
    readAccounting(id: string): Promise<JobRow | undefined>;
    /**
     * Resolves with the job's record once it is in a terminal state; every watched job of this machine shares one poll.
     */
    watch(id: string, options?: WatchOptions, until?: ReadonlySet<string>): Promise<JobRow>;
}
