// Loading descriptions from URLs, YAML and OpenAPI 3.1, and the errors for bad input: one readable message,
// a non-zero exit, and the earlier --out folder left byte-for-byte as it was.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { operationObjectOf } from "../../../generator/description/document.js";
import { apiVersionSegment, descriptionUrl, loadDescription } from "../../../generator/description/read.js";
import { runCli } from "../../support/cli.js";
import { description, secured, serve, writeJson } from "../../support/descriptions.js";
import { root, snapshotDir, tempDir } from "../../support/project.js";
import { typeCheckClients } from "../../support/typecheck.js";

const bundledText = readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8");
const small = description({ "GET /tasks": { ...secured, "x-nersc-scope": "green" }, "GET /status": {} });

let server: Awaited<ReturnType<typeof serve>>;
let dir: string;
/**
 * A loopback port nothing listens on: port 2, below the range that listen(0) hands out (and not one that fetch refuses
 * to try, as it does port 1). A port bound and then released is not safe: the test files running beside this one in
 * the same process listen on port 0 and may be given it, and then the "unreachable" URL answers.
 */
const closedPort = 2;
beforeAll(async () => {
  dir = tempDir("load-");
  server = await serve({
    "/api/v1.2/openapi.json": { body: bundledText },
    "/other/spec.json": { body: JSON.stringify(small) },
    "/broken/openapi.json": { body: "{ this is not json" },
    "/oops/openapi.json": { status: 500, body: "boom" },
  });
});
afterAll(() => server.close());

describe("descriptionUrl", () => {
  it("appends /openapi.json to a base URL and keeps a URL that names a file", async () => {
    expect(descriptionUrl("https://api.nersc.gov/api/v1.2")).toBe("https://api.nersc.gov/api/v1.2/openapi.json");
    expect(descriptionUrl("https://api.nersc.gov/api/v1.2/")).toBe("https://api.nersc.gov/api/v1.2/openapi.json");
    expect(descriptionUrl("http://h/x/spec.yaml")).toBe("http://h/x/spec.yaml");
    expect(descriptionUrl("http://h/x/spec.yml")).toBe("http://h/x/spec.yml");
    expect(apiVersionSegment("/api/v1.2")).toBe("v1.2");
    expect(apiVersionSegment("https://h/api/v2/openapi.json")).toBe("v2");
    expect(apiVersionSegment("https://h/api/")).toBeUndefined();
  });
});

