/**
 * What the analyses of a code base find (usage/scan.ts by syntax, usage/follow.ts by type): a use of a generated
 * client at a file:line, before it is resolved against the client's table (usage/resolve.ts). A leaf: no imports.
 */

/** The calls each workflow helper makes (templates/runtime/workflow.ts); "wait" is waitForTask's `GET /tasks/{id}`. */
export const COMPUTE_HELPERS: Readonly<Record<string, readonly (readonly [string, string] | "wait")[]>> = {
  run: [["POST", "/utilities/command/{machine}"], "wait"],
  submitJob: [["POST", "/compute/jobs/{machine}"], "wait"],
  job: [["GET", "/compute/jobs/{machine}"]],
  jobs: [["GET", "/compute/jobs/{machine}"]],
  ls: [["GET", "/utilities/ls/{machine}/{path}"]],
  download: [["GET", "/utilities/download/{machine}/{path}"]],
  upload: [["PUT", "/utilities/upload/{machine}/{path}"]],
};
/** The calls each method of a job object makes. */
export const JOB_HELPERS: Readonly<Record<string, readonly [string, string]>> = {
  complete: ["GET", "/compute/jobs/{machine}"],
  state: ["GET", "/compute/jobs/{machine}"],
  cancel: ["DELETE", "/compute/jobs/{machine}/{jobid}"],
};

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
  | (Where & { kind: "call"; method: string; path: string | null; assumed?: string })
  /** `waitForTask(client, id)` or `client.waitForTask(id)`: polls `GET /tasks/{id}`. */
  | (Where & { kind: "wait" })
  /** `client.runCommand(...)` or `client.runCommand.safe(...)`: a named operation of the table. */
  | (Where & { kind: "named"; entry: string })
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
}
