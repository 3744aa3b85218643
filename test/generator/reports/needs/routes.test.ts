/**
 * Red team round 5, literal siblings (issue 44, item 6 for item 3): with `GET /things/{id}` green and
 * `GET /things/secret` red, `readThing({ path: { id: "secret" } })` is readSecret to the guard, so `needs` may not say
 * green: a call by name or template (whose path values `needs` does not see) needs every operation it may fall on, and
 * a concrete path every template it matches, as the guard. Also a route (templates equal but for their names): its whole level.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/report.js";
import { runCli } from "../../../support/cli.js";
import { description, pathParam, secured, writeJson } from "../../../support/descriptions.js";
import { root, tempDir } from "../../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const green = { ...secured, "x-nersc-scope": "green" };
const red = { ...secured, "x-nersc-scope": "red" };

const doc = description({
  "GET /things/{id}": { ...green, operationId: "readThing", parameters: [pathParam("id")] },
  "GET /things/secret": { ...red, operationId: "readSecret" },
  "GET /items/{aid}": { ...green, operationId: "readItemA", parameters: [pathParam("aid")] },
  "GET /items/{zname}": { ...red, operationId: "readItemZ", parameters: [pathParam("zname")] },
  "GET /plain/{id}": { ...green, operationId: "readPlain", parameters: [pathParam("id")] },
});

const files: Record<string, string> = {
  "by-name.ts": `import { createClient } from "../client/index.js";
const c = createClient({ color: "red", accessToken: "t" });
export const probe = () => c.readThing({ path: { id: "secret" } });
`,
  "by-template.ts": `import { createClient } from "../client/index.js";
const c = createClient({ color: "red", accessToken: "t" });
export const probe = (id: string) => c.GET("/things/{id}", { params: { path: { id } } });
`,
  "concrete.ts": `import { createClient } from "../client/index.js";
const c = createClient({ color: "red", accessToken: "t" });
export const secret = () => c.GET("/things/secret");
`,
  "route.ts": `import { createClient } from "../client/index.js";
const c = createClient({ color: "red", accessToken: "t" });
export const probe = () => c.readItemA({ path: { aid: "1" } });
`,
  "plain.ts": `import { createClient } from "../client/index.js";
const c = createClient({ color: "red", accessToken: "t" });
export const probe = () => c.readPlain({ path: { id: "1" } });
`,
};

const reports: Record<string, NeedsReport> = {};
const gates: Record<string, number | null> = {};

beforeAll(async () => {
  const work = tempDir("needs-routes-");
  const client = join(work, "client");
  const generated = await runCli([
    "generate",
    "--file",
    writeJson(work, "d.json", doc),
    "--levels",
    "green,yellow,red",
    "--out",
    rel(client),
  ]);
  expect(generated.code, generated.stderr).toBe(0);
  for (const [name, text] of Object.entries(files)) {
    const dir = join(work, name.replace(".ts", ""));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), text);
    const args = ["needs", rel(dir), "--client", rel(client)];
    const run = await runCli([...args, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    reports[name] = JSON.parse(run.stdout);
    gates[name] = (await runCli([...args, "--fail-above", "green"])).code;
  }
});

describe("needs and literal siblings", () => {
  it("a call by name that may fall on a red sibling needs red, and the green gate fails", () => {
    expect(reports["by-name.ts"]!.color).toBe("red");
    expect(gates["by-name.ts"]).toBe(1);
  });

  it("a call by template with a value known only at run time needs red too", () => {
    expect(reports["by-template.ts"]!.color).toBe("red");
    expect(gates["by-template.ts"]).toBe(1);
  });

  it("a concrete path is judged by every template it matches: /things/secret is readSecret and readThing", () => {
    const [use] = reports["concrete.ts"]!.uses;
    expect(reports["concrete.ts"]!.color).toBe("red");
    expect(use!.operations.map((op) => op.name).sort()).toEqual(["readSecret", "readThing"]);
  });

  it("a route's operation needs the route's level; an operation with no sibling keeps its own", () => {
    expect(reports["route.ts"]!.color).toBe("red");
    expect(reports["plain.ts"]!.color).toBe("green");
    expect(gates["plain.ts"]).toBe(0);
  });
});
