/**
 * The workflow layer's generated part: which operations `client.compute(machine)`'s helpers use (found by method and
 * path, as `waitForTask` finds `GET /tasks/{id}`), and its types per level of the ladder. A helper whose operations the
 * description lacks is left out; one a level may not use is, in that level's type, not callable and named after the
 * color it needs (`submitJob: NeedsColor<"submitJob", "red">`).
 */
import type { WorkflowSpec } from "../../templates/runtime/workflow.js";
import type { Operation } from "../model/operations.js";
import { isJsonMediaType, isSuccess } from "../model/responses.js";
import { canCall, topLevel } from "../model/scope.js";
import type { EmitContext } from "./context.js";
import { jsDoc, literal } from "./text.js";

/** Each helper's operations, by method and path as the facility names them. */
const ROLES: Record<Exclude<keyof WorkflowSpec, "readTask">, [method: string, path: string]> = {
  runCommand: ["post", "/utilities/command/{machine}"],
  submitJob: ["post", "/compute/jobs/{machine}"],
  readJobs: ["get", "/compute/jobs/{machine}"],
  cancelJob: ["delete", "/compute/jobs/{machine}/{jobid}"],
  readDirectory: ["get", "/utilities/ls/{machine}/{path}"],
  downloadFile: ["get", "/utilities/download/{machine}/{path}"],
  uploadFile: ["put", "/utilities/upload/{machine}/{path}"],
};

/** The friendly names of the operations behind the helpers, for those the description has. */
export function workflowSpec(ctx: EmitContext): WorkflowSpec {
  // An operation of that name keeps it: `client.compute` is then the operation, and there are no helpers.
  if (ctx.operations.some((op) => op.name === "compute")) return {};
  const spec: Record<string, string> = {};
  for (const [role, [method, path]] of Object.entries(ROLES)) {
    const op = ctx.operations.find((o) => o.method === method && o.path === path);
    if (op) spec[role] = op.name;
  }
  if (Object.keys(spec).length === 0) return {};
  if (ctx.taskOperation !== undefined) spec.readTask = ctx.taskOperation;
  return spec;
}

interface Helper {
  name: string;
  /** The operations it calls; absent ones mean the helper is left out. */
  roles: (keyof WorkflowSpec)[];
  /** Its signature in the level's type (`Job` is that level's job type). */
  type: (job: string) => string;
}

const COMPUTE_HELPERS: Helper[] = [
  { name: "job", roles: ["readJobs"], type: (job) => `JobFinding<${job}>["job"]` },
  { name: "jobs", roles: ["readJobs"], type: (job) => `JobFinding<${job}>["jobs"]` },
  { name: "run", roles: ["runCommand", "readTask"], type: () => `CommandRunning["run"]` },
  { name: "submitJob", roles: ["submitJob", "readTask"], type: (job) => `JobSubmitting<${job}>["submitJob"]` },
  { name: "ls", roles: ["readDirectory"], type: () => `DirectoryListing<DirectoryEntry>["ls"]` },
  { name: "download", roles: ["downloadFile"], type: () => `FileDownloading["download"]` },
  { name: "upload", roles: ["uploadFile"], type: () => `FileUploading<UploadAnswer>["upload"]` },
];

export const WORKFLOW_TYPE_IMPORTS = [
  "CommandRunning",
  "Computing",
  "DirectoryListing",
  "FileDownloading",
  "FileUploading",
  "JobCancelling",
  "JobFinding",
  "JobRecordOf",
  "JobSubmitting",
  "JobWatching",
  "NeedsColor",
  "ItemsOf",
];

/** Whether the description gives `compute()` at least one helper. */
export function hasCompute(ctx: EmitContext): boolean {
  const spec = workflowSpec(ctx);
  return COMPUTE_HELPERS.some((h) => h.roles.every((r) => spec[r] !== undefined));
}

