// schema.d.ts is transformed in a context made by hand (emit/schema.ts transformContext), not by openapiTS(), whose
// lint and bundle need redocly. Here openapiTS() runs as it did before, with a redocly config, on small descriptions
// under several sets of options, and a `transform` hook reads its context: the hand-made one must hold the same
// fields with the same values, so that a field openapi-typescript adds or a default it changes fails here.
import type { GlobalContext, OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import { beforeAll, describe, expect, it } from "vitest";
import type { OpenapiTypescript } from "../../../generator/description/cjs.js";
import { loadOpenapiTypescript, loadRedocly } from "../../../generator/description/cjs.js";
import { emitSchema, SCHEMA_OPTIONS, transformContext } from "../../../generator/emit/schema.js";

/** Schemas with a discriminator (with a mapping and without), `allOf`s of it and `$ref`s: what the context scans. */
const DOCUMENT: OpenAPI3 = {
  openapi: "3.0.3",
  info: { title: "context", version: "1" },
  paths: {},
  components: {
    schemas: {
      Pet: {
        type: "object",
        required: ["kind"],
        properties: { kind: { type: "string" }, name: { type: "string", default: "x" } },
        discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } },
      },
      Cat: {
        type: "object",
        allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { claws: { type: "boolean" } } }],
      },
      Dog: { type: "object", allOf: [{ $ref: "#/components/schemas/Pet" }] },
      Shape: {
        type: "object",
        oneOf: [{ $ref: "#/components/schemas/Square" }],
        discriminator: { propertyName: "form" },
      },
      Square: { type: "object", properties: { form: { type: "string" }, side: { type: "number" } } },
    },
  },
};

/** Every option openapiTS() reads into its context, each away from its default. */
const EVERY_OPTION: OpenAPITSOptions = {
  additionalProperties: true,
  alphabetize: true,
  arrayLength: true,
  defaultNonNullable: false,
  emptyObjectsUnknown: true,
  enum: true,
  enumValues: true,
  conditionalEnums: true,
  dedupeEnums: true,
  excludeDeprecated: true,
  exportType: true,
  immutable: true,
  rootTypes: true,
  rootTypesNoSchemaPrefix: true,
  rootTypesKeepCasing: true,
  pathParamsAsTypes: true,
  postTransform: () => undefined,
  propertiesRequiredByDefault: true,
  silent: true,
  inject: "type Injected = 1;",
  transformProperty: () => undefined,
  makePathsEnum: true,
  generatePathParams: true,
  readWriteMarkers: true,
};

/** What openapiTS(document, options) hands its `transform` hook as the context, and the options it was called with. */
async function probedContext(
  ots: OpenapiTypescript,
  options: OpenAPITSOptions,
): Promise<{ seen: GlobalContext; options: OpenAPITSOptions }> {
  let seen: GlobalContext | undefined;
  const probed: OpenAPITSOptions = {
    ...options,
    redocly: await loadRedocly().createConfig({ rules: {} }),
    transform: (_schema, { ctx }) => void (seen ??= ctx),
  };
  await ots.default(structuredClone(DOCUMENT), probed);
  if (!seen) throw new Error("openapi-typescript did not call its transform hook");
  return { seen, options: probed };
}

/** A call's value, or its error's message: the resolvers are compared by what they do. */
function outcome(call: () => unknown): unknown {
  try {
    return { value: call() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const REFS = [
  "#/components/schemas/Cat",
  "#/components/schemas/Pet/properties/kind",
  "#/components/schemas/Shape/oneOf/0",
  "#/components/schemas/Nothing",
];

let ots: OpenapiTypescript;
beforeAll(async () => {
  ots = await loadOpenapiTypescript();
});

describe("the transform context made by hand", () => {
  it.each([
    ["sfapi-gen's options", SCHEMA_OPTIONS],
    ["no options", {}],
    ["every option set", EVERY_OPTION],
  ])("is the one openapiTS() makes, field by field, under %s", async (_, given) => {
    const { seen, options } = await probedContext(ots, given);
    const made = transformContext(ots, structuredClone(DOCUMENT), options);
    expect(Object.keys(made).sort()).toEqual(Object.keys(seen).sort());
    for (const key of Object.keys(seen) as (keyof GlobalContext)[]) {
      if (key === "discriminators") {
        expect(made.discriminators).toEqual(seen.discriminators);
        expect(Object.keys(made.discriminators.objects).length).toBeGreaterThan(1);
      } else if (key === "resolve") {
        for (const ref of REFS)
          expect(
            outcome(() => made.resolve(ref)),
            ref,
          ).toEqual(outcome(() => seen.resolve(ref)));
      } else if (key === "injectFooter") {
        // A fresh empty list each time, as openapiTS() starts with (its transform adds operations to it).
        expect(made.injectFooter).toEqual([]);
        expect(made.injectFooter).not.toBe(seen.injectFooter);
      } else {
        // Options and defaults, the hooks and the redocly config: the very values.
        expect(made[key], key).toBe(seen[key]);
      }
    }
  });

  it("gives schema.d.ts openapiTS()'s text for discriminators and $refs", async () => {
    const theirs = ots.COMMENT_HEADER + ots.astToString(await ots.default(structuredClone(DOCUMENT), SCHEMA_OPTIONS));
    expect(theirs).toContain('kind: "Dog";');
    expect(await emitSchema(structuredClone(DOCUMENT) as never)).toBe(theirs);
  });

  it("refuses every read of the redocly config it has none of", () => {
    const made = transformContext(ots, structuredClone(DOCUMENT));
    expect(() => made.redoc.styleguide).toThrow("openapi-typescript read its redocly config's styleguide");
    expect(made.transform).toBeUndefined();
    expect(made.defaultNonNullable).toBe(false);
  });
});
