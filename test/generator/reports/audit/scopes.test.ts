// `sfapi-gen audit` under the security policy: Spotify's description (test/fixtures/oauth2/spotify.yml, 97 operations,
// 17 scopes) in every format against the schema and counts taken from its YAML here, then a small description with
// alternatives, a malformed requirement and hostile scope and operation names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadModel } from "../../../../generator/model/model.js";
import { subjectOf } from "../../../../generator/model/subject.js";
import type { ScopeAuditReport } from "../../../../generator/reports/audit/audit.js";
import { buildAudit, buildLevelAudit, renderAudit } from "../../../../generator/reports/audit/audit.js";
import { SCOPE_CSV_COLUMNS } from "../../../../generator/reports/audit/scopes-render.js";
import { runCli } from "../../../support/cli.js";
import { parseCsv } from "../../../support/csv.js";
import { description, modelOf } from "../../../support/descriptions.js";
import { root } from "../../../support/project.js";

const schema = JSON.parse(readFileSync(join(root, "generator/reports/audit/audit-report.schema.json"), "utf8"));
const spotifyFile = "test/fixtures/oauth2/spotify.yml";
const yaml = parse(readFileSync(join(root, spotifyFile), "utf8"));

/** Straight from the YAML: "METHOD path" -> the scope lists of its requirement (Spotify sets security per operation). */
const listed = new Map<string, string[][]>();
for (const [path, item] of Object.entries<any>(yaml.paths))
  for (const method of ["get", "put", "post", "delete", "patch"])
    if (item[method])
      listed.set(
        `${method.toUpperCase()} ${path}`,
        (item[method].security ?? yaml.security ?? []).map((req: Record<string, string[]>) =>
          Object.values(req).flat(),
        ),
      );

let spotify: ScopeAuditReport;
let cli: { json: Awaited<ReturnType<typeof runCli>>; color: Awaited<ReturnType<typeof runCli>> };

beforeAll(async () => {
  const [model, json, color] = await Promise.all([
    loadModel({ file: spotifyFile, cwd: root }),
    runCli(["audit", "--file", spotifyFile, "--format", "json"]),
    runCli(["audit", "--file", spotifyFile, "--color", "red"]),
  ]);
  spotify = buildAudit(model) as ScopeAuditReport;
  cli = { json, color };
});

describe("sfapi-gen audit of Spotify's description (security policy)", () => {
  it("prints JSON that matches the schema, one entry per operation with its scope sets", () => {
    expect(cli.json.code, cli.json.stderr).toBe(0);
    const json = JSON.parse(cli.json.stdout);
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json).toEqual(spotify);
    expect(json.format).toBe("sfapi-gen/audit-scopes@1");
    expect(json.operations).toHaveLength(listed.size);
    for (const op of spotify.operations) {
      const sets = listed.get(`${op.method} ${op.path}`)!.map((s) => [...s].sort());
      expect(
        op.anyOf.map((a) => a.scopes),
        `${op.method} ${op.path}`,
      ).toEqual(sets);
    }
  });

  it("counts operations by what they need, and names the 17 scopes used", () => {
    const tokenOnly = [...listed.values()].filter((sets) => sets.some((s) => s.length === 0)).length;
    expect(spotify.summary).toEqual({ total: 97, public: 0, tokenOnly, scoped: 97 - tokenOnly, malformed: 0 });
    expect(tokenOnly).toBe(32);
    expect(spotify.scope.scopes).toHaveLength(17);
    expect(spotify.scope.schemes).toEqual(["oauth_2_0"]);
  });

  it("says per scope what it unlocks alone and which operations need it", () => {
    const modify = spotify.scopes.find((s) => s.scope === "user-library-modify")!;
    // Alone it unlocks the ten save/remove operations that need only it; two more need it with other scopes.
    expect(modify.unlocks).toHaveLength(10);
    expect(modify.unlocks).toContain("saveTracksUser");
    expect(modify.unlocks).not.toContain("saveLibraryItems");
    expect(modify.requiredBy).toHaveLength(12);
    expect(modify.requiredBy).toContain("saveLibraryItems");
    const email = spotify.scopes.find((s) => s.scope === "user-read-email")!;
    expect(email).toEqual({
      scope: "user-read-email",
      unlocks: [],
      requiredBy: ["getCurrentUsersProfile"],
      listedBy: ["getCurrentUsersProfile"],
    });
  });

  it("renders Markdown, CSV and an HTML matrix of operations by scopes", () => {
    const md = renderAudit(spotify, "md");
    expect(md).toContain("| `user-read-email` | - | 1: getCurrentUsersProfile | 1 |");
    expect(md).toContain("| GET | `/me` | getCurrentUsersProfile | `user-read-email` and `user-read-private` |");
    expect(md).toContain("| GET | `/albums/{id}` | getAnAlbum | a token, no scope |");
    const rows = parseCsv(renderAudit(spotify, "csv"));
    expect(rows[0]).toEqual([...SCOPE_CSV_COLUMNS]);
    expect(rows).toHaveLength(98);
    const me = rows.find((r) => r[2] === "getCurrentUsersProfile")!;
    expect(me.slice(4, 8)).toEqual([
      "scoped",
      "user-read-email and user-read-private",
      "user-read-email;user-read-private",
      "1",
    ]);
    const page = renderAudit(spotify, "html");
    expect(page.match(/<th class="scope">/g)).toHaveLength(17);
    expect(page.match(/<tr><th scope="row">/g)).toHaveLength(97);
    // GET /me: needed in both of its scopes' columns.
    const row = page.split("\n").find((l) => l.includes("getCurrentUsersProfile</span>"))!;
    expect(row.match(/>●</g)).toHaveLength(2);
  });

  it("refuses --color under the security policy", () => {
    expect(cli.color.code).toBe(2);
    expect(cli.color.stderr).toContain("--color names a level, but this description is read under the security");
    expect(cli.color.stdout).toBe("");
  });

  it("rejects JSON that strays from the schema (the check can fail)", () => {
    const validate = new Ajv({ strict: true }).compile(schema);
    const json = JSON.parse(cli.json.stdout);
    expect(validate({ ...json, extra: true })).toBe(false);
    expect(validate({ ...json, operations: [{ ...json.operations[0], scope: "red" }] })).toBe(false);
    expect(validate({ ...json, format: "sfapi-gen/audit@2" })).toBe(false);
  });
});

