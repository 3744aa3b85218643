/**
 * The operations the facility acts out rather than answering with an example: running a command (which only records
 * it and hands out a task) and reading, listing and cancelling the caller's tasks.
 */
import type { TokenHolder } from "./access-tokens.js";
import { detail, FORM, mediaType, reply } from "./http.js";
import type { FacilityRequest, Reply } from "./http.js";
import type { TaskStore } from "./tasks.js";

export interface Call {
  request: FacilityRequest;
  params: Record<string, string>;
  holder: TokenHolder;
  tasks: TaskStore;
}

type Capability = (call: Call) => Reply;

/** Keyed by `METHOD path-template`, as the description names them. */
export const capabilities: ReadonlyMap<string, Capability> = new Map<string, Capability>([
  ["POST /utilities/command/{machine}", runCommand],
  ["GET /tasks", ({ request, holder, tasks }) => reply(200, { tasks: tasks.list(holder.clientId, request.url.searchParams.get("tags")) })],
  ["GET /tasks/{id}", ({ params, holder, tasks }) => found(tasks.get(holder.clientId, params.id!), params.id!)],
  ["DELETE /tasks/{id}", ({ params, holder, tasks }) => found(tasks.cancel(holder.clientId, params.id!), params.id!)],
]);

function runCommand({ request, params, holder, tasks }: Call): Reply {
  const form = mediaType(request.headers) === FORM ? new URLSearchParams(request.body.toString("utf8")) : undefined;
  const executable = form?.get("executable")?.trim();
  if (!executable) {
    const msg = form ? "field required" : `the body must be ${FORM} with an executable field`;
    return validationError(["body", "executable"], msg, "value_error.missing");
  }
  return reply(200, { task_id: tasks.addCommand(holder.clientId, params.machine!, executable), status: "OK" });
}

function found(value: unknown, id: string): Reply {
  return value === undefined ? detail(404, `no task ${JSON.stringify(id)} for this client`) : reply(200, value);
}

/** FastAPI's 422 body (`HTTPValidationError`). */
export function validationError(loc: (string | number)[], msg: string, type: string): Reply {
  return reply(422, { detail: [{ loc, msg, type }] });
}