/** The shared types: the machine, a job's record, a directory entry, an upload's answer. */
export function workflowSharedTypes(ctx: EmitContext): string[] {
  const spec = workflowSpec(ctx);
  const byName = (name: string | undefined) => ctx.operations.find((op) => op.name === name);
  const machineOp = Object.values(ROLES)
    .map(([method, path]) => ctx.operations.find((o) => o.method === method && o.path === path))
    .find((op) => op?.parameters.some((p) => p.in === "path" && p.name === "machine"));
  const out = [
    "// ---- workflow: compute(machine) " + "-".repeat(76),
    "",
    jsDoc(["A machine `client.compute(machine)` acts on."], []),
    `export type Machine = ${machineOp ? `${opRef(machineOp)}["parameters"]["path"]["machine"]` : "string"};`,
    "",
    jsDoc(["One job's scheduler record (squeue's or sacct's fields), as the job query answers it."], []),
    `export type JobRecord = JobRecordOf<${successJson(byName(spec.readJobs))}>;`,
    "",
    jsDoc(["One entry of a directory listing (`compute.ls`)."], []),
    `export type DirectoryEntry = ItemsOf<${successJson(byName(spec.readDirectory))}, "entries">;`,
    "",
    jsDoc(["What an upload answers (`compute.upload`)."], []),
    `export type UploadAnswer = ${successJson(byName(spec.uploadFile))};`,
    "",
  ];
  return out;
}

/** `GreenJob` and `GreenCompute` for one level. */
export function workflowLevelTypes(ctx: EmitContext, level: string, id: string): string[] {
  const spec = workflowSpec(ctx);
  const opsOf = (roles: (keyof WorkflowSpec)[]) => roles.map((r) => ctx.operations.find((op) => op.name === spec[r]));
  const needed = (roles: (keyof WorkflowSpec)[]): string | undefined => {
    const ops = opsOf(roles);
    if (ops.some((op) => op === undefined)) return undefined;
    return ctx.ladder.find((l) => ops.every((op) => canCall(ctx.ladder, l, op!.scope))) ?? topLevel(ctx.ladder);
  };
  const mayUse = (roles: (keyof WorkflowSpec)[]) =>
    opsOf(roles).every((op) => op !== undefined && canCall(ctx.ladder, level, op.scope));
  const member = (name: string, roles: (keyof WorkflowSpec)[], type: string): string | undefined => {
    const need = needed(roles);
    if (need === undefined) return undefined;
    return mayUse(roles)
      ? `  readonly ${name}: ${type};`
      : `  readonly ${name}: NeedsColor<${literal(name)}, ${literal(need)}>;`;
  };
  const job = `${id}Job`;
  const jobMembers = [member("cancel", ["cancelJob"], `JobCancelling["cancel"]`)].filter((m) => m !== undefined);
  const watching = spec.readJobs !== undefined && mayUse(["readJobs"]) ? "JobWatching<JobRecord>" : undefined;
  const out = [
    jsDoc([`A batch job as a ${literal(level)} client sees it.`], []),
    `export interface ${job}${watching ? ` extends ${watching}` : ""} {`,
    ...(watching ? [] : ["  readonly id: string;", "  readonly machine: string;"]),
    ...jobMembers,
    "}",
    "",
    jsDoc(
      [
        `The workflow helpers of a ${literal(level)} client on one machine (\`client.compute(machine)\`); ` +
          "a helper it may not use is not callable and its type names the color needed.",
      ],
      [],
    ),
    `export interface ${id}Compute {`,
    "  readonly machine: Machine;",
    ...COMPUTE_HELPERS.flatMap((h) => member(h.name, h.roles, h.type(job)) ?? []),
    "}",
    "",
  ];
  return out;
}

function opRef(op: Operation): string {
  return `paths[${literal(op.path)}][${literal(op.method)}]`;
}

/** The JSON success answer of `op`, or `unknown`. */
function successJson(op: Operation | undefined): string {
  if (!op) return "unknown";
  for (const r of op.answer.responses.filter((r) => isSuccess(r.status))) {
    const json = r.mediaTypes.find(isJsonMediaType);
    if (json) {
      const status = /^[1-5]\d\d$/.test(r.status) ? r.status : literal(r.status);
      return `${opRef(op)}["responses"][${status}]["content"][${literal(json)}]`;
    }
  }
  return "unknown";
}
