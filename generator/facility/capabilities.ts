/**
 * The operations the facility acts out with state: running a command (in the facility's shell when it has one) and
 * submitting or cancelling a job (each answered with a task), the caller's jobs and tasks.
 * Tasks and jobs are the account's (every client of the user sees them); another account's are as invisible as missing
 * ones.
 */

import { TASK_PATH } from "../../templates/runtime/protocol.js";
import type { Answer, Call } from "./answer.js";
import { commandOutcome, shellOutcome } from "./commands.js";
import type { Reply } from "./http.js";
import { detail, reply } from "./http.js";
import { parseBoolean, parseInteger, validationError } from "./validation.js";

/** Keyed by `METHOD path-template`, as the description names them. */
export const capabilities: ReadonlyMap<string, Answer> = new Map<string, Answer>([
  ["POST /utilities/command/{machine}", runCommand],
  ["GET /tasks", ({ query, owner, world }) => reply(200, { tasks: world.tasks.list(owner, query.get("tags")) })],
  [`GET ${TASK_PATH}`, ({ params, owner, world }) => found(world.tasks.get(owner, params.id!), params.id!)],
  ["DELETE /tasks/{id}", ({ params, owner, world }) => found(world.tasks.cancel(owner, params.id!), params.id!)],
  ["POST /compute/jobs/{machine}", submitJob],
  ["GET /compute/jobs/{machine}", readJobs],
  [
    "GET /compute/jobs/{machine}/{jobid}",
    ({ params, query, owner, world }) =>
      reply(200, {
        status: "OK",
        output: world.jobs.row(owner, params.machine!, params.jobid!, isSet(query, "sacct")),
        error: null,
      }),
  ],
  [
    "DELETE /compute/jobs/{machine}/{jobid}",
    ({ params, owner, world }) => accepted(world.jobs.cancel(owner, params.machine!, params.jobid!)),
  ],
]);

async function runCommand({ form, params, owner, world }: Call): Promise<Reply> {
  const executable = form?.get("executable")?.trim();
  if (!executable)
    return validationError([{ loc: ["body", "executable"], msg: "field required", type: "value_error.missing" }]);
  const machine = params.machine!;
  // Run now (the file tree may change before the task completes: `cat` reads what is there when asked).
  const { failed, result } = world.shell
    ? await shellOutcome(world.shell, executable, machine, owner)
    : commandOutcome(executable, machine, world.files, owner);
  const tags = ["command", machine];
  return accepted(world.tasks.add(owner, tags, () => result, { failed, delayMs: world.commandDelayMs }));
}

function submitJob({ form, params, owner, world }: Call): Reply {
  const job = form?.get("job");
  const isPath = parseBoolean(form?.get("isPath") ?? null);
  // The description's form schema has already been checked; this covers descriptions without one.
  if (!job || isPath === undefined)
    return validationError([
      { loc: ["body", job ? "isPath" : "job"], msg: "field required", type: "value_error.missing" },
    ]);
  return accepted(world.jobs.submit(owner, params.machine!, { job, isPath, args: form!.getAll("args") }));
}

function readJobs({ params, query, owner, world }: Call): Reply {
  const output = world.jobs.rows(owner, params.machine!, {
    sacct: isSet(query, "sacct"),
    filters: query.getAll("kwargs"),
    index: parseInteger(query.get("index")),
    limit: parseInteger(query.get("limit")),
  });
  return reply(200, { status: "OK", output, error: null });
}

/** The facility's acknowledgement of asynchronous work: the task to poll. */
function accepted(taskId: string): Reply {
  return reply(200, { task_id: taskId, status: "OK", error: null });
}

function found(value: unknown, id: string): Reply {
  return value === undefined ? detail(404, `no task ${JSON.stringify(id)} for this user`) : reply(200, value);
}

function isSet(query: URLSearchParams, name: string): boolean {
  return parseBoolean(query.get(name)) === true;
}
