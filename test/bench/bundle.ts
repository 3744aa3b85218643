/**
 * Bundle size: what one call costs a browser or edge bundle. The same program five ways, bundled by esbuild for the
 * browser, minified: our generated client from `index.js` and from `core.js` (a green client, a PEM key, one named
 * call: guard, token source, assertion signing, the operation table; index.js adds the workflow helpers), a page's
 * client from `page.js` (the same call with an `accessToken` source: no key or assertion code), openapi-fetch
 * alone (one GET, no auth), and openapi-fetch with jose doing what the client's auth does at its smallest (import a
 * PKCS#8 key, sign an RS256 assertion, POST it for a token, send the token). Bytes minified and gzipped; the ratio is
 * ours over openapi-fetch + jose (the floor for a client that signs).
 *
 * Then the operation table's share, per operation: the minified bytes the generated table files (operations.js and,
 * where the client has it, packed-table.js) put into the page's one-call bundle, over the number of operations, for
 * v1.2 and for a client generated from GitHub's REST description (the @octokit/openapi peer), whose page.js one-call
 * bundle is measured too.
 */
import { readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { runCold } from "./measure.js";
import { githubDescription, githubVersion, projectRoot } from "./peers.js";
import type { Section } from "./report.js";
import { verdict } from "./report.js";

const ours = (entry: "index" | "core") => `import { createClient } from "./generated/${entry}.js";
const client = createClient({ color: "green", clientId: "id", privateKey: globalThis.PEM, baseUrl: "https://api.example.test/api/v1.2" });
console.log(await client.readTasks());
`;

/** A page's client: tokens from a service (`accessToken`), never a key; `folder` relative to the project. */
const page = (folder: string, color: string, call: string) => `import { createClient } from "./${folder}/page.js";
const client = createClient({ color: "${color}", accessToken: async () => "t", baseUrl: "https://api.example.test/api/v1.2" });
console.log(await client.${call}());
`;
const PAGE = page("generated", "green", "readTasks");

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
  // Where the minified bytes come from: each package as one, our files by name (relative to their client folder).
  const parts = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.replace(/^(?:generated|.*\/github)\//, "");
      parts.set(name, (parts.get(name) ?? 0) + bytesInOutput);
    }
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, parts };
}

/** The generated files that hold the operation table (the packed one where the client has it). */
const TABLE_FILES = ["operations.js", "packed-table.js"];
/** Minified bytes the operation table puts into a bundle. */
const tableBytes = (bundle: { parts: Map<string, number> }) =>
  TABLE_FILES.reduce((sum, file) => sum + (bundle.parts.get(file) ?? 0), 0);
const operationCount = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { operations: { name: string }[] }).operations;

/** The table's target per operation, and what a GitHub-size client's page bundle may weigh (issue 34, target 4). */
const TABLE_TARGET = 80;
const GITHUB_TARGET = 120 * 1024;

/** A client of GitHub's REST description (`--policy method`: green for GET, red for the rest), generated untimed. */
async function githubClient(dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  await runCold({
    script: join(projectRoot, "bin/sfapi-gen.js"),
    args: ["generate", "--file", githubDescription(), "--policy", "method", "--out", dir],
    cwd: projectRoot,
  });
  return dir;
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

export async function benchBundle(outRoot: string, log: (line: string) => void): Promise<Section> {
  log("bundle: generating a client for GitHub's description (not timed)");
  const githubDir = await githubClient(join(outRoot, "github"));
  const githubOps = operationCount(githubDir);
  // The first GET the description has (green under `--policy method`), as the one call.
  const githubCall = (
    JSON.parse(readFileSync(join(githubDir, "manifest.json"), "utf8")) as {
      operations: { name: string; method: string }[];
    }
  ).operations.find((op) => op.method === "GET")!.name;
  log("bundle: esbuild, six one-call programs");
  const [full, core, pageBundle, plain, withJose, github] = [
    await size(ours("index")),
    await size(ours("core")),
    await size(PAGE),
    await size(OPENAPI_FETCH),
    await size(OPENAPI_FETCH_JOSE),
    await size(page(relative(projectRoot, githubDir), "green", githubCall)),
  ];
  const v12Ops = operationCount(join(projectRoot, "generated")).length;
  const perOp = (bundle: typeof full, n: number) => tableBytes(bundle) / n;
  const tableRow = (figure: string, bundle: typeof full, n: number) => ({
    figure,
    ours: `${perOp(bundle, n).toFixed(1)} B per operation (${kb(tableBytes(bundle))} for ${n.toLocaleString("en-US")})`,
    peers: ["", ""],
    ratio: "",
    target: `≤ ${TABLE_TARGET} B per operation`,
    verdict: verdict(perOp(bundle, n) <= TABLE_TARGET),
  });
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
      row("page.js (accessToken): minified", pageBundle, "min"),
      row("page.js (accessToken): minified + gzip -9", pageBundle, "gzip"),
      tableRow("the operation table in page.js's bundle, v1.2", pageBundle, v12Ops),
      tableRow(`the operation table in page.js's bundle, GitHub`, github, githubOps.length),
      {
        figure: `page.js (accessToken), GitHub (${githubOps.length.toLocaleString("en-US")} operations): minified`,
        ours: kb(github.min),
        peers: [kb(plain.min), kb(withJose.min)],
        ratio: `${(github.min / withJose.min).toFixed(2)}x`,
        target: `≤ ${GITHUB_TARGET / 1024} KB`,
        verdict: verdict(github.min <= GITHUB_TARGET),
      },
    ],
    notes: [
      `esbuild ${version}, \`platform: "browser"\`, ESM, ES2022, minified; the ratio is ours over openapi-fetch + jose.`,
      `Where core.js's minified bytes go: ${parts(core)}.`,
      `What the target leaves core.js's own code (beside its jose and openapi-fetch): ${kb(ownBudget(core, withJose))}; it is ${kb(own(core))}.`,
      `Where page.js's minified bytes go: ${parts(pageBundle)}.`,
      `GitHub: @octokit/openapi ${githubVersion()} (the newest when its peers were installed), generated with \`--policy method\`; the one call is \`${githubCall}()\` from its page.js. Where its minified bytes go: ${parts(github)}.`,
      `The table per operation: the minified bytes of ${TABLE_FILES.join(" and ")} in that bundle over the client's operation count; the code that reads the table is not counted in it.`,
      `index.js adds: ${[...full.parts]
        .filter(([name]) => !core.parts.has(name))
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `${name} ${kb(n)}`)
        .join(", ")}.`,
      'Ours: the checked-in generated/ client (31 operations), `createClient({ color: "green", clientId, privateKey })` and `readTasks()`: the guard, the operation table, the token source with retries, key checks (PEM, JWK, key objects) and the assertion signing all come along; from index.js also `waitForTask` and `compute`. page.js: `createClient({ color: "green", accessToken })` and `readTasks()`: the guard, the operation table and the accessToken source, no key or assertion code. openapi-fetch + jose: a PKCS#8 key imported, one RS256 assertion signed, one token request, one GET with the token.',
    ],
  };
}
