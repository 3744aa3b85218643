/**
 * Map keys named like Object.prototype members (`constructor`, `hasOwnProperty`, `valueOf`, `__proto__`, ...) are
 * ordinary names in a description: schema properties, parameters, path segments, extension keys. Every command must
 * take them as such: generate (and the output type-checks), audit, diff, needs and the facility.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as TS from "typescript";
import { describe, expect, test } from "vitest";
import { startFacility } from "../../generator/facility/index.js";
import { ts } from "../../generator/usage/typescript.js";
import { runCli } from "../support/cli.js";
import { accessToken, api, testClient } from "../support/facility.js";
import { tempDir } from "../support/project.js";
import { sharedHost } from "../support/typecheck.js";

const NAMES = [
  "constructor",
  "hasOwnProperty",
  "valueOf",
  "__proto__",
  "toString",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupGetter__",
];

/** JSON text (not an object: `__proto__` in an object literal would set the prototype instead of adding a key). */
function descriptionText(scopeOfPost = "red"): string {
  const props = NAMES.map((n) => `${JSON.stringify(n)}: { "type": "string" }`).join(", ");
  const extensions = NAMES.map(
    (n) => `"x-${n}": 1, ${JSON.stringify(n === "__proto__" ? "x-__proto__2" : `x-${n}-2`)}: {}`,
  ).join(", ");
  return `{
  "openapi": "3.0.3",
  "info": { "title": "Proto", "version": "1" },
  ${extensions},
  "components": {
    "securitySchemes": { "oauth": { "type": "oauth2", "flows": { "clientCredentials": { "tokenUrl": "https://example.test/token", "scopes": {} } } } },
    "schemas": {
      "Thing": { "type": "object", "properties": { ${props} }, "required": ["constructor", "__proto__", "hasOwnProperty"] },
      "constructor": { "type": "string" },
      "hasOwnProperty": { "type": "object", "properties": { "valueOf": { "$ref": "#/components/schemas/constructor" } } }
    }
  },
  "paths": {
    "/things/{constructor}": {
      "parameters": [{ "name": "constructor", "in": "path", "required": true, "schema": { "type": "string" } }],
      "get": {
        "operationId": "getThing", "security": [{ "oauth": [] }], "x-nersc-scope": "green", ${extensions},
        "parameters": [{ "name": "valueOf", "in": "query", "schema": { "type": "string" } }],
        "responses": { "200": { "description": "OK", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Thing" } } } } }
      },
      "post": {
        "operationId": "postThing", "security": [{ "oauth": [] }], "x-nersc-scope": ${JSON.stringify(scopeOfPost)},
        "requestBody": { "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "properties": { ${props} }, "required": ["hasOwnProperty"] } } } },
        "responses": { "200": { "description": "OK", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/hasOwnProperty" } } } } }
      }
    }
  }
}`;
}

describe("keys named like Object.prototype members", () => {
  const dir = tempDir("proto-keys-");
  const file = join(dir, "proto.json");
  const newer = join(dir, "proto-newer.json");
  writeFileSync(file, descriptionText());
  writeFileSync(newer, descriptionText("yellow"));
  const levels = ["--levels", "green,yellow,red"];

  test("generate writes them all and schema.d.ts type-checks", async () => {
    const out = join(dir, "client");
    const run = await runCli(["generate", "--file", file, ...levels, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    const schema = readFileSync(join(out, "schema.d.ts"), "utf8");
    for (const name of NAMES) expect(schema, name).toMatch(new RegExp(`\\b${name}[?]?: string;`));
    // schema.d.ts imports nothing: checking it alone is fast, and it is where the description's keys land.
    const options: TS.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: [],
    };
    const program = ts.createProgram([join(out, "schema.d.ts")], options, sharedHost(options));
    // Its own diagnostics only: getPreEmitDiagnostics would also check all of TypeScript's lib files (2 s) and then
    // drop what it found there.
    const schemaFile = program.getSourceFile(join(out, "schema.d.ts"))!;
    const problems = [
      ...program.getSyntacticDiagnostics(schemaFile),
      ...program.getSemanticDiagnostics(schemaFile),
    ].map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
  });

  test("audit and diff read them, with no false 'Expected type' and no crash", async () => {
    const audit = await runCli(["audit", "--file", file, ...levels, "--format", "json"]);
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stderr).not.toMatch(/Expected type|unexpected error/);
    expect(JSON.parse(audit.stdout).summary).toMatchObject({ total: 2 });
    const diff = await runCli(["diff", file, newer, ...levels, "--format", "json"]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(JSON.parse(diff.stdout).summary).toMatchObject({ changed: 1, relaxations: 1 });
  });

  test("needs maps a call to the path with {constructor}", async () => {
    const project = join(dir, "project");
    mkdirSync(join(project, "src"), { recursive: true });
    const gen = await runCli(["generate", "--file", file, ...levels, "--out", join(project, "src", "sfapi")]);
    expect(gen.code, gen.stderr).toBe(0);
    writeFileSync(
      join(project, "src", "app.ts"),
      'import { createClient } from "./sfapi/index.js";\nconst c = createClient({ color: "green" });\nawait c.GET("/things/{constructor}", { params: { path: { constructor: "x" } } });\n',
    );
    const run = await runCli(["needs", "src", "--client", "src/sfapi", "--format", "json"], { cwd: project });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ color: "green", summary: { uses: 1 } });
  });

  test("the facility serves them: an example with every key as its own property, a form with them validated", async () => {
    const facility = await startFacility({ file, levels: ["green", "yellow", "red"] });
    try {
      const green = await testClient(facility, "green");
      const red = await testClient(facility, "red");
      const got = await api(facility, "/things/x?valueOf=1", { token: await accessToken(facility, green) });
      expect(got.status).toBe(200);
      const own = Object.keys(got.body);
      for (const name of ["constructor", "__proto__", "hasOwnProperty"]) expect(own, name).toContain(name);
      const token = await accessToken(facility, red);
      const missing = await api(facility, "/things/x", { method: "POST", token, body: new URLSearchParams({}) });
      expect(missing.status).toBe(422);
      expect(JSON.stringify(missing.body)).toContain("hasOwnProperty");
      const posted = await api(facility, "/things/x", {
        method: "POST",
        token,
        body: new URLSearchParams({ hasOwnProperty: "1", constructor: "c" }),
      });
      expect(posted.status).toBe(200);
    } finally {
      await facility.close();
    }
  });
});
