/**
 * The client's own helpers, as the official Python client has them: `client.user(name?)` (groups, projects, roles,
 * API clients), `client.group(name)` (members, add, remove, update), a project's `createGroup(name)`,
 * `client.resources` (status, notes, outages, planned outages), `client.api` (changelog, config) and `client.globus`
 * (startTransfer, transfer: update, complete). Each is a few named calls of the operation table, so the guard, tokens
 * and retries apply as to any call; each exists only when the description has its operations (the generator hands
 * over which), and its types are narrowed by color in the generated index.d.ts.
 */
import { sleepUnlessAborted } from "./call-retry.js";
import type { NamedCall } from "./calls.js";
import type { Clock } from "./clock.js";
import { startDeadline } from "./deadline.js";
import { ConfigError, FileError, TaskError } from "./errors.js";
import { notify, type Observers } from "./observe.js";
import type { SignalOption } from "./remote-path.js";

/** The operations (friendly names) of these helpers, by role, as the generator found them. */
export interface AccountSpec {
  readonly readUser?: string;
  readonly readProjects?: string;
  readonly readRoles?: string;
  readonly readGroups?: string;
  readonly createGroup?: string;
  readonly readGroup?: string;
  readonly updateGroup?: string;
  readonly readClients?: string;
  readonly readStatuses?: string;
  readonly readStatus?: string;
  readonly readNotes?: string;
  readonly readNotesOf?: string;
  readonly readOutages?: string;
  readonly readOutagesOf?: string;
  readonly readPlannedOutages?: string;
  readonly readPlannedOutagesOf?: string;
  readonly startTransfer?: string;
  readonly readTransfer?: string;
  readonly readChangelog?: string;
  readonly readConfig?: string;
}

export interface AccountDeps {
  spec: AccountSpec;
  calls: Readonly<Record<string, NamedCall>>;
  clock: Clock;
  observers: Observers;
}

// ---- the types the generated index.d.ts picks members from ---------------------------------------------------------

export interface UserFinding<User> {
  /** A user's account (`GET /account/`): yours, or `name`'s. */
  user(name?: string, options?: SignalOption): Promise<User>;
}

export interface UserReading<Group, Project, Role, ApiClient> {
  /** Your groups. */
  groups(options?: SignalOption): Promise<Group[]>;
  /** Your projects. */
  projects(options?: SignalOption): Promise<Project[]>;
  /** Your roles. */
  roles(options?: SignalOption): Promise<Role[]>;
  /** Your Superfacility API clients. */
  clients(options?: SignalOption): Promise<ApiClient[]>;
}

export interface GroupFinding<Group> {
  /** A Unix group and its members (`GET /account/groups/{group}`). */
  group(name: string, options?: SignalOption): Promise<Group>;
}

export interface GroupMembers<Member> {
  /** The members at the last read (`update()`, `add()` and `remove()` refresh them). */
  readonly members: readonly Member[];
}

export interface GroupUpdating {
  /** Read the group again: its members. */
  update(options?: SignalOption): Promise<void>;
}

export interface GroupChanging {
  /** Add these users (names) to the group; its members are then the facility's answer. */
  add(users: string | readonly string[], options?: SignalOption): Promise<void>;
  /** Remove these users (names) from the group. */
  remove(users: string | readonly string[], options?: SignalOption): Promise<void>;
}

export interface GroupCreating<Group> {
  /** Create a Unix group owned by this project (`POST /account/groups`). */
  createGroup(name: string, options?: SignalOption): Promise<Group>;
}

/** Answers for every resource (no name: by resource name) or for one. */
export interface ResourceStatus<Status> {
  /** Every resource's status, by name; or one resource's. */
  status(name?: undefined, options?: SignalOption): Promise<Record<string, Status>>;
  status(name: string, options?: SignalOption): Promise<Status>;
}
export interface ResourceNotes<Note> {
  /** Every resource's notes, by name; or one resource's. */
  notes(name?: undefined, options?: SignalOption): Promise<Record<string, Note[]>>;
  notes(name: string, options?: SignalOption): Promise<Note[]>;
}
export interface ResourceOutages<Outage> {
  /** Every resource's outages, by name; or one resource's. */
  outages(name?: undefined, options?: SignalOption): Promise<Record<string, Outage[]>>;
  outages(name: string, options?: SignalOption): Promise<Outage[]>;
}
export interface ResourcePlannedOutages<Outage> {
  /** Every resource's planned outages, by name; or one resource's. */
  plannedOutages(name?: undefined, options?: SignalOption): Promise<Record<string, Outage[]>>;
  plannedOutages(name: string, options?: SignalOption): Promise<Outage[]>;
}

