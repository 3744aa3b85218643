// diff reads schemas: parameters, request bodies and responses, through $ref, allOf, oneOf/anyOf, arrays and nested
// objects, each change classed for a client by direction. Small pairs, one kind of change each; then the facility's
// own changes (test/fixtures/diff/nersc-history) and two published versions of the Swagger Petstore (test/fixtures/diff/petstore).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDiff } from "../../../../generator/commands/diff.js";
import type { LoadedDescription } from "../../../../generator/description/read.js";
import { buildModel } from "../../../../generator/model/model.js";
import type { Change, DiffReport, SchemaChange } from "../../../../generator/reports/diff/diff.js";
import { diffModels } from "../../../../generator/reports/diff/diff.js";
import { describeChange } from "../../../../generator/reports/diff/markdown.js";
import { description } from "../../../support/descriptions.js";
import { root } from "../../../support/project.js";

const model = (doc: Record<string, any>) => {
  const loaded: LoadedDescription = {
    source: "x.json",
    document: doc,
    text: "",
    sha256: "0".repeat(64),
    version: { info: String(doc.info.version) },
  };
  return buildModel(loaded, { levels: ["green", "red"] });
};

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const ok = (schema: unknown) => ({ responses: { "200": { description: "OK", ...json(schema) } } });
const withSchemas = (ops: Record<string, Record<string, unknown>>, schemas: Record<string, unknown>) =>
  description(ops, { components: { schemas } });

/** The schema changes of the one changed operation, as [change, where, field, breaking]. */
function schemaChanges(before: Record<string, any>, after: Record<string, any>) {
  const report = diffModels(model(before), model(after));
  const changes = report.changed.flatMap((c) => c.changes);
  return changes
    .filter((c): c is SchemaChange => c.kind === "schema")
    .map((c) => [
      c.change,
      c.parameter ? `${c.in} ${c.parameter.name}` : `${c.in} ${c.status ?? ""}`.trim(),
      c.field,
      c.breaking,
    ]);
}

const host = () => ({
  parameters: [{ name: "machine", in: "path", required: true, schema: { $ref: "#/components/schemas/PublicHost" } }],
});

