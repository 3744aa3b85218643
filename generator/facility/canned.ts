/**
 * Canned answers for the operations that need no state: system status, the account, directory listings and
 * downloads, Globus transfers, the API's own metadata. Each looks like the facility's answer and echoes the request:
 * the system, machine, path, group or user it names. Times come from the facility's clock: the status history is
 * told from when the facility started, anything the request did happens now.
 */
import type { Answer, Call, World } from "./answer.js";
import type { RegisteredClient } from "./clients.js";
import type { StoredFile } from "./files.js";
import { FileTree } from "./files.js";
import { TRANSFER_BYTES } from "./globus.js";
import { type GroupOutcome, MAX_GROUPS } from "./groups.js";
import type { Reply } from "./http.js";
import { detail, reply } from "./http.js";
import { homeOf, MOCK_USER, projectOf, stableId } from "./mock-user.js";
import { SYSTEM_NAMES } from "./systems.js";
import { parseBoolean, validationError } from "./validation.js";

/** An answer that is always 200 with the body `body` gives for the call. */
const ok =
  (body: (call: Call) => unknown): Answer =>
  (call) =>
    reply(200, body(call));

/**
 * Globus calls need the Globus option on the client (the official client: "Must select the Globus option when creating
 * the SuperFacility key"); without it, a 403 saying so.
 */
const withGlobus =
  (answer: Answer): Answer =>
  (call) =>
    call.client?.globus
      ? answer(call)
      : detail(403, "this client was created without the Globus option; Globus transfers need a client that has it");

/** Keyed by `METHOD path-template`, as the description names them. */
export const canned: ReadonlyMap<string, Answer> = new Map<string, Answer>([
  ["GET /status/", ({ world }) => ({ status: 200, rawJson: world.outages.statusesJson() })],
  ["GET /status/{name}", ok(({ params, world }) => world.outages.status(params.name!))],
  ["GET /status/notes", ok(({ world }) => SYSTEM_NAMES.map((name) => world.outages.notes(name)))],
  ["GET /status/notes/{name}", ok(({ params, world }) => world.outages.notes(params.name!))],
  ["GET /status/outages", ok(({ world }) => SYSTEM_NAMES.map((name) => world.outages.past(name)))],
  ["GET /status/outages/{name}", ok(({ params, world }) => world.outages.past(params.name!))],
  ["GET /status/outages/planned", ok(({ world }) => SYSTEM_NAMES.map((name) => world.outages.planned(name)))],
  ["GET /status/outages/planned/{name}", ok(({ params, world }) => world.outages.planned(params.name!))],
  ["GET /account/", ok(({ query }) => user(query.get("username") || MOCK_USER.name))],
  ["GET /account/projects", ok(() => [project()])],
  [
    "GET /account/roles",
    ok(() => [
      { id: MOCK_USER.projectId, description: PROJECT_DESCRIPTION, repo_name: MOCK_USER.project, iris_role: "PI" },
    ]),
  ],
  ["GET /account/groups", ok(({ owner, world }) => ({ groups: world.groups.list(owner) }))],
  [
    "POST /account/groups",
    ({ owner, form, world }) =>
      groupReply(world.groups.create(owner, form?.get("name") ?? "", form?.get("repo_name") ?? "")),
  ],
  ["GET /account/groups/{group}", ({ params, world }) => groupReply(world.groups.get(params.group!))],
  ["PUT /account/groups/{group}", updatedGroup],
  ["GET /account/clients", ok(({ world }) => world.registry.list().map(client))],
  ["GET /utilities/ls/{machine}/{path}", ok(listing)],
  ["GET /utilities/download/{machine}/{path}", ok(download)],
  ["PUT /utilities/upload/{machine}/{path}", upload],
  [
    "POST /storage/globus/transfer",
    withGlobus(
      ok(({ form, world }) => ({
        transfer_id: world.globus.start(form?.get("label") ?? ""),
        status: "OK",
        reason: null,
      })),
    ),
  ],
  [
    "GET /storage/globus/transfer/{globus_uuid}",
    withGlobus(ok(({ params, world }) => globusTransfer(params.globus_uuid!, world))),
  ],
  [
    "GET /meta/changelog",
    ok(({ world }) => [
      {
        date: isoTime(world.startedAt).slice(0, 10),
        change: `Serving ${describe(world)} from the local facility (sfapi-gen mock)`,
      },
    ]),
  ],
  ["GET /meta/config", ok(config)],
]);

