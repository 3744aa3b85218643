// Scope edge cases, each in a small description written here, through the real CLI and the generated table.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoadedDescription } from "../../../generator/description/read.js";
import { buildModel, loadModel } from "../../../generator/model/model.js";
import { canCall, effectiveLevel, parseLadder } from "../../../generator/model/scope.js";
import { runCli } from "../../support/cli.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

const edgeCases = description({
  "GET /reads": { ...secured, "x-nersc-scope": "green" },
  "POST /writes": { ...secured, "x-nersc-scope": "red" },
  "POST /purple": { ...secured, "x-nersc-scope": "purple" },
  "POST /array": { ...secured, "x-nersc-scope": ["green", "red"] },
  "POST /object": { ...secured, "x-nersc-scope": { level: "green" } },
  "POST /empty": { ...secured, "x-nersc-scope": "" },
  "DELETE /no-scope": { ...secured },
  "GET /status": {},
});

function model(doc: Record<string, any>, options: Parameters<typeof buildModel>[1] = {}) {
  const loaded: LoadedDescription = {
    source: "test.json",
    document: doc,
    text: JSON.stringify(doc),
    sha256: "0".repeat(64),
    version: { info: "9.9" },
  };
  return buildModel(loaded, options);
}

const scopeOf = (m: ReturnType<typeof model>, method: string, path: string) =>
  m.operations.find((o) => o.method === method && o.path === path)?.scope;

