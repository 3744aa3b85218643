/**
 * The workflow layer's generated part: which operations `client.compute(machine)`'s helpers use (found by method and
 * path, as `waitForTask` finds `GET /tasks/{id}`), and its types per level of the ladder. A helper whose operations the
 * description lacks is left out; one a level may not use is, in that level's type, not callable and named after the
 * color it needs (`submitJob: NeedsColor<"submitJob", "red">`).
 */
import { COMPUTE_ROLES, type WorkflowSpec } from "../../templates/runtime/workflow.js";
import type { Operation } from "../model/operations.js";
import { isJsonMediaType, isSuccess } from "../model/responses.js";
import { canCall, topLevel } from "../model/scope.js";
import type { EmitContext } from "./context.js";
import { typeNamesOf } from "./operation-types.js";
import { jsDoc, literal } from "./text.js";

/** Each helper's operations, by method and path as the facility names them. */
const ROLES: Record<Exclude<keyof WorkflowSpec, "readTask">, [method: string, path: string]> = {
  runCommand: ["post", "/utilities/command/{machine}"],
  submitJob: ["post", "/compute/jobs/{machine}"],
  readJobs: ["get", "/compute/jobs/{machine}"],
  readJob: ["get", "/compute/jobs/{machine}/{jobid}"],
  cancelJob: ["delete", "/compute/jobs/{machine}/{jobid}"],
  readDirectory: ["get", "/utilities/ls/{machine}/{path}"],
  downloadFile: ["get", "/utilities/download/{machine}/{path}"],
  uploadFile: ["put", "/utilities/upload/{machine}/{path}"],
  cancelTask: ["delete", "/tasks/{id}"],
  readOutagesOf: ["get", "/status/outages/{name}"],
  readPlannedOutagesOf: ["get", "/status/outages/planned/{name}"],
  readUser: ["get", "/account/"],
  readProjects: ["get", "/account/projects"],
  readRoles: ["get", "/account/roles"],
  readGroups: ["get", "/account/groups"],
  createGroup: ["post", "/account/groups"],
  readGroup: ["get", "/account/groups/{group}"],
  updateGroup: ["put", "/account/groups/{group}"],
  readClients: ["get", "/account/clients"],
  readStatuses: ["get", "/status/"],
  readStatus: ["get", "/status/{name}"],
  readNotes: ["get", "/status/notes"],
  readNotesOf: ["get", "/status/notes/{name}"],
  readOutages: ["get", "/status/outages"],
  readPlannedOutages: ["get", "/status/outages/planned"],
  startTransfer: ["post", "/storage/globus/transfer"],
  readTransfer: ["get", "/storage/globus/transfer/{globus_uuid}"],
  readChangelog: ["get", "/meta/changelog"],
  readConfig: ["get", "/meta/config"],
};

type Role = keyof WorkflowSpec;

/** The client's members the helpers add, and the roles each one's helpers use (an operation of that name keeps it). */
const CLIENT_MEMBERS: Record<string, readonly Role[]> = {
  compute: [...COMPUTE_ROLES],
  user: ["readUser", "readProjects", "readRoles", "readGroups", "readClients", "createGroup"],
  group: ["readGroup", "updateGroup"],
  resources: ["readStatuses", "readStatus", "readNotes", "readNotesOf", "readOutages", "readPlannedOutages"],
  api: ["readChangelog", "readConfig"],
  globus: ["startTransfer", "readTransfer"],
};

/** The friendly names of the operations behind the helpers, for those the description has. */
export function workflowSpec(ctx: EmitContext): WorkflowSpec {
  let spec = specs.get(ctx);
  if (spec === undefined) specs.set(ctx, (spec = Object.freeze(readSpec(ctx))));
  return spec;
}

/** Each context's spec, read once: every emitter and level asks for it (11,000 operations for Microsoft Graph). */
const specs = new WeakMap<EmitContext, WorkflowSpec>();

