/**
 * `page.js`, core.js's client without key support: tokens from `accessToken` only, so that a page's one-call bundle
 * carries no key parsing, assertion signing or client-credentials request; key options are a ConfigError before any
 * I/O. Against real loopback servers, and bundled by esbuild for the browser as a page would be.
 */
import { build } from "esbuild";
import { describe, expect, test } from "vitest";
import * as core from "../../generated/core.js";
import * as page from "../../generated/page.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { root } from "../support/project.js";
import { useServers } from "../support/servers.js";

const key = rsaKey();

/** The page's one call, with an accessToken source, bundled for the browser and minified. */
async function onePageCall(entry: "page" | "core"): Promise<{ text: string; modules: string[] }> {
  const contents = `import { createClient } from "./generated/${entry}.js";
const client = createClient({ color: "green", accessToken: async () => "t", baseUrl: "https://api.example.test/api/v1.2" });
console.log(await client.readTasks());
`;
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  const modules = Object.entries(inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input.replace(/^.*node_modules\/jose\//, "jose/"));
  return { text: result.outputFiles[0]!.text, modules };
}

/** What only a client that signs carries: the grant's names and jose's key import. */
const KEY_CODE = ["client_assertion", "jwt-bearer", "importPKCS8", "importKey"];

describe("page.js", () => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });

  test("a one-call bundle with an accessToken source carries no key or assertion code (core.js's does)", async () => {
    const [lean, keyed] = [await onePageCall("page"), await onePageCall("core")];
    expect(KEY_CODE.filter((needle) => lean.text.includes(needle))).toEqual([]);
    const signing = ["runtime/keys.js", "runtime/der.js", "runtime/assertion.js", "runtime/token.js"];
    expect(
      lean.modules.filter((m) => signing.some((s) => m.endsWith(s)) || m.includes("jose/dist/webapi/key")),
    ).toEqual([]);
    // The same program from core.js, which keeps key support: the search finds what it looks for.
    expect(KEY_CODE.filter((needle) => keyed.text.includes(needle))).toEqual([
      "client_assertion",
      "jwt-bearer",
      "importKey",
    ]);
  });

  test("an allowed call goes out with the accessToken's token; a call above the color is refused", async () => {
    servers.valid.add("page-token");
    const green = page.createClient({ color: "green", baseUrl: servers.baseUrl, accessToken: () => "page-token" });
    expect(await green.readTasks()).toEqual({ method: "GET", path: "/tasks" });
    const loose = green as unknown as { POST(path: string, init: object): Promise<unknown> };
    const init = { params: { path: { machine: "dtn01" } }, body: { executable: "id" } };
    const refused = await loose.POST("/utilities/command/{machine}", init).catch((error: unknown) => error);
    expect(page.ScopeError.is(refused)).toBe(true);
    expect(servers.tokenCalls).toEqual([]);
    expect(servers.apiCalls.map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([
      "GET /api/v1.2/tasks page-token",
    ]);
  });

  test("key options are a ConfigError naming them, before any key is read or request made", async () => {
    let fetched = 0;
    const fetch = (request: Request) => {
      fetched++;
      return globalThis.fetch(request);
    };
    const base = { color: "green", baseUrl: servers.baseUrl, tokenUrl: servers.tokenUrl, fetch } as const;
    const given = [
      { clientId: CLIENT_ID, privateKey: key.pkcs1 },
      { privateKey: key.pkcs8 },
      { clientId: CLIENT_ID },
      { keyFile: "/nonexistent/green.json" },
      { privateKey: { file: "/nonexistent/green.pem" } },
      { clientId: CLIENT_ID, privateKey: key.pkcs1, accessToken: "t" },
    ];
    for (const options of given) {
      let error: unknown;
      try {
        page.createClient({ ...base, ...options } as never);
      } catch (e) {
        error = e;
      }
      expect(page.ConfigError.is(error), JSON.stringify(Object.keys(options))).toBe(true);
      expect((error as Error).message).toBe(
        "createClient: page.js takes no keys (keyFile, clientId, privateKey): give it accessToken, " +
          "or import createClient from core.js or index.js",
      );
    }
    expect(fetched).toBe(0);
    expect(servers.requestCount()).toBe(0);
    // core.js takes the same key and signs with it.
    const keyed = core.createClient({ ...base, clientId: CLIENT_ID, privateKey: key.pkcs1 });
    expect(await keyed.readTasks()).toEqual({ method: "GET", path: "/tasks" });
    expect(servers.tokenCalls.map((c) => c.problem)).toEqual([undefined]);
  });

  test("shares the description, the table and the error classes with core.js", () => {
    expect(page.description).toBe(core.description);
    expect(page.operations).toBe(core.operations);
    expect(page.defaultBaseUrl).toBe(core.defaultBaseUrl);
    expect(page.ConfigError).toBe(core.ConfigError);
  });
});
