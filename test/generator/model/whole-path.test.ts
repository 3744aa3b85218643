/**
 * Marking whole paths (generator/model/whole-path.ts): `x-sfapi-whole-path: true` on a trailing path parameter, or the
 * bundled description's ladder file; misplaced or malformed marks are one error naming the JSON pointer; the mark
 * reaches the operation table and the manifest, and the manifest reader checks it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LoadedDescription } from "../../../generator/description/read.js";
import { buildModel, loadModel } from "../../../generator/model/model.js";
import { validateManifest } from "../../../generator/output/client-folder.js";
import { tableEntries } from "../../../generator/output/manifest.js";
import { description, secured } from "../../support/descriptions.js";
import { root, tempDir } from "../../support/project.js";

const pathParam = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string" },
  ...extra,
});
const WHOLE = { "x-sfapi-whole-path": true };

function model(doc: Record<string, any>, wholePaths?: string[]) {
  const loaded: LoadedDescription = {
    source: "test.json",
    document: doc,
    text: JSON.stringify(doc),
    sha256: "0".repeat(64),
    version: { info: "9.9" },
    ...(wholePaths ? { wholePaths } : {}),
  };
  return buildModel(loaded, { levels: ["green", "red"] });
}

const marks = (m: ReturnType<typeof model>) =>
  Object.fromEntries(m.operations.map((op) => [`${op.method} ${op.path}`, op.wholePath]));

describe("whole-path marks", () => {
  it("on the operation's trailing path parameter, or on the path item's for all its operations", () => {
    const doc = description({
      "GET /ls/{machine}/{path}": { ...secured, parameters: [pathParam("machine"), pathParam("path", WHOLE)] },
      "GET /cat/{machine}/{path}": { ...secured, parameters: [pathParam("machine"), pathParam("path")] },
      "GET /files/{path}": secured,
      "PUT /files/{path}": { ...secured, parameters: [pathParam("path", { "x-sfapi-whole-path": false })] },
    });
    doc.paths["/files/{path}"].parameters = [pathParam("path", WHOLE)];
    expect(marks(model(doc))).toEqual({
      "get /cat/{machine}/{path}": undefined,
      "get /files/{path}": "path",
      "put /files/{path}": undefined,
      "get /ls/{machine}/{path}": "path",
    });
  });

  it("through a $ref'd parameter", () => {
    const doc = description({ "GET /ls/{path}": { ...secured, parameters: [{ $ref: "#/components/parameters/P" }] } });
    doc.components.parameters = { P: pathParam("path", WHOLE) };
    expect(marks(model(doc))).toEqual({ "get /ls/{path}": "path" });
  });

  it("by the ladder file's list, for every method of the template", () => {
    const doc = description({
      "GET /ls/{machine}/{path}": { ...secured, parameters: [pathParam("machine"), pathParam("path")] },
      "PUT /ls/{machine}/{path}": { ...secured, parameters: [pathParam("machine"), pathParam("path")] },
      "GET /tasks/{id}": { ...secured, parameters: [pathParam("id")] },
    });
    expect(marks(model(doc, ["/ls/{machine}/{path}"]))).toEqual({
      "get /ls/{machine}/{path}": "path",
      "put /ls/{machine}/{path}": "path",
      "get /tasks/{id}": undefined,
    });
  });

  it("refuses a mark anywhere but the trailing path parameter, or one that is not a boolean, naming where", () => {
    const at =
      (parameters: unknown[], path = "/ls/{machine}/{path}") =>
      () =>
        model(description({ [`GET ${path}`]: { ...secured, parameters } }));
    expect(at([pathParam("machine", WHOLE), pathParam("path")])).toThrow(
      'test.json: x-sfapi-whole-path may only mark the path parameter in the last segment of "/ls/{machine}/{path}" ("path"), not "machine" in path (at /paths/~1ls~1{machine}~1{path}/get/parameters/0)',
    );
    expect(at([pathParam("machine"), pathParam("path"), { name: "q", in: "query", ...WHOLE }])).toThrow(
      /not "q" in query \(at \/paths\/~1ls~1\{machine\}~1\{path\}\/get\/parameters\/2\)$/,
    );
    expect(at([pathParam("name", WHOLE)], "/ls/{name}.json")).toThrow(/\(it has none\), not "name"/);
    expect(at([pathParam("machine"), pathParam("path", { "x-sfapi-whole-path": "yes" })])).toThrow(
      'x-sfapi-whole-path must be true or false, not "yes" (at /paths/~1ls~1{machine}~1{path}/get/parameters/1)',
    );
  });

  it("refuses a ladder-file entry that is not a path of the description or has no trailing parameter", () => {
    const doc = description({
      "GET /ls/{path}": { ...secured, parameters: [pathParam("path")] },
      "GET /tasks": secured,
    });
    expect(() => model(doc, ["/ls/{machine}/{path}"])).toThrow(
      `test.json: the ladder file's wholePaths names "/ls/{machine}/{path}", which is not a path of the description`,
    );
    expect(() => model(doc, ["/tasks"])).toThrow(/names "\/tasks", which does not end in a path parameter/);
  });

  it("the bundled description's ladder file marks the three file operations, and only them", async () => {
    const bundled = await loadModel({});
    expect(bundled.operations.filter((op) => op.wholePath).map((op) => [op.name, op.wholePath])).toEqual([
      ["downloadFile", "path"],
      ["readDirectory", "path"],
      ["uploadFile", "path"],
    ]);
    // The ladder file is keyed to the description's SHA-256: a copy with other bytes has no marks (nor ladder).
    const copy = join(tempDir("whole-"), "v1.2.json");
    writeFileSync(copy, `${readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8")}\n`);
    const changed = await loadModel({ file: copy });
    expect(changed.description.wholePaths).toBeUndefined();
    expect(changed.operations.filter((op) => op.wholePath)).toEqual([]);
  });
});

describe("the mark in the table and the manifest", () => {
  const doc = description({
    "GET /ls/{machine}/{path}": { ...secured, parameters: [pathParam("machine"), pathParam("path", WHOLE)] },
  });
  const entries = tableEntries(model(doc).operations);
  const manifest = (operations: unknown[]) => ({
    format: "sfapi-gen/manifest@1",
    description: { title: "t", version: "1", api: null, sha256: "0".repeat(64) },
    scope: { vendor: "nersc", field: "x-nersc-scope", ladder: ["green", "red"], policy: "scope" },
    operations,
    generator: { name: "sfapi-gen", version: "0.1.0" },
  });

  it("is written and read back", () => {
    expect(entries).toEqual([
      {
        name: "getLsByMachineByPath",
        operationId: null,
        method: "GET",
        path: "/ls/{machine}/{path}",
        scope: "unranked",
        wholePath: "path",
      },
    ]);
    expect(validateManifest(manifest(entries)).operations).toEqual(entries);
  });

  it("the manifest reader refuses a mark that is not the template's last parameter", () => {
    expect(() => validateManifest(manifest([{ ...entries[0], wholePath: "machine" }]))).toThrow(
      '/operations/0/wholePath: "machine" is not the last parameter of "/ls/{machine}/{path}"',
    );
    expect(() => validateManifest(manifest([{ ...entries[0], wholePath: "" }]))).toThrow(
      "/operations/0/wholePath must be a non-empty string",
    );
  });
});