function readSpec(ctx: EmitContext): WorkflowSpec {
  const names = new Set(ctx.operations.map((op) => op.name));
  const dropped = new Set<string>();
  for (const [member, roles] of Object.entries(CLIENT_MEMBERS))
    if (names.has(member)) for (const r of roles) dropped.add(r);
  // The first operation of each method and path, as a search in order would find it.
  const byRoute = new Map<string, string>();
  for (const op of ctx.operations) {
    const route = `${op.method} ${op.path}`;
    if (!byRoute.has(route)) byRoute.set(route, op.name);
  }
  const spec: Record<string, string> = {};
  for (const [role, [method, path]] of Object.entries(ROLES)) {
    if (dropped.has(role)) continue;
    const name = byRoute.get(`${method} ${path}`);
    if (name !== undefined) spec[role] = name;
  }
  if (Object.keys(spec).length === 0) return {};
  if (ctx.taskOperation !== undefined) spec.readTask = ctx.taskOperation;
  return spec;
}

interface Helper {
  name: string;
  /** The operations it calls; absent ones mean the helper is left out. `any`: at least one of them. */
  roles: Role[];
  any?: boolean;
  /**
   * Operations that each do the helper's job (besides `roles`, which it always calls): at least one must be in the
   * description, and a level may use the helper when it may call one of them; the runtime picks the least it may.
   */
  either?: Role[];
  /** Its type in the level's interface (`id`: the level's identifier; `level`: what the level may do). */
  type: (id: string, level: LevelFacts) => string;
}

/** What a level may do that changes a helper's type (not only whether it has one). */
interface LevelFacts {
  /** It may call the job list (filters by user and partition, batches reads). */
  lists: boolean;
  /** It may read jobs at all (the job list or the one-job operation). */
  reads: boolean;
}

/** Reading jobs: the one-job operation or the job list, whichever the level may call (jobReadOf at run time). */
const JOB_READS: Role[] = ["readJob", "readJobs"];

const COMPUTE_HELPERS: Helper[] = [
  {
    name: "job",
    roles: [],
    either: JOB_READS,
    type: (id, l) => `${l.lists ? "JobFinding" : "JobFindingById"}<${id}ReadJob>["job"]`,
  },
  {
    name: "jobs",
    roles: [],
    either: JOB_READS,
    type: (id, l) => `${l.lists ? "JobFinding" : "JobFindingById"}<${id}ReadJob>["jobs"]`,
  },
  { name: "run", roles: ["runCommand", "readTask"], type: () => `CommandRunning["run"]` },
  { name: "runTask", roles: ["runCommand", "readTask"], type: (id) => `TaskStarting<${id}Task>["runTask"]` },
  { name: "submitJob", roles: ["submitJob", "readTask"], type: (id) => `JobSubmitting<${id}Job>["submitJob"]` },
  { name: "ls", roles: ["readDirectory"], type: (id) => `DirectoryListing<${id}Entry>["ls"]` },
  { name: "download", roles: ["downloadFile"], type: () => `FileDownloading["download"]` },
  { name: "upload", roles: ["uploadFile"], type: () => `FileUploading<UploadAnswer>["upload"]` },
  { name: "outages", roles: ["readOutagesOf"], type: () => `MachineOutages<OutageInfo>["outages"]` },
  {
    name: "plannedOutages",
    roles: ["readPlannedOutagesOf"],
    type: () => `MachineOutages<OutageInfo>["plannedOutages"]`,
  },
];

const JOB_HELPERS: Helper[] = [
  { name: "state", roles: [], either: JOB_READS, type: () => `JobWatching<JobRecord>["state"]` },
  { name: "complete", roles: [], either: JOB_READS, type: () => `JobWatching<JobRecord>["complete"]` },
  { name: "update", roles: [], either: JOB_READS, type: () => `JobUpdating<JobRecord>["update"]` },
  { name: "running", roles: [], either: JOB_READS, type: () => `JobUpdating<JobRecord>["running"]` },
  {
    name: "cancel",
    roles: ["cancelJob"],
    type: (_, l) => (l.reads ? `JobCancelling<JobRecord>["cancel"]` : `JobCancellingOnly["cancel"]`),
  },
];

const TASK_HELPERS: Helper[] = [{ name: "cancel", roles: ["cancelTask"], type: () => `TaskCancelling["cancel"]` }];

