/**
 * What the analyses of a code base find (usage/scan.ts by syntax, usage/follow.ts by type): a use of a generated
 * client at a file:line, before it is resolved against the client's table (usage/resolve.ts). A leaf: no imports.
 */

/**
 * One call a helper makes: a method and path, waitForTask's `GET /tasks/{id}` ("wait"), or `either` of several calls,
 * each of which does the job (the runtime picks the least the client may make: workflow.ts's jobReadOf), so the use
 * needs the least level among those the client's table has.
 */
export type HelperCall =
  | readonly [string, string]
  | "wait"
  | { readonly either: readonly (readonly [string, string])[] };

/**
 * Reading jobs: the one-job operation or the job list, whichever the color may call (the list batches many jobs).
 * jobs() with `user` or `partition` needs the list; counted as either (the code's options are not followed).
 */
const JOB_READ: HelperCall = {
  either: [
    ["GET", "/compute/jobs/{machine}/{jobid}"],
    ["GET", "/compute/jobs/{machine}"],
  ],
};

/** The use a helper's call makes, at `where` (the analyses' one way to turn the tables below into uses). */
export function helperCallUse(call: HelperCall, where: Where): FoundUse {
  if (call === "wait") return { kind: "wait", ...where };
  if ("either" in call) {
    const [first] = call.either;
    return { kind: "call", method: first![0], path: first![1], either: call.either, ...where };
  }
  return { kind: "call", method: call[0], path: call[1], ...where };
}

/** The calls each workflow helper makes (templates/runtime/workflow.ts); "wait" is waitForTask's `GET /tasks/{id}`. */
export const COMPUTE_HELPERS: Readonly<Record<string, readonly HelperCall[]>> = {
  run: [["POST", "/utilities/command/{machine}"], "wait"],
  submitJob: [["POST", "/compute/jobs/{machine}"], "wait"],
  job: [JOB_READ],
  jobs: [JOB_READ],
  ls: [["GET", "/utilities/ls/{machine}/{path}"]],
  download: [["GET", "/utilities/download/{machine}/{path}"]],
  upload: [["PUT", "/utilities/upload/{machine}/{path}"]],
  runTask: [["POST", "/utilities/command/{machine}"]],
  outages: [["GET", "/status/outages/{name}"]],
  plannedOutages: [["GET", "/status/outages/planned/{name}"]],
};
/**
 * `jobs()` given anything but its ids alone (no ids, or options that may filter by `user` or `partition`) may query
 * the job list: counted as the list, to fail closed (the options are not followed). `argumentCount` is undefined for
 * a member read that is not a call.
 */
export function jobsCalls(calls: readonly HelperCall[], argumentCount: number | undefined): readonly HelperCall[] {
  return calls === COMPUTE_HELPERS.jobs && argumentCount !== 1 ? [["GET", "/compute/jobs/{machine}"]] : calls;
}

/** The calls each method of a job object makes. */
export const JOB_HELPERS: Readonly<Record<string, HelperCall>> = {
  complete: JOB_READ,
  state: JOB_READ,
  cancel: ["DELETE", "/compute/jobs/{machine}/{jobid}"],
};

type Calls = readonly HelperCall[];

const DOWNLOAD = ["GET", "/utilities/download/{machine}/{path}"] as const;
const UPLOAD = ["PUT", "/utilities/upload/{machine}/{path}"] as const;

/**
 * The call a path's `open(mode)` makes for each mode: reading downloads, writing uploads (on close). A mode that is
 * not a literal of these counts both (HELPER_CALLS.path.open).
 */
export const PATH_OPEN_MODES: Readonly<Record<string, readonly [string, string]>> = {
  r: DOWNLOAD,
  rb: DOWNLOAD,
  w: UPLOAD,
  wb: UPLOAD,
};
const TRANSFER = ["GET", "/storage/globus/transfer/{globus_uuid}"] as const;

/**
 * The calls each member of each helper object makes, by the kind of object (the generated interface a member is
 * declared in: `GreenCompute` is a compute object, `GreenUserMethods` a user, `TransferWatching` a transfer; see
 * HELPER_KINDS). A member with no calls reads what the object holds. A callable member of a helper object missing
 * here is one `needs` does not know: it counts at the top level.
 */