describe("the scope audit of alternatives, malformed requirements and hostile names", () => {
  const schemes = {
    securitySchemes: {
      oauth: {
        type: "oauth2",
        flows: {
          clientCredentials: {
            tokenUrl: "https://example.test/token",
            scopes: { read: "", write: "", "<img/src=x>": "", "=cmd": "" },
          },
        },
      },
    },
  };
  const doc = {
    ...description({
      "GET /either": { operationId: "either", security: [{ oauth: ["write", "read"] }, { oauth: ["<img/src=x>"] }] },
      "GET /formula": { operationId: "formula", security: [{ oauth: ["=cmd"] }] },
      "GET /broken": { operationId: "broken", security: [{ nobody: [] }] },
      "GET /open": { operationId: "open<script>", security: [] },
    }),
    components: schemes,
  };
  let report: ScopeAuditReport;
  beforeAll(() => {
    report = buildAudit(modelOf(doc, "t.json", { policy: "security", levels: undefined })) as ScopeAuditReport;
  });

  it("words alternatives and names a malformed requirement with its JSON pointer and why", () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    const either = report.operations.find((op) => op.path === "/either")!;
    expect(either.needs).toBe("<img/src=x>, or read and write");
    const broken = report.operations.find((op) => op.path === "/broken")!;
    expect(broken).toMatchObject({
      scope: "unranked",
      pointer: "/paths/~1broken/get/security/0/nobody",
      malformed: "names a security scheme the description does not declare",
      needs: "every scope (malformed)",
    });
    expect(report.summary).toEqual({ total: 4, public: 1, tokenOnly: 0, scoped: 2, malformed: 1 });
    const md = renderAudit(report, "md");
    expect(md).toContain("## Malformed requirements, callable only with every scope (1)");
    expect(md).toContain(
      "| GET | `/broken` | broken | `/paths/~1broken/get/security/0/nobody` | " +
        "names a security scheme the description does not declare |",
    );
    expect(md).toContain("| `<img/src=x>`, or `read` and `write` |");
  });

  it("escapes scope and operation names in HTML and neutralises them in CSV", () => {
    const page = renderAudit(report, "html");
    expect(page).not.toContain("<img");
    expect(page).not.toContain("<script");
    expect(page).toContain("&lt;img/src=x&gt;");
    expect(page).toContain('title="&lt;img/src=x&gt;: one way"');
    const rows = parseCsv(renderAudit(report, "csv"));
    const formula = rows.find((r) => r[1] === "/formula")!;
    expect(formula[5]).toBe("'=cmd");
    expect(formula[6]).toBe("'=cmd");
    const md = renderAudit(report, "md");
    expect(md).not.toMatch(/[^`]<script/);
  });
});

describe("the scope audit of equal requirements through different schemes", () => {
  // Adyen's and Ably's descriptions offer `[{ BasicAuth: [] }, { ApiKeyAuth: [] }]`: two ways to call, both a token
  // with no scope. The words name that need once; the JSON and the schemes line still name both schemes.
  const doc = {
    ...description({
      "GET /either": { operationId: "either", security: [{ key: [] }, { bearer: [] }] },
      "GET /read": { operationId: "read", security: [{ oauth: ["read"] }, { key: ["read"] }, { bearer: [] }] },
      "GET /scoped": { operationId: "scoped", security: [{ oauth: ["read"] }] },
    }),
    components: {
      securitySchemes: {
        oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://e.test/t", scopes: { read: "" } } } },
        key: { type: "apiKey", in: "header", name: "X-Key" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
  };
  let report: ScopeAuditReport;
  beforeAll(() => {
    report = buildAudit(modelOf(doc, "t.json", { policy: "security", levels: undefined })) as ScopeAuditReport;
  });

  it("lists each alternative with its scheme in JSON, valid by the schema", () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    const either = report.operations.find((op) => op.name === "either")!;
    expect(either.anyOf).toEqual([
      { schemes: ["bearer"], scopes: [] },
      { schemes: ["key"], scopes: [] },
    ]);
    expect(report.scope.schemes).toEqual(["bearer", "key", "oauth"]);
  });

  it("words an equal requirement once in Markdown, CSV and HTML", () => {
    const either = report.operations.find((op) => op.name === "either")!;
    expect(either.needs).toBe("a token, no scope");
    const md = renderAudit(report, "md");
    expect(md).toContain("| GET | `/either` | either | a token, no scope |");
    expect(md).toContain("schemes `bearer`, `key`, `oauth`:");
    const rows = parseCsv(renderAudit(report, "csv"));
    expect(rows.find((r) => r[1] === "/either")![5]).toBe("a token, no scope");
    expect(renderAudit(report, "html")).not.toContain("a token, no scope, or a token, no scope");
  });
});

describe("the ladder audit of a scope description", () => {
  it("is refused rather than calling every secured operation unranked", async () => {
    const model = await loadModel({ file: spotifyFile, cwd: root });
    expect(() => buildLevelAudit(subjectOf(model))).toThrow("read under the security policy (OAuth2 scopes)");
  });
});
