/**
 * A use of a generated client in a user's code base, as `needs` and `diff --code` report it: where it is, and how a
 * report names the operations it reaches.
 */
import { cell, code } from "../emit/text.js";
import type { TableEntry } from "../output/client-folder.js";
import type { FoundUse } from "./uses.js";

/** An operation as a report names it. */
export type OperationRef = Pick<TableEntry, "name" | "method" | "path" | "scope">;

/** Where a use is and what it is, as the scan found it. */
export interface UseSite {
  file: string;
  line: number;
  column: number;
  /**
   * `call`: `client.GET(path)`; `wait`: `waitForTask`; `named`: `client.runCommand(...)`; `table`: `operations.x`;
   * `unreadable`: a file the scan could not read or parse; `unknown`: a use of a client value that could not be mapped
   * to operations (both need the top level).
   */
  kind: "call" | "wait" | "named" | "table" | "unreadable" | "unknown";
  /** The code as written, shortened. */
  code: string;
  /**
   * Only on a job call counted without being traced, to fail closed (a `cancel()` on a receiver the scan cannot
   * follow, in a file that may hold jobs): why it was assumed. Absent on every traced use.
   */
  assumed?: string;
  /** The `createClient(...)` call (`file:line:column`) the use comes from, when the analysis saw it plainly. */
  client?: string;
}

/** Where a use is; `assumed` is carried wherever a use is reported, so no report shows an assumed call as traced. */
export function useSite(found: FoundUse): UseSite {
  const { file, line, column, kind, code, client } = found;
  const assumed = found.kind === "call" ? found.assumed : undefined;
  return {
    file,
    line,
    column,
    kind,
    code,
    ...(assumed === undefined ? {} : { assumed }),
    ...(client === undefined ? {} : { client }),
  };
}

export function operationRef(entry: TableEntry): OperationRef {
  return { name: entry.name, method: entry.method, path: entry.path, scope: entry.scope };
}

/** `POST \`/utilities/command/{machine}\` (runCommand)`; several joined, "unknown" for none. */
export function operationsCell(operations: readonly OperationRef[]): string {
  if (operations.length === 0) return "unknown";
  return operations
    .map(
      (op) => `${op.method} ${code(op.path)} (${cell(op.name)}${operations.length > 1 ? `: ${cell(op.scope)}` : ""})`,
    )
    .join(", ");
}