const PATH_HELPERS: Helper[] = [
  { name: "ls", roles: ["readDirectory"], type: (id) => `PathListing<${id}Entry>["ls"]` },
  { name: "download", roles: ["downloadFile"], type: () => `PathDownloading["download"]` },
  { name: "upload", roles: ["uploadFile"], type: () => `PathUploading<UploadAnswer>["upload"]` },
];

const USER_HELPERS: Helper[] = [
  {
    name: "groups",
    roles: ["readGroups"],
    type: (id) => `UserReading<${id}Group, ${id}Project, RoleInfo, ApiClientInfo>["groups"]`,
  },
  {
    name: "projects",
    roles: ["readProjects"],
    type: (id) => `UserReading<${id}Group, ${id}Project, RoleInfo, ApiClientInfo>["projects"]`,
  },
  {
    name: "roles",
    roles: ["readRoles"],
    type: (id) => `UserReading<${id}Group, ${id}Project, RoleInfo, ApiClientInfo>["roles"]`,
  },
  {
    name: "clients",
    roles: ["readClients"],
    type: (id) => `UserReading<${id}Group, ${id}Project, RoleInfo, ApiClientInfo>["clients"]`,
  },
];

const GROUP_HELPERS: Helper[] = [
  { name: "members", roles: [], type: () => `GroupMembers<GroupMember>["members"]` },
  { name: "update", roles: ["readGroup"], type: () => `GroupUpdating["update"]` },
  { name: "add", roles: ["updateGroup"], type: () => `GroupChanging["add"]` },
  { name: "remove", roles: ["updateGroup"], type: () => `GroupChanging["remove"]` },
];

const PROJECT_HELPERS: Helper[] = [
  { name: "createGroup", roles: ["createGroup"], type: (id) => `GroupCreating<${id}Group>["createGroup"]` },
];

const RESOURCES_HELPERS: Helper[] = [
  {
    name: "status",
    roles: ["readStatuses", "readStatus"],
    any: true,
    type: () => `ResourceStatus<StatusInfo>["status"]`,
  },
  { name: "notes", roles: ["readNotes", "readNotesOf"], any: true, type: () => `ResourceNotes<NoteInfo>["notes"]` },
  {
    name: "outages",
    roles: ["readOutages", "readOutagesOf"],
    any: true,
    type: () => `ResourceOutages<OutageInfo>["outages"]`,
  },
  {
    name: "plannedOutages",
    roles: ["readPlannedOutages", "readPlannedOutagesOf"],
    any: true,
    type: () => `ResourcePlannedOutages<OutageInfo>["plannedOutages"]`,
  },
];

const API_HELPERS: Helper[] = [
  { name: "changelog", roles: ["readChangelog"], type: () => `ApiChangelog<ChangelogEntry>["changelog"]` },
  { name: "config", roles: ["readConfig"], type: () => `ApiConfig["config"]` },
];

const GLOBUS_HELPERS: Helper[] = [
  {
    name: "startTransfer",
    roles: ["startTransfer", "readTransfer"],
    type: () => `TransferStarting<TransferWatching<TransferRecord>>["startTransfer"]`,
  },
  {
    name: "transfer",
    roles: ["readTransfer"],
    type: () => `TransferFinding<TransferWatching<TransferRecord>>["transfer"]`,
  },
];

const CLIENT_HELPERS: Helper[] = [
  { name: "user", roles: ["readUser"], type: (id) => `UserFinding<${id}User>["user"]` },
  { name: "group", roles: ["readGroup"], type: (id) => `GroupFinding<${id}Group>["group"]` },
];

export const WORKFLOW_TYPE_IMPORTS: string[] = [
  "ApiChangelog",
  "ApiConfig",
  "CommandRunning",
  "Computing",
  "DirectoryListing",
  "ElementOf",
  "EntryKind",
  "FileDownloading",
  "FileUploading",
  "GroupChanging",
  "GroupCreating",
  "GroupFinding",
  "GroupMembers",
  "GroupUpdating",
  "ItemsOf",
  "JobCancelling",
  "JobCancellingOnly",
  "JobFinding",
  "JobFindingById",
  "JobRecordOf",
  "JobSubmitting",
  "JobUpdating",
  "JobWatching",
  "MachineOutages",
  "NeedsColor",
  "OpenRefusal",
  "PathDownloading",
  "PathListing",
  "PathParents",
  "PathReadOpening",
  "PathUploading",
  "PathWriteOpening",
  "RemotePathBase",
  "ResourceNotes",
  "ResourceOutages",
  "ResourcePlannedOutages",
  "ResourceStatus",
  "TaskCancelling",
  "TaskHandle",
  "TaskStarting",
  "TransferFinding",
  "TransferStarting",
  "TransferWatching",
  "UserFinding",
  "UserReading",
];

