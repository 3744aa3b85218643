/**
 * The build's one-file bundle of openapi-typescript and redocly (bin/build.mjs, generator/description/cjs.ts): made
 * from the installed versions, loaded in their place; redocly, which openapi-typescript requires at load, and what
 * its utils require for functions `generate` does not call run when first used (the loading itself is observed in
 * test/generator/cli/loading.test.ts), its config types, built on first use, are the package's, and its pointer
 * escapes, given a fast path, answer as the package's.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Redocly } from "../../../generator/description/cjs.js";
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

  it("loads redocly when first read, and the modules its utils defer when first used", async () => {
    const redocly = loadRedocly() as Redocly & {
      parseYaml: (text: string) => unknown;
      getProxyAgent: () => { proxy: URL } | undefined;
    };
    expect(redocly.parseYaml("a: [1, 2]")).toEqual({ a: [1, 2] }); // js-yaml
    const proxy = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = "http://127.0.0.1:9/";
    try {
      const agent = redocly.getProxyAgent(); // https-proxy-agent's class, constructed
      expect(agent?.constructor.name).toBe("HttpsProxyAgent");
      expect(agent?.proxy.href).toBe("http://127.0.0.1:9/");
    } finally {
      if (proxy === undefined) delete process.env.HTTPS_PROXY;
      else process.env.HTTPS_PROXY = proxy;
    }
    // minimatch, a function: the header goes only where its pattern matches.
    const sent: Record<string, string>[] = [];
    const config = {
      headers: [{ matches: "127.0.0.1/api/**", name: "X-Match", value: "yes" }],
      customFetch: async (_url: string, init: { headers: Record<string, string> }) => {
        sent.push(init.headers);
        return new Response("{}");
      },
    };
    await redocly.readFileFromUrl("http://127.0.0.1/api/a/b.json", config as never);
    await redocly.readFileFromUrl("http://127.0.0.1/other.json", config as never);
    expect(sent).toEqual([{ "X-Match": "yes" }, {}]);
  });

  it("escapes and reads pointer segments as redocly's own ref-utils does (fast path included)", async () => {
    const own = require("@redocly/openapi-core/lib/ref-utils.js") as Pick<Redocly, "unescapePointer">;
    const bundled = loadRedocly();
    for (const segment of ["plain", "", "a/b", "~1", "~0~1", "c~d", "%7E", "~1%2F", "caf%C3%A9", "x-y.z", "{id}"])
      expect(bundled.unescapePointer(segment)).toBe(own.unescapePointer(segment));
    expect(() => bundled.unescapePointer("%E0%A4%A")).toThrow(URIError);
    const ots = await loadOpenapiTypescript();
    expect(ots.createRef(["paths", "/a/{b}", "get", "x~y", 0, "plain"])).toBe("#/paths/~1a~1{b}/get/x~0y/0/plain");
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
