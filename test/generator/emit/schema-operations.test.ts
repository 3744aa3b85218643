// schema.d.ts's `operations` interface is built in one step (emit/schema.ts operationsCollector), not copied once per
// operation as openapi-typescript's injectOperationObject does: the same text, in time linear in the operations.
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { loadOpenapiTypescript, loadTypescriptOf } from "../../../generator/description/cjs.js";
import { emitSchema } from "../../../generator/emit/schema.js";
import { description } from "../../support/descriptions.js";

const ts = loadTypescriptOf();
const factory = ts.factory as { createNodeArray: (...args: any[]) => unknown };
const original = factory.createNodeArray;
afterEach(() => {
  factory.createNodeArray = original;
});

/** `n` operations, one in three without an operationId (inlined, not in `operations`), one id needing quotes. */
function manyOperations(n: number) {
  const ops: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < n; i++) {
    ops[`GET /things${i}/{id}`] = {
      ...(i % 3 === 1 ? {} : { operationId: i === 5 ? `thing-${i}/"quoted"` : `readThing${i}` }),
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: { type: "integer" } } } },
      },
    };
  }
  return description(ops);
}

describe("schema.d.ts's operations", () => {
  it("are the text openapi-typescript's own openapiTS() prints, in its order", async () => {
    const ots = await loadOpenapiTypescript();
    for (const doc of [manyOperations(40), manyOperations(2), description({ "GET /a": {} })]) {
      const theirs =
        ots.COMMENT_HEADER +
        ots.astToString(await ots.default(structuredClone(doc) as never, { silent: true, defaultNonNullable: false }));
      expect(await emitSchema(structuredClone(doc))).toBe(theirs);
    }
    const text = await emitSchema(manyOperations(40));
    expect(text.match(/^ {4}readThing\d+: \{$/gm)).toHaveLength(26);
    expect(text).toContain('    "thing-5/\\"quoted\\"": {');
  });

  it("are listed once, not copied per operation (nodes handed to createNodeArray grow linearly)", async () => {
    const handed = async (n: number) => {
      const doc = manyOperations(n);
      let elements = 0;
      factory.createNodeArray = function (this: unknown, ...args: any[]) {
        elements += Array.isArray(args[0]) ? args[0].length : 0;
        return original.apply(this, args);
      };
      try {
        await emitSchema(doc);
      } finally {
        factory.createNodeArray = original;
      }
      return elements;
    };
    const small = await handed(300);
    const large = await handed(1200);
    // Copying the list per operation hands over n^2/3 nodes: 16 times more for 4 times the operations.
    expect(large / small).toBeLessThan(5);
  });

  it("still need collecting: openapi-typescript copies the whole list per operation (drop the collector once not)", async () => {
    const ots = createRequire(import.meta.url)("openapi-typescript") as { injectOperationObject: () => void };
    expect(String(ots.injectOperationObject)).toMatch(/\[\s*\.\.\.operations\.members,/);
  });
});
