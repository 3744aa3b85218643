// `sfapi-gen audit`: counts checked against the description's JSON walked here (not the model), every format parsed.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { emitClient } from "../../../../generator/commands/generate.js";
import type { Model } from "../../../../generator/model/model.js";
import { buildModel, loadModel } from "../../../../generator/model/model.js";
import type { AuditReport } from "../../../../generator/reports/audit/audit.js";
import { buildAudit, renderAudit } from "../../../../generator/reports/audit/audit.js";
import { CSV_COLUMNS } from "../../../../generator/reports/audit/csv.js";
import { runCli } from "../../../support/cli.js";
import { parseCsv } from "../../../support/csv.js";
import { description, secured, writeJson } from "../../../support/descriptions.js";
import { root, tempDir } from "../../../support/project.js";

const LADDER = ["green", "yellow", "orange", "red"];
const spec = JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));
const schema = JSON.parse(readFileSync(join(root, "generator/reports/audit/audit-report.schema.json"), "utf8"));

/** Straight from the JSON: "METHOD path" -> the level it needs under the project's ladder, or "public". */
const expected = new Map<string, string>();
for (const [path, item] of Object.entries<any>(spec.paths)) {
  for (const method of ["get", "put", "post", "delete", "patch"]) {
    const op = item[method];
    if (!op) continue;
    const scope = op["x-nersc-scope"];
    const secured = (op.security ?? spec.security ?? []).length > 0;
    expected.set(
      `${method.toUpperCase()} ${path}`,
      typeof scope === "string" && LADDER.includes(scope) ? scope : secured ? "red" : "public",
    );
  }
}
const count = (level: string) => [...expected.values()].filter((l) => l === level).length;

const edge = description({
  "GET /reads": { ...secured, "x-nersc-scope": "green", tags: ["data"] },
  "POST /writes": { ...secured, "x-nersc-scope": "red", tags: ["data"] },
  "POST /purple": { ...secured, "x-nersc-scope": "purple", tags: ["odd"] },
  "DELETE /no-scope": { ...secured, tags: ["odd"] },
  "GET /status": {},
});
type Run = Awaited<ReturnType<typeof runCli>>;
const runs: Record<"json" | "purple" | "edgeStrict", Run> = {} as never;
/** The bundled description's model under the project's ladder, for the formats rendered in process. */
let bundled: Model;

beforeAll(async () => {
  const edgeFile = writeJson(tempDir("audit-"), "edge.json", edge);
  // The CLI where its behaviour is the point (flags, exit codes, stderr), all at once: each run is its own process.
  // The bundled description's own ladder (v1.2.levels.json) is green,yellow,orange,red (Iris's dialog).
  const args = {
    json: ["audit", "--format", "json", "--color", "yellow", "--strict"],
    purple: ["audit", "--color", "purple"],
    edgeStrict: ["audit", "--file", edgeFile, "--levels", "green,red", "--strict"],
  };
  const results = await Promise.all([...Object.values(args).map((a) => runCli(a)), loadModel({}, { levels: LADDER })]);
  Object.keys(args).forEach((key, i) => (runs[key as keyof typeof runs] = results[i] as Run));
  bundled = results[results.length - 1] as Model;
});

