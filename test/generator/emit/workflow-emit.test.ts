/**
 * The workflow layer is generated only where the description has its operations (matched by method and path): all of
 * them (the bundled description), some (only the job query: `job` and `jobs`), none (no `compute`), or an operation
 * named `compute` (which keeps the name; no helpers). The generated client type-checks in each case.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emitContext, generate } from "../../../generator/commands/generate.js";
import { workflowSpec } from "../../../generator/emit/workflow.js";
import { loadModel } from "../../../generator/model/model.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { root, tempDir } from "../../support/project.js";
import { typeCheckClients } from "../../support/typecheck.js";

const machine = { name: "machine", in: "path", required: true, schema: { type: "string", enum: ["perlmutter"] } };
const scoped = (level: string) => ({ ...secured, "x-nersc-scope": level, parameters: [machine] });
const levels = ["green", "red"];

async function specOf(ops: Record<string, Record<string, unknown>>) {
  const file = writeJson(tempDir("wf-emit-"), "d.json", description(ops));
  return workflowSpec(emitContext(await loadModel({ file }, { levels })));
}

describe("the workflow layer follows the description", () => {
  it("the bundled description has every helper's operations", async () => {
    const model = await loadModel({ file: join(root, "generator/descriptions/v1.2.json") });
    expect(workflowSpec(emitContext(model))).toEqual({
      runCommand: "runCommand",
      submitJob: "submitJob",
      readJobs: "readJobs",
      cancelJob: "cancelJob",
      readDirectory: "readDirectory",
      downloadFile: "downloadFile",
      uploadFile: "uploadFile",
      cancelTask: "cancelTask",
      readOutagesOf: "readOutage",
      readPlannedOutagesOf: "readPlannedOutagesGet",
      readUser: "readUser",
      readProjects: "readProjects",
      readRoles: "readRoles",
      readGroups: "readGroups",
      createGroup: "createGroup",
      readGroup: "readGroup",
      updateGroup: "updateGroupMembership",
      readClients: "readClients",
      readStatuses: "readStatuses",
      readStatus: "readStatus",
      readNotes: "readNotes",
      readNotesOf: "readNote",
      readOutages: "readOutages",
      readPlannedOutages: "readPlannedOutages",
      startTransfer: "startGlobusTransfer",
      readTransfer: "checkGlobusTransfer",
      readChangelog: "readChangelog",
      readConfig: "readConfig",
      readTask: "readTask",
    });
  });

  it("an operation named after a client helper (user) keeps its name: that helper's operations are not used", async () => {
    expect(
      await specOf({
        "GET /account/": { ...scoped("green"), operationId: "user" },
        "GET /account/groups": scoped("green"),
        "GET /meta/config": {},
      }),
    ).toEqual({ readConfig: expect.any(String) });
  });

  it("only the job query: job and jobs, typed; no run, and no compute without any helper operation", async () => {
    expect(await specOf({ "GET /compute/jobs/{machine}": { ...scoped("green"), operationId: "listJobs" } })).toEqual({
      readJobs: "listJobs",
    });
    expect(await specOf({ "GET /status": {} })).toEqual({});
    // A command without a task operation to wait on gives no `run`.
    expect(await specOf({ "POST /utilities/command/{machine}": scoped("red") })).toEqual({
      runCommand: expect.any(String),
    });
  });

  it("an operation named compute keeps its name: no helpers", async () => {
    expect(
      await specOf({
        "GET /compute/jobs/{machine}": scoped("green"),
        "POST /compute": { ...secured, operationId: "compute" },
      }),
    ).toEqual({});
  });

  it("generated clients with some, none or all helpers type-check", async () => {
    const outs: string[] = [];
    const cases: Record<string, Record<string, unknown>>[] = [
      { "GET /compute/jobs/{machine}": scoped("green") },
      { "GET /compute/jobs/{machine}": scoped("green"), "POST /compute": { ...secured, operationId: "compute" } },
      {
        "POST /utilities/command/{machine}": scoped("red"),
        "GET /tasks/{id}": { ...secured, "x-nersc-scope": "green" },
      },
      { "GET /account/": scoped("green"), "GET /status/{name}": {}, "POST /storage/globus/transfer": scoped("red") },
    ];
    for (const ops of cases) {
      const dir = tempDir("wf-gen-");
      const file = writeJson(dir, "d.json", description(ops));
      await generate({ file, out: join(dir, "client"), levels });
      outs.push(join(dir, "client"));
    }
    expect(typeCheckClients(outs)).toEqual([]);
  });
});
