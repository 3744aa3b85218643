// The validation that replaced redocly's lint (lint.ts): the OpenAPI schema's rules, compiled at build time, refuse
// only what makes our reading of a description a guess, in the words redocly used, with a JSON pointer; rules that
// only judge style are warnings (docs/generate.md, "What refuses a description").
import { describe, expect, it } from "vitest";
import { lint } from "../../../generator/description/lint.js";
import { loadDescription } from "../../../generator/description/read.js";
import { description, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

type Doc = Record<string, any>;
const errors = (doc: Doc) => lint(doc).problems.filter((p) => p.severity === "error");
const warnings = (doc: Doc) => lint(doc).problems.filter((p) => p.severity === "warn");

/** Two structural errors and an unresolved $ref. */
const broken = description({
  "GET /a": {
    summary: 42,
    responses: {
      "200": {
        description: "OK",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Missing" } } },
      },
    },
  },
  "POST /b": { parameters: [{ name: "x", in: "nowhere" }] },
});

describe("errors: what would make the model or the types a guess", () => {
  it("names each with its pointer, in redocly's words", () => {
    expect(errors(broken).map(({ message, pointer }) => [message, pointer])).toEqual([
      ["Expected type `string` but got `number`.", "/paths/~1a/get/summary"],
      [
        '`in` can be one of the following only: "path", "query", "header", "cookie".',
        "/paths/~1b/post/parameters/0/in",
      ],
      ["Can't resolve $ref", "/paths/~1a/get/responses/200/content/application~1json/schema"],
    ]);
  });

  it("checks OpenAPI 3.1 descriptions against 3.1's schema", () => {
    const doc = { ...description({ "GET /a": { parameters: [{ name: "q", in: "body" }] } }), openapi: "3.1.0" };
    expect(errors(doc).map((p) => p.pointer)).toEqual(["/paths/~1a/get/parameters/0/in"]);
    expect(errors({ ...description({ "GET /a": {} }), openapi: "3.1.0" })).toEqual([]);
  });

  it("a $ref met part-way along another resolves, as redocly resolves it", () => {
    const doc = description(
      { "GET /a": {} },
      {
        components: {
          schemas: { A: { $ref: "#/components/schemas/B" }, B: { properties: { c: { type: "string" } } } },
        },
      },
    );
    doc.components.schemas.D = { $ref: "#/components/schemas/A/properties/c" };
    doc.components.schemas.E = { $ref: "#/components/schemas/A/properties/nope" };
    expect(errors(doc).map((p) => [p.message, p.pointer])).toEqual([["Can't resolve $ref", "/components/schemas/E"]]);
  });
});

describe("warnings: rules that only judge style", () => {
  // Google Cloud Build's description was refused with "Property `source` is not expected here" (issue 43).
  const styled = description({
    "GET /x": { source: "yes", parameters: [{ name: "q", in: "query", schema: { type: "string", bogus: 1 } }] },
  });
  styled.info = { version: "1" };

  it("unknown fields and missing fields we never read are warnings with their pointers, not errors", () => {
    expect(errors(styled)).toEqual([]);
    expect(warnings(styled).map(({ message, pointer }) => [message, pointer])).toEqual([
      ["The field `title` must be present on this level.", "/info"],
      ["Property `source` is not expected here.", "/paths/~1x/get/source"],
      ["Property `bogus` is not expected here.", "/paths/~1x/get/parameters/0/schema/bogus"],
    ]);
  });

  it("loads such a description and hands its warnings to the caller", async () => {
    const loaded = await loadDescription({ file: writeJson(tempDir("lint-"), "styled.json", styled) });
    expect(loaded.warnings).toEqual([
      expect.stringMatching(/styled\.json: The field `title` must be present on this level\. \(at \/info;/),
      expect.stringMatching(/Property `source` is not expected here\. \(at \/paths\/~1x\/get\/source;/),
      expect.stringMatching(/Property `bogus` is not expected here\./),
    ]);
  });

  it("a valid description has neither", () => {
    expect(lint(description({ "GET /ok": {} }))).toEqual({ problems: [], bundlerChanges: [] });
  });
});