describe("sfapi-gen audit of the bundled description", () => {
  let json: AuditReport;
  beforeAll(() => {
    expect(runs.json.code, runs.json.stderr).toBe(0);
    json = JSON.parse(runs.json.stdout);
  });

  it("counts per level equal those in the description (and --strict passes: nothing is unranked)", () => {
    expect(expected.size).toBe(31);
    expect(json.summary.total).toBe(expected.size);
    expect(json.summary.levels).toEqual({
      green: count("green"),
      yellow: count("yellow"),
      orange: count("orange"),
      red: count("red"),
    });
    expect(json.summary.public).toBe(count("public"));
    expect(json.summary.unranked).toBe(0);
    expect(json.summary).toEqual({
      total: 31,
      levels: { green: 12, yellow: 2, orange: 5, red: 2 },
      public: 10,
      unranked: 0,
    });
  });

  it("prints JSON that matches its documented schema, one entry per operation with the level it needs", () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual([...expected.keys()].sort());
    for (const op of json.operations)
      expect(op.level, `${op.method} ${op.path}`).toBe(expected.get(`${op.method} ${op.path}`));
    expect(json.operations.find((op) => op.name === "runCommand")).toMatchObject({
      method: "POST",
      path: "/utilities/command/{machine}",
      scope: "red",
      tags: ["utilities"],
      callable: false,
    });
  });

  it("every format says the bundled description is a reconstruction, and names its SHA-256 and the generator", () => {
    const sha = createHash("sha256")
      .update(readFileSync(join(root, "generator/descriptions/v1.2.json")))
      .digest("hex");
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
    expect(json.description).toMatchObject({ sha256: sha });
    // Where the levels come from: the facility's client dialog, and which three are levelled by analogy.
    expect(json.description.note).toMatch(
      /reconstruction .* x-nersc-scope values follow the facility's own client dialog in Iris .*November 2023\): green < yellow < orange < red\. Three operations the dialog does not list are levelled by analogy: GET \/account\/clients green, GET \/storage\/globus\/transfer\/\{globus_uuid\} green, DELETE \/tasks\/\{id\} green\./,
    );
    expect(json.description.note).not.toContain("assumed");
    expect(json.generator).toEqual({ name: "sfapi-gen", version });
    const report = buildAudit(bundled);
    const md = renderAudit(report, "md");
    expect(md).toContain(`Description SHA-256 \`${sha}\`; audited by sfapi-gen ${version}.`);
    expect(md).toContain("> **Note:** This description is a reconstruction");
    expect(renderAudit(report, "html")).toContain('<p class="note"><b>Note:</b> This description is a reconstruction');
    const rows = parseCsv(renderAudit(report, "csv"));
    for (const row of rows.slice(1)) expect(row.slice(-2)).toEqual([sha, `sfapi-gen ${version}`]);
  });

  it("says nothing of the kind for a description from elsewhere", () => {
    expect(runs.edgeStrict.stdout).not.toContain("reconstruction");
    expect(runs.edgeStrict.stdout).toMatch(/Description SHA-256 `[0-9a-f]{64}`; audited by sfapi-gen /);
  });

  it("rejects JSON that strays from the schema (the check can fail)", () => {
    const validate = new Ajv({ strict: true }).compile(schema);
    expect(validate({ ...json, operations: [{ ...json.operations[0], level: 3 }] })).toBe(false);
    expect(validate({ ...json, extra: true })).toBe(false);
  });

  it("prints CSV with a header and one row per operation", () => {
    const rows = parseCsv(renderAudit(buildAudit(bundled), "csv"));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + expected.size);
    const level = CSV_COLUMNS.indexOf("level");
    for (const row of rows.slice(1)) expect(row[level], row.join(",")).toBe(expected.get(`${row[0]} ${row[1]}`));
  });

  it("prints Markdown grouped by level, highest first, with a summary table", () => {
    const md = renderAudit(buildAudit(bundled), "md");
    expect(md).toContain("| level | operations |\n| --- | --- |\n");
    expect(md).toContain(`| red | ${count("red")} |`);
    expect(md).toContain(`| public, no token | ${count("public")} |`);
    const headings = [...md.matchAll(/^## (.+) \((\d+)\)$/gm)].map((m) => [m[1], Number(m[2])]);
    expect(headings).toEqual([
      ["red", count("red")],
      ["orange", count("orange")],
      ["yellow", count("yellow")],
      ["green", count("green")],
      ["public, no token", count("public")],
    ]);
    // Each operation sits in its level's section.
    for (const [key, level] of expected) {
      const [method, path] = key.split(" ");
      const at = md.indexOf(`| ${method} | \`${path}\` |`);
      expect(at, key).toBeGreaterThan(0);
      const section = md.lastIndexOf("\n## ", at);
      expect(md.slice(section + 4, md.indexOf("\n", section + 1)), key).toMatch(new RegExp(`^${level}\\b`));
    }
  });

  it("is the same Markdown the generated client carries as scope-audit.md", async () => {
    const fromEmitter = (await emitClient(bundled)).get("scope-audit.md");
    expect(fromEmitter).toBe(readFileSync(join(root, "generated/scope-audit.md"), "utf8"));
    // The audit command adds only where the description came from.
    expect(renderAudit(buildAudit(bundled), "md").replace(" Source: bundled v1.2 description.", "")).toBe(fromEmitter);
  });
});

