// The description's copy in a client folder (description.json.gz): the compact JSON in gzip, whose bytes depend on the
// description alone (no time, no file name, no machine in them), read back whole; generate writes it and no
// description.json.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DESCRIPTION_FILE, descriptionCopy, sha256Of } from "../../../generator/output/manifest.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { root, tempDir } from "../../support/project.js";

const json = (schema: unknown) => ({ "application/json": { schema } });
const bundled = () => JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));

afterEach(() => {
  vi.useRealTimers();
});

describe("descriptionCopy", () => {
  it("is the compact JSON text in gzip, read back byte for byte", () => {
    const doc = bundled();
    const copy = Buffer.from(descriptionCopy(doc));
    expect(gunzipSync(copy).toString("utf8")).toBe(JSON.stringify(doc) + "\n");
    // Compact: the bundled description's JSON is 6 to 7 times its gzip.
    expect(copy.length * 5).toBeLessThan(JSON.stringify(doc).length);
  });

  it("has a header with no time, no file name and a fixed system byte", () => {
    const copy = descriptionCopy(description({ "GET /status": {} }));
    // ID1 ID2, deflate, no flags (so no name, comment or extra field), MTIME 0, XFL 0 (level 6), OS 3.
    expect([...copy.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
  });

  it("gives the same bytes at any time of day, for the same description", () => {
    const doc = bundled();
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2001-02-03T04:05:06Z"));
    const early = sha256Of(descriptionCopy(doc));
    vi.setSystemTime(new Date("2031-12-30T23:59:59Z"));
    expect(sha256Of(descriptionCopy(structuredClone(doc)))).toBe(early);
    doc.info.version = "1.2.1";
    expect(sha256Of(descriptionCopy(doc))).not.toBe(early);
  });
});

describe("generate", () => {
  it("writes the copy compressed, listed in the manifest, and the checked-in generated/ holds the same", async () => {
    const cwd = tempDir("copy-");
    const run = await runCli(["generate", "--out", "client"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const bytes = readFileSync(join(cwd, "client", DESCRIPTION_FILE));
    expect(existsSync(join(cwd, "client", "description.json"))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(cwd, "client", "manifest.json"), "utf8"));
    expect(manifest.files[DESCRIPTION_FILE]).toBe(sha256Of(bytes));
    expect(manifest.files["description.json"]).toBeUndefined();
    expect(gunzipSync(bytes).toString("utf8")).toBe(JSON.stringify(bundled()) + "\n");
    expect(bytes).toEqual(readFileSync(join(root, "generated", DESCRIPTION_FILE)));
  });

  it("copies the description as read, not with what openapi-typescript adds to a mapping's schemas", async () => {
    const cwd = tempDir("copy-");
    const doc = description(
      {
        "GET /pets": {
          responses: { "200": { description: "OK", content: json({ $ref: "#/components/schemas/Pet" }) } },
        },
      },
      {
        components: {
          schemas: {
            Pet: {
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
              discriminator: {
                propertyName: "kind",
                mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
              },
            },
            Base: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
            Cat: { allOf: [{ $ref: "#/components/schemas/Base" }], properties: { meows: { type: "boolean" } } },
            Dog: { allOf: [{ $ref: "#/components/schemas/Base" }], properties: { barks: { type: "boolean" } } },
          },
        },
      },
    );
    const file = writeJson(cwd, "pets.json", doc);
    const run = await runCli(["generate", "--file", file, "--out", "client"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const copy = JSON.parse(gunzipSync(readFileSync(join(cwd, "client", DESCRIPTION_FILE))).toString("utf8"));
    expect(copy.components.schemas.Cat.allOf).toEqual([{ $ref: "#/components/schemas/Base" }]);
    expect(copy).toEqual(doc);
  });
});
