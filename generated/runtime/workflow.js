// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The workflow layer: `client.compute("perlmutter")` gives `run`, `submitJob`, `job`, `jobs`, `ls`, `download` and
 * `upload`, each a few named calls of the operation table (so the guard, tokens, retries and form bodies apply as to
 * any call), with the facility's answers checked and its failures turned into CommandError, JobError and FileError.
 * The generator hands over which operations these are (matched by method and path) and writes the types, narrowed by
 * color; a helper whose operation the description lacks is left out.
 */
import { accountHelpers } from "./account.js";
import { startDeadline } from "./deadline.js";
import { CommandError, ConfigError, FileError, JobError, SfapiError, TaskError } from "./errors.js";
import { JobMonitor, listQuery, oneJobQuery, slurmState, } from "./jobs.js";
import { remotePath } from "./remote-path.js";
import { DEFAULT_TASK_TIMEOUT, taskWaiter } from "./tasks.js";
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
];
/**
 * What the generated `index.js` adds to the core client: `waitForTask`, and `compute(machine)` when the API has the
 * helpers' operations. `core.js` leaves it out, and with it this module, jobs.ts and tasks.ts from a bundle.
 */
export function clientHelpers(spec) {
    return ({ calls, clock, checkOperations, mayCall, observers }) => {
        const readTask = spec.taskOperation === undefined ? undefined : calls[spec.taskOperation];
        const waitForTask = taskWaiter(readTask, clock, observers.onPoll);
        if (!hasWorkflow(spec.workflow))
            return { waitForTask };
        const workflow = spec.workflow;
        // One job monitor per machine: every job of a machine this client watches shares its poll.
        const monitors = new Map();
        const jobRead = jobReadOf(workflow, mayCall);
        const monitor = (machine) => {
            let found = monitors.get(machine);
            if (!found) {
                const query = jobRead === workflow.readJobs
                    ? listQuery(machine, jobRead, calls[jobRead])
                    : oneJobQuery(machine, jobRead, calls[jobRead]);
                found = new JobMonitor(machine, query, clock, observers.onPoll);
                monitors.set(machine, found);
            }
            return found;
        };
        const deps = {
            spec: workflow,
            calls,
            waitForTask,
            monitor,
            jobRead,
            clock,
            checkOperations,
            observers,
        };
        const added = { waitForTask, ...accountHelpers(deps) };
        if (COMPUTE_ROLES.some((role) => workflow[role] !== undefined))
            added.compute = (machine) => computeHelpers(machine, deps);
        return added;
    };
}
/**
 * The least operation that reads jobs for this client: the job list where the client may call it (one query batches
 * every job of a machine), else the one-job operation (one query per job), else the list (whose call the guard then
 * refuses, naming it). Decided by the guard's own permission, so by the ladder, never by a color's name.
 */