describe("sfapi-gen audit --color", () => {
  it("splits operations into callable and refused, each refused one with the level it needs", () => {
    const report: AuditReport = JSON.parse(runs.json.stdout);
    const refused = [...expected].filter(([, level]) => level === "orange" || level === "red").map(([key]) => key);
    expect(report.color).toEqual({ name: "yellow", callable: expected.size - refused.length, refused: refused.length });
    expect(
      report.operations
        .filter((op) => op.callable === false)
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    ).toEqual(refused.sort());
    const above = (level: string) => level === "orange" || level === "red";
    expect(report.operations.filter((op) => op.callable === true).some((op) => above(op.level))).toBe(false);
  });

  it("lists the refused operations in Markdown with what they need", () => {
    const md = renderAudit(buildAudit(bundled, { color: "green" }), "md");
    const section = md.slice(md.indexOf("## What a green client can do"), md.indexOf("\n## red"));
    expect(section).toContain(
      `${expected.size - count("yellow") - count("orange") - count("red")} callable, ` +
        `${count("yellow") + count("orange") + count("red")} refused.`,
    );
    expect(section).toContain("| POST `/utilities/command/{machine}` | runCommand | red |");
    expect(section).toContain("| PUT `/utilities/upload/{machine}/{path}` | uploadFile | orange |");
    expect(section).toContain("| GET `/utilities/download/{machine}/{path}` | downloadFile | yellow |");
    // Listing a directory is green (Iris's dialog): not refused.
    expect(section).not.toContain("readDirectory");
    expect(section).not.toContain("/tasks`");
  });

  it("refuses a color that is not on the ladder, naming it and the ladder", () => {
    const r = runs.purple;
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('sfapi-gen: --color "purple" is not on the ladder green < yellow < orange < red\n');
  });
});

describe("sfapi-gen audit --policy method", () => {
  it("ranks secured GETs at the lowest level and other secured operations at the top; public stays public", async () => {
    const report = buildAudit(await loadModel({}, { levels: LADDER, policy: "method" })) as AuditReport;
    expect(report.scope.policy).toBe("method");
    for (const op of report.operations) {
      const byScope = expected.get(`${op.method} ${op.path}`);
      expect(op.level, `${op.method} ${op.path}`).toBe(
        byScope === "public" ? "public" : op.method === "GET" ? "green" : "red",
      );
    }
    expect(report.color).toBeNull();
    expect(report.operations.every((op) => op.callable === null)).toBe(true);
    // The method policy puts every secured read at green (10 green, 2 yellow: the job list and download, 1 orange:
    // a group) and every secured write at red (2 green cancels, 4 orange writes, 2 red).
    expect(report.summary.levels).toEqual({ green: 10 + 2 + 1, yellow: 0, orange: 0, red: 2 + 4 + 2 });
  });
});

