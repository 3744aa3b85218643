/**
 * The facility's answers validate against the description: schema examples (for operations it does not know) and
 * every answer of a session that calls each operation of the bundled description, jobs and tasks in each of their
 * states included, are put into a copy of the description as media-type examples of the status they came with, and
 * Redocly's `no-invalid-media-type-examples` rule (ajv, with OpenAPI 3.0's nullable) checks them all, extra
 * properties counting as errors.
 */

import { BaseResolver, createConfig, lintDocument, Source } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../../../generator/description/document.js";
import { operationObjectOf } from "../../../generator/description/document.js";
import { exampleFor, responseExample } from "../../../generator/facility/examples.js";
import { Router } from "../../../generator/facility/routes.js";
import { loadModel } from "../../../generator/model/model.js";
import { api, form, testClient, useFacility } from "../../support/facility.js";

async function exampleProblems(doc: OpenApiDocument): Promise<string[]> {
  const config = await createConfig({
    rules: { "no-invalid-media-type-examples": { severity: "error", allowAdditionalProperties: false } },
  });
  const text = JSON.stringify(doc);
  const problems = await lintDocument({
    document: { source: new Source("examples.json", text), parsed: doc },
    config: config.styleguide,
    externalRefResolver: new BaseResolver(config.resolve),
  });
  return problems
    .filter((p) => p.ruleId === "no-invalid-media-type-examples")
    .map((p) => `${p.location[0]?.pointer}: ${p.message}`);
}

describe("response examples", () => {
  it("every operation of the bundled description gets a 200 example that validates against its schema", async () => {
    const model = await loadModel({});
    const doc = structuredClone(model.description.document);
    let checked = 0;
    for (const op of model.operations) {
      const example = responseExample(model.description.document, op);
      expect(example?.status, `${op.method} ${op.path}`).toBe(200);
      operationObjectOf(doc, op.path, op.method)!.responses["200"].content["application/json"].example = example!.body;
      checked++;
    }
    expect(checked).toBe(31);
    expect(await exampleProblems(doc)).toEqual([]);
  });

  it("the check itself catches a wrong example (a task status outside the enum)", async () => {
    const model = await loadModel({});
    const doc = structuredClone(model.description.document);
    operationObjectOf(doc, "/tasks/{id}", "get")!.responses["200"].content["application/json"].example = {
      id: "1",
      status: "running",
      result: null,
    };
    const problems = await exampleProblems(doc);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("/paths/~1tasks~1{id}/get");
  });

  it("follows $refs, takes the first enum value, merges allOf and stops at reference cycles", () => {
    const doc: OpenApiDocument = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      components: {
        schemas: {
          Node: {
            type: "object",
            required: ["name"],
            properties: {
              name: { type: "string", minLength: 8 },
              child: { $ref: "#/components/schemas/Node" },
              kids: { type: "array", items: { $ref: "#/components/schemas/Node" } },
            },
          },
          Color: { type: "string", enum: ["green", "red"] },
          Both: {
            allOf: [
              { type: "object", properties: { a: { type: "integer", minimum: 3 } } },
              { type: "object", properties: { b: { $ref: "#/components/schemas/Color" } } },
            ],
          },
        },
      },
    };
    expect(exampleFor(doc, { $ref: "#/components/schemas/Node" })).toEqual({ name: "stringxx", kids: [] });
    expect(exampleFor(doc, { $ref: "#/components/schemas/Both" })).toEqual({ a: 3, b: "green" });
    expect(exampleFor(doc, { type: "string", format: "date-time" })).toBe("2025-01-01T00:00:00Z");
    expect(exampleFor(doc, { type: "array", items: { type: "boolean" }, minItems: 2 })).toEqual([false, false]);
  });

  it("stays small whatever a description asks: shared $refs ten wide and seven deep, a billion items or characters", () => {
    // Level k has ten required properties, each a $ref to level k + 1: 10^7 strings if every reference were expanded.
    const levels = 7;
    const schemas: Record<string, unknown> = { L7: { type: "string" } };
    for (let k = 0; k < levels; k++) {
      const properties = Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`p${i}`, { $ref: `#/components/schemas/L${k + 1}` }]),
      );
      schemas[`L${k}`] = { type: "object", required: Object.keys(properties), properties };
    }
    const doc: OpenApiDocument = { openapi: "3.1.0", info: { title: "t", version: "1" }, components: { schemas } };
    const wide = exampleFor(doc, { $ref: "#/components/schemas/L0" }) as Record<string, Record<string, unknown>>;
    expect(Object.keys(wide)).toHaveLength(10);
    expect(Object.keys(wide.p0!)).toHaveLength(10); // the shape is there near the top
    expect(JSON.stringify(wide).length).toBeLessThan(1_000_000);
    expect(JSON.stringify(wide)).toContain("null"); // past the budget, required properties are null, as at a cycle

    expect(exampleFor(doc, { type: "array", minItems: 1e9, items: { type: "integer" } })).toHaveLength(100);
    expect(exampleFor(doc, { type: "string", minLength: 1e9 })).toHaveLength(10_000);
    // Arrays in arrays: every copy is paid for, so 100 x 100 x 100 items do not get built.
    const nested = {
      type: "array",
      minItems: 100,
      items: { type: "array", minItems: 100, items: { type: "array", minItems: 100, items: { type: "boolean" } } },
    };
    const cube = exampleFor(doc, nested) as boolean[][][];
    expect(cube.flat(2).length).toBeLessThanOrEqual(10_000);
    expect(cube[0]![0]).toHaveLength(100);
  });
});

