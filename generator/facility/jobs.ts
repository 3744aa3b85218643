/**
 * Batch jobs the facility pretends to run. A submission is a task whose result carries the job id; once that task has
 * completed the job is queued and moves on the facility's clock: PENDING for one task delay, RUNNING for another,
 * then its terminal state: COMPLETED, or the Slurm state a script asks for with a line `#SFAPI-MOCK state=<STATE>`,
 * or CANCELLED from the moment it is cancelled (the cancellation's task completes a delay later with scancel's
 * answer). A line `#SFAPI-MOCK submit=error` makes sbatch refuse the script (the submit task ends with an error and no
 * job). A script given by path is read from the machine's file tree when it is there (a relative path from the
 * submitting account's home); another account's script is refused, as sbatch refuses a file it cannot open. Job rows
 * are string maps with the keys `squeue` gives (only jobs still in the queue), or `sacct`'s with `?sacct=true` (every
 * job, with its final state), as the facility's answers have. A job is the account's that submitted it: every client
 * of that account sees it, no other account does.
 */
import { SLURM_TERMINAL_STATES, type TerminalState } from "../../templates/runtime/jobs.js";
import { FileTree } from "./files.js";
import { homeOf, MOCK_USER, uidOf } from "./mock-user.js";
import type { Shell, ShellJobs } from "./shell.js";
import type { TaskStore } from "./tasks.js";

/** The Slurm states a job can end in here: the runtime's list, so the client waits for exactly these. */
export const TERMINAL_STATES: typeof SLURM_TERMINAL_STATES = SLURM_TERMINAL_STATES;
export type { TerminalState };
export type JobState = "PENDING" | "RUNNING" | TerminalState;
export type JobRow = Record<string, string>;

/** squeue's short state codes. */
const SHORT_STATE: Record<JobState, string> = {
  PENDING: "PD",
  RUNNING: "R",
  COMPLETED: "CD",
  FAILED: "F",
  TIMEOUT: "TO",
  CANCELLED: "CA",
  PREEMPTED: "PR",
  OUT_OF_MEMORY: "OOM",
  NODE_FAIL: "NF",
  BOOT_FAIL: "BF",
  DEADLINE: "DL",
};

/** sacct's `exitcode` (`<code>:<signal>`) for each way a job ends. */
const EXIT_CODE: Record<TerminalState, string> = {
  COMPLETED: "0:0",
  FAILED: "1:0",
  TIMEOUT: "0:15",
  CANCELLED: "0:15",
  PREEMPTED: "0:15",
  OUT_OF_MEMORY: "0:125",
  NODE_FAIL: "0:9",
  BOOT_FAIL: "0:0",
  DEADLINE: "0:0",
};

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
  /** How it ends unless cancelled first. */
  finalState: TerminalState;
  /**
   * Cancellation requests: each one's task, and when it was asked for (the job ends then, if still queued or running).
   */
  cancels: { task: string; at: number }[];
  /** The script, kept to run when the job starts (with a shell only). */
  script?: string;
  /** Where it runs: `#SBATCH --chdir`, else where it was submitted from. */
  workdir: string;
  /** Whether its script has run (it runs once, when the job is first seen running). */
  ran: boolean;
  /** How its script exited: non-zero makes the job FAILED unless a `#SFAPI-MOCK state=` line says otherwise. */
  exitCode?: number;
}

/** Slurm job ids are decimal numbers, counted from here. */
const FIRST_JOB_ID = 12_345_678;
/** Jobs are forgotten oldest first beyond this, so a long-running mock stays bounded. */
export const DEFAULT_MAX_JOBS = 5000;
/** Cancellations remembered per job (only the first that came in time matters; the rest are answered from this). */
const MAX_CANCELS = 8;
/** Stored names and command lines are cut to this many characters. */
const MAX_TEXT = 1024;
const DEFAULT_TIME_LIMIT = "00:30:00";

export class JobStore implements ShellJobs {
  readonly #jobs = new Map<string, JobRecord>();
  #next = FIRST_JOB_ID;
  #cancelsFromShell = 0;
  #runs: Promise<void> = Promise.resolve();
  /** Where scripts run; without one, a job's script is never run (it still moves through its states). */
  shell?: Shell;