/** Whether the description gives `compute()` at least one helper. */
export function hasCompute(ctx: EmitContext): boolean {
  return presentIn(ctx, COMPUTE_HELPERS);
}

/** Whether the description gives the client any helper (compute, user, group, resources, api, globus). */
export function hasHelpers(ctx: EmitContext): boolean {
  return hasCompute(ctx) || clientMembers(ctx).length > 0;
}

/** The client's members besides `compute` that the description gives helpers: `user`, `resources`, ... */
export function clientMembers(ctx: EmitContext): string[] {
  const out = CLIENT_HELPERS.filter((h) => present(workflowSpec(ctx), h)).map((h) => h.name);
  if (presentIn(ctx, RESOURCES_HELPERS)) out.push("resources");
  if (presentIn(ctx, API_HELPERS)) out.push("api");
  if (presentIn(ctx, GLOBUS_HELPERS)) out.push("globus");
  return out;
}

function present(spec: WorkflowSpec, h: Helper): boolean {
  if (h.either !== undefined && !h.either.some((r) => spec[r] !== undefined)) return false;
  return h.any ? h.roles.some((r) => spec[r] !== undefined) : h.roles.every((r) => spec[r] !== undefined);
}

/** A helper every level has whatever the description (`group.members`: the record's own field). */
function always(h: Helper): boolean {
  return h.roles.length === 0 && h.either === undefined;
}

function presentIn(ctx: EmitContext, helpers: Helper[]): boolean {
  const spec = workflowSpec(ctx);
  return helpers.some((h) => !always(h) && present(spec, h));
}

/** The shared types: the machine, a job's record, a directory entry, an upload's answer, the account's records. */
export function workflowSharedTypes(ctx: EmitContext): string[] {
  const spec = workflowSpec(ctx);
  const byName = (name: string | undefined) => ctx.operations.find((op) => op.name === name);
  const machineOp = Object.values(ROLES)
    .map(([method, path]) => ctx.operations.find((o) => o.method === method && o.path === path))
    .find((op) => op?.parameters.some((p) => p.in === "path" && p.name === "machine"));
  const data = (name: string, doc: string, type: string) => [jsDoc([doc], []), `export type ${name} = ${type};`, ""];
  const element = (role: Role) => `ElementOf<${successJson(ctx, byName(spec[role]))}>`;
  return [
    "// ---- workflow: compute(machine) and the client's helpers " + "-".repeat(51),
    "",
    ...data(
      "Machine",
      "A machine `client.compute(machine)` acts on.",
      machineOp ? `${opRef(ctx, machineOp)}["parameters"]["path"]["machine"]` : "string",
    ),
    ...data(
      "JobRecord",
      "One job's scheduler record (squeue's or sacct's fields), as the job query answers it.",
      `JobRecordOf<${jobAnswers(ctx, spec)}>`,
    ),
    ...data(
      "DirectoryEntry",
      "One entry of a directory listing as the facility sends it (`compute.ls` adds the path methods).",
      `ItemsOf<${successJson(ctx, byName(spec.readDirectory))}, "entries">`,
    ),
    ...data("UploadAnswer", "What an upload answers (`compute.upload`).", successJson(ctx, byName(spec.uploadFile))),
    ...data("UserInfo", "A user's account (`client.user()`).", successJson(ctx, byName(spec.readUser))),
    ...data(
      "GroupInfo",
      "A Unix group as the facility answers it (`client.group()`).",
      successJson(ctx, byName(spec.readGroup)),
    ),
    ...data("GroupMember", "A member of a group (`group.members`).", `ItemsOf<GroupInfo, "users">`),
    ...data("ProjectInfo", "A project (`user.projects()`).", element("readProjects")),
    ...data("RoleInfo", "A role (`user.roles()`).", element("readRoles")),
    ...data("ApiClientInfo", "A Superfacility API client (`user.clients()`).", element("readClients")),
    ...data(
      "StatusInfo",
      "A resource's status (`client.resources.status()`).",
      successJson(ctx, byName(spec.readStatus)),
    ),
    ...data("NoteInfo", "A resource's note (`client.resources.notes()`).", element("readNotesOf")),
    ...data("OutageInfo", "An outage (`client.resources.outages()`).", element("readOutagesOf")),
    ...data("ChangelogEntry", "An entry of the API's changelog (`client.api.changelog()`).", element("readChangelog")),
    ...data(
      "TransferRecord",
      "A Globus transfer's state (`client.globus.transfer(id).record`).",
      successJson(ctx, byName(spec.readTransfer)),
    ),
  ];
}