/** The last second isoTime formatted and its text: most answers in a second name the same instants. */
let formatted = { second: Number.NaN, text: "" };

/** `2025-06-01T09:00:00Z`: ISO 8601 to the second, as the facility's dates read (formatted once per second). */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== formatted.second)
    formatted = { second, text: `${new Date(second * 1000).toISOString().slice(0, 19)}Z` };
  return formatted.text;
}

/** `NERSC Superfacility API 1.2`: the served description's title and version. */
function describe(world: World): string {
  const { title, version } = world.document.info ?? {};
  return [title ?? "the API", version].filter(Boolean).join(" ");
}

function user(name: string) {
  const { uid, firstname, lastname, email } = MOCK_USER;
  return name === MOCK_USER.name
    ? { uid, name, firstname, lastname, email }
    : { uid: stableId(name, 20_000), name, email: `${name}@example.org` };
}

const PROJECT_DESCRIPTION = "Local facility project (sfapi-gen mock)";
const TIB = 2 ** 40;

function project() {
  const storage = (name: string, given: number, used: number) => ({
    name,
    bytes_given: given,
    bytes_used: used,
    bytes_given_human: `${given / TIB} TiB`,
    bytes_used_human: `${used / TIB} TiB`,
    files_given: 10_000_000,
    files_used: 125_000,
  });
  return {
    id: MOCK_USER.projectId,
    description: PROJECT_DESCRIPTION,
    repo_name: MOCK_USER.project,
    iris_role: "PI",
    hours_given: 10_000,
    hours_used: 1_234.5,
    project_hours_given: 50_000,
    project_hours_used: 12_345.5,
    cpu_hours_given: 10_000,
    cpu_hours_used: 1_234.5,
    gpu_hours_given: 2_000,
    gpu_hours_used: 150.25,
    projdir_usage: [storage(`/global/cfs/cdirs/${MOCK_USER.project}`, 20 * TIB, 1.5 * TIB)],
    project_projdir_usage: storage(`/global/cfs/cdirs/${MOCK_USER.project}`, 20 * TIB, 1.5 * TIB),
    hpss_usage: [storage(MOCK_USER.project, 100 * TIB, 12 * TIB)],
  };
}

/** A group, or the facility's refusal: 404 for a group or project not found, 422 for a name it will not take. */
function groupReply(outcome: GroupOutcome): Reply {
  if ("group" in outcome) return reply(200, outcome.group);
  const { refused } = outcome;
  if (refused === "no-group") return detail(404, "group not found");
  if (refused === "no-project") return detail(404, "project not found (groups are made for the caller's project)");
  const msg =
    refused === "exists"
      ? "a group of that name already exists"
      : refused === "too-long"
        ? "at most 8 characters"
        : `no more than ${MAX_GROUPS} groups in the local facility`;
  return validationError([{ loc: ["body", "name"], msg, type: "value_error" }]);
}