describe("schema changes, one kind at a time", () => {
  it("a path parameter's enum loses a value (breaking) or gains one (not), through $ref", () => {
    const doc = (values: string[]) =>
      withSchemas({ "POST /run/{machine}": host() }, { PublicHost: { type: "string", enum: values } });
    expect(schemaChanges(doc(["dtn01", "perlmutter"]), doc(["perlmutter", "login"]))).toEqual([
      ["enum-value-removed", "parameter machine", "", true],
      ["enum-value-added", "parameter machine", "", false],
    ]);
  });

  it("a response field removed deep inside arrays and $refs is breaking, with its dotted path and pointer", () => {
    const doc = (job: Record<string, unknown>) =>
      withSchemas(
        { "GET /jobs": ok({ $ref: "#/components/schemas/JobList" }) },
        {
          JobList: {
            type: "object",
            properties: { output: { type: "array", items: { $ref: "#/components/schemas/Job" } } },
          },
          Job: { type: "object", properties: job },
        },
      );
    const before = doc({ id: { type: "string" }, state: { type: "string" } });
    const after = doc({ id: { type: "string" } });
    const report = diffModels(model(before), model(after));
    const change = report.changed[0]!.changes[0] as SchemaChange;
    expect(change).toMatchObject({
      kind: "schema",
      in: "response",
      status: "200",
      mediaType: "application/json",
      field: "output[].state",
      pointer: "/components/schemas/Job/properties/state",
      side: "old",
      change: "field-removed",
      breaking: true,
    });
    expect(describeChange(change)).toBe(
      "response 200 `output[].state`: field removed (at `/components/schemas/Job/properties/state` in the old description)",
    );
    // The same field removed from a request body breaks nothing for the client.
    const body = (props: Record<string, unknown>) => ({ requestBody: json({ type: "object", properties: props }) });
    expect(
      schemaChanges(
        description({ "POST /jobs": body({ a: { type: "string" }, b: { type: "string" } }) }),
        description({ "POST /jobs": body({ a: { type: "string" } }) }),
      ),
    ).toEqual([["field-removed", "request-body", "b", false]]);
  });

  it("request inputs: made required or added required is breaking; added optional is not", () => {
    const body = (props: Record<string, unknown>, required: string[]) => ({
      requestBody: json({ type: "object", properties: props, required }),
    });
    const before = description({
      "POST /submit": body({ job: { type: "string" }, isPath: { type: "boolean" } }, ["job"]),
    });
    const after = description({
      "POST /submit": body(
        { job: { type: "string" }, isPath: { type: "boolean" }, account: { type: "string" }, note: { type: "string" } },
        ["job", "isPath", "account"],
      ),
    });
    expect(schemaChanges(before, after)).toEqual([
      ["field-required", "request-body", "isPath", true],
      ["field-added", "request-body", "account", true],
      ["field-added", "request-body", "note", false],
    ]);
  });

  it("types: a retyped response field breaks; a request field widened (integer -> number) does not, narrowed does", () => {
    const res = (t: string) => description({ "GET /n": ok({ type: "object", properties: { n: { type: t } } }) });
    expect(schemaChanges(res("string"), res("integer"))).toEqual([["type", "response 200", "n", true]]);
    const req = (t: string) =>
      description({ "POST /n": { requestBody: json({ type: "object", properties: { n: { type: t } } }) } });
    expect(schemaChanges(req("integer"), req("number"))).toEqual([["type", "request-body", "n", false]]);
    expect(schemaChanges(req("number"), req("integer"))).toEqual([["type", "request-body", "n", true]]);
    // A response field that may now be null (OpenAPI 3.0 nullable) is a new type for the client to handle.
    const nullable = description({
      "GET /n": ok({ type: "object", properties: { n: { type: "string", nullable: true } } }),
    });
    expect(schemaChanges(res("string"), nullable)).toEqual([["type", "response 200", "n", true]]);
  });

  it("a required response field made optional breaks (code reads it unconditionally)", () => {
    const res = (required: string[]) =>
      description({ "GET /t": ok({ type: "object", properties: { id: { type: "string" } }, required }) });
    expect(schemaChanges(res(["id"]), res([]))).toEqual([["field-optional", "response 200", "id", true]]);
    expect(schemaChanges(res([]), res(["id"]))).toEqual([["field-required", "response 200", "id", false]]);
  });

  it("allOf members are merged: a field removed from a member is found; an enum behind allOf is compared", () => {
    const doc = (extra: Record<string, unknown>, states: string[]) =>
      withSchemas(
        {
          "GET /task": ok({
            allOf: [
              { $ref: "#/components/schemas/Base" },
              {
                type: "object",
                properties: { status: { type: "string", allOf: [{ $ref: "#/components/schemas/Status" }] } },
              },
            ],
          }),
        },
        {
          Base: { type: "object", properties: { id: { type: "string" }, ...extra } },
          Status: { type: "string", enum: states },
        },
      );
    expect(
      schemaChanges(doc({ owner: { type: "string" } }, ["new", "done"]), doc({}, ["new", "done", "cancelled"])),
    ).toEqual([
      ["field-removed", "response 200", "owner", true],
      ["enum-value-added", "response 200", "status", false],
    ]);
  });

  it("oneOf/anyOf: a new response alternative breaks, a removed request alternative breaks", () => {
    const alt = (refs: string[]) => refs.map((r) => ({ $ref: `#/components/schemas/${r}` }));
    const schemas = {
      A: { type: "object", properties: { a: { type: "string" } } },
      B: { type: "object" },
      C: { type: "object" },
    };
    const res = (refs: string[]) => withSchemas({ "GET /x": ok({ oneOf: alt(refs) }) }, schemas);
    expect(schemaChanges(res(["A", "B"]), res(["A", "B", "C"]))).toEqual([["variant-added", "response 200", "", true]]);
    const req = (refs: string[]) => withSchemas({ "POST /x": { requestBody: json({ anyOf: alt(refs) }) } }, schemas);
    expect(schemaChanges(req(["A", "B"]), req(["A"]))).toEqual([["variant-removed", "request-body", "", true]]);
  });

  it("a recursive schema is compared once per pair and ends; a change below the recursion is found", () => {
    const node = (leaf: string) =>
      withSchemas(
        { "GET /tree": ok({ $ref: "#/components/schemas/Node" }) },
        {
          Node: {
            type: "object",
            properties: {
              name: { type: leaf },
              children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
            },
          },
        },
      );
    expect(schemaChanges(node("string"), node("integer"))).toEqual([["type", "response 200", "name", true]]);
  });

  it("mutual recursion: an operation reaching the cycle from another schema still sees the change, at its own path", () => {
    const doc = (x: string) =>
      withSchemas(
        { "GET /a": ok({ $ref: "#/components/schemas/A" }), "GET /b": ok({ $ref: "#/components/schemas/B" }) },
        {
          A: { type: "object", properties: { x: { type: x }, b: { $ref: "#/components/schemas/B" } } },
          B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } },
        },
      );
    const report = diffModels(model(doc("string")), model(doc("integer")));
    expect(
      report.changed.map((c) => [c.path, c.changes.map((x) => (x.kind === "schema" ? x.field : x.kind)).join()]),
    ).toEqual([
      ["/a", "x"],
      ["/b", "a.x"],
    ]);
  });

  it("a success status removed breaks; an error status removed or any status added does not", () => {
    const doc = (statuses: string[]) =>
      description({ "GET /s": { responses: Object.fromEntries(statuses.map((s) => [s, { description: s }])) } });
    expect(schemaChanges(doc(["200", "404"]), doc(["201", "422"]))).toEqual([
      ["status-removed", "response 200", "", true],
      ["status-removed", "response 404", "", false],
      ["status-added", "response 201", "", false],
      ["status-added", "response 422", "", false],
    ]);
  });

  it("property names that are Object.prototype members are plain fields", () => {
    const res = (props: Record<string, unknown>) =>
      description({ "GET /o": ok({ type: "object", properties: props }) });
    expect(
      schemaChanges(
        res({ constructor: { type: "string" }, valueOf: { type: "string" } }),
        res({ constructor: { type: "integer" } }),
      ),
    ).toEqual([
      ["type", "response 200", "constructor", true],
      ["field-removed", "response 200", "valueOf", true],
    ]);
  });
});

