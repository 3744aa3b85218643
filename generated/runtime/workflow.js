// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { accountHelpers } from "./account.js";
import { startDeadline } from "./deadline.js";
import { CommandError, ConfigError, FileError, JobError, SfapiError, TaskError } from "./errors.js";
import { JobMonitor, listQuery, oneJobQuery, slurmState } from "./jobs.js";
import { remotePath } from "./remote-path.js";
import { DEFAULT_TASK_TIMEOUT, taskWaiter } from "./tasks.js";
const COMPUTE_ROLES = [
  "runCommand",
  "submitJob",
  "readJobs",
  "readJob",
  "cancelJob",
  "readDirectory",
  "downloadFile",
  "uploadFile",
  "readOutagesOf",
  "readPlannedOutagesOf"
];
function clientHelpers(spec) {
  return ({ calls, clock, checkOperations, mayCall, observers }) => {
    const readTask = spec.taskOperation === void 0 ? void 0 : calls[spec.taskOperation];
    const waitForTask = taskWaiter(readTask, clock, observers.onPoll);
    if (!hasWorkflow(spec.workflow))
      return { waitForTask };
    const workflow = spec.workflow;
    const monitors = /* @__PURE__ */ new Map();
    const jobRead = jobReadOf(workflow, mayCall);
    const monitor = (machine) => {
      let found = monitors.get(machine);
      if (!found) {
        const query = jobRead === workflow.readJobs ? listQuery(machine, jobRead, calls[jobRead]) : oneJobQuery(machine, jobRead, calls[jobRead]);
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
      observers
    };
    const added = { waitForTask, ...accountHelpers(deps) };
    if (COMPUTE_ROLES.some((role) => workflow[role] !== void 0))
      added.compute = (machine) => computeHelpers(machine, deps);
    return added;
  };
}
function jobReadOf(spec, mayCall) {
  if (spec.readJobs !== void 0 && (spec.readJob === void 0 || mayCall(spec.readJobs)))
    return spec.readJobs;
  return spec.readJob ?? spec.readJobs;
}
function computeHelpers(machine, deps) {
  if (typeof machine !== "string" || machine === "")
    throw new ConfigError({ message: 'compute(machine) needs a machine name, e.g. "perlmutter"' });
  const { spec, calls } = deps;
  const call = (role) => calls[spec[role]];
  const helpers = { machine };
  const waitTask = async (taskId, options, deadline) => await deps.waitForTask(taskId, options, deadline);
  const withinDeadline = async (options, describe, work) => {
    const timeout = options?.timeout ?? DEFAULT_TASK_TIMEOUT;
    const deadline = startDeadline(deps.clock, timeout, options?.signal);
    let taskId = "";
    try {
      return await work(deadline, (id) => {
        taskId = id;
      });
    } catch (error) {
      if (!deadline.passed || taskId !== "" && SfapiError.is(error) && error.code === "ERR_TASK")
        throw error;
      throw new TaskError({
        message: taskId === "" ? `${describe} on ${machine}: no answer within ${timeout} ms` : `${describe} on ${machine}: task ${taskId} not finished within ${timeout} ms`,
        taskId
      });
    } finally {
      deadline.end();
    }
  };
  const commandOutput = (command, taskId, task) => {
    const taskStatus = text(task.status)?.toLowerCase();
    const result = typeof task.result === "object" && task.result !== null ? task.result : void 0;
    const exitCode = typeof result?.exit_code === "number" ? result.exit_code : void 0;
    const output = typeof task.result === "string" ? task.result : text(result?.output) ?? "";
    if (taskStatus !== "completed" || isError(result) || exitCode !== void 0 && exitCode !== 0) {
      throw new CommandError({
        machine,
        command,
        exitCode,
        error: text(result?.error),
        output,
        taskId,
        taskStatus
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
      }
    };
    if (deps.jobRead !== void 0)
      Object.assign(job, watching());
    function watching() {
      const monitor = deps.monitor(machine);
      return {
        async state(options = {}) {
          options.signal?.throwIfAborted();
          const row = await monitor.read(id);
          if (row === void 0)
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
            record: row
          });
        },
        async update(options = {}) {
          options.signal?.throwIfAborted();
          const row = await monitor.read(id);
          if (row === void 0)
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
            record: row
          });
        }
      };
    }
    if (spec.cancelJob !== void 0) {
      job.cancel = (async (options = {}) => {
        if (options.wait === true)
          deps.checkOperations([spec.cancelJob, deps.jobRead]);
        if (options.wait === true && deps.jobRead === void 0)
          throw new ConfigError({
            message: "cancel({ wait: true }) needs a job read of the API (GET /compute/jobs/{machine}/{jobid} or GET /compute/jobs/{machine})"
          });
        const answer = await call("cancelJob")({ path: { machine, jobid: id } }, options.signal ? { signal: options.signal } : {});
        if (isError(answer)) {
          throw new JobError({
            message: `Cancelling job ${id} on ${machine} failed${said(answer)}`,
            reason: "state",
            machine,
            jobId: id,
            error: text(answer?.error)
          });
        }
        if (options.wait !== true)
          return void 0;
        const row = await deps.monitor(machine).watch(id, options);
        last = row;
        return row;
      });
    }
    return job;
  };
  if (deps.jobRead !== void 0) {
    helpers.job = async (id, options = {}) => {
      options.signal?.throwIfAborted();
      const row = await deps.monitor(machine).readAccounting(String(id));
      if (row === void 0)
        throw notFound(machine, String(id), "not in accounting");
      return jobOf(String(id), row);
    };
    helpers.jobs = async (ids, options = {}) => {
      options.signal?.throwIfAborted();
      if (ids === void 0 || options.user !== void 0 || options.partition !== void 0) {
        if (spec.readJobs === void 0)
          throw new ConfigError({
            message: "jobs() without ids, or with user or partition, needs the API's job list (GET /compute/jobs/{machine})"
          });
        const kwargs = [
          ...ids === void 0 ? [] : [`jobid=${ids.map(String).join(",")}`],
          ...options.user === void 0 ? [] : [`user=${options.user}`],
          ...options.partition === void 0 ? [] : [`partition=${options.partition}`]
        ];
        const answer = await call("readJobs")({ path: { machine }, query: { kwargs, sacct: false, cached: false } }, signalOf(options));
        if (isError(answer) || !Array.isArray(answer?.output))
          throw new JobError({
            message: `Reading jobs on ${machine} failed${said(answer)}`,
            reason: "query",
            machine,
            error: text(answer?.error)
          });
        return answer.output.filter((row) => row && typeof row === "object" && text(row.jobid) !== void 0).map((row) => jobOf(text(row.jobid), row));
      }
      const monitor = deps.monitor(machine);
      const rows = await Promise.all(ids.map((id) => monitor.read(String(id))));
      return ids.flatMap((id, i) => rows[i] === void 0 ? [] : [jobOf(String(id), rows[i])]);
    };
  }
  if (spec.runCommand !== void 0 && spec.readTask !== void 0) {
    helpers.run = async (command, options) => {
      const executable = typeof command === "string" ? command : command.join(" ");
      const { task, taskId } = await withinDeadline(options, "Running a command", async (deadline, started) => {
        const ack = await call("runCommand")({ path: { machine }, body: { executable } }, signalOf(deadline));
        const taskId2 = text(ack?.task_id);
        if (isError(ack) || taskId2 === void 0)
          throw new CommandError({ machine, command: executable, error: text(ack?.error), taskId: taskId2 ?? "" });
        started(taskId2);
        return { task: await waitTask(taskId2, options, deadline), taskId: taskId2 };
      });
      return commandOutput(executable, taskId, task);
    };
  }
  if (spec.runCommand !== void 0 && spec.readTask !== void 0) {
    helpers.runTask = async (command, options = {}) => {
      const executable = typeof command === "string" ? command : command.join(" ");
      const ack = await call("runCommand")({ path: { machine }, body: { executable } }, signalOf(options));
      const taskId = text(ack?.task_id);
      if (isError(ack) || taskId === void 0)
        throw new CommandError({ machine, command: executable, error: text(ack?.error), taskId: taskId ?? "" });
      let status;
      const task = {
        id: taskId,
        machine,
        get status() {
          return status;
        },
        async update(options2 = {}) {
          const read = await call("readTask")({ path: { id: taskId } }, signalOf(options2));
          status = text(read?.status);
          return status;
        },
        async result(options2) {
          const finished = await withinDeadline(options2, "Running a command", (deadline, started) => {
            started(taskId);
            return waitTask(taskId, options2, deadline);
          });
          status = text(finished.status);
          return commandOutput(executable, taskId, finished);
        }
      };
      if (spec.cancelTask !== void 0) {
        task.cancel = async (options2 = {}) => {
          await call("cancelTask")({ path: { id: taskId } }, signalOf(options2));
        };
      }
      return task;
    };
  }
  if (spec.readOutagesOf !== void 0)
    helpers.outages = async (options = {}) => await call("readOutagesOf")({ path: { name: machine } }, signalOf(options));
  if (spec.readPlannedOutagesOf !== void 0)
    helpers.plannedOutages = async (options = {}) => await call("readPlannedOutagesOf")({ path: { name: machine } }, signalOf(options));
  if (spec.submitJob !== void 0 && spec.readTask !== void 0) {
    helpers.submitJob = async (script, options) => {
      const body = typeof script === "string" ? { job: script, isPath: false } : { job: script.path, isPath: true, ...script.args ? { args: [...script.args] } : {} };
      const refused = (error, taskId2) => new JobError({
        message: `Submitting a job on ${machine} failed${error ? `: ${error}` : ""}` + (taskId2 ? ` (task ${taskId2})` : ""),
        reason: "submit",
        machine,
        error
      });
      const checksPath = typeof script !== "string" && spec.readDirectory !== void 0;
      deps.checkOperations([spec.submitJob, spec.readTask, checksPath ? spec.readDirectory : void 0]);
      const { task, taskId } = await withinDeadline(options, "Submitting a job", async (deadline, started) => {
        if (checksPath)
          await scriptIsAFile(script.path, deadline, refused);
        const ack = await call("submitJob")({ path: { machine }, body }, signalOf(deadline));
        const taskId2 = text(ack?.task_id);
        if (isError(ack) || taskId2 === void 0)
          throw refused(text(ack?.error));
        started(taskId2);
        return { task: await waitTask(taskId2, options, deadline), taskId: taskId2 };
      });
      const status = text(task.status)?.toLowerCase();
      const result = typeof task.result === "object" && task.result !== null ? task.result : void 0;
      if (status !== "completed" || isError(result))
        throw refused(text(result?.error) ?? (status !== "completed" ? `its task ended ${status}` : void 0), taskId);
      const jobid = result?.jobid;
      if (typeof jobid !== "string" && typeof jobid !== "number" || String(jobid) === "")
        throw refused("the task's result names no job id", taskId);
      return jobOf(String(jobid), void 0);
    };
  }
  const listing = async (path, options) => {
    const answer = await call("readDirectory")({ path: { machine, path } }, signalOf(options));
    if (isError(answer) || !Array.isArray(answer?.entries))
      throw new FileError({ machine, path, operation: spec.readDirectory, error: text(answer?.error) });
    return answer.entries.filter((e) => !!e && typeof e === "object");
  };
  const scriptIsAFile = async (path, deadline, refused) => {
    let entries;
    try {
      entries = await listing(path, signalOf(deadline));
    } catch (error) {
      if (SfapiError.is(error) && error.code === "ERR_FILE")
        throw refused(`script path not present: ${path}`);
      throw error;
    }
    const perms = entries.length === 1 ? text(entries[0].perms) : void 0;
    if (perms?.startsWith("-") !== true)
      throw refused(`script path is not a file: ${path}`);
  };
  const pathOps = {
    check: (helper) => deps.checkOperations([helper === "upload" ? spec.uploadFile : spec.downloadFile])
  };
  if (spec.readDirectory !== void 0) {
    helpers.ls = async (path, options = {}) => {
      const entries = await listing(path, options);
      if (entries.length === 1 && entries[0].name !== "." && !text(entries[0].perms)?.startsWith("d"))
        return [remotePath(machine, path, pathOps, entries[0])];
      const base = path.replace(/\/+$/, "");
      if (options.directory === true) {
        const self = entries.find((e) => e.name === ".");
        if (self === void 0)
          throw new FileError({
            machine,
            path,
            operation: spec.readDirectory,
            error: "the listing has no entry for the directory itself"
          });
        return [remotePath(machine, base === "" ? "/" : base, pathOps, self)];
      }
      return entries.filter((e) => e.name !== "." && e.name !== "..").map((e) => remotePath(machine, `${base}/${text(e.name) ?? ""}`, pathOps, e));
    };
    pathOps.ls = helpers.ls;
  }
  if (spec.downloadFile !== void 0) {
    helpers.download = (async (path, options = {}) => {
      const binary = options.binary === true;
      const answer = await call("downloadFile")({ path: { machine, path }, query: { binary } }, signalOf(options));
      if (isError(answer) || typeof answer?.file !== "string")
        throw new FileError({ machine, path, operation: spec.downloadFile, error: text(answer?.error) });
      if (answer.is_binary !== true)
        return binary ? new TextEncoder().encode(answer.file) : answer.file;
      const bytes = Uint8Array.from(atob(answer.file), (c) => c.charCodeAt(0));
      return binary ? bytes : new TextDecoder().decode(bytes);
    });
    pathOps.download = helpers.download;
  }
  if (spec.uploadFile !== void 0) {
    helpers.upload = async (path, data, options = {}) => {
      const file = data instanceof Blob ? data : new Blob([data]);
      const answer = await call("uploadFile")({ path: { machine, path }, body: { file } }, signalOf(options));
      if (isError(answer))
        throw new FileError({ machine, path, operation: spec.uploadFile, error: text(answer?.error) });
      return answer;
    };
    pathOps.upload = helpers.upload;
  }
  return helpers;
}
const RUNNING = /* @__PURE__ */ new Set(["RUNNING"]);
function hasWorkflow(spec) {
  return spec !== void 0 && Object.values(spec).some((name) => name !== void 0);
}
function isError(answer) {
  return typeof answer?.status === "string" && answer.status.toLowerCase() === "error";
}
function text(value) {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : void 0;
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
    jobId: id
  });
}
export {
  COMPUTE_ROLES,
  clientHelpers,
  computeHelpers,
  hasWorkflow,
  jobReadOf
};