/** The group after the change: the names added (or removed). */
function updatedGroup({ params, form, world }: Call): Reply {
  const names = (form?.get("usernames") ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return groupReply(world.groups.update(params.group!, names, form?.get("action") === "batch_remove"));
}

/**
 * The facility's own clients, as the user's registered API clients. The description's Client has no field for the
 * source IP ranges, so `comments` names them and how many the level allows (clients.ts's clientTerms).
 */
function client(registered: RegisteredClient) {
  const { clientId, color, expiresAt, ipRanges, maxIpRanges } = registered;
  const { cidrs } = ipRanges;
  return {
    name: `${color} client`,
    clientId,
    expiresAt: isoTime(expiresAt.getTime()),
    comments:
      `level ${color}, local facility; IP ranges ${cidrs.join(", ")} ` + `(${cidrs.length} of at most ${maxIpRanges})`,
  };
}

/**
 * `ls` of the machine's file tree: a directory lists `.`, `..` and what lies in it; a file lists itself (one entry
 * named by its full path, as the facility answers); a missing path is an error naming "No such file or directory",
 * the words the official client looks for; another account's folder or file is ls's "Permission denied".
 */
function listing({ params, owner, world }: Call) {
  const path = FileTree.normalize(params.path!, homeOf(owner));
  if (typeof path !== "string") return { status: "ERROR", entries: [], error: `ls: cannot access ${path.error}` };
  const { files } = world;
  const found = files.lookup(params.machine!, path);
  if (files.denied(owner, params.machine!, path, "read")) {
    const what = found.kind === "directory" ? "open directory" : "access";
    return { status: "ERROR", entries: [], error: `ls: cannot ${what} '${path}': Permission denied` };
  }
  const date = isoTime(world.startedAt);
  const entry = (name: string, file: StoredFile | undefined, folder: string) => {
    const [perms, hardlinks] = file ? ["-rw-r-----", 1] : ["drwxr-x---", 2];
    const when = file ? isoTime(file.modifiedAt) : date;
    const size = file ? file.content.length : 4096;
    const user = file?.owner ?? files.folderOwner(folder) ?? owner;
    return { perms, hardlinks, user, group: projectOf(user), size, date: when, name };
  };
  if (found.kind === "missing")
    return { status: "ERROR", entries: [], error: `ls: cannot access '${path}': No such file or directory` };
  if (found.kind === "file")
    return { status: "OK", entries: [entry(path, found.file, path)], error: null, is_binary: false };
  const below = (name: string) => (path === "/" ? `/${name}` : `${path}/${name}`);
  const parent = path.slice(0, Math.max(1, path.lastIndexOf("/")));
  const entries = [
    entry(".", undefined, path),
    entry("..", undefined, parent),
    ...found.children.map((c) => entry(c.name, c.file, below(c.name))),
  ];
  return { status: "OK", entries, error: null, is_binary: false };
}

/** A file from the machine's tree, as text or (`?binary=true`) base64. */
function download({ params, query, owner, world }: Call) {
  const binary = parseBoolean(query.get("binary")) === true;
  const path = FileTree.normalize(params.path!, homeOf(owner));
  if (typeof path !== "string") return { status: "ERROR", file: null, is_binary: binary, error: path.error };
  const found = world.files.lookup(params.machine!, path);
  if (world.files.denied(owner, params.machine!, path, "read"))
    return { status: "ERROR", file: null, is_binary: binary, error: `${path}: Permission denied` };
  if (found.kind !== "file") {
    const why = found.kind === "directory" ? "Is a directory" : "No such file or directory";
    return { status: "ERROR", file: null, is_binary: binary, error: `${path}: ${why}` };
  }
  const { content } = found.file;
  return {
    status: "OK",
    file: binary ? content.toString("base64") : content.toString("utf8"),
    is_binary: binary,
    error: null,
  };
}

/** A multipart upload's `file` field, stored at the path in the machine's tree as the caller's. */
async function upload({ params, request, owner, world }: Call): Promise<Reply> {
  const type = request.headers["content-type"] ?? "";
  let file: FormDataEntryValue | null = null;
  if (/^multipart\/form-data\s*;/i.test(type)) {
    try {
      file = await new Response(new Uint8Array(request.body), { headers: { "content-type": type } })
        .formData()
        .then((f) => f.get("file"));
    } catch {
      file = null;
    }
  }
  if (file === null)
    return validationError([{ loc: ["body", "file"], msg: "field required", type: "value_error.missing" }]);
  const content = typeof file === "string" ? Buffer.from(file) : Buffer.from(await file.arrayBuffer());
  const path = FileTree.normalize(params.path!, homeOf(owner));
  if (typeof path !== "string") return reply(200, { status: "ERROR", output: null, error: path.error });
  const refused = world.files.denied(owner, params.machine!, path, "write")
    ? `${path}: Permission denied`
    : world.files.write(params.machine!, path, content, owner);
  if (refused) return reply(200, { status: "ERROR", output: null, error: refused });
  return reply(200, {
    status: "OK",
    output: `${content.length} bytes written to ${path} on ${params.machine}`,
    error: null,
  });
}

/** The served description's version and the facility's own URLs. */
function config({ world }: Call) {
  const version = String(world.document.info?.version ?? "");
  return [
    { key: "api_version", value: version },
    { key: "base_url", value: world.baseUrl },
    { key: "token_url", value: world.tokenUrl },
  ];
}

/** A transfer's state: ACTIVE, then SUCCEEDED (a gibibyte in ten seconds) or the failure its label asked for. */
function globusTransfer(id: string, world: World) {
  const { status, endedAt } = world.globus.status(id);
  const succeeded = status === "SUCCEEDED";
  return {
    status: "OK",
    reason: status === "FAILED" ? "sfapi-gen mock: the transfer failed (asked for by its label)" : null,
    globus_status: status,
    bytes_transferred: succeeded ? TRANSFER_BYTES : 0,
    completion_time: endedAt === undefined ? null : isoTime(endedAt),
    effective_bytes_per_second: succeeded ? Math.round(TRANSFER_BYTES / 10) : 0,
  };
}
