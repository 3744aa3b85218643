// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { startDeadline } from "./deadline.js";
import { CommandError, ConfigError, FileError, JobError, SfapiError, TaskError } from "./errors.js";
import { JobMonitor, slurmState } from "./jobs.js";
import { DEFAULT_TASK_TIMEOUT, taskWaiter } from "./tasks.js";
/**
 * What the generated `index.js` adds to the core client: `waitForTask`, and `compute(machine)` when the API has the
 * helpers' operations. `core.js` leaves it out, and with it this module, jobs.ts and tasks.ts from a bundle.
 */
export function clientHelpers(spec) {
    return ({ calls, clock }) => {
        const readTask = spec.taskOperation === undefined ? undefined : calls[spec.taskOperation];
        const waitForTask = taskWaiter(readTask, clock);
        if (!hasWorkflow(spec.workflow))
            return { waitForTask };
        const workflow = spec.workflow;
        // One job monitor per machine: every job of a machine this client watches shares its poll.
        const monitors = new Map();
        const monitor = (machine) => {
            let found = monitors.get(machine);
            if (!found) {
                found = new JobMonitor(machine, calls[workflow.readJobs], clock);
                monitors.set(machine, found);
            }
            return found;
        };
        return {
            waitForTask,
            compute: (machine) => computeHelpers(machine, { spec: workflow, calls, waitForTask, monitor, clock }),
        };
    };
}
/** `client.compute(machine)`, built from the operations the description has. */
export function computeHelpers(machine, deps) {
    if (typeof machine !== "string" || machine === "")
        throw new ConfigError('compute(machine) needs a machine name, e.g. "perlmutter"');
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
    const jobOf = (id, record) => {
        let last = record;
        const job = {
            id,
            machine,
            get record() {
                return last;
            },
        };
        if (spec.readJobs !== undefined)
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
            };
        }
        if (spec.cancelJob !== undefined) {
            job.cancel = async (options = {}) => {
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
            };
        }
        return job;
    };
    if (spec.readJobs !== undefined) {
        helpers.job = async (id, options = {}) => {
            options.signal?.throwIfAborted();
            const row = await deps.monitor(machine).read(String(id));
            if (row === undefined)
                throw notFound(machine, String(id));
            return jobOf(String(id), row);
        };
        helpers.jobs = async (ids, options = {}) => {
            options.signal?.throwIfAborted();
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
            const { task, taskId } = await withinDeadline(options, "Submitting a job", async (deadline, started) => {
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
    if (spec.readDirectory !== undefined) {
        helpers.ls = async (path, options = {}) => {
            const answer = (await call("readDirectory")({ path: { machine, path } }, signalOf(options)));
            if (isError(answer) || !Array.isArray(answer?.entries))
                throw new FileError({ machine, path, operation: spec.readDirectory, error: text(answer?.error) });
            return answer.entries.filter((e) => e?.name !== "." && e?.name !== "..");
        };
    }
    if (spec.downloadFile !== undefined) {
        helpers.download = async (path, options = {}) => {
            const binary = options.binary === true;
            const answer = (await call("downloadFile")({ path: { machine, path }, query: { binary } }, signalOf(options)));
            if (isError(answer) || typeof answer?.file !== "string")
                throw new FileError({ machine, path, operation: spec.downloadFile, error: text(answer?.error) });
            if (answer.is_binary !== true)
                return binary ? new TextEncoder().encode(answer.file) : answer.file;
            const bytes = Uint8Array.from(atob(answer.file), (c) => c.charCodeAt(0));
            return binary ? bytes : new TextDecoder().decode(bytes);
        };
    }
    if (spec.uploadFile !== undefined) {
        helpers.upload = async (path, data, options = {}) => {
            const file = data instanceof Blob ? data : new Blob([data]);
            const answer = (await call("uploadFile")({ path: { machine, path }, body: { file } }, signalOf(options)));
            if (isError(answer))
                throw new FileError({ machine, path, operation: spec.uploadFile, error: text(answer?.error) });
            return answer;
        };
    }
    return helpers;
}
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
function notFound(machine, id) {
    return new JobError({
        message: `Job ${id} not found on ${machine} (neither in the queue nor in accounting)`,
        reason: "not-found",
        machine,
        jobId: id,
    });
}
