// read.ts skips redocly's bundler when lint.ts's walk saw it would change nothing, and makes its `inline` changes itself:
// whatever it does, the document it hands out must be the one the bundler makes, key order included.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundle, createConfig, Source } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { inlineLikeTheBundler } from "../../../generator/description/bundle.js";
import { lint } from "../../../generator/description/lint.js";
import { loadDescription } from "../../../generator/description/read.js";
import { description } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

const rules = { struct: "error", "no-unresolved-refs": "error" } as const;
const dir = tempDir("bundle-");

/** What redocly's bundler makes of `doc`, as read.ts ran it before it learnt to skip it. */
async function bundled(doc: object, path: string): Promise<unknown> {
  const config = await createConfig({ rules });
  const text = JSON.stringify(doc);
  return (
    await bundle({ config, doc: { source: new Source(path, text), parsed: JSON.parse(text) }, dereference: false })
  ).bundle.parsed;
}

function changesIn(doc: object): unknown[] {
  return lint(structuredClone(doc) as Record<string, unknown>).bundlerChanges;
}

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const schemas = {
  Pet: {
    type: "object",
    properties: { kind: { type: "string" } },
    discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } },
    oneOf: [{ $ref: "#/components/schemas/Cat" }],
  },
  Cat: { type: "object", properties: { kind: { type: "string" } } },
  Alias: { $ref: "#/components/schemas/Cat" },
};

const cases: Record<string, Record<string, any>> = {
  "refs only where refs belong, a discriminator mapping already in place": description(
    { "GET /pets": { responses: { "200": { description: "OK", ...json({ $ref: "#/components/schemas/Pet" }) } } } },
    { components: { schemas } },
  ),
  "a $ref as an example's value (GitHub's description has 20), and as a schema's example": description(
    {
      "GET /pets": {
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": {
                schema: { type: "object", example: { $ref: "#/components/examples/cat/value", note: "kept" } },
                examples: { one: { summary: "s", value: { $ref: "#/components/examples/cat" } } },
              },
            },
          },
        },
      },
    },
    {
      components: {
        examples: { cat: { summary: "a cat", value: { kind: "cat" } } },
        schemas: { Word: { type: "string", example: { $ref: "#/x-words/hello" } } },
      },
      "x-words": { hello: "hello" },
    },
  ),
  "a discriminator mapping through an alias (the bundler re-points it)": description(
    {},
    {
      components: {
        schemas: {
          ...schemas,
          Pet: {
            ...schemas.Pet,
            discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Alias" } },
          },
        },
      },
    },
  ),
  "no components object (the bundler adds one)": { openapi: "3.0.3", info: { title: "t", version: "1" }, paths: {} },
};

describe("bundling without the bundler's walk", () => {
  for (const [name, doc] of Object.entries(cases)) {
    it(`hands out what the bundler makes: ${name}`, async () => {
      const path = join(dir, `${name.replace(/\W+/g, "-")}.json`);
      writeFileSync(path, JSON.stringify(doc));
      const loaded = await loadDescription({ file: path });
      const expected = JSON.stringify(await bundled(doc, path));
      expect(JSON.stringify(loaded.document)).toBe(expected);
      expect(expected === JSON.stringify(doc), "the bundler leaves only the first description as it is").toBe(
        name.startsWith("refs only"),
      );
    });
  }

  it("sees the bundler would change nothing in a plain description, and each change in the others", async () => {
    expect(changesIn(cases["refs only where refs belong, a discriminator mapping already in place"]!)).toEqual([]);
    expect(
      changesIn(cases["a $ref as an example's value (GitHub's description has 20), and as a schema's example"]!),
    ).toEqual([
      {
        kind: "inline",
        at: "#/paths/~1pets/get/responses/200/content/application~1json/schema/example",
        target: "#/components/examples/cat/value",
      },
      {
        kind: "inline",
        at: "#/paths/~1pets/get/responses/200/content/application~1json/examples/one/value",
        target: "#/components/examples/cat",
      },
      { kind: "inline", at: "#/components/schemas/Word/example", target: "#/x-words/hello" },
    ]);
    expect(changesIn(cases["a discriminator mapping through an alias (the bundler re-points it)"]!)).toEqual([
      { kind: "other", at: "#/components/schemas/Pet/discriminator/mapping/cat" },
    ]);
    expect(changesIn(cases["no components object (the bundler adds one)"]!)).toEqual([{ kind: "other", at: "#/" }]);
  });

  it("leaves the document untouched when a change is not one it makes, or does not lead where the lint said", () => {
    const doc = { a: { $ref: "#/b" }, b: { c: 1 } };
    const before = JSON.stringify(doc);
    expect(
      inlineLikeTheBundler(doc, [
        { kind: "inline", at: "#/a", target: "#/b" },
        { kind: "other", at: "#/" },
      ]),
    ).toBe(false);
    expect(inlineLikeTheBundler(doc, [{ kind: "inline", at: "#/a", target: "#/missing" }])).toBe(false);
    expect(inlineLikeTheBundler(doc, [{ kind: "inline", at: "#/b", target: "#/a" }])).toBe(false); // not a $ref there
    expect(JSON.stringify(doc)).toBe(before);
    expect(inlineLikeTheBundler(doc, [{ kind: "inline", at: "#/a", target: "#/b" }])).toBe(true);
    expect(doc).toEqual({ a: { c: 1 }, b: { c: 1 } });
  });
});
