// `sfapi-gen needs` for a client generated under the security policy: the least OAuth2 grant of a small code base
// using a Spotify client generated here (test/fixtures/oauth2/spotify.yml), per client and overall, unknown uses
// needing every scope, --fail-beyond and --fail-above; then the exact search itself (least-grant.ts) on requirements
// where the greedy first guess is not least.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { leastGrant } from "../../../../generator/model/least-grant.js";
import { validateManifest } from "../../../../generator/output/client-folder.js";
import { renderNeeds } from "../../../../generator/reports/needs/needs.js";
import type { ScopeNeedsReport } from "../../../../generator/reports/needs/report.js";
import { beyond } from "../../../../generator/reports/needs/scopes.js";
import { runCli } from "../../../support/cli.js";
import { description, writeJson } from "../../../support/descriptions.js";
import { listenLocal } from "../../../support/http.js";
import { root, tempDir } from "../../../support/project.js";

const rel = (path: string) => relative(root, path).split("\\").join("/");
const spotify = join(root, "test/fixtures/oauth2/spotify.yml");

/** A code base: `files` by name, each importing the client at `client` (relative to the code base). */
function codeBase(dir: string, files: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const player = `import { createClient } from "../spotify/index.js";

export const player = createClient({
  scopes: ["user-modify-playback-state", "user-read-currently-playing", "user-read-playback-state"],
  accessToken: "t",
});

export async function pause() {
  return player.pauseAUsersPlayback();
}
export async function queue() {
  return player.GET("/me/player/queue");
}
`;
const profile = `import { createClient } from "../spotify/index.js";

const me = createClient({ scopes: ["user-read-email", "user-read-private"], accessToken: "t" });

export async function profile() {
  return me.getCurrentUsersProfile();
}
export async function album(id: string) {
  return me.getAnAlbum({ path: { id } });
}
`;
const guessing = `import { player } from "./player.js";

export async function anything() {
  // @ts-expect-error: no such operation
  return player.GET("/no/such/path");
}
`;

let work: string;
let app: string;
let withUnknown: string;
const runs: Record<string, Awaited<ReturnType<typeof runCli>>> = {};

beforeAll(async () => {
  work = tempDir("needs-scopes-");
  const generated = await runCli(["generate", "--file", rel(spotify), "--out", rel(join(work, "spotify"))]);
  expect(generated.code, generated.stderr).toBe(0);
  app = codeBase(join(work, "app"), { "player.ts": player, "profile.ts": profile });
  withUnknown = codeBase(join(work, "guess"), { "player.ts": player, "guessing.ts": guessing });
  const client = ["--client", rel(join(work, "spotify"))];
  const args: Record<string, string[]> = {
    json: ["needs", rel(app), ...client, "--format", "json"],
    unknown: ["needs", rel(withUnknown), ...client, "--format", "json"],
    beyond: ["needs", rel(app), ...client, "--fail-beyond", "user-read-email,user-read-private"],
    typo: ["needs", rel(app), ...client, "--fail-beyond", "user-read-emial"],
    above: ["needs", rel(app), ...client, "--fail-above", "red"],
    colorBeyond: ["needs", "test/fixtures/needs/consumer", "--fail-beyond", "user-read-email"],
  };
  // Each run scans the code with TypeScript's compiler: few, and those refused before the scan are cheap.
  for (const [key, a] of Object.entries(args)) runs[key] = await runCli(a);
});

describe("sfapi-gen needs, OAuth2 scopes (security policy)", () => {
  it("reports the least grant of the whole code base and why each scope is in it (JSON)", () => {
    expect(runs.json!.code, runs.json!.stderr).toBe(0);
    const report: ScopeNeedsReport = JSON.parse(runs.json!.stdout);
    expect(report.format).toBe("sfapi-gen/needs-scopes@1");
    expect(report.client).toMatchObject({ policy: "security", found: "option" });
    expect(report.client.scopes).toHaveLength(17);
    // pause: user-modify-playback-state; queue: playback-state and currently-playing; /me: email and private; the
    // album: a token, no scope.
    expect(report.grant).toMatchObject({
      scopes: [
        "user-modify-playback-state",
        "user-read-currently-playing",
        "user-read-email",
        "user-read-playback-state",
        "user-read-private",
      ],
      proven: true,
      choices: 0,
    });
    expect(report.byScope.find((b) => b.scope === "user-read-email")).toEqual({
      scope: "user-read-email",
      forced: true,
      uses: [`${rel(app)}/profile.ts:6:13`],
    });
    expect(report.summary).toEqual({ uses: 4, files: 2, unknown: 0, public: 0, tokenOnly: 1 });
    const albumUse = report.uses.find((u) => u.code.includes("getAnAlbum"))!;
    expect(albumUse.operations).toEqual([
      { name: "getAnAlbum", method: "GET", path: "/albums/{id}", scope: "scoped", security: [[]] },
      // An id with an encoded slash may fall on the album's tracks (the same requirement).
      { name: "getAnAlbumsTracks", method: "GET", path: "/albums/{id}/tracks", scope: "scoped", security: [[]] },
    ]);
    expect(albumUse.scopes).toEqual([]);
  });

  it("gives each createClient call the least grant of its own uses", () => {
    const report: ScopeNeedsReport = JSON.parse(runs.json!.stdout);
    const byFile = Object.fromEntries(report.clients.map((c) => [c.file.replace(/.*\//, ""), c]));
    expect(byFile["player.ts"]!.grant.scopes).toEqual([
      "user-modify-playback-state",
      "user-read-currently-playing",
      "user-read-playback-state",
    ]);
    expect(byFile["player.ts"]!.uses).toBe(2);
    expect(byFile["profile.ts"]!.grant.scopes).toEqual(["user-read-email", "user-read-private"]);
    expect(byFile["profile.ts"]!.uses).toBe(2);
  });

  it("says in Markdown how the grant was computed, and names the scopes and uses", () => {
    const md = renderNeeds(JSON.parse(runs.json!.stdout), "md");
    expect(md).toMatch(/^# Needs: `user-modify-playback-state`, `user-read-currently-playing`, /);
    expect(md).toContain("The least grant covering 4 uses of the generated client in 2 files");
    expect(md).toContain("## How it is computed");
    expect(md).toContain("Operations with one alternative force its scopes: 5 forced scopes");
    expect(md).toContain("nothing was left to search, so the grant is least.");
    expect(md).toContain("| `user-read-email` | yes | " + `${rel(app)}/profile.ts:6:13 |`);
    expect(md).toContain("| GET `/me` (getCurrentUsersProfile) | `user-read-email` and `user-read-private` |");
    expect(md).toContain(
      "| GET `/albums/{id}` (getAnAlbum), GET `/albums/{id}/tracks` (getAnAlbumsTracks) | " + "a token, no scope | - |",
    );
  });

  it("makes a use it cannot map need every scope the client names", () => {
    expect(runs.unknown!.code, runs.unknown!.stderr).toBe(0);
    const report: ScopeNeedsReport = JSON.parse(runs.unknown!.stdout);
    expect(report.summary.unknown).toBe(1);
    expect(report.grant.scopes).toEqual(report.client.scopes);
    const unknown = report.uses.find((u) => u.unknown !== null)!;
    expect(unknown.unknown).toMatch(/^unknown: .*; needs every scope$/);
    expect(unknown.unknown).not.toContain("top level");
    expect(unknown.scopes).toEqual(report.client.scopes);
  });

  it("--fail-beyond passes when a grant within the scopes covers the code, else names the scopes and uses", () => {
    const report: ScopeNeedsReport = JSON.parse(runs.json!.stdout);
    expect(beyond(report, report.grant.scopes)).toEqual({ uses: [], missing: [] });
    expect(beyond(report, report.client.scopes)).toEqual({ uses: [], missing: [] });
    const short = beyond(report, ["user-read-email", "user-read-private", "user-read-playback-state"]);
    expect(short.missing).toEqual(["user-modify-playback-state", "user-read-currently-playing"]);
    expect(short.uses.map((u) => u.code)).toEqual(["player.pauseAUsersPlayback()", 'player.GET("/me/player/queue")']);
    expect(runs.beyond!.code).toBe(1);
    expect(runs.beyond!.stderr).toContain(
      "--fail-beyond user-read-email,user-read-private: " +
        `${rel(app)} also needs user-modify-playback-state, user-read-currently-playing, user-read-playback-state: ` +
        `${rel(app)}/player.ts:9 player.pauseAUsersPlayback(); ${rel(app)}/player.ts:12 player.GET("/me/player/queue")`,
    );
    // The report still printed: the list of what it needs.
    expect(runs.beyond!.stdout).toContain("## Why each scope (5)");
  });

  it("refuses a scope the client does not name, --fail-above on a scope client, --fail-beyond on a color one", () => {
    expect(runs.typo!.code).toBe(2);
    expect(runs.typo!.stderr).toContain('--fail-beyond: "user-read-emial" is not a scope the client');
    expect(runs.above!.code).toBe(2);
    expect(runs.above!.stderr).toContain(
      "--fail-above takes a color, but " +
        `${rel(join(work, "spotify"))} was generated under the security policy (OAuth2 scopes): ` +
        "use --fail-beyond scope1,scope2",
    );
    expect(runs.above!.stdout).toBe("");
    expect(runs.typo!.stdout).toBe("");
    expect(runs.colorBeyond!.code).toBe(2);
    expect(runs.colorBeyond!.stderr).toContain("--fail-beyond takes OAuth2 scopes, but generated ranks calls by color");
  });
});

describe("the manifest carries each operation's scope sets", () => {
  it("reads them back, and refuses a secured operation without them (fail closed)", () => {
    const manifest = JSON.parse(readFileSync(join(work, "spotify", "manifest.json"), "utf8"));
    const me = manifest.operations.findIndex((op: { name: string }) => op.name === "getCurrentUsersProfile");
    expect(validateManifest(manifest).operations[me]!.security).toEqual([["user-read-email", "user-read-private"]]);
    delete manifest.operations[me].security;
    expect(() => validateManifest(manifest)).toThrow(
      `/operations/${me}/security is missing: a "scoped" operation needs it`,
    );
    manifest.operations[me].security = [["user read"]];
    expect(() => validateManifest(manifest)).toThrow(
      `/operations/${me}/security/0/0 must be an OAuth2 scope, not "user read"`,
    );
  });
});

describe("needs searches the alternatives exactly", () => {
  let report: ScopeNeedsReport;
  beforeAll(async () => {
    // Spotify edited: /me may also be called with user-top-read, and the top artists with user-follow-read instead.
    const doc = parse(readFileSync(spotify, "utf8"));
    doc.paths["/me"].get.security = [
      { oauth_2_0: ["user-read-private", "user-read-email"] },
      { oauth_2_0: ["user-top-read"] },
    ];
    doc.paths["/me/top/artists"].get.security = [{ oauth_2_0: ["user-top-read"] }, { oauth_2_0: ["user-follow-read"] }];
    const file = join(work, "spotify-edited.json");
    writeFileSync(file, JSON.stringify(doc));
    const out = join(work, "spotify-edited");
    const generated = await runCli(["generate", "--file", rel(file), "--out", rel(out)]);
    expect(generated.code, generated.stderr).toBe(0);
    const code = codeBase(join(work, "edited-app"), {
      "app.ts": `import { createClient } from "../spotify-edited/index.js";

const c = createClient({ scopes: ["user-top-read"], accessToken: "t" });
export const me = () => c.GET("/me");
export const top = () => c.GET("/me/top/artists");
`,
    });
    const run = await runCli(["needs", rel(code), "--client", rel(out), "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    report = JSON.parse(run.stdout);
  });

  it("finds the one scope both operations allow, and says the choice was searched", () => {
    expect(report.grant).toMatchObject({ scopes: ["user-top-read"], forced: [], choices: 2, proven: true });
    expect(report.uses.map((u) => u.scopes)).toEqual([["user-top-read"], ["user-top-read"]]);
  });

  it("words a requirement that several operations of one use share once in the Markdown", () => {
    // A use that may reach two operations, both allowed by any token (or both by one scope): each must be allowed,
    // and saying the same condition twice ("a token, no scope; a token, no scope") adds nothing.
    const use = report.uses[0]!;
    const op = use.operations[0]!;
    const twin = (name: string, security: string[][]) => ({ ...op, name, path: `/${name}`, security });
    const row = (ops: ReturnType<typeof twin>[]) =>
      renderNeeds({ ...report, uses: [{ ...use, operations: ops }] }, "md")
        .split("\n")
        .find((line) => line.startsWith(`| ${use.file}:${use.line} | `))!;
    expect(row([twin("a", [[]]), twin("b", [[]])])).toContain("| a token, no scope |");
    expect(row([twin("a", [["x"]]), twin("b", [[]]), twin("c", [["x"]])])).toContain("| `x`; a token, no scope |");
  });
});

describe("leastGrant", () => {
  // Greedy, in order: a (for the first), b, c = 3 scopes; least: b and c = 2.
  const tricky = [
    [["a"], ["b", "c"]],
    [["b"], ["d"]],
    [["c"], ["e"]],
  ];

  it("forces single alternatives and drops token-only requirements", () => {
    expect(leastGrant([[["x", "y"]], [[]], [["y"], ["z"]]])).toEqual({
      scopes: ["x", "y"],
      forced: ["x", "y"],
      choices: 0,
      visited: 0,
      proven: true,
    });
  });

  it("finds a grant smaller than the greedy one, and proves it least", () => {
    expect(leastGrant(tricky)).toMatchObject({ scopes: ["b", "c"], forced: [], choices: 3, proven: true });
  });

  it("past its bound returns a sufficient grant marked as not proven least", () => {
    const result = leastGrant(tricky, [], 1);
    expect(result.proven).toBe(false);
    for (const req of tricky) expect(req.some((alt) => alt.every((s) => result.scopes.includes(s)))).toBe(true);
  });

  it("counts scopes already granted as free", () => {
    // Adding e costs one scope, a and b two.
    expect(
      leastGrant(
        [
          [
            ["a", "b"],
            ["c", "d", "e"],
          ],
        ],
        ["c", "d"],
      ).scopes,
    ).toEqual(["c", "d", "e"]);
    expect(
      leastGrant([
        [
          ["a", "b"],
          ["c", "d", "e"],
        ],
      ]).scopes,
    ).toEqual(["a", "b"]);
  });
});

describe("needs bounds the least-grant search by work (issue 44)", () => {
  // The red team's input: 50 operations, each with 64 alternative pairs of scopes (one of 64 shared, one of 64
  // others, shifted per operation), and a code base that calls all 50. No alternative is forced and the choices
  // interlock, so the search cannot prove a grant least within its bound.
  const OPERATIONS = 50;
  const ALTERNATIVES = 64;
  const alternatives = Array.from({ length: OPERATIONS }, (_, i) =>
    Array.from({ length: ALTERNATIVES }, (_, j) => [`scope-${j}`, `scope-${64 + ((i * 3 + j) % 64)}`]),
  );
  let report: ScopeNeedsReport;
  let markdown: string;
  let descriptionSize: number;

  beforeAll(async () => {
    const scopes = Object.fromEntries(Array.from({ length: 128 }, (_, i) => [`scope-${i}`, `Scope ${i}.`]));
    const paths = Object.fromEntries(
      alternatives.map((alts, i) => [
        `/things${i}`,
        {
          get: {
            operationId: `readThings${i}`,
            security: alts.map((pair) => ({ oauth: pair })),
            responses: { 200: { description: "OK" } },
          },
        },
      ]),
    );
    const doc = {
      openapi: "3.0.3",
      info: { title: "Crafted", version: "1" },
      servers: [{ url: "https://api.example.org/v1" }],
      paths,
      components: {
        securitySchemes: {
          oauth: {
            type: "oauth2",
            flows: {
              authorizationCode: { authorizationUrl: "https://a.example/a", tokenUrl: "https://a.example/t", scopes },
            },
          },
        },
      },
    };
    const file = join(work, "crafted.json");
    const text = JSON.stringify(doc, null, 1);
    descriptionSize = text.length;
    writeFileSync(file, text);
    const out = join(work, "crafted");
    const generated = await runCli(["generate", "--file", rel(file), "--out", rel(out)]);
    expect(generated.code, generated.stderr).toBe(0);
    const lines = alternatives.map((_, i) => `export const r${i} = () => c.readThings${i}();`);
    const code = codeBase(join(work, "crafted-app"), {
      "app.ts": [
        'import { createClient } from "../crafted/index.js";',
        "",
        'const c = createClient({ scopes: [], accessToken: "t" });',
        ...lines,
      ].join("\n"),
    });
    // One scan (each takes seconds here: the client's types weigh 64 scope sets per operation); the Markdown is
    // rendered from its report, as `--format md` renders it.
    const json = await runCli(["needs", rel(code), "--client", rel(out), "--format", "json"]);
    expect(json.code, json.stderr).toBe(0);
    report = JSON.parse(json.stdout);
    markdown = renderNeeds(report, "md");
  }, 60_000);

  it("stops at its bound of steps with a grant that suffices, and says it is not proven least", () => {
    expect(descriptionSize).toBeGreaterThan(100_000);
    expect(report.uses).toHaveLength(OPERATIONS);
    expect(report.grant.proven).toBe(false);
    for (const alts of alternatives)
      expect(alts.some((pair) => pair.every((s) => report.grant.scopes.includes(s)))).toBe(true);
    expect(markdown).toContain("not proven least");
    expect(markdown).toMatch(/stopped at its bound of \d+ steps/);
  });

  it("counts work, not grants: one costly grant after the bound is its last", () => {
    const requirements = alternatives.map((alts) => alts.map((pair) => [...pair]));
    const bounded = leastGrant(requirements, [], 100_000);
    expect(bounded.proven).toBe(false);
    // Each grant looks up at least one scope per unmet requirement: 100,000 steps are at most that many grants.
    expect(bounded.visited).toBeLessThan(100_000 / OPERATIONS);
  });
});

describe("needs counts what a call's unseen values may reach (eBay's commerce-taxonomy, issue 43)", () => {
  // GET /category_tree/{id} needs `api`; GET /category_tree/{id}/fetch_item_aspects needs `api` and `insights`. A
  // call of the first by name whose id is "1/fetch_item_aspects" is a request to the second, so an id known only at
  // run time counts both scopes; the guard demands as much for that value. A literal id ("v0") is read as written and
  // needs only `api`: the corpus check once read that grant as an over-count.
  let out: string;
  let report: ScopeNeedsReport;
  let literal: ScopeNeedsReport;
  let api: Awaited<ReturnType<typeof listenLocal>>;
  const seen: string[] = [];
  beforeAll(async () => {
    const dir = tempDir("needs-reach-");
    const scheme = { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://e.test/t", scopes: {} } } };
    const pathId = [{ name: "id", in: "path", required: true, schema: { type: "string" } }];
    const doc = {
      ...description({
        "GET /category_tree/{id}": { operationId: "getCategoryTree", parameters: pathId, security: [{ o: ["api"] }] },
        "GET /category_tree/{id}/fetch_item_aspects": {
          operationId: "fetchItemAspects",
          parameters: pathId,
          security: [{ o: ["api", "insights"] }],
        },
      }),
      components: { securitySchemes: { o: scheme } },
    };
    out = join(dir, "client");
    const generated = await runCli(["generate", "--file", writeJson(dir, "tax.json", doc), "--out", rel(out)]);
    expect(generated.code, generated.stderr).toBe(0);
    const code = codeBase(join(dir, "app"), {
      "call.ts": `import { createClient } from "../client/index.js";

const client = createClient({ scopes: ["api"], accessToken: "t" });
export const tree = (id: string) => client.getCategoryTree({ path: { id } });
`,
    });
    const run = await runCli(["needs", rel(code), "--client", rel(out), "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    report = JSON.parse(run.stdout);
    const exact = codeBase(join(dir, "exact"), {
      "call.ts": `import { createClient } from "../client/index.js";

const client = createClient({ scopes: ["api"], accessToken: "t" });
export const tree = () => client.getCategoryTree({ path: { id: "v0" } });
`,
    });
    const exactRun = await runCli(["needs", rel(exact), "--client", rel(out), "--format", "json"]);
    expect(exactRun.code, exactRun.stderr).toBe(0);
    literal = JSON.parse(exactRun.stdout);
    api = await listenLocal((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  afterAll(() => api?.close());

  it("prints both scopes for an id known at run time, the second for the operation it may fall on", () => {
    expect(report.grant).toMatchObject({ scopes: ["api", "insights"], proven: true });
    expect(report.uses[0]!.operations.map((op) => op.name)).toEqual(["getCategoryTree", "fetchItemAspects"]);
  });

  it("reads a literal id as written: it reaches the one operation, and needs its scope alone", () => {
    expect(literal.grant).toMatchObject({ scopes: ["api"], proven: true });
    expect(literal.uses[0]!.operations.map((op) => op.name)).toEqual(["getCategoryTree"]);
  });

  it("is what the guard demands: without `insights`, a falling id is refused before any request", async () => {
    const { createClient } = await import(join(out, "index.js"));
    const client = createClient({ baseUrl: api.origin, scopes: ["api"], accessToken: "t" });
    await client.getCategoryTree({ path: { id: "v0" } });
    expect(seen).toEqual(["/category_tree/v0"]);
    await expect(client.getCategoryTree({ path: { id: "1/fetch_item_aspects" } })).rejects.toMatchObject({
      name: "ScopeError",
    });
    expect(seen).toEqual(["/category_tree/v0"]);
  });
});
