// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { sleepUnlessAborted } from "./call-retry.js";
import { startDeadline } from "./deadline.js";
import { ConfigError, FileError, TaskError } from "./errors.js";
import { notify } from "./observe.js";
const GLOBUS_DONE = /* @__PURE__ */ new Set(["SUCCEEDED", "FAILED", "CANCELED", "CANCELLED"]);
function accountHelpers(deps) {
  const { spec, calls } = deps;
  const call = (role) => calls[spec[role]];
  const has = (...roles) => roles.every((r) => spec[r] !== void 0);
  const out = {};
  const groupOf = (data) => {
    let state = data;
    const name = String(data.name ?? "");
    const group = {
      get members() {
        return Array.isArray(state.users) ? state.users : [];
      }
    };
    Object.defineProperty(group, "members", { enumerable: false });
    const refresh = (next) => {
      if (next && typeof next === "object")
        state = next;
      for (const key of Object.keys(group))
        if (!(typeof group[key] === "function"))
          delete group[key];
      for (const [key, value] of Object.entries(state))
        if (key !== "members")
          group[key] = value;
    };
    refresh(void 0);
    if (has("readGroup"))
      group.update = async (options = {}) => {
        refresh(await call("readGroup")({ path: { group: name } }, signalOf(options)));
      };
    if (has("updateGroup")) {
      const action = (verb) => async (users, o = {}) => {
        const list = typeof users === "string" ? [users] : [...users];
        if (list.length === 0 || list.some((u) => typeof u !== "string" || u === "" || u.includes(",")))
          throw new ConfigError({ message: "add() and remove() take user names, none empty or holding a comma" });
        const body = { usernames: list.join(","), action: verb };
        refresh(await call("updateGroup")({ path: { group: name }, body }, signalOf(o)));
      };
      group.add = action("batch_add");
      group.remove = action("batch_remove");
    }
    return group;
  };
  const projectOf = (data) => {
    const project = { ...data };
    if (has("createGroup"))
      project.createGroup = async (name, options = {}) => {
        const body = { name, repo_name: String(data.repo_name ?? "") };
        return groupOf(await call("createGroup")({ body }, signalOf(options)));
      };
    return project;
  };
  if (has("readUser")) {
    out.user = async (name, options = {}) => {
      const query = name === void 0 ? {} : { query: { username: name } };
      const data = await call("readUser")(query, signalOf(options));
      const user = { ...data };
      if (has("readGroups"))
        user.groups = async (o = {}) => {
          const answer = await call("readGroups")({}, signalOf(o));
          return (Array.isArray(answer?.groups) ? answer.groups : []).map(groupOf);
        };
      if (has("readProjects"))
        user.projects = async (o = {}) => arrayOf(await call("readProjects")({}, signalOf(o))).map(projectOf);
      if (has("readRoles"))
        user.roles = async (o = {}) => arrayOf(await call("readRoles")({}, signalOf(o)));
      if (has("readClients"))
        user.clients = async (o = {}) => arrayOf(await call("readClients")({}, signalOf(o)));
      return user;
    };
  }
  if (has("readGroup"))
    out.group = async (name, options = {}) => {
      if (typeof name !== "string" || name === "")
        throw new ConfigError({ message: "group(name) needs a group name" });
      return groupOf(await call("readGroup")({ path: { group: name } }, signalOf(options)));
    };
  const resources = {};
  function byName(all, one, list) {
    if (!has(all) && !has(one))
      return void 0;
    async function read(name, options = {}) {
      if (name !== void 0) {
        if (!has(one))
          throw new ConfigError({ message: `this API has no operation for one resource's ${String(one)}` });
        return call(one)({ path: { name } }, signalOf(options));
      }
      if (!has(all))
        throw new ConfigError({ message: `this API has no operation for every resource's ${String(all)}` });
      const answer = arrayOf(await call(all)({}, signalOf(options)));
      const map = {};
      for (const item of list ? answer.flatMap((x) => Array.isArray(x) ? x : [x]) : answer) {
        const key = String(item?.name ?? "");
        if (list)
          (map[key] ??= []).push(item);
        else
          map[key] = item;
      }
      return map;
    }
    return read;
  }
  const status = byName("readStatuses", "readStatus", false);
  const notes = byName("readNotes", "readNotesOf", true);
  const outages = byName("readOutages", "readOutagesOf", true);
  const planned = byName("readPlannedOutages", "readPlannedOutagesOf", true);
  if (status)
    resources.status = status;
  if (notes)
    resources.notes = notes;
  if (outages)
    resources.outages = outages;
  if (planned)
    resources.plannedOutages = planned;
  if (Object.keys(resources).length > 0)
    out.resources = resources;
  const api = {};
  if (has("readChangelog"))
    api.changelog = async (options = {}) => arrayOf(await call("readChangelog")({}, signalOf(options)));
  if (has("readConfig"))
    api.config = async (options = {}) => {
      const config = {};
      for (const item of arrayOf(await call("readConfig")({}, signalOf(options))))
        if (typeof item?.key === "string")
          config[item.key] = typeof item.value === "string" ? item.value : "";
      return config;
    };
  if (Object.keys(api).length > 0)
    out.api = api;
  const globus = {};
  const transferOf = (id, first) => {
    let record = first;
    const read = async (options = {}) => {
      record = await call("readTransfer")({ path: { globus_uuid: id } }, signalOf(options));
      return record;
    };
    return {
      id,
      get record() {
        return record;
      },
      update: read,
      async complete(options = {}) {
        const interval = options.interval ?? 1e4;
        if (!(interval > 0))
          throw new RangeError("interval must be a positive number of milliseconds");
        const deadline = startDeadline(deps.clock, options.timeout, options.signal);
        const state = () => String(record?.globus_status ?? "").toUpperCase();
        let polls = 0;
        try {
          for (; ; ) {
            if (GLOBUS_DONE.has(state()))
              return record;
            const left = deadline.at - deps.clock.now();
            if (left <= 0)
              break;
            const delay = Math.min(interval, left);
            notify(deps.observers.onPoll, { what: `transfer ${id}`, attempt: ++polls, delay, status: state() });
            await sleepUnlessAborted(deps.clock, delay, deadline.signal);
            await read(deadline.signal ? { signal: deadline.signal } : {});
          }
        } catch (error) {
          if (!deadline.passed)
            throw error;
        } finally {
          deadline.end();
        }
        throw new TaskError({
          message: `Globus transfer ${id} is still ${state() || "without a status"} after ${options.timeout} ms`,
          taskId: id,
          lastStatus: state() || null
        });
      }
    };
  };
  if (has("readTransfer")) {
    globus.transfer = async (id, options = {}) => {
      if (typeof id !== "string" || id === "")
        throw new ConfigError({ message: "transfer(id) needs a transfer id" });
      const record = await call("readTransfer")({ path: { globus_uuid: id } }, signalOf(options));
      return transferOf(id, record);
    };
  }
  if (has("startTransfer", "readTransfer")) {
    globus.startTransfer = async (start, options = {}) => {
      for (const field of ["sourceMachine", "targetMachine", "sourceDir", "targetDir"])
        if (typeof start?.[field] !== "string" || start[field] === "")
          throw new ConfigError({ message: `startTransfer({ ${field} }) is required` });
      const endpoint = (m) => m === "dtns" || m === "dtn01" ? "dtn" : m;
      const body = {
        source_uuid: endpoint(start.sourceMachine),
        target_uuid: endpoint(start.targetMachine),
        source_dir: start.sourceDir,
        target_dir: start.targetDir,
        ...start.label === void 0 ? {} : { label: start.label }
      };
      const ack = await call("startTransfer")({ body }, signalOf(options));
      const id = typeof ack?.transfer_id === "string" ? ack.transfer_id : "";
      if (id === "" || String(ack?.status ?? "").toUpperCase() === "ERROR") {
        const said = typeof ack?.reason === "string" ? ack.reason : void 0;
        throw new FileError({
          machine: start.sourceMachine,
          path: start.sourceDir,
          operation: spec.startTransfer,
          error: said ?? "the facility answered no transfer id"
        });
      }
      return transferOf(id, await call("readTransfer")({ path: { globus_uuid: id } }, signalOf(options)));
    };
  }
  if (Object.keys(globus).length > 0)
    out.globus = globus;
  return out;
}
function arrayOf(value) {
  return Array.isArray(value) ? value : [];
}
function signalOf(options) {
  return options.signal ? { signal: options.signal } : {};
}
export {
  accountHelpers
};