/** The helpers of each object of a level's types (`Compute`, `Job`, ...), as the level's interfaces declare them. */
const OBJECTS: Record<HelperObject, Helper[]> = {
  Job: JOB_HELPERS,
  Task: TASK_HELPERS,
  RemotePath: PATH_HELPERS,
  Compute: COMPUTE_HELPERS,
  UserMethods: USER_HELPERS,
  GroupMethods: GROUP_HELPERS,
  ProjectMethods: PROJECT_HELPERS,
  Resources: RESOURCES_HELPERS,
  Api: API_HELPERS,
  Globus: GLOBUS_HELPERS,
  ClientHelpers: CLIENT_HELPERS,
};
/** The objects of a level's types that carry helpers. */
type HelperObject =
  | "Job"
  | "Task"
  | "RemotePath"
  | "Compute"
  | "UserMethods"
  | "GroupMethods"
  | "ProjectMethods"
  | "Resources"
  | "Api"
  | "Globus"
  | "ClientHelpers";

/** One helper as a level's types declare it: callable (`usable`), or a NeedsColor naming the least level (`need`). */
export interface HelperMember {
  name: string;
  usable: boolean;
  need: string;
}

/**
 * Each object's helpers in a level's types, from the same table the types are written from: what a client of that
 * color is offered (`usable`), and what is there only to name the color it needs. `RemotePath` counts `open` when one
 * of its halves is usable. Tests walk it to call every helper a level offers.
 */
export function helperMembers(ctx: EmitContext, level: string): Record<HelperObject, HelperMember[]> {
  const spec = workflowSpec(ctx);
  const out = {} as Record<HelperObject, HelperMember[]>;
  for (const [object, helpers] of Object.entries(OBJECTS) as [HelperObject, Helper[]][])
    out[object] = helpers.flatMap((h) => {
      const need = neededLevel(ctx, spec, h);
      return need === undefined ? [] : [{ name: h.name, usable: usableAt(ctx, spec, h, level), need }];
    });
  const halves = [spec.downloadFile, spec.uploadFile].flatMap((name) => (name ? [byName(ctx, name)!] : []));
  if (halves.length > 0) {
    const need = ctx.ladder.find((l) => halves.some((op) => canCall(ctx.ladder, l, op.scope))) ?? topLevel(ctx.ladder);
    out.RemotePath.push({ name: "open", usable: halves.some((op) => canCall(ctx.ladder, level, op.scope)), need });
  }
  return out;
}

/** May a client of `level` use helper `h`: every operation of `roles`, and one of `either`? */
function usableAt(ctx: EmitContext, spec: WorkflowSpec, h: Helper, level: string): boolean {
  if (always(h)) return true;
  if (!present(spec, h)) return false;
  const may = (r: Role) => spec[r] !== undefined && canCall(ctx.ladder, level, byName(ctx, spec[r])!.scope);
  const roles = h.any ? h.roles.filter((r) => spec[r] !== undefined) : h.roles;
  return roles.every(may) && (h.either === undefined || h.either.some(may));
}

/** The least level that may use `h` (undefined when the description lacks its operations). */
function neededLevel(ctx: EmitContext, spec: WorkflowSpec, h: Helper): string | undefined {
  if (!always(h) && !present(spec, h)) return undefined;
  return ctx.ladder.find((l) => usableAt(ctx, spec, h, l)) ?? topLevel(ctx.ladder);
}