export interface ApiChangelog<Item> {
  /** The API's changelog. */
  changelog(options?: SignalOption): Promise<Item[]>;
}
export interface ApiConfig {
  /** The API's configuration, key to value. */
  config(options?: SignalOption): Promise<Record<string, string>>;
}

export interface TransferStart {
  sourceMachine: string;
  targetMachine: string;
  sourceDir: string;
  targetDir: string;
  /** The transfer's label (the facility makes one up without it). */
  label?: string;
}

export interface TransferStarting<Transfer> {
  /**
   * Start a Globus transfer (`dtns` and `dtn01` name the endpoint `dtn`, as the official client): the transfer, its
   * state read once.
   */
  startTransfer(transfer: TransferStart, options?: SignalOption): Promise<Transfer>;
}
export interface TransferFinding<Transfer> {
  /** A Globus transfer by id, its state read. */
  transfer(id: string, options?: SignalOption): Promise<Transfer>;
}

export interface TransferWaitOptions extends SignalOption {
  /** Between polls, in milliseconds (default 10 000, as the official client). */
  interval?: number;
  /** When it passes, a TaskError (`taskId`: the transfer id); default: as long as it takes. */
  timeout?: number;
}

export interface TransferWatching<Record> {
  readonly id: string;
  /** The last state read. */
  readonly record: Record;
  /** Read the transfer's state again. */
  update(options?: SignalOption): Promise<Record>;
  /** Wait until it is SUCCEEDED, FAILED or CANCELED (read every `interval`): its last state. */
  complete(options?: TransferWaitOptions): Promise<Record>;
}

// ---- the helpers --------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** A Unix group as the runtime builds it: the facility's fields, `members`, and the methods its operations allow. */
export type GroupHandle = Json & GroupMembers<unknown> & Partial<GroupUpdating & GroupChanging>;
/** A project as the runtime builds it: the facility's fields, and `createGroup` when the API has it. */
export type ProjectHandle = Json & Partial<GroupCreating<GroupHandle>>;
/** A user as the runtime builds it: the facility's fields, and the readings the API has. */
export type UserHandle = Json & Partial<UserReading<GroupHandle, ProjectHandle, unknown, unknown>>;

/**
 * The client's own helpers as the runtime builds them: the pieces the generated types pick their members from (so the
 * helpers are checked against what those types promise), each present when the description has its operations. The
 * generated types narrow them further, by color and by the description's answer types.
 */
export type AccountHelpers = Partial<UserFinding<UserHandle> & GroupFinding<GroupHandle>> & {
  resources?: Partial<
    ResourceStatus<unknown> & ResourceNotes<unknown> & ResourceOutages<unknown> & ResourcePlannedOutages<unknown>
  >;
  api?: Partial<ApiChangelog<unknown> & ApiConfig>;
  globus?: Partial<TransferStarting<TransferWatching<unknown>> & TransferFinding<TransferWatching<unknown>>>;
};

const GLOBUS_DONE: ReadonlySet<string> = new Set(["SUCCEEDED", "FAILED", "CANCELED", "CANCELLED"]);