export const HELPER_CALLS: Readonly<Record<string, Readonly<Record<string, Calls>>>> = {
  client: {
    user: [["GET", "/account/"]],
    group: [["GET", "/account/groups/{group}"]],
  },
  compute: {
    ...COMPUTE_HELPERS,
    // With `{ path }`, the script is listed first.
    submitJob: [...COMPUTE_HELPERS.submitJob!, ["GET", "/utilities/ls/{machine}/{path}"]],
  },
  job: {
    complete: [JOB_READ],
    state: [JOB_READ],
    update: [JOB_READ],
    running: [JOB_READ],
    // With `{ wait: true }`, the job is watched until it ends.
    cancel: [["DELETE", "/compute/jobs/{machine}/{jobid}"], JOB_READ],
  },
  task: { update: ["wait"], result: ["wait"], cancel: [["DELETE", "/tasks/{id}"]] },
  path: {
    ls: [["GET", "/utilities/ls/{machine}/{path}"]],
    download: [DOWNLOAD],
    upload: [UPLOAD],
    // By its mode when the mode is a literal (PATH_OPEN_MODES), else both.
    open: [DOWNLOAD, UPLOAD],
    isDirectory: [],
    isFile: [],
    isSymlink: [],
  },
  user: {
    groups: [["GET", "/account/groups"]],
    projects: [["GET", "/account/projects"]],
    roles: [["GET", "/account/roles"]],
    clients: [["GET", "/account/clients"]],
  },
  group: {
    update: [["GET", "/account/groups/{group}"]],
    add: [["PUT", "/account/groups/{group}"]],
    remove: [["PUT", "/account/groups/{group}"]],
  },
  project: { createGroup: [["POST", "/account/groups"]] },
  resources: {
    status: [
      ["GET", "/status/"],
      ["GET", "/status/{name}"],
    ],
    notes: [
      ["GET", "/status/notes"],
      ["GET", "/status/notes/{name}"],
    ],
    outages: [
      ["GET", "/status/outages"],
      ["GET", "/status/outages/{name}"],
    ],
    plannedOutages: [
      ["GET", "/status/outages/planned"],
      ["GET", "/status/outages/planned/{name}"],
    ],
  },
  api: { changelog: [["GET", "/meta/changelog"]], config: [["GET", "/meta/config"]] },
  globus: { startTransfer: [["POST", "/storage/globus/transfer"], TRANSFER], transfer: [TRANSFER] },
  transfer: { update: [TRANSFER], complete: [TRANSFER] },
  // What `open(mode)` gives: the download was made by open("r"); a writer's close() uploads.
  fileReader: { read: [], close: [] },
  fileWriter: { write: [], close: [UPLOAD] },
};

/**
 * The kind of helper object an interface of a generated client declares, by the end of its name (the generated ones
 * start with the level: `GreenCompute`), longest first.
 */
export const HELPER_KINDS: readonly (readonly [suffix: string, kind: string])[] = [
  ["ClientHelpers", "client"],
  ["RemoteFileReader", "fileReader"],
  ["RemoteFileWriter", "fileWriter"],
  ["TransferWatching", "transfer"],
  ["ProjectMethods", "project"],
  ["GroupMethods", "group"],
  ["UserMethods", "user"],
  ["JobWatching", "job"],
  ["TaskHandle", "task"],
  ["RemotePath", "path"],
  ["EntryKind", "path"],
  ["Resources", "resources"],
  ["Compute", "compute"],
  ["Globus", "globus"],
  ["Task", "task"],
  ["Job", "job"],
  ["Api", "api"],
];

/** The kind of helper object an interface name is, or undefined. */
export function helperKind(interfaceName: string): string | undefined {
  return HELPER_KINDS.find(([suffix]) => interfaceName.endsWith(suffix))?.[1];
}

/** Path parameter name -> every value it may have (one, or a few from a conditional), as text the runtime sends. */
export type PathValues = Readonly<Record<string, readonly string[]>>;

export interface Where {
  /** Relative to the working directory, with "/" separators. */
  file: string;
  line: number;
  column: number;
  /** The code as written, shortened: `client.POST("/utilities/command/dtn01", …)`. */
  code: string;
  /** The `createClient(...)` call the use plainly comes from (`file:line:column`), when the analysis saw it. */
  client?: string;
}

export type FoundUse =
  /**
   * `assumed`: the call was not traced to the client but counted to fail closed (a job helper's `cancel()` on a
   * receiver the scan cannot follow), and why.
   */
  | (Where & {
      kind: "call";
      method: string;
      path: string | null;
      assumed?: string;
      /**
       * A helper's call that any of these calls does (`method` and `path` are the first): it needs the least level
       * among those the table has (usage/resolve.ts).
       */
      either?: readonly (readonly [string, string])[];
      /** The path parameters' literal values as written at the call (usage/path-values.ts), when all are literals. */
      values?: PathValues;
    })
  /** `waitForTask(client, id)` or `client.waitForTask(id)`: polls `GET /tasks/{id}`. */
  | (Where & { kind: "wait" })
  /** `client.runCommand(...)` or `client.runCommand.safe(...)`: a named operation of the table. */
  | (Where & { kind: "named"; entry: string; values?: PathValues })
  /**
   * `import`: a named import of an entry (only names the table has count); `access`: `operations.x` / `operations[x]`.
   */
  | (Where & { kind: "table"; via: "import" | "access"; entry: string | null })
  /** A file that could not be read or parsed: skipped, and counted as needing the top level. */
  | (Where & { kind: "unreadable"; reason: string })
  /** A use of a client value the type analysis could not map to operations: it needs the top level. */
  | (Where & { kind: "unknown"; reason: string });

/** A `createClient(...)` call of a generated client in the code. */
export interface ClientSite {
  /** `file:line:column`, as uses name it in `client`. */
  id: string;
  file: string;
  line: number;
  column: number;
  code: string;
  /** The `color` option when it is a string literal (or a union of them, joined with `|`), else null. */
  color: string | null;
}

export interface Scan {
  uses: FoundUse[];
  /** Folders of generated clients that were not scanned (relative to the working directory). */
  skipped: string[];
  /** The `createClient(...)` calls found, for a report per client. */
  clients: ClientSite[];
  /** The code base's files read (usage/code-files.ts), relative to the working directory, sorted. */
  files: string[];
}
