/**
 * Literal siblings, exact for literal values (issue 44, "What to build" item 3): with `GET /things/{id}` green and
 * `GET /things/secret` red, a call whose path values are literals counts exactly the operations the request those
 * values make reaches, by the guard's rule (the runtime's path reader and matcher); a value known only at run time
 * still counts every operation the template may fall on. Each case sits alone in a file of one code base.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../../generator/commands/generate.js";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { runCli } from "../../../support/cli.js";
import { description, pathParam, secured, writeJson } from "../../../support/descriptions.js";
import { colorNeeds } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const green = { ...secured, "x-nersc-scope": "green" };
const red = { ...secured, "x-nersc-scope": "red" };

const doc = description({
  "GET /things/{id}": { ...green, operationId: "readThing", parameters: [pathParam("id")] },
  "GET /things/secret": { ...red, operationId: "readSecret" },
  "GET /pairs/{a}/{b}": { ...green, operationId: "readPair", parameters: [pathParam("a"), pathParam("b")] },
  "GET /pairs/x/y": { ...red, operationId: "readXy" },
  "GET /files/{path}": {
    ...green,
    operationId: "readFile",
    parameters: [pathParam("path", { "x-sfapi-whole-path": true })],
  },
  "GET /files/secret/key": { ...red, operationId: "readKey" },
});

const HEAD =
  'import { createClient } from "../client/index.js";\nconst c = createClient({ color: "red", accessToken: "t" });\n';

/** Each case: its code (after HEAD), and the operations its one use reaches (empty: unknown, at the top level). */
const CASES: Record<string, { code: string; reaches: string[] }> = {
  // A literal that cannot be the sibling's segment: the template's own operation only.
  "by name, literal": { code: 'c.readThing({ path: { id: "42" } });', reaches: ["readThing"] },
  "by name, number": { code: "c.readThing({ path: { id: 42 } });", reaches: ["readThing"] },
  "by name, safe": { code: 'c.readThing.safe({ path: { id: "42" } });', reaches: ["readThing"] },
  "by name, const": { code: 'const ID = "42";\nc.readThing({ path: { id: ID } });', reaches: ["readThing"] },
  "by name, shorthand const": { code: 'const id = "42";\nc.readThing({ path: { id } });', reaches: ["readThing"] },
  "by template, literal": {
    code: 'c.GET("/things/{id}", { params: { path: { id: "42" } } });',
    reaches: ["readThing"],
  },
  "request, literal": {
    code: 'c.request("get", "/things/{id}", { params: { path: { id: "42" } } });',
    reaches: ["readThing"],
  },
  "two parameters, one sibling short": {
    code: 'c.readPair({ path: { a: "x", b: "z" } });',
    reaches: ["readPair"],
  },
  "whole path, not the sibling": { code: 'c.readFile({ path: { path: "a/key" } });', reaches: ["readFile"] },
  // A literal that is the sibling's segment: the guard judges the request by both.
  "by name, the sibling's literal": {
    code: 'c.readThing({ path: { id: "secret" } });',
    reaches: ["readThing", "readSecret"],
  },
  "by template, the sibling's literal": {
    code: 'c.GET("/things/{id}", { params: { path: { id: "secret" } } });',
    reaches: ["readThing", "readSecret"],
  },
  "a cast hides nothing": {
    code: 'c.readThing({ path: { id: "secret" as string as "42" } });',
    reaches: ["readThing", "readSecret"],
  },
  "a conditional of literals": {
    code: 'c.readThing({ path: { id: Math.random() > 0.5 ? "42" : "secret" } });',
    reaches: ["readThing", "readSecret"],
  },
  "both parameters the sibling's": {
    code: 'c.readPair({ path: { a: "x", b: "y" } });',
    reaches: ["readPair", "readXy"],
  },
  "whole path, the sibling's": {
    code: 'c.readFile({ path: { path: "secret/key" } });',
    reaches: ["readFile", "readKey"],
  },
  "the last key written wins": {
    code: '// @ts-ignore\nc.readThing({ path: { id: "42", id: "secret" } });',
    reaches: ["readThing", "readSecret"],
  },
  // Values known only at run time: every operation the template may fall on.
  "a string parameter": {
    code: "export const f = (id: string) => c.readThing({ path: { id } });",
    reaches: ["readThing", "readSecret"],
  },
  "a let": {
    code: 'let id = "42";\nid = "secret";\nc.readThing({ path: { id } });',
    reaches: ["readThing", "readSecret"],
  },
  "a literal type that is not a literal": {
    code: 'declare const id: "42";\nc.readThing({ path: { id } });',
    reaches: ["readThing", "readSecret"],
  },
  "path values in a variable": {
    code: 'const path = { id: "42" };\npath.id = "secret";\nc.readThing({ path });',
    reaches: ["readThing", "readSecret"],
  },
  "a spread": {
    code: 'const more = { id: "secret" };\nc.readThing({ path: { id: "42", ...more } });',
    reaches: ["readThing", "readSecret"],
  },
  "a getter": {
    code: 'c.readThing({ path: { get id() { return "secret"; } } });',
    reaches: ["readThing", "readSecret"],
  },
  "an inherited value": {
    code: '// @ts-ignore\nc.readThing({ path: { __proto__: { id: "secret" } } });',
    reaches: ["readThing", "readSecret"],
  },
  "one parameter of two": {
    code: 'export const f = (b: string) => c.readPair({ path: { a: "x", b } });',
    reaches: ["readPair", "readXy"],
  },
  // A literal the guard refuses, or one that matches nothing: unknown, the top level.
  "a dot-segment": { code: 'c.readThing({ path: { id: ".." } });', reaches: [] },
  "an empty value": { code: 'c.readThing({ path: { id: "" } });', reaches: [] },
};

const slug = (name: string) => name.replace(/[^a-z0-9]+/g, "-");

let report: NeedsReport;
let greenGate: number | null;

beforeAll(async () => {
  const work = tempDir("needs-literal-siblings-");
  const client = join(work, "client");
  await generate({ file: writeJson(work, "d.json", doc), out: client, levels: "green,yellow,red" });
  const code = join(work, "code");
  mkdirSync(code);
  for (const [name, { code: text }] of Object.entries(CASES))
    writeFileSync(join(code, `${slug(name)}.ts`), HEAD + text);
  report = colorNeeds(rel(code), rel(client), root);
  // A code base that only reads thing 42, by name and by template: green, as the guard lets a green client do.
  const green42 = join(work, "green42");
  mkdirSync(green42);
  writeFileSync(
    join(green42, "read.ts"),
    `${HEAD}c.readThing({ path: { id: "42" } });\nc.GET("/things/{id}", { params: { path: { id: 42 } } });\n`,
  );
  greenGate = (await runCli(["needs", rel(green42), "--client", rel(client), "--fail-above", "green"])).code;
});

describe("needs and literal siblings, by value", () => {
  it.each(Object.entries(CASES))("%s", (name, { reaches }) => {
    const file = `${slug(name)}.ts`;
    const uses = report.uses.filter((u) => u.file.endsWith(`/${file}`));
    expect(uses, file).toHaveLength(1);
    const [use] = uses;
    expect(use!.operations.map((op) => op.name)).toEqual(reaches);
    const level = reaches.length === 0 || reaches.some((op) => /secret|xy|key/i.test(op)) ? "red" : "green";
    expect(use!.level).toBe(level);
    if (reaches.length === 0) expect(use!.unknown).toMatch(/^unknown: /);
  });

  it("a code base reading thing 42 by name and by template passes the green gate", () => {
    expect(greenGate).toBe(0);
  });
});
