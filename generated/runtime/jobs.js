// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { sleepUnlessAborted } from "./call-retry.js";
import { systemAfter } from "./clock.js";
import { ConfigError, JobError } from "./errors.js";
import { notify } from "./observe.js";
const SLURM_TERMINAL_STATES = [
  "COMPLETED",
  "FAILED",
  "TIMEOUT",
  "CANCELLED",
  "PREEMPTED",
  "OUT_OF_MEMORY",
  "NODE_FAIL",
  "BOOT_FAIL",
  "DEADLINE"
];
const TERMINAL_STATES = new Set(SLURM_TERMINAL_STATES);
function slurmState(row) {
  const raw = row?.state;
  if (typeof raw !== "string")
    return void 0;
  const word = raw.trim().split(/\s+/, 1)[0].replace(/\+$/, "");
  return word === "" ? void 0 : word.toUpperCase();
}
function listQuery(machine, operation, readJobs) {
  return {
    operation,
    perJob: false,
    async read(ids, sacct, signal) {
      const answer = await readJobs({ path: { machine }, query: { kwargs: [`jobid=${ids.join(",")}`], sacct, cached: false } }, signal ? { signal } : {});
      return rowsOf(answer, machine, ids);
    }
  };
}
function oneJobQuery(machine, operation, readJob) {
  return {
    operation,
    perJob: true,
    async read(ids, sacct, signal) {
      const answers = await Promise.all(ids.map((jobid) => readJob({ path: { machine, jobid }, query: { sacct, cached: false } }, signal ? { signal } : {})));
      const rows = /* @__PURE__ */ new Map();
      for (const [i, answer] of answers.entries()) {
        if (!sacct && isErrorAnswer(answer))
          continue;
        for (const [id, row] of rowsOf(answer, machine, [ids[i]]))
          rows.set(id, row);
      }
      return rows;
    }
  };
}
function isErrorAnswer(answer) {
  return String(answer?.status).toUpperCase() === "ERROR";
}
function rowsOf(answer, machine, ids) {
  const read = answer;
  if (isErrorAnswer(read) || !Array.isArray(read?.output)) {
    const said = typeof read?.error === "string" ? read.error : void 0;
    throw new JobError({
      message: `Reading jobs ${ids.join(",")} on ${machine} failed${said ? `: ${said}` : ""}`,
      reason: "query",
      machine,
      jobId: ids.length === 1 ? ids[0] : void 0,
      error: said
    });
  }
  const wanted = new Set(ids);
  const rows = /* @__PURE__ */ new Map();
  for (const row of read.output) {
    if (!row || typeof row !== "object")
      continue;
    const id = String(row.jobid ?? "");
    if (wanted.has(id) && !rows.has(id))
      rows.set(id, row);
  }
  return rows;
}
class JobMonitor {
  machine;
  jobs;
  clock;
  onPoll;
  #watchers = /* @__PURE__ */ new Map();
  /** Polls in a row that found each watched job neither in the queue nor in accounting. */
  #misses = /* @__PURE__ */ new Map();
  /** Last record seen per job (for the errors). */
  #last = /* @__PURE__ */ new Map();
  #reads = /* @__PURE__ */ new Map();
  #accountingReads = /* @__PURE__ */ new Map();
  #looping = false;
  /** Aborts the watch loop's query in flight: once no watcher is left to want its answer. */
  #polling;
  /** Job queries sent (requests: one per job with the one-job operation), and polls made by the loop (the bench). */
  stats = { queries: 0, polls: 0 };
  constructor(machine, jobs, clock, onPoll) {
    this.machine = machine;
    this.jobs = jobs;
    this.clock = clock;
    this.onPoll = onPoll;
  }
  /** The current record of `id` (undefined when neither the queue nor accounting knows it); one query per tick. */
  read(id) {
    return new Promise((resolve, reject) => {
      const first = this.#reads.size === 0;
      const list = this.#reads.get(id) ?? [];
      list.push({ resolve, reject });
      this.#reads.set(id, list);
      if (first)
        queueMicrotask(() => void this.#flushReads());
    });
  }
  /**
   * The record of `id` in accounting (sacct), which lists queued, running and finished jobs alike: one query per
   * tick for every id asked, whatever the job's state (as the official client's `compute.job()`).
   */
  readAccounting(id) {
    return new Promise((resolve, reject) => {
      const first = this.#accountingReads.size === 0;
      const list = this.#accountingReads.get(id) ?? [];
      list.push({ resolve, reject });
      this.#accountingReads.set(id, list);
      if (first)
        queueMicrotask(() => void this.#flushAccountingReads());
    });
  }
  async #flushAccountingReads() {
    const reads = this.#accountingReads;
    this.#accountingReads = /* @__PURE__ */ new Map();
    try {
      const rows = await this.#query([...reads.keys()], true);
      for (const [id, row] of rows)
        this.#last.set(id, row);
      for (const [id, waiting] of reads)
        for (const w of waiting)
          w.resolve(rows.get(id));
    } catch (error) {
      for (const waiting of reads.values())
        for (const w of waiting)
          w.reject(error);
    }
  }
  async #flushReads() {
    const reads = this.#reads;
    this.#reads = /* @__PURE__ */ new Map();
    try {
      const rows = await this.#fetch([...reads.keys()]);
      for (const [id, waiting] of reads)
        for (const w of waiting)
          w.resolve(rows.get(id));
    } catch (error) {
      for (const waiting of reads.values())
        for (const w of waiting)
          w.reject(error);
    }
  }
  /**
   * Resolves with the job's record once it is in a terminal state; every watched job of this machine shares one poll.
   */
  watch(id, options = {}, until) {
    const interval = options.interval ?? 1e4;
    if (!(interval > 0))
      return Promise.reject(new RangeError("interval must be a positive number of milliseconds"));
    const timeout = options.timeout;
    if (timeout !== void 0 && (typeof timeout !== "number" || Number.isNaN(timeout)))
      return Promise.reject(new ConfigError({ message: "timeout must be a number of milliseconds" }));
    return new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted)
        return reject(signal.reason);
      const bounded = timeout !== void 0 && timeout !== Number.POSITIVE_INFINITY;
      const onAbort = () => this.#drop(id, watcher, signal.reason);
      let cancel;
      const watcher = {
        resolve: (row) => {
          watcher.end();
          resolve(row);
        },
        reject: (error) => {
          watcher.end();
          reject(error);
        },
        interval,
        signal,
        timeout,
        until,
        deadline: bounded ? this.clock.now() + Math.max(0, timeout) : Number.POSITIVE_INFINITY,
        end: () => {
          cancel?.();
          signal?.removeEventListener("abort", onAbort);
        }
      };
      const list = this.#watchers.get(id) ?? [];
      list.push(watcher);
      this.#watchers.set(id, list);
      signal?.addEventListener("abort", onAbort, { once: true });
      if (bounded) {
        const wake = () => this.#drop(id, watcher, this.#timedOut(id, timeout));
        cancel = this.clock.after ? this.clock.after(Math.max(0, timeout), wake) : systemAfter(timeout, wake);
      }
      if (!this.#looping) {
        this.#looping = true;
        queueMicrotask(() => void this.#loop());
      }
    });
  }
  #drop(id, watcher, reason) {
    const list = this.#watchers.get(id);
    if (!list?.includes(watcher))
      return;
    const rest = list.filter((w) => w !== watcher);
    if (rest.length === 0)
      this.#watchers.delete(id);
    else
      this.#watchers.set(id, rest);
    watcher.reject(reason);
    if (this.#watchers.size === 0)
      this.#polling?.abort(reason);
  }
  async #loop() {
    let accounting = false;
    try {
      while (this.#watchers.size > 0) {
        const ids = [...this.#watchers.keys()];
        this.stats.polls++;
        let rows;
        const polling = new AbortController();
        this.#polling = polling;
        try {
          rows = await this.#query(ids, accounting, polling.signal);
        } catch (error) {
          for (const id of ids)
            for (const w of this.#watchers.get(id) ?? [])
              this.#drop(id, w, error);
          continue;
        } finally {
          this.#polling = void 0;
        }
        for (const id of ids) {
          const row = rows.get(id);
          if (row === void 0) {
            const misses = (this.#misses.get(id) ?? 0) + 1;
            this.#misses.set(id, misses);
            if (!accounting)
              continue;
            if (misses >= 2)
              for (const w of this.#watchers.get(id) ?? [])
                this.#drop(id, w, this.#notFound(id));
            continue;
          }
          this.#misses.delete(id);
          this.#last.set(id, row);
          const state = slurmState(row);
          if (state === void 0)
            continue;
          const list = this.#watchers.get(id) ?? [];
          const done = list.filter((w) => TERMINAL_STATES.has(state) || w.until?.has(state));
          if (done.length === 0)
            continue;
          const rest = list.filter((w) => !done.includes(w));
          if (rest.length === 0)
            this.#watchers.delete(id);
          else
            this.#watchers.set(id, rest);
          for (const w of done)
            w.resolve(row);
        }
        if (!accounting && ids.some((id) => !rows.has(id)))
          accounting = true;
        const now = this.clock.now();
        let next = Number.POSITIVE_INFINITY;
        for (const [id, list] of [...this.#watchers]) {
          for (const w of list) {
            if (w.deadline <= now)
              this.#drop(id, w, this.#timedOut(id, w.timeout));
            else
              next = Math.min(next, w.interval, w.deadline - now);
          }
        }
        if (this.#watchers.size === 0)
          break;
        const watched = [...this.#watchers.keys()];
        const status = watched.length === 1 ? slurmState(this.#last.get(watched[0])) : void 0;
        notify(this.onPoll, {
          what: `jobs ${watched.join(",")} on ${this.machine}`,
          attempt: this.stats.polls,
          delay: next,
          status
        });
        await sleepUnlessAborted(this.clock, next, void 0);
      }
    } finally {
      this.#looping = false;
      for (const id of this.#misses.keys())
        if (!this.#watchers.has(id))
          this.#misses.delete(id);
    }
  }
  /** The records of `ids`, by job id: from the queue, and from accounting for those not (or no longer) in it. */
  async #fetch(ids) {
    const rows = await this.#query(ids, false);
    const gone = ids.filter((id) => !rows.has(id));
    if (gone.length > 0)
      for (const [id, row] of await this.#query(gone, true))
        rows.set(id, row);
    for (const [id, row] of rows)
      this.#last.set(id, row);
    return rows;
  }
  async #query(ids, sacct, signal) {
    this.stats.queries += this.jobs.perJob ? ids.length : 1;
    return this.jobs.read(ids, sacct, signal);
  }
  #notFound(id) {
    return new JobError({
      message: `Job ${id} not found on ${this.machine} (neither in the queue nor in accounting)`,
      reason: "not-found",
      machine: this.machine,
      jobId: id
    });
  }
  #timedOut(id, timeout) {
    const record = this.#last.get(id);
    const state = slurmState(record);
    return new JobError({
      message: `Job ${id} on ${this.machine} is still ${state ?? "not finished"} after ${timeout} ms`,
      reason: "timeout",
      machine: this.machine,
      jobId: id,
      state,
      record
    });
  }
}
export {
  JobMonitor,
  SLURM_TERMINAL_STATES,
  TERMINAL_STATES,
  listQuery,
  oneJobQuery,
  slurmState
};
