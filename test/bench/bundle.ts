/**
 * Bundle size: what one call costs a browser or edge bundle. The same program five ways, bundled by esbuild for the
 * browser, minified: our generated client from `index.js` and from `core.js` (a green client, a PEM key, one named
 * call: guard, token source, assertion signing, the operation table; index.js adds the workflow helpers), a page's
 * client from `page.js` (the same call with an `accessToken` source: no key or assertion code), openapi-fetch
 * alone (one GET, no auth), and openapi-fetch with jose doing what the client's auth does at its smallest (import a
 * PKCS#8 key, sign an RS256 assertion, POST it for a token, send the token). Bytes minified and gzipped; the ratio is
 * ours over openapi-fetch + jose (the floor for a client that signs).
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { projectRoot } from "./peers.js";
import type { Section } from "./report.js";
import { verdict } from "./report.js";

const ours = (entry: "index" | "core") => `import { createClient } from "./generated/${entry}.js";
const client = createClient({ color: "green", clientId: "id", privateKey: globalThis.PEM, baseUrl: "https://api.example.test/api/v1.2" });
console.log(await client.readTasks());
`;

/** A page's client: tokens from a service (`accessToken`), never a key. */
const PAGE = `import { createClient } from "./generated/page.js";
const client = createClient({ color: "green", accessToken: async () => "t", baseUrl: "https://api.example.test/api/v1.2" });
console.log(await client.readTasks());
`;

const OPENAPI_FETCH = `import createClient from "openapi-fetch";
const client = createClient({ baseUrl: "https://api.example.test/api/v1.2" });
console.log(await client.GET("/tasks"));
`;

const OPENAPI_FETCH_JOSE = `import createClient from "openapi-fetch";
import { importPKCS8, SignJWT } from "jose";
const key = await importPKCS8(globalThis.PEM, "RS256");
const tokenUrl = "https://token.example.test/token";
const assertion = await new SignJWT({}).setProtectedHeader({ alg: "RS256" }).setIssuer("id").setSubject("id")
  .setAudience(tokenUrl).setIssuedAt().setExpirationTime("5m").setJti(crypto.randomUUID()).sign(key);
const answer = await fetch(tokenUrl, { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials",
  client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: assertion }) });
const { access_token } = await answer.json();
const client = createClient({ baseUrl: "https://api.example.test/api/v1.2", headers: { authorization: access_token } });
console.log(await client.GET("/tasks"));
`;

async function size(contents: string): Promise<{ min: number; gzip: number; parts: Map<string, number> }> {
  const result = await build({
    stdin: { contents, resolveDir: projectRoot, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent",
    metafile: true,
  });
  const bytes = result.outputFiles[0]!.contents;
  // Where the minified bytes come from: each package as one, our files by name.
  const parts = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.replace(/^generated\//, "");
      parts.set(name, (parts.get(name) ?? 0) + bytesInOutput);
    }
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, parts };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Minified bytes of ours that are neither jose nor openapi-fetch. */
const own = (bundle: { min: number; parts: Map<string, number> }) =>
  bundle.min - (bundle.parts.get("jose") ?? 0) - (bundle.parts.get("openapi-fetch") ?? 0);
/** What 1.5x of openapi-fetch + jose leaves for that. */
const ownBudget = (bundle: { min: number; parts: Map<string, number> }, peer: { min: number }) =>
  1.5 * peer.min - (bundle.min - own(bundle));

const parts = (bundle: { parts: Map<string, number> }) =>
  [...bundle.parts]
    .filter(([, n]) => n >= 500)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${kb(n)}`)
    .join(", ");

export async function benchBundle(log: (line: string) => void): Promise<Section> {
  log("bundle: esbuild, five one-call programs");
  const [full, core, page, plain, withJose] = [
    await size(ours("index")),
    await size(ours("core")),
    await size(PAGE),
    await size(OPENAPI_FETCH),
    await size(OPENAPI_FETCH_JOSE),
  ];
  const { version } = (await import("esbuild")) as { version: string };
  const row = (figure: string, bundle: typeof full, key: "min" | "gzip") => {
    const r = bundle[key] / withJose[key];
    return {
      figure,
      ours: kb(bundle[key]),
      peers: [kb(plain[key]), kb(withJose[key])],
      ratio: `${r.toFixed(2)}x`,
      target: "≤ 1.5x of openapi-fetch + jose",
      verdict: verdict(r <= 1.5),
    };
  };
  return {
    title: "Bundle size (browser, one call)",
    peerColumns: ["openapi-fetch alone", "openapi-fetch + jose"],
    rows: [
      row("index.js: minified", full, "min"),
      row("index.js: minified + gzip -9", full, "gzip"),
      row("core.js: minified", core, "min"),
      row("core.js: minified + gzip -9", core, "gzip"),
      row("page.js (accessToken): minified", page, "min"),
      row("page.js (accessToken): minified + gzip -9", page, "gzip"),
    ],
    notes: [
      `esbuild ${version}, \`platform: "browser"\`, ESM, ES2022, minified; the ratio is ours over openapi-fetch + jose.`,
      `Where core.js's minified bytes go: ${parts(core)}.`,
      `What the target leaves core.js's own code (beside its jose and openapi-fetch): ${kb(ownBudget(core, withJose))}; it is ${kb(own(core))}.`,
      `Where page.js's minified bytes go: ${parts(page)}.`,
      `index.js adds: ${[...full.parts]
        .filter(([name]) => !core.parts.has(name))
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `${name} ${kb(n)}`)
        .join(", ")}.`,
      'Ours: the checked-in generated/ client (31 operations), `createClient({ color: "green", clientId, privateKey })` and `readTasks()`: the guard, the operation table, the token source with retries, key checks (PEM, JWK, key objects) and the assertion signing all come along; from index.js also `waitForTask` and `compute`. page.js: `createClient({ color: "green", accessToken })` and `readTasks()`: the guard, the operation table and the accessToken source, no key or assertion code. openapi-fetch + jose: a PKCS#8 key imported, one RS256 assertion signed, one token request, one GET with the token.',
    ],
  };
}
