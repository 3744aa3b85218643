/**
 * Long keys are bounded like the other description limits: the keys leading to a node (its JSON pointer) may hold at
 * most MAX_POINTER_LENGTH characters. Beyond that, redocly's walkers spent time growing faster than key length times
 * the nodes below (a 2,000-parameter path over 20,000 schema nodes: past 120 s); now such a description is refused at
 * once, in one line naming the place, the pointer shortened.
 */
import { describe, expect, test } from "vitest";
import { MAX_POINTER_LENGTH } from "../../../generator/description/limits.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

const dir = tempDir("long-keys-");

function longPath(parameters: number, schemaNodes: number) {
  const names = Array.from({ length: parameters }, (_, i) => `p${i}`);
  const properties = Object.fromEntries(
    Array.from({ length: schemaNodes }, (_, i) => [`f${i}`, { type: "string", description: "x" }]),
  );
  const doc = description({});
  doc.paths[`/${names.map((n) => `{${n}}`).join("/")}`] = {
    get: {
      operationId: "long",
      parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: { type: "object", properties } } } },
      },
    },
  };
  return doc;
}

describe("long keys", () => {
  test("a 2,000-parameter path over 20,000 schema nodes is refused at once, in one line", async () => {
    const file = writeJson(dir, "long-path.json", longPath(2_000, 20_000));
    // Refused by the preflight, before any walker (which used to take minutes here); the test's own timeout bounds it.
    const run = await runCli(["audit", "--file", file]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/the keys leading here are \d+ characters long .*; at most 4096 are accepted/);
    expect(run.stderr).toContain("(at /paths/~1{p0}~1{p1}");
    expect(run.stderr).toMatch(/characters\)\)\n$/);
    expect(run.stderr.length).toBeLessThan(400);
  });

  test("a long property name is refused with its place; keys within the bound are fine", async () => {
    const doc = description({});
    doc.paths["/things"] = {
      get: {
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": {
                schema: { type: "object", properties: { ["k".repeat(MAX_POINTER_LENGTH)]: { type: "string" } } },
              },
            },
          },
        },
      },
    };
    const refused = await runCli(["audit", "--file", writeJson(dir, "long-name.json", doc)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`/properties/${"k".repeat(60)}… (${MAX_POINTER_LENGTH} characters)`);
    // A 200-parameter path (about 1,300 characters) is well within the bound.
    const fine = await runCli(["audit", "--file", writeJson(dir, "fine.json", longPath(200, 10)), "--format", "json"]);
    expect(fine.code, fine.stderr).toBe(0);
    expect(JSON.parse(fine.stdout).summary.total).toBe(1);
  });
});