export function jobReadOf(spec, mayCall) {
    if (spec.readJobs !== undefined && (spec.readJob === undefined || mayCall(spec.readJobs)))
        return spec.readJobs;
    return spec.readJob ?? spec.readJobs;
}
/** `client.compute(machine)`, built from the operations the description has. */
export function computeHelpers(machine, deps) {
    if (typeof machine !== "string" || machine === "")
        throw new ConfigError({ message: 'compute(machine) needs a machine name, e.g. "perlmutter"' });
    const { spec, calls } = deps;
    const call = (role) => calls[spec[role]];
    const helpers = { machine };
    const waitTask = async (taskId, options, deadline) => (await deps.waitForTask(taskId, options, deadline));
    /**
     * `work` under one deadline for the whole operation (its request and the wait for its task): `timeout` of the
     * options, else waitForTask's default. When it passes, what is in flight is aborted and the operation ends with a
     * TaskError (`taskId` empty when the facility had not answered with one yet).
     */
    const withinDeadline = async (options, describe, work) => {
        const timeout = options?.timeout ?? DEFAULT_TASK_TIMEOUT;
        const deadline = startDeadline(deps.clock, timeout, options?.signal);
        let taskId = "";
        try {
            return await work(deadline, (id) => {
                taskId = id;
            });
        }
        catch (error) {
            if (!deadline.passed || (taskId !== "" && SfapiError.is(error) && error.code === "ERR_TASK"))
                throw error;
            throw new TaskError({
                message: taskId === ""
                    ? `${describe} on ${machine}: no answer within ${timeout} ms`
                    : `${describe} on ${machine}: task ${taskId} not finished within ${timeout} ms`,
                taskId,
            });
        }
        finally {
            deadline.end();
        }
    };
    /** A finished command task's output; CommandError when it failed or its command did. */
    const commandOutput = (command, taskId, task) => {
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
    const jobOf = (id, record) => {
        let last = record;
        const job = {
            id,
            machine,
            get record() {
                return last;
            },
        };
        if (deps.jobRead !== undefined)
            Object.assign(job, watching());
        function watching() {
            const monitor = deps.monitor(machine);
            return {
                async state(options = {}) {
                    options.signal?.throwIfAborted();
                    const row = await monitor.read(id);
                    if (row === undefined)
                        throw notFound(machine, id);
                    last = row;
                    return slurmState(row) ?? "UNKNOWN";
                },
                async complete(options = {}) {
                    const row = await monitor.watch(id, options);
                    last = row;
                    const state = slurmState(row);
                    if (state === "COMPLETED")
                        return row;
                    throw new JobError({
                        message: `Job ${id} on ${machine} ended ${state}`,
                        reason: "state",
                        machine,
                        jobId: id,
                        state,
                        record: row,
                    });
                },
                async update(options = {}) {
                    options.signal?.throwIfAborted();
                    const row = await monitor.read(id);
                    if (row === undefined)
                        throw notFound(machine, id);
                    last = row;
                    return row;
                },
                async running(options = {}) {
                    const row = await monitor.watch(id, options, RUNNING);
                    last = row;
                    const state = slurmState(row);
                    if (state === "RUNNING")
                        return row;
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
            job.cancel = (async (options = {}) => {
                // With `wait`, the polls after the request need a job read too: refused before the request, not after.
                if (options.wait === true)
                    deps.checkOperations([spec.cancelJob, deps.jobRead]);
                if (options.wait === true && deps.jobRead === undefined)
                    throw new ConfigError({
                        message: "cancel({ wait: true }) needs a job read of the API " +
                            "(GET /compute/jobs/{machine}/{jobid} or GET /compute/jobs/{machine})",
                    });
                const answer = (await call("cancelJob")({ path: { machine, jobid: id } }, options.signal ? { signal: options.signal } : {}));
                if (isError(answer)) {
                    throw new JobError({
                        message: `Cancelling job ${id} on ${machine} failed${said(answer)}`,
                        reason: "state",
                        machine,
                        jobId: id,
                        error: text(answer?.error),
                    });
                }
                if (options.wait !== true)
                    return undefined;
                const row = await deps.monitor(machine).watch(id, options);
                last = row;
                return row;
            });
        }
        return job;
    };
    if (deps.jobRead !== undefined) {
        helpers.job = async (id, options = {}) => {
            options.signal?.throwIfAborted();
            // Accounting alone, as the official client's compute.job(): it lists queued, running and finished jobs, so one
            // query whatever the state (the queue first would cost a second query for every finished job).
            const row = await deps.monitor(machine).readAccounting(String(id));
            if (row === undefined)
                throw notFound(machine, String(id), "not in accounting");
            return jobOf(String(id), row);
        };
        helpers.jobs = async (ids, options = {}) => {
            options.signal?.throwIfAborted();
            if (ids === undefined || options.user !== undefined || options.partition !== undefined) {
                // The official client's direct query: squeue with every filter given, cached=false. Only the list filters.
                if (spec.readJobs === undefined)
                    throw new ConfigError({
                        message: "jobs() without ids, or with user or partition, needs the API's job list (GET /compute/jobs/{machine})",
                    });
                const kwargs = [
                    ...(ids === undefined ? [] : [`jobid=${ids.map(String).join(",")}`]),
                    ...(options.user === undefined ? [] : [`user=${options.user}`]),
                    ...(options.partition === undefined ? [] : [`partition=${options.partition}`]),
                ];
                const answer = (await call("readJobs")({ path: { machine }, query: { kwargs, sacct: false, cached: false } }, signalOf(options)));
                if (isError(answer) || !Array.isArray(answer?.output))
                    throw new JobError({
                        message: `Reading jobs on ${machine} failed${said(answer)}`,
                        reason: "query",
                        machine,
                        error: text(answer?.error),
                    });
                return answer.output
                    .filter((row) => row && typeof row === "object" && text(row.jobid) !== undefined)
                    .map((row) => jobOf(text(row.jobid), row));
            }
            const monitor = deps.monitor(machine);
            const rows = await Promise.all(ids.map((id) => monitor.read(String(id))));
            return ids.flatMap((id, i) => (rows[i] === undefined ? [] : [jobOf(String(id), rows[i])]));
        };
    }
    if (spec.runCommand !== undefined && spec.readTask !== undefined) {
        helpers.run = async (command, options) => {
            const executable = typeof command === "string" ? command : command.join(" ");
            const { task, taskId } = await withinDeadline(options, "Running a command", async (deadline, started) => {
                const ack = (await call("runCommand")({ path: { machine }, body: { executable } }, signalOf(deadline)));
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
        helpers.runTask = async (command, options = {}) => {
            const executable = typeof command === "string" ? command : command.join(" ");
            const ack = (await call("runCommand")({ path: { machine }, body: { executable } }, signalOf(options)));
            const taskId = text(ack?.task_id);
            if (isError(ack) || taskId === undefined)
                throw new CommandError({ machine, command: executable, error: text(ack?.error), taskId: taskId ?? "" });
            let status;
            const task = {
                id: taskId,
                machine,
                get status() {
                    return status;
                },
                async update(options = {}) {
                    const read = (await call("readTask")({ path: { id: taskId } }, signalOf(options)));
                    status = text(read?.status);
                    return status;
                },
                async result(options) {
                    const finished = await withinDeadline(options, "Running a command", (deadline, started) => {
                        started(taskId);
                        return waitTask(taskId, options, deadline);
                    });
                    status = text(finished.status);
                    return commandOutput(executable, taskId, finished);
                },
            };
            if (spec.cancelTask !== undefined) {
                task.cancel = async (options = {}) => {
                    await call("cancelTask")({ path: { id: taskId } }, signalOf(options));
                };
            }
            return task;
        };
    }
    if (spec.readOutagesOf !== undefined)
        helpers.outages = async (options = {}) => (await call("readOutagesOf")({ path: { name: machine } }, signalOf(options)));
    if (spec.readPlannedOutagesOf !== undefined)
        helpers.plannedOutages = async (options = {}) => (await call("readPlannedOutagesOf")({ path: { name: machine } }, signalOf(options)));
    if (spec.submitJob !== undefined && spec.readTask !== undefined) {
        helpers.submitJob = async (script, options) => {
            const body = typeof script === "string"
                ? { job: script, isPath: false }
                : { job: script.path, isPath: true, ...(script.args ? { args: [...script.args] } : {}) };
            const refused = (error, taskId) => new JobError({
                message: `Submitting a job on ${machine} failed${error ? `: ${error}` : ""}` + (taskId ? ` (task ${taskId})` : ""),
                reason: "submit",
                machine,
                error,
            });
            const checksPath = typeof script !== "string" && spec.readDirectory !== undefined;
            // Every operation of the submission, refused before the first request (the ls of a script path).
            deps.checkOperations([spec.submitJob, spec.readTask, checksPath ? spec.readDirectory : undefined]);
            const { task, taskId } = await withinDeadline(options, "Submitting a job", async (deadline, started) => {
                if (checksPath)
                    await scriptIsAFile(script.path, deadline, refused);
                const ack = (await call("submitJob")({ path: { machine }, body }, signalOf(deadline)));
                const taskId = text(ack?.task_id);
                if (isError(ack) || taskId === undefined)
                    throw refused(text(ack?.error));
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
    const listing = async (path, options) => {
        const answer = (await call("readDirectory")({ path: { machine, path } }, signalOf(options)));
        if (isError(answer) || !Array.isArray(answer?.entries))
            throw new FileError({ machine, path, operation: spec.readDirectory, error: text(answer?.error) });
        return answer.entries.filter((e) => !!e && typeof e === "object");
    };
    /** As the official client's submit_job: a script path must be one file (an ls before the submission). */
    const scriptIsAFile = async (path, deadline, refused) => {
        let entries;
        try {
            entries = await listing(path, signalOf(deadline));
        }
        catch (error) {
            if (SfapiError.is(error) && error.code === "ERR_FILE")
                throw refused(`script path not present: ${path}`);
            throw error;
        }
        const perms = entries.length === 1 ? text(entries[0].perms) : undefined;
        if (perms?.startsWith("-") !== true)
            throw refused(`script path is not a file: ${path}`);
    };
    const pathOps = {
        check: (helper) => deps.checkOperations([helper === "upload" ? spec.uploadFile : spec.downloadFile]),
    };
    if (spec.readDirectory !== undefined) {
        helpers.ls = async (path, options = {}) => {
            const entries = await listing(path, options);
            // One entry is the file asked for (a directory lists `.` and `..` too); its name is the path's last part.
            if (entries.length === 1 && entries[0].name !== "." && !text(entries[0].perms)?.startsWith("d"))
                return [remotePath(machine, path, pathOps, entries[0])];
            const base = path.replace(/\/+$/, "");
            if (options.directory === true) {
                // As the official client: the listing's own `.` entry stands for the directory (one request, no second ls).
                const self = entries.find((e) => e.name === ".");
                if (self === undefined)
                    throw new FileError({
                        machine,
                        path,
                        operation: spec.readDirectory,
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
        helpers.download = (async (path, options = {}) => {
            const binary = options.binary === true;
            const answer = (await call("downloadFile")({ path: { machine, path }, query: { binary } }, signalOf(options)));
            if (isError(answer) || typeof answer?.file !== "string")
                throw new FileError({ machine, path, operation: spec.downloadFile, error: text(answer?.error) });
            if (answer.is_binary !== true)
                return binary ? new TextEncoder().encode(answer.file) : answer.file;
            const bytes = Uint8Array.from(atob(answer.file), (c) => c.charCodeAt(0));
            return binary ? bytes : new TextDecoder().decode(bytes);
        });
        pathOps.download = helpers.download;
    }
    if (spec.uploadFile !== undefined) {
        helpers.upload = async (path, data, options = {}) => {
            const file = data instanceof Blob ? data : new Blob([data]);
            const answer = (await call("uploadFile")({ path: { machine, path }, body: { file } }, signalOf(options)));
            if (isError(answer))
                throw new FileError({ machine, path, operation: spec.uploadFile, error: text(answer?.error) });
            return answer;
        };
        pathOps.upload = helpers.upload;
    }
    return helpers;
}
const RUNNING = new Set(["RUNNING"]);
/** The helpers' spec is usable when at least one helper has its operations. */
export function hasWorkflow(spec) {
    return spec !== undefined && Object.values(spec).some((name) => name !== undefined);
}
function isError(answer) {
    return typeof answer?.status === "string" && answer.status.toLowerCase() === "error";
}
function text(value) {
    return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}
function said(answer) {
    const error = text(answer?.error);
    return error ? `: ${error}` : "";
}
function signalOf(options) {
    return options.signal ? { signal: options.signal } : {};
}
function notFound(machine, id, where = "neither in the queue nor in accounting") {
    return new JobError({
        message: `Job ${id} not found on ${machine} (${where})`,
        reason: "not-found",
        machine,
        jobId: id,
    });
}