describe("audit of a description with unranked operations", () => {
  it("--strict prints the audit, then exits 1 naming every offender", () => {
    const r = runs.edgeStrict;
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("## unranked, callable only by red (2)");
    expect(r.stdout).toContain('| POST | `/purple` | postPurple | odd | x-nersc-scope "purple" is not on the ladder |');
    expect(r.stdout).toContain("| DELETE | `/no-scope` | deleteNoScope | odd | secured but has no x-nersc-scope |");
    expect(r.stderr).toMatch(/--strict: 2 operations without a level on the ladder green < red:/);
    expect(r.stderr).toContain("DELETE /no-scope (/paths/~1no-scope/delete): secured but has no x-nersc-scope");
    expect(r.stderr).toContain('POST /purple (/paths/~1purple/post): x-nersc-scope "purple" is not on the ladder');
  });

  it("without --strict counts them as unranked, not under a level, and warns about the off-ladder level", () => {
    const model = buildModel(
      {
        source: "edge.json",
        document: edge,
        text: JSON.stringify(edge),
        sha256: "0".repeat(64),
        version: { info: "9.9" },
      },
      { levels: "green,red" },
    );
    const report = buildAudit(model, { color: "green" }) as AuditReport;
    expect(report.summary).toEqual({ total: 5, levels: { green: 1, red: 1 }, public: 1, unranked: 2 });
    expect(report.operations.find((op) => op.path === "/purple")).toMatchObject({
      scope: "purple",
      level: "red",
      callable: false,
      unranked: 'x-nersc-scope "purple" is not on the ladder',
    });
    expect(report.operations.find((op) => op.path === "/no-scope")).toMatchObject({
      scope: "unranked",
      level: "red",
      callable: false,
    });
    expect(report.operations.find((op) => op.path === "/status")).toMatchObject({
      scope: "public",
      level: "public",
      callable: true,
      unranked: null,
    });
    expect(model.warnings.join("\n")).toContain('uses level "purple" not on the ladder green < red');
  });

  it("keeps every row one table row when tags and scope values hold pipes, backticks and line breaks", () => {
    const odd = description({ "POST /odd": { ...secured, "x-nersc-scope": "pu`r|p\nle", tags: ["a|b", "c`d\r\ne"] } });
    const model = buildModel(
      {
        source: "odd.json",
        document: odd,
        text: JSON.stringify(odd),
        sha256: "0".repeat(64),
        version: { info: "9.9" },
      },
      { levels: "green,red" },
    );
    const md = renderAudit(buildAudit(model), "md");
    const rows = md.split("\n").filter((line) => line.startsWith("| POST"));
    expect(rows).toEqual([
      "| POST | `/odd` | postOdd | a\\|b, c'd e | x-nersc-scope \"pu'r\\|p le\" is not on the ladder |",
    ]);
    // Five cells: six pipes that are not escaped, and the path's code span is the only one.
    expect(rows[0]!.match(/(?<!\\)\|/g)).toHaveLength(6);
    expect(rows[0]!.match(/`/g)).toHaveLength(2);
  });
});

describe("audit of a description that declares no security", () => {
  // Microsoft Graph's description in APIs.guru (microsoft.com/graph.json) has no `security` anywhere and no
  // `components.securitySchemes`: read literally, every operation is public. The audit says so rather than leaving
  // the reader to think the API needs no token.
  const bare = description({ "GET /things": {}, "DELETE /things/{id}": {} });
  delete bare.components;
  const dir = tempDir("audit-bare-");
  const file = writeJson(dir, "bare.json", bare);

  it("says plainly in Markdown, HTML and JSON that no security is declared", async () => {
    const [md, html, json] = await Promise.all(
      ["md", "html", "json"].map((format) => runCli(["audit", "--file", file, "--format", format])),
    );
    for (const run of [md!, html!, json!]) expect(run.code, run.stderr).toBe(0);
    expect(md!.stdout).toContain(
      "> **No security declared:** the description has no `security` requirement and no " +
        "`components.securitySchemes`, so every operation below is read as public, callable without a token.",
    );
    expect(html!.stdout).toContain("<b>No security declared:</b>");
    const report = JSON.parse(json!.stdout);
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.description.declaresSecurity).toBe(false);
    expect(report.summary.public).toBe(2);
  });

  it("says nothing of it when a scheme or a requirement is declared", async () => {
    for (const doc of [edge, { ...bare, security: [], components: edge.components }]) {
      const run = await runCli(["audit", "--file", writeJson(dir, "declared.json", doc), "--format", "json"]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).description.declaresSecurity).toBe(true);
      const md = await runCli(["audit", "--file", writeJson(dir, "declared.json", doc)]);
      expect(md.stdout).not.toContain("No security declared");
    }
  });
});