/** The helper objects of one level: `GreenCompute`, `GreenJob`, `GreenUser`, ..., `GreenHelpers`. */
export function workflowLevelTypes(ctx: EmitContext, level: string, id: string): string[] {
  const spec = workflowSpec(ctx);
  const mayCall = (role: Role) =>
    spec[role] !== undefined && canCall(ctx.ladder, level, byName(ctx, spec[role])!.scope);
  const facts: LevelFacts = { lists: mayCall("readJobs"), reads: JOB_READS.some(mayCall) };
  const member = (h: Helper): string[] => {
    const need = neededLevel(ctx, spec, h);
    if (need === undefined) return [];
    return [
      usableAt(ctx, spec, h, level)
        ? `  readonly ${h.name}: ${h.type(id, facts)};`
        : `  readonly ${h.name}: NeedsColor<${literal(h.name)}, ${literal(need)}>;`,
    ];
  };
  const members = (helpers: Helper[]) => helpers.flatMap(member);
  const iface = (name: string, doc: string, extend: string[], body: string[]) => [
    jsDoc([doc], []),
    `export interface ${id}${name}${extend.length > 0 ? ` extends ${extend.join(", ")}` : ""} {`,
    ...body,
    "}",
    "",
  ];
  const as = `as a ${literal(level)} client sees it`;
  const watching = facts.reads;
  const jobMembers = members(JOB_HELPERS);
  const out = [
    ...iface("Job", `A batch job ${as}.`, watching ? ["JobWatching<JobRecord>"] : [], [
      ...(watching ? [] : ["  readonly id: string;", "  readonly machine: string;"]),
      ...jobMembers,
    ]),
    ...(watching
      ? [
          jsDoc([`A job ${as}, just read: its record is there.`], []),
          `export type ${id}ReadJob = ${id}Job & { readonly record: JobRecord };`,
          "",
        ]
      : [jsDoc([`A job ${as}.`], []), `export type ${id}ReadJob = ${id}Job;`, ""]),
    ...iface("Task", `A command's task (\`compute.runTask()\`) ${as}.`, ["TaskHandle"], members(TASK_HELPERS)),
    ...iface(
      "RemotePath",
      `A path on a machine ${as}: \`parent\`, \`parents\`, \`name\`, \`stem\`, \`suffix\`, and what it may do.`,
      ["RemotePathBase", `PathParents<${id}RemotePath>`],
      [...members(PATH_HELPERS), ...openMember(ctx, level)],
    ),
    jsDoc([`An entry of \`compute.ls()\` ${as}: the facility's fields, its path, and its kind from \`perms\`.`], []),
    `export type ${id}Entry = Omit<DirectoryEntry, "name"> & ${id}RemotePath & EntryKind;`,
    "",
    ...iface(
      "Compute",
      `The workflow helpers of a ${literal(level)} client on one machine (\`client.compute(machine)\`); ` +
        "a helper it may not use is not callable and its type names the color needed.",
      [],
      ["  readonly machine: Machine;", ...members(COMPUTE_HELPERS)],
    ),
    ...iface("UserMethods", `What a user (\`client.user()\`) offers ${as}.`, [], members(USER_HELPERS)),
    jsDoc([`A user ${as}.`], []),
    `export type ${id}User = UserInfo & ${id}UserMethods;`,
    "",
    ...iface("GroupMethods", `What a group offers ${as}.`, [], members(GROUP_HELPERS)),
    jsDoc([`A Unix group ${as}.`], []),
    `export type ${id}Group = Omit<GroupInfo, "members"> & ${id}GroupMethods;`,
    "",
    ...iface("ProjectMethods", `What a project offers ${as}.`, [], members(PROJECT_HELPERS)),
    jsDoc([`A project ${as}.`], []),
    `export type ${id}Project = ProjectInfo & ${id}ProjectMethods;`,
    "",
    ...iface("Resources", `\`client.resources\` ${as}.`, [], members(RESOURCES_HELPERS)),
    ...iface("Api", `\`client.api\` ${as}.`, [], members(API_HELPERS)),
    ...iface("Globus", `\`client.globus\` ${as}.`, [], members(GLOBUS_HELPERS)),
  ];
  const objects = clientMembers(ctx);
  out.push(
    ...iface(
      "ClientHelpers",
      `The client's own helpers ${as}.`,
      [],
      [
        ...members(CLIENT_HELPERS),
        ...["resources", "api", "globus"]
          .filter((m) => objects.includes(m))
          .map((m) => `  readonly ${m}: ${id}${m === "api" ? "Api" : m === "globus" ? "Globus" : "Resources"};`),
      ],
    ),
  );
  return out;
}

