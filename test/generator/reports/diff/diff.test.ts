// `sfapi-gen diff`: a "next version" built here from the bundled description, with known changes the report must
// list exactly; each --fail-on mode's exit code; a description against itself. Then a small API whose v1 -> v2 moves
// the version prefix, renames a path (found by operationId) and turns a GET into a POST: pairing, both policies,
// --prefix, --code on a small code base; and `generate --check`.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceOf } from "../../../../generator/cli/diff.js";
import { WHOLE_PATH_FIELD } from "../../../../generator/model/whole-path.js";
import { sha256Of } from "../../../../generator/output/manifest.js";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { diffModels, FAIL_ON, fails } from "../../../../generator/reports/diff/diff.js";
import { describeChange } from "../../../../generator/reports/diff/markdown.js";
import { detectPrefix, parsePrefix } from "../../../../generator/reports/diff/prefix.js";
import { runCli } from "../../../support/cli.js";
import { description, modelOf, secured, serve, writeJson } from "../../../support/descriptions.js";
import { root, snapshotDir, tempDir } from "../../../support/project.js";

const bundledPath = join(root, "generator/descriptions/v1.2.json");
/**
 * The bundled description, its file operations marked as whole paths in the description itself: the ladder file
 * marks them only for the bundled bytes, so a changed copy without the marks would also report each one dropped.
 */
function bundled() {
  const doc = JSON.parse(readFileSync(bundledPath, "utf8"));
  for (const [template, method] of [
    ["/utilities/download/{machine}/{path}", "get"],
    ["/utilities/ls/{machine}/{path}", "get"],
    ["/utilities/upload/{machine}/{path}", "put"],
  ] as const)
    doc.paths[template][method].parameters.find((p: any) => p.name === "path")[WHOLE_PATH_FIELD] = true;
  return doc;
}

/**
 * The next version: one removed, one added, one escalated green -> red, one relaxed yellow -> green, one new required
 * parameter.
 */
function nextVersion() {
  const doc = bundled();
  doc.info.version = "1.3";
  doc.servers = [{ url: "/api/v1.3" }];
  delete doc.paths["/storage/globus/transfer"]; // removed: POST /storage/globus/transfer
  doc.paths["/compute/reservations/{machine}"] = {
    get: {
      ...structuredClone(doc.paths["/compute/jobs/{machine}"].get),
      operationId: "read_reservations_compute_reservations__machine__get",
      summary: "List reservations",
      parameters: [{ name: "machine", in: "path", required: true, schema: { type: "string" } }],
      "x-nersc-scope": "red",
    },
  };
  doc.paths["/account/roles"].get["x-nersc-scope"] = "red"; // escalated
  doc.paths["/utilities/download/{machine}/{path}"].get["x-nersc-scope"] = "green"; // relaxed
  doc.paths["/compute/jobs/{machine}"].get.parameters.push({
    name: "account",
    in: "query",
    required: true,
    schema: { type: "string" },
  });
  return doc;
}

/** Only a relaxation and a new optional parameter: nothing any --fail-on mode fails on. */
function harmlessVersion() {
  const doc = bundled();
  doc.paths["/utilities/upload/{machine}/{path}"].put["x-nersc-scope"] = "yellow";
  doc.paths["/tasks"].get.parameters.push({ name: "since", in: "query", required: false, schema: { type: "string" } });
  return doc;
}

/** Only a new red operation: an escalation only for colors below red. */
function newRedOperation() {
  const doc = bundled();
  doc.paths["/utilities/reboot/{machine}"] = {
    post: {
      ...structuredClone(doc.paths["/utilities/command/{machine}"].post),
      operationId: "reboot_utilities_reboot__machine__post",
    },
  };
  return doc;
}

