/**
 * The facility's example answers validate against the description: every operation's example is put into a copy of
 * the bundled description as its media-type example, and Redocly's `no-invalid-media-type-examples` rule (ajv, with
 * OpenAPI 3.0's nullable) checks them all, extra properties counting as errors.
 */
import { describe, expect, it } from "vitest";
import { BaseResolver, createConfig, lintDocument, Source } from "@redocly/openapi-core";
import { exampleFor, responseExample } from "../../generator/facility/examples.js";
import { loadModel } from "../../generator/model.js";
import type { OpenApiDocument } from "../../generator/load.js";

async function exampleProblems(doc: OpenApiDocument): Promise<string[]> {
  const config = await createConfig({ rules: { "no-invalid-media-type-examples": { severity: "error", allowAdditionalProperties: false } } });
  const text = JSON.stringify(doc);
  const problems = await lintDocument({
    document: { source: new Source("examples.json", text), parsed: doc },
    config: config.styleguide,
    externalRefResolver: new BaseResolver(config.resolve),
  });
  return problems.filter((p) => p.ruleId === "no-invalid-media-type-examples").map((p) => `${p.location[0]?.pointer}: ${p.message}`);
}

describe("response examples", () => {
  it("every operation of the bundled description gets a 200 example that validates against its schema", async () => {
    const model = await loadModel({});
    const doc = structuredClone(model.description.document);
    let checked = 0;
    for (const op of model.operations) {
      const example = responseExample(model.description.document, op);
      expect(example?.status, `${op.method} ${op.path}`).toBe(200);
      doc.paths[op.path][op.method].responses["200"].content["application/json"].example = example!.body;
      checked++;
    }
    expect(checked).toBe(32);
    expect(await exampleProblems(doc)).toEqual([]);
  });

  it("the check itself catches a wrong example (a task status outside the enum)", async () => {
    const model = await loadModel({});
    const doc = structuredClone(model.description.document);
    doc.paths["/tasks/{id}"].get.responses["200"].content["application/json"].example = { id: "1", status: "running", result: null };
    const problems = await exampleProblems(doc);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("/paths/~1tasks~1{id}/get");
  });

  it("follows $refs, takes the first enum value, merges allOf and stops at reference cycles", () => {
    const doc: OpenApiDocument = {
      components: {
        schemas: {
          Node: { type: "object", required: ["name"], properties: { name: { type: "string", minLength: 8 }, child: { $ref: "#/components/schemas/Node" }, kids: { type: "array", items: { $ref: "#/components/schemas/Node" } } } },
          Color: { type: "string", enum: ["green", "red"] },
          Both: { allOf: [{ type: "object", properties: { a: { type: "integer", minimum: 3 } } }, { type: "object", properties: { b: { $ref: "#/components/schemas/Color" } } }] },
        },
      },
    };
    expect(exampleFor(doc, { $ref: "#/components/schemas/Node" })).toEqual({ name: "stringxx", kids: [] });
    expect(exampleFor(doc, { $ref: "#/components/schemas/Both" })).toEqual({ a: 3, b: "green" });
    expect(exampleFor(doc, { type: "string", format: "date-time" })).toBe("2025-01-01T00:00:00Z");
    expect(exampleFor(doc, { type: "array", items: { type: "boolean" }, minItems: 2 })).toEqual([false, false]);
  });
});