/** `user`, `group`, `resources`, `api` and `globus`, for the roles the description has. */
export function accountHelpers(deps: AccountDeps): AccountHelpers {
  const { spec, calls } = deps;
  const call = (role: keyof AccountSpec): NamedCall => calls[spec[role]!]!;
  const has = (...roles: (keyof AccountSpec)[]) => roles.every((r) => spec[r] !== undefined);
  const out: AccountHelpers = {};

  const groupOf = (data: Json): GroupHandle => {
    let state = data;
    const name = String(data.name ?? "");
    const group: GroupHandle = {
      get members() {
        return Array.isArray(state.users) ? state.users : [];
      },
    };
    // Not enumerable: the group's own fields are the facility's, which refresh() replaces.
    Object.defineProperty(group, "members", { enumerable: false });
    const refresh = (next: unknown) => {
      if (next && typeof next === "object") state = next as Json;
      for (const key of Object.keys(group)) if (!(typeof group[key] === "function")) delete group[key];
      for (const [key, value] of Object.entries(state)) if (key !== "members") group[key] = value;
    };
    refresh(undefined);
    if (has("readGroup"))
      group.update = async (options: SignalOption = {}) => {
        refresh(await call("readGroup")({ path: { group: name } }, signalOf(options)));
      };
    if (has("updateGroup")) {
      const action =
        (verb: "batch_add" | "batch_remove") =>
        async (users: string | readonly string[], o = {}) => {
          const list = typeof users === "string" ? [users] : [...users];
          if (list.length === 0 || list.some((u) => typeof u !== "string" || u === "" || u.includes(",")))
            throw new ConfigError({ message: "add() and remove() take user names, none empty or holding a comma" });
          const body = { usernames: list.join(","), action: verb };
          refresh(await call("updateGroup")({ path: { group: name }, body }, signalOf(o as SignalOption)));
        };
      group.add = action("batch_add");
      group.remove = action("batch_remove");
    }
    return group;
  };

  const projectOf = (data: Json): ProjectHandle => {
    const project: ProjectHandle = { ...data };
    if (has("createGroup"))
      project.createGroup = async (name: string, options: SignalOption = {}) => {
        const body = { name, repo_name: String(data.repo_name ?? "") };
        return groupOf((await call("createGroup")({ body }, signalOf(options))) as Json);
      };
    return project;
  };

  if (has("readUser")) {
    out.user = async (name?: string, options: SignalOption = {}) => {
      const query = name === undefined ? {} : { query: { username: name } };
      const data = (await call("readUser")(query, signalOf(options))) as Json;
      const user: UserHandle = { ...data };
      if (has("readGroups"))
        user.groups = async (o: SignalOption = {}) => {
          const answer = (await call("readGroups")({}, signalOf(o))) as Json | undefined;
          return (Array.isArray(answer?.groups) ? (answer.groups as Json[]) : []).map(groupOf);
        };
      if (has("readProjects"))
        user.projects = async (o: SignalOption = {}) =>
          (arrayOf(await call("readProjects")({}, signalOf(o))) as Json[]).map(projectOf);
      if (has("readRoles"))
        user.roles = async (o: SignalOption = {}) => arrayOf(await call("readRoles")({}, signalOf(o)));
      if (has("readClients"))
        user.clients = async (o: SignalOption = {}) => arrayOf(await call("readClients")({}, signalOf(o)));
      return user;
    };
  }
  if (has("readGroup"))
    out.group = async (name: string, options: SignalOption = {}) => {
      if (typeof name !== "string" || name === "") throw new ConfigError({ message: "group(name) needs a group name" });
      return groupOf((await call("readGroup")({ path: { group: name } }, signalOf(options))) as Json);
    };

  // resources: every resource (by name) with `all`, one with `one`, as the official client's _resource_name.
  const resources: NonNullable<AccountHelpers["resources"]> = {};
  /** A resource helper, answering `T` for one resource (`T[]` when `list`: notes, outages). */
  function byName<T>(
    all: keyof AccountSpec,
    one: keyof AccountSpec,
    list: boolean,
  ): ResourceStatus<T>["status"] | undefined {
    if (!has(all) && !has(one)) return undefined;
    function read(name?: undefined, options?: SignalOption): Promise<Record<string, T>>;
    function read(name: string, options?: SignalOption): Promise<T>;
    async function read(name?: string, options: SignalOption = {}): Promise<unknown> {
      if (name !== undefined) {
        if (!has(one))
          throw new ConfigError({ message: `this API has no operation for one resource's ${String(one)}` });
        return call(one)({ path: { name } }, signalOf(options));
      }
      if (!has(all))
        throw new ConfigError({ message: `this API has no operation for every resource's ${String(all)}` });
      const answer = arrayOf(await call(all)({}, signalOf(options)));
      const map: Record<string, unknown> = {};
      for (const item of list ? answer.flatMap((x) => (Array.isArray(x) ? x : [x])) : answer) {
        const key = String((item as Json | null)?.name ?? "");
        if (list) ((map[key] ??= []) as unknown[]).push(item);
        else map[key] = item;
      }
      return map;
    }
    return read;
  }
  const status = byName<unknown>("readStatuses", "readStatus", false);
  const notes = byName<unknown[]>("readNotes", "readNotesOf", true);
  const outages = byName<unknown[]>("readOutages", "readOutagesOf", true);
  const planned = byName<unknown[]>("readPlannedOutages", "readPlannedOutagesOf", true);
  if (status) resources.status = status;
  if (notes) resources.notes = notes;
  if (outages) resources.outages = outages;
  if (planned) resources.plannedOutages = planned;
  if (Object.keys(resources).length > 0) out.resources = resources;

  const api: NonNullable<AccountHelpers["api"]> = {};
  if (has("readChangelog"))
    api.changelog = async (options: SignalOption = {}) => arrayOf(await call("readChangelog")({}, signalOf(options)));
  if (has("readConfig"))
    api.config = async (options: SignalOption = {}) => {
      const config: Record<string, string> = {};
      for (const item of arrayOf(await call("readConfig")({}, signalOf(options))) as (Json | null)[])
        if (typeof item?.key === "string") config[item.key] = typeof item.value === "string" ? item.value : "";
      return config;
    };
  if (Object.keys(api).length > 0) out.api = api;

  const globus: NonNullable<AccountHelpers["globus"]> = {};
  const transferOf = (id: string, first: unknown): TransferWatching<unknown> => {
    let record = first;
    const read = async (options: SignalOption = {}) => {
      record = await call("readTransfer")({ path: { globus_uuid: id } }, signalOf(options));
      return record;
    };
    return {
      id,
      get record() {
        return record;
      },
      update: read,
      async complete(options: TransferWaitOptions = {}) {
        const interval = options.interval ?? 10_000;
        if (!(interval > 0)) throw new RangeError("interval must be a positive number of milliseconds");
        const deadline = startDeadline(deps.clock, options.timeout, options.signal);
        const state = () => String((record as Json | null)?.globus_status ?? "").toUpperCase();
        let polls = 0;
        try {
          for (;;) {
            if (GLOBUS_DONE.has(state())) return record;
            const left = deadline.at - deps.clock.now();
            if (left <= 0) break;
            const delay = Math.min(interval, left);
            notify(deps.observers.onPoll, { what: `transfer ${id}`, attempt: ++polls, delay, status: state() });
            await sleepUnlessAborted(deps.clock, delay, deadline.signal);
            await read(deadline.signal ? { signal: deadline.signal } : {});
          }
        } catch (error) {
          if (!deadline.passed) throw error;
        } finally {
          deadline.end();
        }
        throw new TaskError({
          message: `Globus transfer ${id} is still ${state() || "without a status"} after ${options.timeout} ms`,
          taskId: id,
          lastStatus: state() || null,
        });
      },
    };
  };
  if (has("readTransfer")) {
    globus.transfer = async (id: string, options: SignalOption = {}) => {
      if (typeof id !== "string" || id === "") throw new ConfigError({ message: "transfer(id) needs a transfer id" });
      const record = await call("readTransfer")({ path: { globus_uuid: id } }, signalOf(options));
      return transferOf(id, record);
    };
  }
  if (has("startTransfer", "readTransfer")) {
    globus.startTransfer = async (start: TransferStart, options: SignalOption = {}) => {
      for (const field of ["sourceMachine", "targetMachine", "sourceDir", "targetDir"] as const)
        if (typeof start?.[field] !== "string" || start[field] === "")
          throw new ConfigError({ message: `startTransfer({ ${field} }) is required` });
      const endpoint = (m: string) => (m === "dtns" || m === "dtn01" ? "dtn" : m);
      const body = {
        source_uuid: endpoint(start.sourceMachine),
        target_uuid: endpoint(start.targetMachine),
        source_dir: start.sourceDir,
        target_dir: start.targetDir,
        ...(start.label === undefined ? {} : { label: start.label }),
      };
      const ack = (await call("startTransfer")({ body }, signalOf(options))) as Json | undefined;
      const id = typeof ack?.transfer_id === "string" ? ack.transfer_id : "";
      if (id === "" || String(ack?.status ?? "").toUpperCase() === "ERROR") {
        const said = typeof ack?.reason === "string" ? ack.reason : undefined;
        throw new FileError({
          machine: start.sourceMachine,
          path: start.sourceDir,
          operation: spec.startTransfer!,
          error: said ?? "the facility answered no transfer id",
        });
      }
      return transferOf(id, await call("readTransfer")({ path: { globus_uuid: id } }, signalOf(options)));
    };
  }
  if (Object.keys(globus).length > 0) out.globus = globus;
  return out;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function signalOf(options: { signal?: AbortSignal | undefined }): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}
