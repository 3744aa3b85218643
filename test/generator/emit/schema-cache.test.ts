// `generate` on the bundled description's bytes takes schema.d.ts from the cache the build made (emit/schema.ts)
// instead of loading openapi-typescript and TypeScript: sound only if that text is what the transform makes now, and
// if nothing else ever comes from the cache.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaEmitterVersions } from "../../../generator/description/cjs.js";
import { loadDescription } from "../../../generator/description/read.js";
import type { SchemaCacheEntry } from "../../../generator/emit/schema.js";
import { emitSchema } from "../../../generator/emit/schema.js";
import { root, tempDir } from "../../support/project.js";

const dir = tempDir("schema-cache-");

describe("the bundled description's cached schema.d.ts", () => {
  it("is what the transform makes now from those bytes, with the installed packages (the build's, in dist/)", async () => {
    const built = JSON.parse(
      readFileSync(join(root, "dist", "generator", "descriptions", "v1.2.schema.json"), "utf8"),
    ) as SchemaCacheEntry;
    const { document, sha256 } = await loadDescription();
    expect(built.sha256).toBe(sha256);
    expect({ openapiTypescript: built.openapiTypescript, typescript: built.typescript }).toEqual(
      schemaEmitterVersions(),
    );
    // From source there is no cache: this is the transform itself, and generated/ holds the same text.
    const fresh = await emitSchema(document, sha256);
    expect(built.schema).toBe(fresh);
    expect(readFileSync(join(root, "generated", "schema.d.ts"), "utf8")).toBe(fresh);
  });

  it("is used only for the same bytes and the same versions of openapi-typescript and TypeScript", async () => {
    const { document, sha256 } = await loadDescription();
    const fresh = await emitSchema(document);
    const cache = join(dir, "cache.json");
    const write = (entry: Partial<SchemaCacheEntry>) =>
      writeFileSync(cache, JSON.stringify({ sha256, ...schemaEmitterVersions(), schema: "cached", ...entry }));
    write({});
    expect(await emitSchema(document, sha256, cache)).toBe("cached");
    expect(await emitSchema(document, undefined, cache)).toBe(fresh);
    expect(await emitSchema(document, "0".repeat(64), cache)).toBe(fresh);
    write({ openapiTypescript: "7.0.0" });
    expect(await emitSchema(document, sha256, cache)).toBe(fresh);
    write({ typescript: "5.0.0" });
    expect(await emitSchema(document, sha256, cache)).toBe(fresh);
    write({ schema: undefined });
    expect(await emitSchema(document, sha256, cache)).toBe(fresh);
    writeFileSync(cache, "{ not json");
    expect(await emitSchema(document, sha256, cache)).toBe(fresh);
    expect(await emitSchema(document, sha256, join(dir, "missing.json"))).toBe(fresh);
  });
});