describe("loading", () => {
  it("fetches {base_url}/openapi.json from a real server and records the URL's version segment", async () => {
    const loaded = await loadDescription({ url: `${server.origin}/api/v1.2` });
    expect(loaded.source).toBe(`${server.origin}/api/v1.2/openapi.json`);
    expect(Object.keys(loaded.document.paths ?? {})).toHaveLength(Object.keys(JSON.parse(bundledText).paths).length);
    expect(loaded.version).toEqual({ info: "1.2", api: "v1.2" });
  });

  it("uses a URL ending in .json as is", async () => {
    const loaded = await loadDescription({ url: `${server.origin}/other/spec.json` });
    expect(Object.keys(loaded.document.paths ?? {})).toEqual(["/tasks", "/status"]);
    expect(loaded.version.info).toBe("9.9");
  });

  it("generates from a URL the same client as from the bundled file", async () => {
    const fromUrl = join(dir, "from-url");
    const fromFile = join(dir, "from-file");
    const [a, b] = await Promise.all([
      runCli(["generate", "--url", `${server.origin}/api/v1.2`, "--out", fromUrl]),
      runCli(["generate", "--out", fromFile]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(snapshotDir(fromUrl)).toEqual(snapshotDir(fromFile));
  });

  it("reads YAML", async () => {
    const file = join(dir, "small.yaml");
    writeFileSync(file, stringify(small));
    const loaded = await loadDescription({ file });
    expect(operationObjectOf(loaded.document, "/tasks", "get")?.["x-nersc-scope"]).toBe("green");
  });

  it("reads OpenAPI 3.1 and generates a client that type-checks", async () => {
    const doc31 = structuredClone(small);
    Object.assign(doc31, { openapi: "3.1.0" });
    Object.assign(doc31.components, {
      schemas: { Task: { type: ["object", "null"], properties: { id: { type: "string" } } } },
    });
    doc31.paths["/tasks"].get.responses["200"] = {
      description: "OK",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Task" } } },
    };
    const out = join(dir, "client31");
    const run = await runCli(["generate", "--file", writeJson(dir, "v31.json", doc31), "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(out, "schema.d.ts"), "utf8")).toMatch(/Task: \{\s+id\?: string;\s+\} \| null;/);
    expect(typeCheckClients([out])).toEqual([]);
  });
});

describe("bad input: one message, non-zero exit, earlier output untouched", () => {
  let out: string;
  let before: Map<string, string>;
  beforeAll(async () => {
    out = join(dir, "kept");
    const first = await runCli(["generate", "--file", writeJson(dir, "good.json", small), "--out", out]);
    expect(first.code, first.stderr).toBe(0);
    before = snapshotDir(out);
  });

  const cases: [string, () => string[], RegExp][] = [
    [
      "an unreachable URL",
      () => ["--url", `http://127.0.0.1:${closedPort}/api/v1.2`],
      /http:\/\/127\.0\.0\.1:\d+\/api\/v1\.2\/openapi\.json: cannot fetch the description: ECONNREFUSED/,
    ],
    [
      "HTTP 404",
      () => ["--url", `${server.origin}/nothing/here`],
      /nothing\/here\/openapi\.json: cannot fetch the description: HTTP 404/,
    ],
    [
      "HTTP 500",
      () => ["--url", `${server.origin}/oops`],
      /oops\/openapi\.json: cannot fetch the description: HTTP 500/,
    ],
    ["invalid JSON over HTTP", () => ["--url", `${server.origin}/broken`], /broken\/openapi\.json: invalid JSON: /],
    [
      "invalid JSON in a file",
      () => ["--file", writeText("bad.json", '{"openapi": "3.0.0",')],
      /bad\.json: invalid JSON: /,
    ],
    [
      "invalid YAML",
      () => ["--file", writeText("bad.yaml", "openapi: 3.0.0\npaths: [\n  - : :")],
      /bad\.yaml: invalid YAML: /,
    ],
    [
      "a broken $ref",
      () => [
        "--file",
        writeJson(
          dir,
          "ref.json",
          description({
            "GET /x": {
              responses: {
                "200": {
                  description: "OK",
                  content: { "application/json": { schema: { $ref: "#/components/schemas/Missing" } } },
                },
              },
            },
          }),
        ),
      ],
      /ref\.json: Can't resolve \$ref \(at \/paths\/~1x\/get\/responses\/200\/content\/application~1json\/schema\)/,
    ],
    [
      "a structural error",
      () => [
        "--file",
        writeJson(dir, "struct.json", description({ "GET /x": { parameters: [{ name: "q", in: "body" }] } })),
      ],
      /struct\.json: .+ \(at \/paths\/~1x\/get\/parameters\/0(\/in)?\)$/m,
    ],
    [
      "Swagger 2.0",
      () => [
        "--file",
        writeJson(dir, "swagger.json", { swagger: "2.0", info: { title: "x", version: "1" }, paths: {} }),
      ],
      /swagger\.json: Swagger 2\.0 is not supported: convert it to OpenAPI 3\.x first \(at \/swagger\)/,
    ],
    [
      "not OpenAPI at all",
      () => ["--file", writeJson(dir, "other.json", { hello: "world" })],
      /other\.json: only OpenAPI 3\.x descriptions are supported \(found no `openapi` field\)/,
    ],
    ["a missing file", () => ["--file", join(dir, "nope.json")], /nope\.json: no such file/],
    [
      "two scope fields under --vendor auto",
      () => [
        "--vendor",
        "auto",
        "--file",
        writeJson(
          dir,
          "two.json",
          description({ "GET /a": { "x-a-scope": "green" }, "GET /b": { "x-b-scope": "red" } }),
        ),
      ],
      /2 different scope fields/,
    ],
  ];

  function writeText(name: string, text: string): string {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  }

  for (const [what, args, message] of cases) {
    it(what, async () => {
      const run = await runCli(["generate", ...args(), "--out", out]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(snapshotDir(out)).toEqual(before);
    });
  }
});
