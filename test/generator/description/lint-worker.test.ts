// The lint that read.ts runs on a worker thread (for large descriptions; forced here with a threshold of 0) finds
// exactly what the same lint finds in process, for JSON and YAML.
import { BaseResolver, createConfig, lintDocument, Source } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { prepareLint } from "../../../generator/description/lint.js";
import { description } from "../../support/descriptions.js";

const rules = { struct: "error", "no-unresolved-refs": "error" } as const;

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

async function inProcess(text: string, parsed: unknown) {
  const config = await createConfig({ rules });
  const problems = await lintDocument({
    document: { source: new Source("/spec.json", text), parsed: parsed as object },
    config: config.styleguide,
    externalRefResolver: new BaseResolver(config.resolve),
  });
  return problems.map((p) => ({
    severity: p.severity,
    ruleId: p.ruleId,
    message: p.message,
    pointer: p.location[0]?.pointer,
  }));
}

const simplify = ({ problems }: Awaited<ReturnType<ReturnType<typeof prepareLint>["run"]>>) =>
  problems.map((p) => ({
    severity: p.severity,
    ruleId: p.ruleId,
    message: p.message,
    pointer: p.location?.[0]?.pointer,
  }));

describe("lint on a worker thread", () => {
  it("reports the same problems as in process (JSON)", async () => {
    const text = JSON.stringify(broken);
    const expected = await inProcess(text, broken);
    expect(expected.map((p) => p.ruleId)).toEqual(expect.arrayContaining(["struct", "no-unresolved-refs"]));
    expect(simplify(await prepareLint({ text, absoluteRef: "/spec.json", json: true, rules }, 0).run(broken))).toEqual(
      expected,
    );
  });

  it("parses YAML itself and reports the same problems", async () => {
    const expected = await inProcess(JSON.stringify(broken), broken);
    const found = simplify(
      await prepareLint({ text: stringify(broken), absoluteRef: "/spec.yaml", json: false, rules }, 0).run(broken),
    );
    expect(found.map(({ ruleId, message, pointer }) => ({ ruleId, message, pointer }))).toEqual(
      expected.map(({ ruleId, message, pointer }) => ({ ruleId, message, pointer })),
    );
  });

  it("finds nothing in a valid description", async () => {
    const valid = description({ "GET /ok": {} });
    expect(
      await prepareLint({ text: JSON.stringify(valid), absoluteRef: "/ok.json", json: true, rules }, 0).run(valid),
    ).toEqual({ problems: [], bundlerChanges: [] });
  });
});
