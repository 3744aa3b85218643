/**
 * The build's one-file bundle of openapi-typescript and redocly (bin/build.mjs, generator/description/cjs.ts): made
 * from the installed versions, loaded in their place, and its one change to redocly (its config types built on first
 * use) gives the same types as the package.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  loadOpenapiTypescript,
  loadRedocly,
  PACKAGES_BUNDLE,
  packageVersions,
} from "../../../generator/description/cjs.js";

const require = createRequire(import.meta.url);

describe("the packages bundle", () => {
  it("records the versions it was made from, which are the installed ones", () => {
    expect(existsSync(PACKAGES_BUNDLE)).toBe(true);
    const recorded = JSON.parse(readFileSync(PACKAGES_BUNDLE.replace(/\.cjs$/, ".json"), "utf8"));
    expect(recorded).toEqual(packageVersions());
    expect(Object.keys(recorded).sort()).toEqual(["@redocly/openapi-core", "openapi-typescript", "typescript"]);
  });

  it("is what loadOpenapiTypescript and loadRedocly hand out", async () => {
    const bundle = require(PACKAGES_BUNDLE);
    expect(await loadOpenapiTypescript()).toBe(bundle.openapiTypescript);
    expect(loadRedocly()).toBe(bundle.redocly);
    expect(loadRedocly()).not.toBe(require("@redocly/openapi-core"));
  });

  it("builds redocly's config types on first use, equal to the package's", () => {
    const bundled = loadRedocly() as unknown as { ConfigTypes: Record<string, unknown> };
    const own = require("@redocly/openapi-core") as { ConfigTypes: Record<string, unknown> };
    expect(Object.keys(bundled.ConfigTypes).length).toBeGreaterThan(50);
    expect(Object.keys(bundled.ConfigTypes)).toEqual(Object.keys(own.ConfigTypes));
    expect(JSON.stringify(bundled.ConfigTypes)).toBe(JSON.stringify(own.ConfigTypes));
    expect(bundled.ConfigTypes).toBe(bundled.ConfigTypes); // built once
  });
});
