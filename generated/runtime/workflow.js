// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { CommandError, ConfigError, FileError, JobError } from "./errors.js";
import { JobMonitor, slurmState } from "./jobs.js";
import { taskWaiter } from "./tasks.js";
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
            compute: (machine) => computeHelpers(machine, { spec: workflow, calls, waitForTask, monitor }),
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
    const waitTask = async (taskId, options) => (await deps.waitForTask(taskId, options));
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
            const ack = (await call("runCommand")({ path: { machine }, body: { executable } }, options?.signal ? { signal: options.signal } : {}));
            const taskId = text(ack?.task_id);
            if (isError(ack) || taskId === undefined)
                throw new CommandError({ machine, command: executable, error: text(ack?.error), taskId: taskId ?? "" });
            const task = await waitTask(taskId, options);
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
            const ack = (await call("submitJob")({ path: { machine }, body }, options?.signal ? { signal: options.signal } : {}));
            const taskId = text(ack?.task_id);
            if (isError(ack) || taskId === undefined)
                throw refused(text(ack?.error));
            const task = await waitTask(taskId, options);
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