describe("the scope model", () => {
  it("keeps ladder levels verbatim, names off-ladder strings verbatim, and fails closed on the rest", async () => {
    const m = model(edgeCases);
    expect(scopeOf(m, "get", "/reads")).toBe("green");
    expect(scopeOf(m, "post", "/writes")).toBe("red");
    expect(scopeOf(m, "post", "/purple")).toBe("purple");
    expect(scopeOf(m, "post", "/array")).toBe("unranked");
    expect(scopeOf(m, "post", "/object")).toBe("unranked");
    expect(scopeOf(m, "post", "/empty")).toBe("unranked");
    expect(scopeOf(m, "delete", "/no-scope")).toBe("unranked");
    expect(scopeOf(m, "get", "/status")).toBe("public");
  });

  it("lets only the top level call unranked and off-ladder operations", async () => {
    const ladder = parseLadder("green,yellow,red");
    for (const scope of ["unranked", "purple"]) {
      expect(canCall(ladder, "green", scope)).toBe(false);
      expect(canCall(ladder, "yellow", scope)).toBe(false);
      expect(canCall(ladder, "red", scope)).toBe(true);
      expect(effectiveLevel(ladder, scope)).toBe("red");
    }
    expect(canCall(ladder, "yellow", "green")).toBe(true);
    expect(canCall(ladder, "yellow", "red")).toBe(false);
    expect(canCall(ladder, "blue", "public")).toBe(true);
    expect(canCall(ladder, "blue", "green")).toBe(false);
  });

  it("ranks an off-ladder level once the ladder names it", async () => {
    const m = model(edgeCases, { levels: "green,purple,red" });
    expect(scopeOf(m, "post", "/purple")).toBe("purple");
    expect(m.operations.find((o) => o.path === "/purple")?.requirement.problem).toBeUndefined();
    expect(m.warnings.join("\n")).not.toContain('"purple"');
  });

  it("warns about levels the ladder lacks", async () => {
    const m = model(edgeCases);
    expect(m.warnings.join("\n")).toMatch(/x-nersc-scope uses level "purple" not on the ladder green < red/);
  });

  it("refuses a ladder level the scopes do not use when one they use is its near spelling", async () => {
    const doc = description({
      "GET /a": { ...secured, "x-nersc-scope": "green" },
      "GET /b": { ...secured, "x-nersc-scope": "yellow" },
      "POST /c": { ...secured, "x-nersc-scope": "red" },
    });
    expect(() => model(doc, { levels: "green,yelow,red" })).toThrow(
      /--levels: "yelow" \(did you mean "yellow"\?\) is a level the description's scopes do not use/,
    );
    // A top level no operation needs, and nothing resembles, is still a ladder of its own.
    expect(model(doc, { levels: "green,yellow,red,blue" }).ladder).toEqual(["green", "yellow", "red", "blue"]);
    expect(() => model(edgeCases, { levels: "green,purpl,red" })).toThrow(/"purpl" \(did you mean "purple"\?\)/);
  });

  it("generate --levels green,yelow,red on the bundled description exits 2 naming yellow, writing nothing", async () => {
    const out = join(tempDir("typo-"), "client");
    const run = await runCli(["generate", "--levels", "green,yelow,red", "--out", out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"yelow" (did you mean "yellow"?)');
    expect(run.stdout).toBe("");
    expect(() => readFileSync(join(out, "index.js"))).toThrow();
  });

  it("rejects ladders that reuse reserved or duplicate names", async () => {
    expect(() => parseLadder("green,public")).toThrow(/reserved/);
    expect(() => parseLadder("green,red,green")).toThrow(/twice/);
    expect(() => parseLadder("green,,red")).toThrow(/comma-separated/);
  });

  it("--vendor auto finds x-acme-scope", async () => {
    const doc = description({
      "GET /a": { ...secured, "x-acme-scope": "green" },
      "POST /b": { ...secured, "x-acme-scope": "red" },
    });
    const m = model(doc, { vendor: "auto" });
    expect(m.scopeField).toBe("x-acme-scope");
    expect(m.vendor).toBe("acme");
    expect(m.operations.map((o) => o.scope)).toEqual(["green", "red"]);
  });

  it("--vendor auto refuses two different scope fields", async () => {
    const doc = description({
      "GET /a": { ...secured, "x-acme-scope": "green" },
      "POST /b": { ...secured, "x-nersc-scope": "red" },
    });
    expect(() => model(doc, { vendor: "auto" })).toThrow(/2 different scope fields \(x-acme-scope, x-nersc-scope\)/);
  });

  it("reads operations behind a path item $ref (OpenAPI 3.1 components.pathItems), through the real loader", async () => {
    const doc = description(
      { "GET /plain": { ...secured, "x-nersc-scope": "green" } },
      {
        openapi: "3.1.0",
        components: {
          ...edgeCases.components,
          pathItems: {
            Shared: {
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              delete: { ...secured, "x-nersc-scope": "red", responses: { "200": { description: "OK" } } },
            },
          },
        },
      },
    );
    doc.paths["/things/{id}"] = { $ref: "#/components/pathItems/Shared" };
    const m = await loadModel({ file: writeJson(tempDir("pathitem-"), "pathitem.json", doc) }, { levels: "green,red" });
    const shared = m.operations.find((o) => o.path === "/things/{id}");
    expect(shared).toMatchObject({ method: "delete", scope: "red" });
    expect(shared?.parameters.map((p) => p.name)).toEqual(["id"]);
    expect(scopeOf(m as ReturnType<typeof model>, "get", "/plain")).toBe("green");
  });

  it("--policy method ranks reads low and writes at the top", async () => {
    const doc = description({ "GET /a": secured, "POST /a": secured, "DELETE /b": secured, "GET /open": {} });
    const m = model(doc, { policy: "method", levels: "read,write" });
    expect(m.operations.map((o) => `${o.method} ${o.path} ${o.scope}`)).toEqual([
      "get /a read",
      "post /a write",
      "delete /b write",
      "get /open public",
    ]);
    // A description with no security model at all (GitHub's) has nothing public: every operation is ranked by method.
    const bare = description({ "GET /x": {}, "PUT /x": {} }, { components: {} });
    expect(model(bare, { policy: "method" }).operations.map((o) => o.scope)).toEqual(["green", "red"]);
  });
});

describe("generate with scope edge cases", () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = tempDir("scope-");
    file = writeJson(dir, "edge.json", edgeCases);
  });

  it("writes the fail-closed levels into the table and JSDoc, and warns on stderr", async () => {
    const out = join(dir, "client");
    const run = await runCli(["generate", "--file", file, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/warning: .*"purple" not on the ladder/);
    expect(run.stderr).toMatch(/4 operations are unranked/);
    const table = readFileSync(join(out, "operations.d.ts"), "utf8");
    const index = readFileSync(join(out, "index.d.ts"), "utf8");
    expect(index).toMatch(
      /@scope purple\n {3}\* @unranked x-nersc-scope "purple" is not on the ladder: callable only by red/,
    );
    expect(index).toMatch(/@scope unranked\n {3}\* @unranked secured but has no x-nersc-scope: callable only by red/);
    expect(table).toMatch(/"\/array": \{ post: "unranked" \}/);
    expect(table).toMatch(/"\/status": \{ get: "public" \}/);
  });

  it("--strict fails listing every offender at once and writes nothing", async () => {
    const out = join(dir, "strict");
    const run = await runCli(["generate", "--file", file, "--out", out, "--strict"]);
    expect(run.code).toBe(2);
    for (const offender of ["POST /purple", "POST /array", "POST /object", "POST /empty", "DELETE /no-scope"])
      expect(run.stderr).toContain(offender);
    expect(run.stderr).toMatch(/--strict: 5 operations without a level/);
    expect(run.stderr).toContain("(/paths/~1array/post)");
    expect(() => readFileSync(join(out, "index.js"))).toThrow();
  });
});