type Run = Awaited<ReturnType<typeof runCli>>;
const runs = {} as Record<"escalation" | "removal" | "breaking" | "redAboveYellow" | "self", Run>;
let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  const dir = tempDir("diff-");
  const next = writeJson(dir, "next.json", nextVersion());
  const red = writeJson(dir, "red.json", newRedOperation());
  server = await serve({ "/api/v1.3/openapi.json": { body: JSON.stringify(nextVersion()) } });
  // The CLI where exit codes and flags are the point, all at once (each run is its own Node process); the finer
  // classification is checked in process below. The report is printed before --fail-on sets the exit code.
  const args: Record<keyof typeof runs, string[]> = {
    escalation: ["diff", bundledPath, next, "--fail-on", "escalation"],
    removal: ["diff", bundledPath, `${server.origin}/api/v1.3`, "--fail-on", "removal", "--format", "json"],
    breaking: ["diff", bundledPath, next, "--fail-on", "breaking", "--format", "json"],
    redAboveYellow: ["diff", bundledPath, red, "--fail-on", "escalation", "--color", "yellow", "--format", "json"],
    self: ["diff", bundledPath, bundledPath, "--fail-on", "breaking"],
  };
  const results = await Promise.all(Object.values(args).map((a) => runCli(a)));
  Object.keys(args).forEach((key, i) => (runs[key as keyof typeof runs] = results[i]!));
});
afterAll(() => server?.close());