/**
 * A path's `open(mode)`: reading ("r", "rb") downloads, writing ("w", "wb") uploads on close. Each half is there as
 * the level may call its operation; a half the description has but the level may not use is an overload no call fits,
 * naming the color it needs (`OpenRefusal<"w" | "wb", NeedsColor<"open for writing", "red">>`); with neither half
 * usable, `open` is a NeedsColor of the least color that may open at all.
 */
function openMember(ctx: EmitContext, level: string): string[] {
  const spec = workflowSpec(ctx);
  const half = (role: Role, type: string, modes: string, refusal: string) => {
    const op = spec[role] === undefined ? undefined : byName(ctx, spec[role]);
    if (op === undefined) return undefined;
    const need = ctx.ladder.find((l) => canCall(ctx.ladder, l, op.scope)) ?? topLevel(ctx.ladder);
    return {
      need,
      type: canCall(ctx.ladder, level, op.scope)
        ? type
        : `OpenRefusal<${modes}, NeedsColor<${literal(refusal)}, ${literal(need)}>>["open"]`,
      usable: canCall(ctx.ladder, level, op.scope),
    };
  };
  const halves = [
    half("downloadFile", `PathReadOpening["open"]`, `"r" | "rb"`, "open for reading"),
    half("uploadFile", `PathWriteOpening<UploadAnswer>["open"]`, `"w" | "wb"`, "open for writing"),
  ].filter((h) => h !== undefined);
  if (halves.length === 0) return [];
  if (!halves.some((h) => h.usable)) {
    const least = ctx.ladder.find((l) => halves.some((h) => h.need === l)) ?? topLevel(ctx.ladder);
    return [`  readonly open: NeedsColor<"open", ${literal(least)}>;`];
  }
  // The usable half first: its overloads are the ones a correct call is checked against.
  const ordered = [...halves.filter((h) => h.usable), ...halves.filter((h) => !h.usable)];
  return [`  readonly open: ${ordered.map((h) => h.type).join(" & ")};`];
}

function byName(ctx: EmitContext, name: string): Operation | undefined {
  return ctx.operations.find((op) => op.name === name);
}

/** The operation's shorthand type in index.d.ts (operation-types.ts). */
function opRef(ctx: EmitContext, op: Operation): string {
  return typeNamesOf(ctx, op).op;
}

/** The JSON success answer of `op`, or `unknown`. */
function successJson(ctx: EmitContext, op: Operation | undefined): string {
  if (!op) return "unknown";
  const successes = op.answer.responses.filter((r) => isSuccess(r.status));
  // One JSON answer and nothing parsed in it: the operation's named answer is that type.
  if (successes.length === 1 && successes[0]!.mediaTypes.some(isJsonMediaType) && op.answer.jsonText.length === 0)
    return typeNamesOf(ctx, op).response;
  for (const r of op.answer.responses.filter((r) => isSuccess(r.status))) {
    const json = r.mediaTypes.find(isJsonMediaType);
    if (json) {
      const status = /^[1-5]\d\d$/.test(r.status) ? r.status : literal(r.status);
      return `${opRef(ctx, op)}["responses"][${status}]["content"][${literal(json)}]`;
    }
  }
  return "unknown";
}

/** The answers a job's record comes from: the job list's and the one-job operation's (`unknown` with neither). */
function jobAnswers(ctx: EmitContext, spec: WorkflowSpec): string {
  const answers = [spec.readJobs, spec.readJob].flatMap((name) =>
    name === undefined ? [] : [successJson(ctx, byName(ctx, name))],
  );
  if (answers.length === 0 || answers.includes("unknown")) return "unknown";
  return [...new Set(answers)].join(" | ");
}