  constructor(
    private readonly tasks: TaskStore,
    private readonly now: () => number = Date.now,
    private readonly files?: FileTree | undefined,
    readonly maxJobs: number = DEFAULT_MAX_JOBS,
  ) {}

  /** How many jobs are remembered now. */
  get size(): number {
    return this.#jobs.size;
  }

  /** Submit a job; returns the submission's task id (its result names the job id once it completes). */
  submit(owner: string, machine: string, submission: Submission): string;
  /** sbatch in the facility's shell: queue `script` now, run from `cwd`; the job id, or sbatch's error. */
  submit(owner: string, machine: string, script: string, cwd: string): { jobid: string } | { error: string };
  submit(
    owner: string,
    machine: string,
    submission: Submission | string,
    cwd?: string,
  ): string | { jobid: string } | { error: string } {
    if (typeof submission === "string") {
      const queued = this.#enqueue(owner, machine, submission, { cwd: cwd ?? homeOf(owner), queuedAt: this.now() });
      return "refusal" in queued ? { error: queued.refusal } : { jobid: queued.jobid };
    }
    // A script by path is read as its owner reads it: another account's is sbatch's "Unable to open file".
    const path = submission.isPath ? FileTree.normalize(submission.job, homeOf(owner)) : undefined;
    const unreadable = typeof path === "string" && this.files?.denied(owner, machine, path, "read") === true;
    const script =
      typeof path === "string"
        ? (this.files?.read(machine, path)?.content.toString("utf8") ?? "")
        : submission.isPath
          ? ""
          : submission.job;
    if (unreadable) {
      const refusal = `sbatch: error: Unable to open file ${clip(submission.job)}`;
      return this.tasks.add(owner, ["job", machine], () => ({ status: "error", jobid: null, error: refusal }));
    }
    // sbatch runs where the script is (a script sent as text: from the home folder).
    const from = typeof path === "string" ? path.slice(0, path.lastIndexOf("/")) || "/" : homeOf(owner);
    const queued = this.#enqueue(owner, machine, script, {
      cwd: from,
      queuedAt: this.now() + this.tasks.delayMs,
      name: submission.isPath ? basename(submission.job) : "sbatch",
      command: submission.isPath ? clip([submission.job, ...submission.args].join(" ")) : "(null)",
      args: submission.args,
    });
    if ("refusal" in queued)
      return this.tasks.add(owner, ["job", machine], () => ({ status: "error", jobid: null, error: queued.refusal }));
    return queued.task;
  }

  /** Queue a job at `queuedAt` (its submission's task completes then), or sbatch's refusal of the script. */
  #enqueue(
    owner: string,
    machine: string,
    script: string,
    from: { cwd: string; queuedAt: number; name?: string; command?: string; args?: readonly string[] },
  ): { jobid: string; task: string } | { refusal: string } {
    const directives = mockDirectives(script);
    const refusal =
      directives.submit === "error"
        ? "sbatch: error: Batch job submission failed (asked for by #SFAPI-MOCK submit=error)"
        : directives.state !== undefined && !isTerminal(directives.state)
          ? `sbatch: error: #SFAPI-MOCK state=${clip(directives.state)} is not one of ${TERMINAL_STATES.join(", ")}`
          : undefined;
    if (refusal !== undefined) return { refusal };
    const jobid = String(this.#next++);
    const delay = from.queuedAt - this.now();
    const task = this.tasks.add(owner, ["job", machine], () => ({ status: "ok", jobid, error: null }), {
      delayMs: delay,
    });
    const { queuedAt } = from;
    const chdir = sbatchOption(script, /^-D\s*|^--chdir[=\s]/);
    const workdir = chdir === undefined ? from.cwd : FileTree.normalize(chdir, from.cwd);
    this.#jobs.set(jobid, {
      jobid,
      owner,
      machine,
      name: clip(sbatchOption(script, /^-J\s*|^--job-name[=\s]/) ?? from.name ?? "sbatch"),
      timeLimit: clip(sbatchOption(script, /^-t\s*|^--time[=\s]/) ?? DEFAULT_TIME_LIMIT),
      command: from.command ?? "(null)",
      submitTask: task,
      queuedAt,
      startsAt: queuedAt + this.tasks.delayMs,
      endsAt: queuedAt + 2 * this.tasks.delayMs,
      finalState: (directives.state as TerminalState | undefined) ?? "COMPLETED",
      cancels: [],
      ...(this.shell ? { script } : {}),
      workdir: typeof workdir === "string" ? workdir : from.cwd,
      ran: false,
    });
    while (this.#jobs.size > this.maxJobs) this.#jobs.delete(this.#jobs.keys().next().value!);
    return { jobid, task };
  }

  /**
   * Run the script of every job that has started since the last call (with a shell; once each, in the order they
   * started): its standard output goes to `#SBATCH --output` (`%j` the job id, `%x` its name, `%u` the user), else
   * `slurm-<id>.out` in its working folder, its standard error to `--error`, else the same file. The facility calls
   * this before it answers each request, so what a client reads after a job has started includes what its script did.
   */
  runStarted(): Promise<void> {
    // One run at a time, and every caller waits for those before it: a request that comes while a script runs is
    // answered after it, so no answer shows a finished job whose output file is not written yet.
    const run = this.#runs.then(() => this.#runDue());
    // A run that throws fails its own request only, not every later one.
    this.#runs = run.catch(() => undefined);
    return run;
  }

  async #runDue(): Promise<void> {
    if (!this.shell) return;
    const now = this.now();
    for (const job of [...this.#jobs.values()]) {
      if (job.ran || job.script === undefined || now < job.startsAt) continue;
      const state = this.#state(job, job.startsAt)?.state;
      job.ran = true;
      if (state !== "RUNNING") continue;
      await this.#run(job, job.script, this.shell);
    }
  }

  async #run(job: JobRecord, script: string, shell: Shell): Promise<void> {
    const result = await shell.run({
      script,
      machine: job.machine,
      account: job.owner,
      cwd: job.workdir,
      host: NODE,
      env: {
        SLURM_JOB_ID: job.jobid,
        SLURM_JOBID: job.jobid,
        SLURM_JOB_NAME: job.name,
        SLURM_SUBMIT_DIR: job.workdir,
        SLURM_JOB_NUM_NODES: "1",
        SLURMD_NODENAME: NODE,
      },
    });
    job.exitCode = result.exitCode;
    const pattern = (option: RegExp, fallback: string) =>
      outputPath(sbatchOption(script, option) ?? fallback, job, job.workdir);
    const out = pattern(/^-o\s*|^--output[=\s]/, "slurm-%j.out");
    const err = pattern(/^-e\s*|^--error[=\s]/, out);
    const write = (path: string, text: string) =>
      this.files?.denied(job.owner, job.machine, path, "write") === true
        ? "Permission denied"
        : this.files?.write(job.machine, path, Buffer.from(text), job.owner);
    const unwritable =
      err === out
        ? write(out, result.stdout + result.stderr)
        : (write(out, result.stdout) ?? write(err, result.stderr));
    // Slurm fails a job whose output file cannot be opened.
    if (unwritable !== undefined) job.exitCode = 1;
    if (job.exitCode !== 0 && mockDirectives(script).state === undefined) job.finalState = "FAILED";
  }

  /** Cancel a job; returns the cancellation's task id, whose result says whether there was a job to cancel. */
  cancel(owner: string, machine: string, jobid: string): string {
    const job = this.#own(owner, machine, jobid);
    const at = this.now();
    const task = this.tasks.add(owner, ["job", machine], () => this.#cancelOutcome(job, task, jobid, at));
    if (job && job.cancels.length < MAX_CANCELS) job.cancels.push({ task, at });
    return task;
  }

  /** scancel in the facility's shell: the job ends now; undefined, or scancel's error. */
  cancelNow(owner: string, machine: string, jobid: string): string | undefined {
    const job = this.#own(owner, machine, jobid);
    const at = this.now();
    const task = `scancel-${++this.#cancelsFromShell}`;
    if (job && job.cancels.length < MAX_CANCELS) job.cancels.push({ task, at });
    const outcome = this.#cancelOutcome(job, task, jobid, at);
    return outcome.status === "ok" ? undefined : String(outcome.error);
  }

  /**
   * `owner`'s jobs on `machine` as squeue (or sacct) rows, oldest first, narrowed by `filters` (`user=alice`,
   * `jobid=1,2`: the row's field must be one of the listed values) and paged by `index` and `limit`. squeue lists
   * only jobs still in the queue (PENDING or RUNNING); sacct lists them in whatever state they are.
   */
  rows(owner: string, machine: string, query: JobQuery | boolean): JobRow[] {
    if (typeof query === "boolean") query = { sacct: query, filters: [] };
    const now = this.now();
    const wanted = query.filters.map((filter) => {
      const [key = "", values = ""] = splitOnce(filter, "=");
      return { key: key.trim(), values: values.split(",").map((v) => v.trim()) };
    });
    const rows = [...this.#jobs.values()]
      .filter((job) => job.owner === owner && job.machine === machine && this.#listed(job, now, query.sacct))
      .map((job) => this.#row(job, now, query.sacct))
      .filter((row) => wanted.every(({ key, values }) => key in row && values.includes(row[key]!)));
    const from = Math.max(0, query.index ?? 0);
    return rows.slice(from, query.limit === undefined ? undefined : from + Math.max(0, query.limit));
  }

  /**
   * One job as rows: `owner`'s job of that id (squeue has no row for a job no longer in the queue); an id `owner`
   * never submitted has no row, in squeue or sacct, just as the batched query (`kwargs=jobid=<id>`) finds none.
   */
  row(owner: string, machine: string, jobid: string, sacct: boolean): JobRow[] {
    const now = this.now();
    const job = this.#own(owner, machine, jobid);
    return job && this.#listed(job, now, sacct) ? [this.#row(job, now, sacct)] : [];
  }

  #listed(job: JobRecord, now: number, sacct: boolean): boolean {
    const state = this.#state(job, now)?.state;
    return state !== undefined && (sacct || state === "PENDING" || state === "RUNNING");
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
    return { state: job.finalState, endedAt: job.endsAt };
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
    const uid = String(uidOf(job.owner));
    const account = job.owner === MOCK_USER.name ? MOCK_USER.project : job.owner;
    const limitMinutes = Math.round(slurmDurationMs(job.timeLimit) / 60_000);
    const done = state !== "PENDING" && state !== "RUNNING";
    if (sacct) {
      const seconds = Math.floor(runFor / 1000);
      const known: JobRow = {
        account,
        alloccpus: started ? CPUS : "0",
        allocnodes: started ? "1" : "0",
        alloctres: started ? TRES : "",
        cluster: job.machine,
        cputime: slurmDuration(runFor * Number(CPUS)),
        cputimeraw: String(seconds * Number(CPUS)),
        derivedexitcode: "0:0",
        elapsed: slurmDuration(runFor),
        elapsedraw: String(seconds),
        eligible: slurmTime(job.queuedAt),
        end: endedAt !== undefined ? slurmTime(endedAt) : "Unknown",
        exitcode: done ? exitCodeOf(job, state) : "0:0",
        flags: "SchedMain",
        gid: String(MOCK_USER.groupId),
        group: MOCK_USER.project,
        jobid: job.jobid,
        jobidraw: job.jobid,
        jobname: job.name,
        ncpus: CPUS,
        nnodes: "1",
        nodelist: started ? NODE : "None assigned",
        partition: "regular_milan_ss11",
        priority: PRIORITY,
        qos: "regular_1",
        qosraw: "1",
        reason: state === "PENDING" ? "Priority" : "None",
        reqcpus: CPUS,
        reqmem: "0",
        reqnodes: "1",
        reqtres: TRES,
        reserved: "00:00:00",
        resvcpu: "00:00:00",
        resvcpuraw: "0",
        start: started ? slurmTime(job.startsAt) : "Unknown",
        state: state === "CANCELLED" ? `CANCELLED by ${uid}` : state,
        submit: slurmTime(job.queuedAt),
        suspended: "00:00:00",
        timelimit: job.timeLimit,
        timelimitraw: String(limitMinutes),
        uid,
        user: job.owner,
        workdir: job.workdir,
      };
      // sacct prints every field it is asked for; those this job has no value for are empty.
      return Object.fromEntries(SACCT_FIELDS.map((field) => [field, known[field] ?? ""]));
    }
    const row: JobRow = {
      account,
      tres_per_node: "N/A",
      min_cpus: "1",
      min_tmp_disk: "0",
      end_time: slurmTime(job.startsAt + slurmDurationMs(job.timeLimit)),
      features: "cpu",
      group: MOCK_USER.project,
      over_subscribe: "NO",
      jobid: job.jobid,
      name: job.name,
      comment: "(null)",
      time_limit: job.timeLimit,
      min_memory: "0",
      req_nodes: "",
      command: job.command,
      priority: PRIORITY,
      qos: "regular_1",
      reason: state === "PENDING" ? "Priority" : "None",
      st: SHORT_STATE[state],
      user: job.owner,
      reservation: "(null)",
      wckey: "(null)",
      exc_nodes: "",
      nice: "0",
      "s:c:t": "*:*:*",
      exec_host: started ? NODE : "n/a",
      cpus: CPUS,
      nodes: "1",
      dependency: "(null)",
      array_job_id: job.jobid,
      sockets_per_node: "*",
      cores_per_socket: "*",
      threads_per_core: "*",
      array_task_id: "N/A",
      time_left: slurmDuration(Math.max(0, slurmDurationMs(job.timeLimit) - runFor)),
      time: slurmDuration(runFor),
      nodelist: started ? NODE : "",
      contiguous: "0",
      partition: "regular_milan_ss11",
      "nodelist(reason)": state === "PENDING" ? "(Priority)" : NODE,
      start_time: started ? slurmTime(job.startsAt) : "N/A",
      state,
      uid,
      submit_time: slurmTime(job.queuedAt),
      licenses: "(null)",
      core_spec: "N/A",
      schednodes: "(null)",
      work_dir: job.workdir,
    };
    return row;
  }
}

/** Where every job runs, with the CPUs of one Perlmutter CPU node. */
const NODE = "nid001001";
const CPUS = "256";
const TRES = "billing=256,cpu=256,mem=493568M,node=1";
const PRIORITY = "69120";

/**
 * sacct's fields, as the official Python client's model of its rows lists them (`_models/job_status_response_sacct.py`,
 * in its order): every row carries all of them.
 */
export const SACCT_FIELDS: readonly string[] = [
  ...["account", "admincomment", "alloccpus", "allocnodes", "alloctres", "associd", "avecpu", "avecpufreq"],
  ...["avediskread", "avediskwrite", "avepages", "averss", "avevmsize", "blockid", "cluster", "comment"],
  ...["constraints", "consumedenergy", "consumedenergyraw", "cputime", "cputimeraw", "dbindex", "derivedexitcode"],
  ...["elapsed", "elapsedraw", "eligible", "end", "exitcode", "flags", "gid", "group", "jobid", "jobidraw"],
  ...["jobname", "layout", "maxdiskread", "maxdiskreadnode", "maxdiskreadtask", "maxdiskwrite", "maxdiskwritenode"],
  ...["maxdiskwritetask", "maxpages", "maxpagesnode", "maxpagestask", "maxrss", "maxrssnode", "maxrsstask"],
  ...["maxvmsize", "maxvmsizenode", "maxvmsizetask", "mcslabel", "mincpu", "mincpunode", "mincputask", "ncpus"],
  ...["nnodes", "nodelist", "ntasks", "priority", "partition", "qos", "qosraw", "reason", "reqcpufreq"],
  ...["reqcpufreqmin", "reqcpufreqmax", "reqcpufreqgov", "reqcpus", "reqmem", "reqnodes", "reqtres", "reservation"],
  ...["reservationid", "reserved", "resvcpu", "resvcpuraw", "start", "state", "submit", "suspended", "systemcpu"],
  ...["systemcomment", "timelimit", "timelimitraw", "totalcpu", "tresusageinave", "tresusageinmax"],
  ...["tresusageinmaxnode", "tresusageinmaxtask", "tresusageinmin", "tresusageinminnode", "tresusageinmintask"],
  ...["tresusageintot", "tresusageoutave", "tresusageoutmax", "tresusageoutmaxnode", "tresusageoutmaxtask"],
  ...["tresusageoutmin", "tresusageoutminnode", "tresusageoutmintask", "tresusageouttot", "uid", "user", "usercpu"],
  ...["wckey", "wckeyid", "workdir"],
] as const;

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

/** sacct's `exitcode`: the script's own exit status when it ran and ended the job FAILED. */
function exitCodeOf(job: JobRecord, state: TerminalState): string {
  return state === "FAILED" && job.exitCode !== undefined && job.exitCode !== 0
    ? `${job.exitCode}:0`
    : EXIT_CODE[state];
}

/** An `--output` pattern as a path: `%j` the job id, `%x` its name, `%u` the user, `%%` a %, from `workdir`. */
function outputPath(pattern: string, job: JobRecord, workdir: string): string {
  const values: Record<string, string> = { j: job.jobid, x: job.name, u: job.owner, "%": "%" };
  let path = "";
  for (let i = 0; i < pattern.length; i++) {
    const value = pattern[i] === "%" ? values[pattern[i + 1] ?? ""] : undefined;
    if (value === undefined) path += pattern[i];
    else {
      path += value;
      i++;
    }
  }
  const normal = FileTree.normalize(path, workdir);
  return typeof normal === "string" ? normal : `${workdir}/slurm-${job.jobid}.out`;
}

/** The `#SFAPI-MOCK key=value` lines of a script (the first of each key wins). */
function mockDirectives(script: string): { state?: string; submit?: string } {
  const found: Record<string, string> = {};
  for (const line of script.split("\n")) {
    const rest = /^#SFAPI-MOCK\s+(.*)$/.exec(line.trim())?.[1];
    for (const pair of rest?.split(/\s+/) ?? []) {
      const [key = "", value = ""] = splitOnce(pair, "=");
      if ((key === "state" || key === "submit") && !(key in found)) found[key] = value;
    }
  }
  return { state: found.state?.toUpperCase(), submit: found.submit?.toLowerCase() };
}

function isTerminal(state: string): state is TerminalState {
  return (TERMINAL_STATES as readonly string[]).includes(state);
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}...` : text;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** The last name of `path`, trailing slashes dropped (by a loop: `/\/+$/` is quadratic on a run of slashes). */
function basename(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47 /* "/" */) end--;
  return path.slice(0, end).split("/").pop() || path;
}

/** `2025-06-01T09:00:00`: Slurm's timestamps, without a zone (the facility's clock is UTC). */
function slurmTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** A Slurm time limit (`30`, `10:00`, `00:30:00`, `1-00:00:00`) in ms; 30 minutes for one that does not read. */
function slurmDurationMs(limit: string): number {
  const match = /^(?:(\d{1,4})-)?(\d{1,6})(?::(\d{1,2}))?(?::(\d{1,2}))?$/.exec(limit);
  if (!match) return 30 * 60_000;
  const [, days, a, b, c] = match;
  // `mm`, `mm:ss`, `hh:mm:ss`, and with days `d-hh`, `d-hh:mm`, `d-hh:mm:ss`.
  const parts = [a, b, c].filter((x) => x !== undefined).map(Number);
  let seconds: number;
  if (days !== undefined) seconds = [3600, 60, 1].slice(0, parts.length).reduce((t, u, i) => t + u * parts[i]!, 0);
  else if (parts.length === 1) seconds = parts[0]! * 60;
  else if (parts.length === 2) seconds = parts[0]! * 60 + parts[1]!;
  else seconds = parts[0]! * 3600 + parts[1]! * 60 + parts[2]!;
  return (Number(days ?? 0) * 86_400 + seconds) * 1000;
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