describe("sfapi-gen diff of the bundled description against a next version", () => {
  let report: DiffReport;
  beforeAll(() => {
    report = JSON.parse(runs.breaking.stdout);
  });

  it("names the version change", () => {
    expect(report.versionChanged).toBe(true);
    expect(report.old).toMatchObject({ version: "1.2", api: "v1.2" });
    expect(report.new).toMatchObject({ version: "1.3", api: "v1.3" });
  });

  it("lists exactly the added and removed operations", () => {
    expect(report.format).toBe("sfapi-gen/diff@2");
    expect(report.added).toEqual([
      {
        name: "readReservations",
        operationId: "read_reservations_compute_reservations__machine__get",
        method: "GET",
        path: "/compute/reservations/{machine}",
        scope: "red",
        level: "red",
        aboveColor: false,
      },
    ]);
    expect(report.removed).toEqual([
      {
        name: "startGlobusTransfer",
        operationId: "start_globus_transfer_storage_globus_transfer_post",
        method: "POST",
        path: "/storage/globus/transfer",
        scope: "orange",
        level: "orange",
      },
    ]);
    expect([report.prefix, report.policy, report.code]).toEqual([null, "scope", null]);
  });

  it("lists exactly the changed operations, each with what changed", () => {
    const changed = Object.fromEntries(report.changed.map((c) => [`${c.method} ${c.path}`, c.changes]));
    expect(report.changed.map((c) => [c.matchedBy, c.was.path === c.path && c.was.method === c.method])).toEqual(
      report.changed.map(() => ["method-path", true]),
    );
    expect(changed).toEqual({
      "GET /account/roles": [
        {
          kind: "level",
          from: "green",
          to: "red",
          fromLevel: "green",
          toLevel: "red",
          direction: "escalation",
          breaking: true,
        },
      ],
      "GET /compute/jobs/{machine}": [
        { kind: "parameter-added", parameter: { name: "account", in: "query", required: true }, breaking: true },
      ],
      "GET /utilities/download/{machine}/{path}": [
        {
          kind: "level",
          from: "yellow",
          to: "green",
          fromLevel: "yellow",
          toLevel: "green",
          direction: "relaxation",
          breaking: false,
        },
      ],
    });
    expect(report.summary).toEqual({
      added: 1,
      removed: 1,
      changed: 3,
      moved: 0,
      methodChanged: 0,
      escalations: 1,
      relaxations: 1,
      breaking: 3,
    });
  });

  it("prints the same in Markdown", () => {
    const md = runs.escalation.stdout;
    expect(md).toContain("Version changed: 1.2 (v1.2) -> 1.3 (v1.3).");
    expect(md).toContain("1 added, 1 removed, 3 changed: 1 escalation, 1 relaxation, 3 breaking changes.");
    expect(md).toContain(
      "## Added (1)\n\n| method | path | name | level |\n| --- | --- | --- | --- |\n| GET | `/compute/reservations/{machine}` | readReservations | red |\n",
    );
    expect(md).toContain(
      "## Removed (1) **(breaking)**\n\n| method | path | name | level |\n| --- | --- | --- | --- |\n| POST | `/storage/globus/transfer` | startGlobusTransfer | orange |\n",
    );
    expect(md).toContain("### GET `/account/roles` (readRoles)\n\n- level escalated: green -> red **(breaking)**\n");
    expect(md).toContain(
      "### GET `/utilities/download/{machine}/{path}` (downloadFile)\n\n- level relaxed: yellow -> green\n",
    );
    expect(md).toContain(
      "### GET `/compute/jobs/{machine}` (readJobs)\n\n- parameter added: `account` (query, required) **(breaking)**\n",
    );
    expect(md.match(/^### /gm)).toHaveLength(3);
  });

  it("reads a description from a URL (http/https arguments are URLs, anything else a file)", () => {
    const viaUrl: DiffReport = JSON.parse(runs.removal.stdout);
    expect(viaUrl.new.source).toBe(`${server.origin}/api/v1.3/openapi.json`);
    expect({ ...viaUrl, new: null }).toEqual({ ...report, new: null });
    expect(sourceOf("https://api.nersc.gov/api/v1.2", root)).toEqual({ url: "https://api.nersc.gov/api/v1.2" });
    expect(sourceOf("specs/v1.3.json", root)).toEqual({ file: "specs/v1.3.json", cwd: root });
  });
});

describe("sfapi-gen diff --fail-on", () => {
  it("escalation: exits 1 when a level was raised, saying how many", () => {
    expect(runs.escalation.code).toBe(1);
    expect(runs.escalation.stdout).toContain("level escalated: green -> red");
    expect(runs.escalation.stderr).toMatch(/^sfapi-gen: --fail-on escalation: 1 escalation\(s\) between /);
  });

  it("removal: exits 1 when an operation was removed", () => {
    expect(runs.removal.code).toBe(1);
    expect(JSON.parse(runs.removal.stdout).removed).toHaveLength(1);
    expect(runs.removal.stderr).toContain("--fail-on removal: 1 removed operation(s)");
  });

  it("breaking: exits 1 on removal, new required parameter or escalation", () => {
    expect(runs.breaking.code).toBe(1);
    expect(runs.breaking.stderr).toContain("--fail-on breaking: 3 breaking change(s)");
  });

  it("no mode fails when only a level was relaxed and an optional parameter added", () => {
    const report = diffModels(modelOf(bundled(), "old.json"), modelOf(harmlessVersion(), "new.json"));
    expect(report.changed.flatMap((c) => c.changes.map((x) => [x.kind, x.breaking]))).toEqual([
      ["parameter-added", false],
      ["level", false],
    ]);
    expect(FAIL_ON.map((mode) => fails(report, mode))).toEqual([false, false, false]);
  });

  it("escalation with --color: a new operation above that color counts; at that color it does not", () => {
    expect(runs.redAboveYellow.code).toBe(1);
    expect(JSON.parse(runs.redAboveYellow.stdout).added).toEqual([
      expect.objectContaining({ name: "reboot", scope: "red", aboveColor: true }),
    ]);
    expect(runs.redAboveYellow.stderr).toContain("--fail-on escalation: 1 escalation(s)");
    const atRed = diffModels(modelOf(bundled(), "old.json"), modelOf(newRedOperation(), "new.json"), { color: "red" });
    expect(atRed.added).toEqual([expect.objectContaining({ name: "reboot", aboveColor: false })]);
    expect(fails(atRed, "escalation")).toBe(false);
  });

  it("a description against itself: no changes, exit 0 even with --fail-on breaking", () => {
    expect(runs.self.code, runs.self.stderr).toBe(0);
    expect(runs.self.stdout).toContain("Version unchanged: 1.2 (v1.2).");
    expect(runs.self.stdout).toContain("No changes to operations.");
  });
});

describe("diff classification (in process)", () => {
  const base = modelOf(bundled(), "old.json");

  it("reports media type, body, schema and name changes; a dropped media type, a newly required body and JSON text break", () => {
    const doc = bundled();
    const command = doc.paths["/utilities/command/{machine}"].post;
    command.requestBody.content = {
      "application/json": command.requestBody.content["application/x-www-form-urlencoded"],
    };
    const group = doc.paths["/account/groups"].post;
    group.requestBody.content["application/json"] = group.requestBody.content["application/x-www-form-urlencoded"];
    doc.paths["/tasks"].get.responses["200"].content["application/json"].schema = { $ref: "#/components/schemas/Task" };
    doc.paths["/tasks/{id}"].get.operationId = "show_task";
    const changes = Object.fromEntries(
      diffModels(base, modelOf(doc, "new.json")).changed.map((c) => [c.path + " " + c.method, c.changes]),
    );
    expect(changes["/utilities/command/{machine} POST"]).toEqual([
      {
        kind: "request-media-type",
        from: ["application/x-www-form-urlencoded"],
        to: ["application/json"],
        breaking: true,
      },
    ]);
    expect(changes["/account/groups POST"]).toEqual([
      {
        kind: "request-media-type",
        from: ["application/x-www-form-urlencoded"],
        to: ["application/x-www-form-urlencoded", "application/json"],
        breaking: false,
      },
    ]);
    expect(changes["/tasks GET"]![0]).toEqual({
      kind: "response-schema",
      status: "200",
      from: ["#/components/schemas/Tasks"],
      to: ["#/components/schemas/Task"],
      breaking: false,
    });
    // The new answer's `result` holds JSON text, which the runtime parses (breaking, even for a new field: fail closed).
    expect(changes["/tasks GET"]![1]).toEqual({ kind: "json-text", from: [], to: ["result"], breaking: true });
    // What the new schema holds is compared too: the list the client read is gone.
    expect(
      changes["/tasks GET"]!.slice(2).map((c) => (c.kind === "schema" ? [c.change, c.field, c.breaking] : c.kind)),
    ).toEqual([
      ["field-removed", "tasks", true],
      ["field-added", "id", false],
      ["field-added", "status", false],
      ["field-added", "result", false],
    ]);
    expect(changes["/tasks/{id} GET"]).toEqual([{ kind: "name", from: "readTask", to: "showTask", breaking: false }]);
    expect(describeChange(changes["/tasks/{id} GET"]![0]!)).toBe(
      "table name: `readTask` -> `showTask` (code using `operations.readTask` must follow)",
    );
  });

  it("a parameter made required breaks; made optional or removed does not", () => {
    const doc = bundled();
    const jobs = doc.paths["/compute/jobs/{machine}"].get.parameters;
    jobs.find((p: any) => p.name === "limit").required = true;
    doc.paths["/compute/jobs/{machine}/{jobid}"].get.parameters = doc.paths[
      "/compute/jobs/{machine}/{jobid}"
    ].get.parameters.filter((p: any) => p.name !== "sacct");
    const report = diffModels(base, modelOf(doc, "new.json"));
    expect(report.changed.map((c) => [c.path, c.changes])).toEqual([
      [
        "/compute/jobs/{machine}",
        [{ kind: "parameter-required", parameter: { name: "limit", in: "query", required: true }, breaking: true }],
      ],
      [
        "/compute/jobs/{machine}/{jobid}",
        [{ kind: "parameter-removed", parameter: { name: "sacct", in: "query", required: false }, breaking: false }],
      ],
    ]);
    expect([fails(report, "breaking"), fails(report, "escalation"), fails(report, "removal")]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("a secured operation losing its scope escalates to the top (fails closed); public to green escalates too", () => {
    const doc = bundled();
    delete doc.paths["/tasks"].get["x-nersc-scope"];
    doc.paths["/meta/config"].get.security = [{ OAuth2ClientCredentials: [] }];
    doc.paths["/meta/config"].get["x-nersc-scope"] = "green";
    const levels = diffModels(base, modelOf(doc, "new.json")).changed.map((c) => [c.path, c.changes[0]]);
    expect(levels).toEqual([
      [
        "/meta/config",
        {
          kind: "level",
          from: "public",
          to: "green",
          fromLevel: "public",
          toLevel: "green",
          direction: "escalation",
          breaking: true,
        },
      ],
      [
        "/tasks",
        {
          kind: "level",
          from: "green",
          to: "unranked",
          fromLevel: "green",
          toLevel: "red",
          direction: "escalation",
          breaking: true,
        },
      ],
    ]);
  });

  it("refuses a --color that is not on the ladder", () => {
    expect(() => diffModels(base, base, { color: "blue" })).toThrow(
      '--color "blue" is not on the ladder green < yellow < red',
    );
  });
});

// ---- versions that move: the version prefix in the path, operationIds, methods -------------------------------------

const scoped = (scope: string, extra: Record<string, unknown> = {}) => ({
  ...secured,
  "x-nersc-scope": scope,
  ...extra,
});
const idParam = { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] };

/** v1 of a small API whose paths carry the version; no operationIds except readQueue's. */
function jobsV1() {
  return description(
    {
      "GET /api/v1/jobs": scoped("green"),
      "POST /api/v1/jobs": scoped("red"),
      "GET /api/v1/jobs/{id}": scoped("green", idParam),
      "GET /api/v1/search": scoped("green"),
      "GET /api/v1/queue": scoped("yellow", { operationId: "readQueue" }),
      "GET /api/v1/legacy": scoped("green"),
      "GET /account": scoped("green"),
      "GET /status": {},
    },
    { info: { title: "Jobs API", version: "1.0" } },
  );
}

/**
 * v2: everything under /api/v2; jobs/{id} escalated green -> yellow; search became a POST (same scope); the queue
 * moved to /api/v2/jobs/queue (found by its operationId); legacy removed; DELETE jobs/{id} added; /account escalated.
 */
function jobsV2() {
  return description(
    {
      "GET /api/v2/jobs": scoped("green"),
      "POST /api/v2/jobs": scoped("red"),
      "GET /api/v2/jobs/{id}": scoped("yellow", idParam),
      "DELETE /api/v2/jobs/{id}": scoped("red", idParam),
      "POST /api/v2/search": scoped("green"),
      "GET /api/v2/jobs/queue": scoped("yellow", { operationId: "readQueue" }),
      "GET /account": scoped("red"),
      "GET /status": {},
    },
    { info: { title: "Jobs API", version: "2.0" } },
  );
}

/** A code base written against the v1 client, with a generated client folder inside it. */
function jobsCode(): string {
  const dir = tempDir("diff-code-");
  mkdirSync(join(dir, "src", "sfapi"), { recursive: true });
  const lines = [
    "declare const client: any;",
    'await client.GET("/api/v1/jobs");',
    'await client.GET("/api/v1/jobs/42");',
    'await client.GET("/account");',
    'await client.GET("/status");',
    "await client.readQueue.safe();",
    'await client.getApiV1Search({ q: "x" });',
    'await client.GET("/api/v1/legacy");',
  ];
  writeFileSync(join(dir, "src", "app.ts"), lines.join("\n") + "\n");
  // Generated output is skipped only where its manifest's hashes hold.
  const index = 'declare const c: any;\nc.POST("/api/v1/jobs");\n';
  writeFileSync(
    join(dir, "src", "sfapi", "manifest.json"),
    JSON.stringify({ generator: { name: "sfapi-gen", version: "0.1.0" }, files: { "index.ts": sha256Of(index) } }),
  );
  writeFileSync(join(dir, "src", "sfapi", "index.ts"), index);
  return dir;
}

describe("diff across a version move", () => {
  const levels = ["--levels", "green,yellow,red"];
  let dir: string;
  let v1: string;
  let v2: string;
  let code: string;
  let scope: Run;
  let method: Run;
  let markdown: Run;
  beforeAll(async () => {
    dir = tempDir("diff-move-");
    v1 = writeJson(dir, "v1.json", jobsV1());
    v2 = writeJson(dir, "v2.json", jobsV2());
    code = jobsCode();
    [scope, method, markdown] = await Promise.all([
      runCli(["diff", v1, v2, ...levels, "--format", "json", "--code", relative(root, join(code, "src"))]),
      runCli(["diff", v1, v2, ...levels, "--format", "json", "--policy", "method"]),
      runCli(["diff", v1, v2, ...levels, "--code", relative(root, join(code, "src")), "--fail-on", "removal"]),
    ]);
  });

  const pairs = (report: DiffReport) =>
    report.changed.map((c) => [c.matchedBy, `${c.was.method} ${c.was.path}`, `${c.method} ${c.path}`]);

  it("detects the moved prefix and pairs operations in order: method+path, operationId, moved prefix (+ method change)", () => {
    expect(scope.code, scope.stderr).toBe(0);
    const report: DiffReport = JSON.parse(scope.stdout);
    expect(report.prefix).toEqual({ from: "/api/v1", to: "/api/v2", how: "detected" });
    expect(pairs(report)).toEqual([
      ["method-path", "GET /account", "GET /account"],
      ["prefix", "GET /api/v1/jobs", "GET /api/v2/jobs"],
      ["prefix", "POST /api/v1/jobs", "POST /api/v2/jobs"],
      ["operationId", "GET /api/v1/queue", "GET /api/v2/jobs/queue"],
      ["prefix", "GET /api/v1/jobs/{id}", "GET /api/v2/jobs/{id}"],
      ["prefix", "GET /api/v1/search", "POST /api/v2/search"],
    ]);
    expect(report.removed.map((op) => `${op.method} ${op.path}`)).toEqual(["GET /api/v1/legacy"]);
    expect(report.added.map((op) => `${op.method} ${op.path}`)).toEqual(["DELETE /api/v2/jobs/{id}"]);
  });

  it("reports moves and method changes as breaking, and the level change each causes under --policy scope", () => {
    const report: DiffReport = JSON.parse(scope.stdout);
    const changes = Object.fromEntries(
      report.changed.map((c) => [
        `${c.method} ${c.path}`,
        c.changes.map((x) => [x.kind, "from" in x ? x.from : null, "to" in x ? x.to : null, x.breaking]),
      ]),
    );
    expect(changes["GET /api/v2/jobs/{id}"]).toEqual([
      ["path", "/api/v1/jobs/{id}", "/api/v2/jobs/{id}", true],
      ["level", "green", "yellow", true],
      ["name", "getApiV1JobsById", "getApiV2JobsById", false],
    ]);
    // Under the scope policy a GET that became a POST keeps its scope: no level change.
    expect(changes["POST /api/v2/search"]).toEqual([
      ["path", "/api/v1/search", "/api/v2/search", true],
      ["method", "GET", "POST", true],
      ["name", "getApiV1Search", "postApiV2Search", false],
    ]);
    expect(changes["GET /api/v2/jobs/queue"]).toEqual([["path", "/api/v1/queue", "/api/v2/jobs/queue", true]]);
    expect(report.summary).toEqual({
      added: 1,
      removed: 1,
      changed: 6,
      moved: 5,
      methodChanged: 1,
      escalations: 2,
      relaxations: 0,
      breaking: 9,
    });
  });

  it("under --policy method the GET that became a POST is an escalation", () => {
    expect(method.code, method.stderr).toBe(0);
    const report: DiffReport = JSON.parse(method.stdout);
    expect(report.policy).toBe("method");
    const search = report.changed.find((c) => c.path === "/api/v2/search")!;
    expect(search.changes.filter((c) => c.kind === "method" || c.kind === "level")).toEqual([
      { kind: "method", from: "GET", to: "POST", breaking: true },
      {
        kind: "level",
        from: "green",
        to: "red",
        fromLevel: "green",
        toLevel: "red",
        direction: "escalation",
        breaking: true,
      },
    ]);
    // GET /account stays a GET, so under the method policy it is unchanged; jobs/{id} is a GET on both sides too.
    expect(report.changed.some((c) => c.path === "/account")).toBe(false);
    expect(report.changed.find((c) => c.path === "/api/v2/jobs/{id}")!.changes.map((c) => c.kind)).toEqual([
      "path",
      "name",
    ]);
    expect(report.summary.escalations).toBe(1);
  });

  it("--code lists the broken and escalated calls with file:line and the color now needed", () => {
    const report: DiffReport = JSON.parse(scope.stdout);
    const impact = report.code!;
    const app = `${relative(root, join(code, "src", "app.ts"))}`;
    expect(impact.skipped).toEqual([relative(root, join(code, "src", "sfapi"))]);
    expect(impact.broken.map((u) => [`${u.file}:${u.line}`, u.kind, u.reason, u.level])).toEqual([
      [`${app}:2`, "call", "getApiV1Jobs moved to GET /api/v2/jobs", "green"],
      [`${app}:3`, "call", "getApiV1JobsById moved to GET /api/v2/jobs/{id}", "yellow"],
      [`${app}:7`, "named", "getApiV1Search renamed to postApiV2Search", "green"],
      [`${app}:8`, "call", "getApiV1Legacy removed", null],
    ]);
    expect(
      impact.escalated.map((u) => [`${u.file}:${u.line}`, u.code, u.operations.map((o) => o.name), u.from, u.to]),
    ).toEqual([[`${app}:4`, 'client.GET("/account")', ["getAccount"], "green", "red"]]);
    expect(impact.color).toEqual({ before: "yellow", after: "red", raised: true });
    expect(impact.summary).toEqual({
      uses: 7,
      files: 1,
      broken: 4,
      escalated: 1,
      unknown: 0,
      assumed: 0,
      typeErrors: 0,
    });
    expect(impact.assumed).toEqual([]);
  });

  it("prints moves, method changes and the code impact readably in Markdown; --fail-on removal counts moves", () => {
    const md = markdown.stdout;
    expect(md).toContain("Version prefix moved: `/api/v1` -> `/api/v2` (detected; `--prefix` overrides).");
    expect(md).toContain(
      "1 added, 1 removed, 6 changed (5 moved, 1 of them to another method): 2 escalations, 0 relaxations, 9 breaking changes.",
    );
    expect(md).toContain(
      "### POST `/api/v2/search` (postApiV2Search)\n\nWas GET `/api/v1/search` (getApiV1Search), matched by path with the version prefix moved (`/api/v1` -> `/api/v2`).\n\n" +
        "- path moved: `/api/v1/search` -> `/api/v2/search` **(breaking)**\n- method changed: GET -> POST **(breaking)**\n",
    );
    expect(md).toContain("Was GET `/api/v1/queue` (readQueue), matched by operationId `readQueue`.");
    expect(md).toContain("It needs yellow before this change and **red after it: a red client is needed**.");
    expect(md).toContain("4 broken, 1 escalated.");
    const app = relative(root, join(code, "src", "app.ts"));
    expect(md).toContain(
      `| ${app}:8 | \`client.GET("/api/v1/legacy")\` | GET \`/api/v1/legacy\` (getApiV1Legacy) | getApiV1Legacy removed | nothing (removed) |`,
    );
    expect(md).toContain(`| ${app}:4 | \`client.GET("/account")\` | GET \`/account\` (getAccount) | green -> red |`);
    expect(markdown.code).toBe(1);
    // The client the code imports has a manifest of an older format: its settings cannot be kept, and it says so.
    expect(markdown.stderr).toMatch(
      /^sfapi-gen: warning: .*src\/sfapi\/manifest\.json: not an sfapi-gen\/manifest@1 manifest: .*; its ladder, vendor, policy and whole-path marks are not kept\nsfapi-gen: --fail-on removal: 1 removed and 5 moved operation\(s\) between /,
    );
  });

  it("--prefix names the move (how: option); --prefix none pairs only by method+path and operationId", async () => {
    const [named, none, bad] = await Promise.all([
      runCli(["diff", v1, v2, ...levels, "--format", "json", "--prefix", "/api/v1/=/api/v2"]),
      runCli(["diff", v1, v2, ...levels, "--format", "json", "--prefix", "none"]),
      runCli(["diff", v1, v2, "--prefix", "api/v1"]),
    ]);
    const withOption: DiffReport = JSON.parse(named.stdout);
    expect(withOption.prefix).toEqual({ from: "/api/v1", to: "/api/v2", how: "option" });
    expect(pairs(withOption)).toEqual(pairs(JSON.parse(scope.stdout)));
    const without: DiffReport = JSON.parse(none.stdout);
    expect(without.prefix).toBeNull();
    expect(pairs(without).map(([by]) => by)).toEqual(["method-path", "operationId"]);
    expect(without.summary).toMatchObject({ removed: 5, added: 5, moved: 1 });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toBe(
      'sfapi-gen: --prefix "api/v1": expected <old>=<new>, two different path prefixes such as /api/v1=/api/v2, or none\n',
    );
  });
});

describe("diff pairing rules (in process)", () => {
  const ops = (entries: Record<string, Record<string, unknown>>) => modelOf(description(entries), "x.json");

  it("pairs a FastAPI operationId by its stem when the path moved without a version segment", () => {
    const before = ops({ "GET /things": scoped("green", { operationId: "read_things_things_get" }) });
    const after = ops({ "GET /items": scoped("green", { operationId: "read_things_items_get" }) });
    const report = diffModels(before, after);
    expect(report.changed.map((c) => [c.matchedBy, c.was.path, c.path, c.name])).toEqual([
      ["operationId", "/things", "/items", "readThings"],
    ]);
    expect([report.summary.removed, report.summary.added, report.summary.moved]).toEqual([0, 0, 1]);
  });

  it("pairs a method change on the same path when one operation is left on each side; two is ambiguous", () => {
    const report = diffModels(
      ops({ "GET /x": scoped("green"), "GET /y": scoped("green"), "PUT /y": scoped("red") }),
      ops({ "POST /x": scoped("green"), "POST /y": scoped("red") }),
    );
    expect(report.changed.map((c) => [c.matchedBy, `${c.was.method} ${c.path}`, c.method])).toEqual([
      ["path", "GET /x", "POST"],
    ]);
    expect(report.removed.map((op) => `${op.method} ${op.path}`)).toEqual(["GET /y", "PUT /y"]);
    expect(report.added.map((op) => `${op.method} ${op.path}`)).toEqual(["POST /y"]);
    const moveOnly = diffModels(ops({ "GET /x": scoped("green") }), ops({ "POST /x": scoped("green") }));
    expect([moveOnly.summary.removed, moveOnly.summary.moved]).toEqual([0, 1]);
    expect(FAIL_ON.map((mode) => [mode, fails(moveOnly, mode)])).toEqual([
      ["escalation", false],
      ["removal", true],
      ["breaking", true],
    ]);
  });

  it("detects v1.2 -> v1.3 style prefixes only when most moved paths line up", () => {
    expect(
      detectPrefix(["/v1.2/a", "/v1.2/b", "/v1.2/c/{x}", "/health"], ["/v1.3/a", "/v1.3/b", "/v1.3/c/{x}", "/health"]),
    ).toEqual({ from: "/v1.2", to: "/v1.3", how: "detected" });
    expect(detectPrefix(["/v1/a", "/v1/b", "/v1/c"], ["/v2/a", "/v2/x", "/v2/y"])).toBeNull();
    expect(detectPrefix(["/api/v1/a"], ["/other/v2/a"])).toBeNull();
    expect(detectPrefix(["/things/{id}/v1"], ["/things/{id}/v2"])).toBeNull();
    expect(parsePrefix("=/v2")).toEqual({ from: "", to: "/v2" });
    expect(() => parsePrefix("/v1=/v1")).toThrow("--prefix");
  });
});

describe("sfapi-gen generate --check", () => {
  it("up to date: exit 0 with one line, for the checked-in generated/", async () => {
    const sha = createHash("sha256").update(readFileSync(bundledPath)).digest("hex");
    const run = await runCli(["generate", "--check"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      0,
      `sfapi-gen: generated is up to date (description sha256 ${sha.slice(0, 12)}…)\n`,
      "",
    ]);
  });

  it("stale: prints the table diff against the manifest, exits 1 and writes nothing", async () => {
    const project = tempDir("check-");
    const v1 = writeJson(project, "v1.json", jobsV1());
    const v2 = writeJson(project, "v2.json", jobsV2());
    const levels = ["--levels", "green,yellow,red"];
    const made = await runCli(["generate", "--file", "v1.json", "--out", "client", ...levels], { cwd: project });
    expect(made.code, made.stderr).toBe(0);
    const before = snapshotDir(project);
    const [stale, sameFile, otherLadder, nothing] = await Promise.all([
      runCli(["generate", "--check", "--file", "v2.json", "--out", "client", ...levels], { cwd: project }),
      runCli(["generate", "--check", "--file", v1, "--out", "client", ...levels], { cwd: project }),
      runCli(["generate", "--check", "--file", "v1.json", "--out", "client", "--levels", "green,red"], {
        cwd: project,
      }),
      runCli(["generate", "--check", "--file", "v1.json", "--out", "missing"], { cwd: project }),
    ]);
    expect(snapshotDir(project)).toEqual(before);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toBe(
      "sfapi-gen: --check: client is out of date; run `sfapi-gen generate --file v2.json --levels green,yellow,red " +
        "--out client` and commit the result\n",
    );
    expect(stale.stdout).toMatch(
      /^The description changed: sha256 [0-9a-f]{12}… \(manifest\) -> [0-9a-f]{12}… \(now\)\.\n/,
    );
    expect(stale.stdout).toContain("Old: client/manifest.json. New: v2.json.");
    expect(stale.stdout).toContain(
      "1 added, 1 removed, 6 changed (5 moved, 1 of them to another method): 2 escalations, 0 relaxations, 9 breaking changes.",
    );
    expect(stale.stdout).toContain("Version changed: 1.0 -> 2.0.");
    expect(sameFile.code, sameFile.stderr).toBe(0);
    expect(sameFile.stdout).toMatch(/^sfapi-gen: client is up to date/);
    expect(otherLadder.code).toBe(1);
    expect(otherLadder.stdout).toContain("Scope settings changed: ladder: green < yellow < red -> green < red.");
    expect(otherLadder.stdout).not.toContain("The description changed");
    expect([nothing.code, nothing.stdout, nothing.stderr]).toEqual([
      2,
      "",
      "sfapi-gen: missing: no manifest.json here: nothing generated here to check against; run " +
        "`sfapi-gen generate --file v1.json --out missing` first\n",
    ]);
    expect(v2).toBe(join(project, "v2.json"));
  });
});