describe("the facility's answers", () => {
  const DELAY_MS = 1_000;
  const fixture = useFacility({ levels: "green,yellow,red", taskDelayMs: DELAY_MS });

  it("every answer of a session calling each operation (jobs and tasks in every state, 422s too) validates against its schema", async () => {
    const { facility, clock } = fixture;
    const token = await fixture.token(await testClient(facility, "red", { globus: true }));
    const router = new Router(facility.model.operations);
    /** `METHOD template` -> status -> bodies answered. */
    const answers = new Map<string, Map<number, unknown[]>>();
    const call = async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const match = router.match(method, path.split("?")[0]!);
      if (match.kind !== "operation") throw new Error(`${method} ${path} is no operation`);
      const { status, body } = await api(facility, path, { ...init, token });
      const key = `${method} ${match.operation.path}`;
      const byStatus = answers.get(key) ?? answers.set(key, new Map()).get(key)!;
      byStatus.set(status, [...(byStatus.get(status) ?? []), body]);
      return body;
    };
    const taskResult = async (id: string) => JSON.parse((await call(`/tasks/${id}`)).result);
    const jobViews = async (jobid: string) => {
      await call(`/compute/jobs/perlmutter/${jobid}?cached=false`);
      await call(`/compute/jobs/perlmutter/${jobid}?sacct=true`);
      await call(`/compute/jobs/perlmutter?kwargs=jobid%3D${jobid}&sacct=false&cached=false`);
      await call("/compute/jobs/perlmutter?kwargs=user%3Dmockuser&index=0&limit=5");
      await call("/compute/jobs/perlmutter?sacct=true");
    };

    // Submissions, a command and a transfer, all still new; one submission cancelled before it completes.
    const inline = (
      await call(
        "/compute/jobs/perlmutter",
        form({ job: "#!/bin/bash\n#SBATCH -J hello\n#SBATCH -t 10:00\nsrun hostname\n", isPath: "false" }),
      )
    ).task_id;
    const script = (
      await call(
        "/compute/jobs/perlmutter",
        form({ job: "/global/homes/m/mockuser/job.sh", isPath: "true", args: ["a", "b"] }),
      )
    ).task_id;
    const command = (await call("/utilities/command/dtn01", form({ executable: "hostname" }))).task_id;
    const failing = (await call("/utilities/command/dtn01", form({ executable: "sfapi-mock task-failed" }))).task_id;
    const exited = (await call("/utilities/command/dtn01", form({ executable: "exit 4" }))).task_id;
    const refused = (
      await call("/compute/jobs/perlmutter", form({ job: "#!/bin/bash\n#SFAPI-MOCK submit=error\n", isPath: "false" }))
    ).task_id;
    const timeout = (
      await call("/compute/jobs/perlmutter", form({ job: "#!/bin/bash\n#SFAPI-MOCK state=TIMEOUT\n", isPath: "false" }))
    ).task_id;
    const dropped = (
      await call("/compute/jobs/perlmutter", form({ job: "/global/homes/m/mockuser/job.sh", isPath: "true" }))
    ).task_id;
    await call(`/tasks/${dropped}`, { method: "DELETE" });
    await call(`/tasks/${inline}`);
    await call("/tasks?tags=");
    await call("/compute/jobs/perlmutter");

    // The tasks complete: jobs pending, then running; one is cancelled, the other completes and then cannot be.
    clock.advance(DELAY_MS);
    const first = (await taskResult(inline)).jobid as string;
    const second = (await taskResult(script)).jobid as string;
    for (const id of [command, failing, exited, refused]) await call(`/tasks/${id}`);
    const timedOut = (await taskResult(timeout)).jobid as string;
    await jobViews(first);
    clock.advance(DELAY_MS);
    await jobViews(first);
    const cancel = (await call(`/compute/jobs/perlmutter/${first}`, { method: "DELETE" })).task_id;
    clock.advance(DELAY_MS);
    await taskResult(cancel);
    await jobViews(first);
    await jobViews(second);
    const late = (await call(`/compute/jobs/perlmutter/${second}`, { method: "DELETE" })).task_id;
    clock.advance(DELAY_MS);
    await taskResult(late);
    await jobViews("98765432");
    await jobViews(timedOut);
    await call("/tasks");

    // Requests the facility refuses as FastAPI would.
    await call("/compute/jobs/perlmutter", form({ job: "x", isPath: "maybe" }));
    await call("/compute/jobs/perlmutter?sacct=maybe");
    await call("/utilities/command/laptop", form({ executable: "hostname" }));
    await call("/account/groups", form({}));

    // The stateless operations, each echoing what it was asked.
    for (const path of [
      "/status/",
      "/status/perlmutter",
      "/status/notes",
      "/status/notes/perlmutter",
      "/status/outages",
      "/status/outages/community_filesystem",
      "/status/outages/planned",
      "/status/outages/planned/archive",
    ])
      await call(path);
    for (const path of [
      "/account/",
      "/account/?username=alice",
      "/account/projects",
      "/account/roles",
      "/account/groups",
      "/account/groups/m1234",
      "/account/clients",
      "/meta/changelog",
      "/meta/config",
    ])
      await call(path);
    await call("/account/groups", form({ name: "mygrp", repo_name: "m1234" }));
    await call("/account/groups/mygrp", form({ usernames: "alice,bob", action: "batch_add" }, "PUT"));
    await call("/account/groups/mygrp", form({ usernames: "mockuser", action: "batch_remove" }, "PUT"));
    await call("/utilities/ls/perlmutter/%2Fglobal%2Fhomes%2Fm%2Fmockuser");
    await call("/utilities/ls/perlmutter/%2Fglobal%2Fhomes%2Fm%2Fmockuser%2Fjob.sh");
    await call("/utilities/download/dtn01/%2Fetc%2Fmotd");
    await call("/utilities/download/dtn01/%2Fetc%2Fmotd?binary=true");
    const upload = new FormData();
    upload.append("file", new Blob(["echo hello\n"]), "hello.sh");
    await call("/utilities/upload/dtn01/%2Fglobal%2Fhomes%2Fm%2Fmockuser%2Fhello.sh", { method: "PUT", body: upload });
    // The stored file, listed, downloaded, and an upload refused (a directory is in the way).
    await call("/utilities/ls/dtn01//global/homes/m/mockuser/hello.sh");
    await call("/utilities/ls/dtn01//global/homes/m/mockuser");
    await call("/utilities/download/dtn01//global/homes/m/mockuser/hello.sh?binary=true");
    await call("/utilities/upload/dtn01//global/homes/m/mockuser", { method: "PUT", body: upload });
    const globus = async (label: string) =>
      (
        await call(
          "/storage/globus/transfer",
          form({ source_uuid: "dtn", target_uuid: "perlmutter", source_dir: "/a", target_dir: "/b", label }),
        )
      ).transfer_id;
    const transfers = [
      await globus(""),
      await globus("#SFAPI-MOCK state=FAILED"),
      await globus("#SFAPI-MOCK state=CANCELED"),
    ];
    for (const id of transfers) await call(`/storage/globus/transfer/${id}`);
    clock.advance(DELAY_MS);
    for (const id of transfers) await call(`/storage/globus/transfer/${id}`);

    const doc = structuredClone(facility.model.description.document);
    let checked = 0;
    for (const op of facility.model.operations) {
      const byStatus = answers.get(`${op.method.toUpperCase()} ${op.path}`);
      expect(byStatus?.get(200)?.length, `no 200 answer for ${op.method} ${op.path}`).toBeGreaterThan(0);
      for (const [status, bodies] of byStatus!) {
        const media = operationObjectOf(doc, op.path, op.method)!.responses[String(status)]?.content?.[
          "application/json"
        ];
        expect(
          media,
          `${op.method} ${op.path} answered ${status}, which the description does not declare`,
        ).toBeDefined();
        media.examples = Object.fromEntries(bodies.map((value, i) => [`answer${i}`, { value }]));
        checked += bodies.length;
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(await exampleProblems(doc)).toEqual([]);
  });
});