describe("a path parameter renamed in place", () => {
  it("is the same operation, with a stable friendly name and the rename named (breaking for typed calls)", () => {
    const op = (param: string, operationId?: string) => ({
      ...(operationId ? { operationId } : {}),
      parameters: [{ name: param, in: "path", required: true, schema: { type: "string" } }],
    });
    const fastApi = (p: string) => `read_transfer_transfers__${p}__get`;
    const before = description({ "GET /transfers/{transfer_id}": op("transfer_id", fastApi("transfer_id")) });
    // The facility's generator renames the operationId with the path; a hand-kept one keeps the old suffix.
    for (const id of [fastApi("globus_uuid"), fastApi("transfer_id")]) {
      const after = description({ "GET /transfers/{globus_uuid}": op("globus_uuid", id) });
      const report = diffModels(model(before), model(after));
      expect([report.summary.added, report.summary.removed, report.summary.moved]).toEqual([0, 0, 0]);
      const [changed] = report.changed;
      expect([changed!.matchedBy, changed!.was.name, changed!.name]).toEqual([
        "path-parameters",
        "readTransfer",
        "readTransfer",
      ]);
      expect(changed!.changes).toEqual([
        { kind: "path-parameter-renamed", from: "transfer_id", to: "globus_uuid", breaking: true },
      ]);
    }
  });
});

const fixture = (...parts: string[]) => join(root, "test/fixtures/diff", ...parts);
const flat = (report: DiffReport) =>
  report.changed.flatMap((c) =>
    c.changes.map((x: Change) => `${c.method} ${c.path}: ${describeChange(x)}${x.breaking ? " (breaking)" : ""}`),
  );

describe("the facility's own changes (test/fixtures/diff/nersc-history)", () => {
  it("finds cori dropped, TaskStatus widened, TransferResult gone and the Globus parameter renamed", async () => {
    const report = await buildDiff(
      { old: { file: fixture("nersc-history/old.json") }, new: { file: fixture("nersc-history/new.json") } },
      { levels: "green,yellow,red" },
    );
    expect([report.summary.added, report.summary.removed]).toEqual([0, 0]);
    expect(flat(report)).toEqual([
      "GET /storage/globus/transfer/{globus_uuid}: path parameter renamed: `{transfer_id}` -> `{globus_uuid}` (the same operation; typed calls name it) (breaking)",
      "POST /storage/transfer: response 200 schema: `#/components/schemas/TransferResult` -> `#/components/schemas/GlobusTransfer`",
      "POST /storage/transfer: response 200 `task_id`: field removed (at `/components/schemas/TransferResult/properties/task_id` in the old description) (breaking)",
      "POST /storage/transfer: response 200 `transfer_id`: field added: `required` (at `/components/schemas/GlobusTransfer/properties/transfer_id`)",
      'GET /tasks: response 200 `tasks[].status`: enum value added: `"cancelled"` (at `/components/schemas/Task/properties/status`)',
      'GET /tasks/{id}: response 200 `status`: enum value added: `"cancelled"` (at `/components/schemas/Task/properties/status`)',
      'POST /utilities/command/{machine}: path parameter `machine`: enum value removed: `"cori"` (at `/components/schemas/PublicHost`) (breaking)',
    ]);
    expect(report.changed.find((c) => c.path.startsWith("/storage/globus"))?.name).toBe("readGlobusTransfer");
    expect(report.summary.breaking).toBe(3);
  });
});

describe("two published versions of a public API (fixtures/petstore: Swagger Petstore 1.0.19 -> 1.0.26)", () => {
  it("pairs every operation and classes its response changes", async () => {
    const report = await buildDiff(
      {
        old: { file: fixture("petstore/openapi-1.0.19.yaml") },
        new: { file: fixture("petstore/openapi-1.0.26.yaml") },
      },
      { policy: "method" },
    );
    expect([report.summary.added, report.summary.removed, report.summary.moved]).toEqual([0, 0, 0]);
    expect(report.changed.every((c) => c.matchedBy === "method-path")).toBe(true);
    const lines = flat(report);
    // 1.0.26 documents answers 1.0.19 left out, and drops the 405s: nothing a client relied on.
    expect(lines).toContain(
      "POST /pet: response 405: response status removed (at `/paths/~1pet/post/responses/405` in the old description)",
    );
    expect(lines).toContain("POST /user: response 200: response status added (at `/paths/~1user/post/responses/200`)");
    expect(lines).toContain(
      "POST /user: response default: response media type removed `application/json` (at `/paths/~1user/post/responses/default/content/application~1json` in the old description)",
    );
    expect(report.summary.breaking).toBe(0);
  });
});
