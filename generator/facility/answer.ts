/** What an operation the facility answers itself is given (the request, read and checked) and gives back. */
import type { OpenApiDocument } from "../description/document.js";
import type { ClientRegistry, RegisteredClient } from "./clients.js";
import type { FileTree } from "./files.js";
import type { GlobusTransfers } from "./globus.js";
import type { GroupStore } from "./groups.js";
import type { FacilityRequest, Reply } from "./http.js";
import type { JobStore } from "./jobs.js";
import type { Shell } from "./shell.js";
import type { Outages } from "./systems.js";
import type { TaskStore } from "./tasks.js";

/** The facility's state and facts its answers draw on. */
export interface World {
  document: OpenApiDocument;
  registry: ClientRegistry;
  tasks: TaskStore;
  jobs: JobStore;
  files: FileTree;
  /** Where commands and job scripts run; undefined: commands are acted out (commands.ts), scripts never run. */
  shell?: Shell;
  globus: GlobusTransfers;
  groups: GroupStore;
  /** The systems' outages: what /status tells, and which machines refuse work. */
  outages: Outages;
  now: () => number;
  /** How long a command's task reads "new": none unless the facility was given a task delay. */
  commandDelayMs: number;
  /** When the facility started (its clock's time then): the instant its canned history is told from. */
  startedAt: number;
  baseUrl: string;
  tokenUrl: string;
}

export interface Call {
  request: FacilityRequest;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The form fields of an operation that takes a form, already checked against its schema. */
  form: URLSearchParams | undefined;
  /** The account the caller acts for (its client's user); "" for a public operation. */
  owner: string;
  /** The client the call authenticated as; undefined for a public operation. */
  client?: RegisteredClient;
  world: World;
}

export type Answer = (call: Call) => Reply | Promise<Reply>;
