// Real descriptions (GitHub's has 135) put `nullable: true` beside `anyOf`/`allOf` without a `type`. Redocly's
// struct rule reports it; read.ts tolerates exactly that problem, and still refuses every other structural error.
import { describe, expect, it } from "vitest";
import { loadDescription } from "../../../generator/description/read.js";
import { emitSchema } from "../../../generator/emit/schema.js";
import { description, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

/** One operation returning an Installation whose `account` carries the given `nullable` beside an `anyOf`. */
function doc(nullable: unknown) {
  const d = description({
    "GET /installations": {
      responses: {
        "200": {
          description: "OK",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Installation" } } },
        },
      },
    },
  });
  d.components.schemas = {
    User: { type: "object", properties: { login: { type: "string" } } },
    Team: { type: "object", properties: { slug: { type: "string" } } },
    Installation: {
      type: "object",
      properties: {
        account: { nullable, anyOf: [{ $ref: "#/components/schemas/User" }, { $ref: "#/components/schemas/Team" }] },
      },
    },
  };
  return d;
}

describe("nullable without type", () => {
  it("loads, and the types say `| null`", async () => {
    const file = writeJson(tempDir("nullable-"), "spec.json", doc(true));
    const loaded = await loadDescription({ file });
    const types = await emitSchema(loaded.document);
    expect(types).toMatch(
      /account\?: \(components\["schemas"\]\["User"\] \| components\["schemas"\]\["Team"\]\) \| null;/,
    );
  });

  it("still refuses another structural error at the same place", async () => {
    const file = writeJson(tempDir("nullable-"), "spec.json", doc("yes"));
    await expect(loadDescription({ file })).rejects.toThrow(
      /Expected type `boolean` but got `string`.*\/components\/schemas\/Installation\/properties\/account\/nullable/,
    );
  });
});
