// `sfapi-gen diff`: a "next version" built here from the bundled description, with known changes the report must
// list exactly; each --fail-on mode's exit code; a description against itself.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffModels, FAIL_ON, fails } from "../../generator/diff.js";
import type { DiffReport } from "../../generator/diff.js";
import { describeChange } from "../../generator/diff/markdown.js";
import { sourceOf } from "../../generator/commands/diff.js";
import { buildModel } from "../../generator/model.js";
import type { LoadedDescription } from "../../generator/load.js";
import { serve, writeJson } from "../generator/fixtures.js";
import { root, runCli, tempDir } from "../helpers.js";

const bundledPath = join(root, "generator/descriptions/v1.2.json");
const bundled = () => JSON.parse(readFileSync(bundledPath, "utf8"));

/** The next version: one removed, one added, one escalated green -> red, one relaxed yellow -> green, one new required parameter. */
function nextVersion() {
  const doc = bundled();
  doc.info.version = "1.3";
  doc.servers = [{ url: "/api/v1.3" }];
  delete doc.paths["/storage/transfer"]; // removed: POST /storage/transfer
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
  doc.paths["/compute/jobs/{machine}"].get.parameters.push({ name: "account", in: "query", required: true, schema: { type: "string" } });
  return doc;
}

/** Only a relaxation and a new optional parameter: nothing any --fail-on mode fails on. */
function harmlessVersion() {
  const doc = bundled();
  doc.paths["/tasks/{id}"].delete["x-nersc-scope"] = "green";
  doc.paths["/tasks"].get.parameters.push({ name: "since", in: "query", required: false, schema: { type: "string" } });
  return doc;
}

/** Only a new red operation: an escalation only for colors below red. */
function newRedOperation() {
  const doc = bundled();
  doc.paths["/utilities/reboot/{machine}"] = { post: { ...structuredClone(doc.paths["/utilities/command/{machine}"].post), operationId: "reboot_utilities_reboot__machine__post" } };
  return doc;
}

const model = (doc: Record<string, any>, source: string) => {
  const loaded: LoadedDescription = { source, document: doc, text: JSON.stringify(doc), sha256: "0".repeat(64), version: { info: String(doc.info.version) } };
  return buildModel(loaded, { levels: ["green", "yellow", "red"] });
};

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
    expect(report.added).toEqual([{ name: "readReservations", method: "GET", path: "/compute/reservations/{machine}", scope: "red", level: "red", aboveColor: false }]);
    expect(report.removed).toEqual([{ name: "startTransfer", method: "POST", path: "/storage/transfer", scope: "red", level: "red" }]);
  });

  it("lists exactly the changed operations, each with what changed", () => {
    const changed = Object.fromEntries(report.changed.map((c) => [`${c.method} ${c.path}`, c.changes]));
    expect(changed).toEqual({
      "GET /account/roles": [{ kind: "level", from: "green", to: "red", fromLevel: "green", toLevel: "red", direction: "escalation", breaking: true }],
      "GET /compute/jobs/{machine}": [{ kind: "parameter-added", parameter: { name: "account", in: "query", required: true }, breaking: true }],
      "GET /utilities/download/{machine}/{path}": [{ kind: "level", from: "yellow", to: "green", fromLevel: "yellow", toLevel: "green", direction: "relaxation", breaking: false }],
    });
    expect(report.summary).toEqual({ added: 1, removed: 1, changed: 3, escalations: 1, relaxations: 1, breaking: 3 });
  });

  it("prints the same in Markdown", () => {
    const md = runs.escalation.stdout;
    expect(md).toContain("Version changed: 1.2 (v1.2) -> 1.3 (v1.3).");
    expect(md).toContain("1 added, 1 removed, 3 changed: 1 escalation, 1 relaxation, 3 breaking changes.");
    expect(md).toContain("## Added (1)\n\n| method | path | name | level |\n| --- | --- | --- | --- |\n| GET | `/compute/reservations/{machine}` | readReservations | red |\n");
    expect(md).toContain("## Removed (1) **(breaking)**\n\n| method | path | name | level |\n| --- | --- | --- | --- |\n| POST | `/storage/transfer` | startTransfer | red |\n");
    expect(md).toContain("### GET `/account/roles` (readRoles)\n\n- level escalated: green -> red **(breaking)**\n");
    expect(md).toContain("### GET `/utilities/download/{machine}/{path}` (downloadFile)\n\n- level relaxed: yellow -> green\n");
    expect(md).toContain("### GET `/compute/jobs/{machine}` (readJobs)\n\n- parameter added: `account` (query, required) **(breaking)**\n");
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
    const report = diffModels(model(bundled(), "old.json"), model(harmlessVersion(), "new.json"));
    expect(report.changed.flatMap((c) => c.changes.map((x) => [x.kind, x.breaking]))).toEqual([
      ["parameter-added", false],
      ["level", false],
    ]);
    expect(FAIL_ON.map((mode) => fails(report, mode))).toEqual([false, false, false]);
  });

  it("escalation with --color: a new operation above that color counts; at that color it does not", () => {
    expect(runs.redAboveYellow.code).toBe(1);
    expect(JSON.parse(runs.redAboveYellow.stdout).added).toEqual([expect.objectContaining({ name: "reboot", scope: "red", aboveColor: true })]);
    expect(runs.redAboveYellow.stderr).toContain("--fail-on escalation: 1 escalation(s)");
    const atRed = diffModels(model(bundled(), "old.json"), model(newRedOperation(), "new.json"), { color: "red" });
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
  const base = model(bundled(), "old.json");

  it("reports media type, body, schema and name changes; only a dropped media type and a newly required body break", () => {
    const doc = bundled();
    const command = doc.paths["/utilities/command/{machine}"].post;
    command.requestBody.content = { "application/json": command.requestBody.content["application/x-www-form-urlencoded"] };
    const group = doc.paths["/account/groups"].post;
    group.requestBody.content["application/json"] = group.requestBody.content["application/x-www-form-urlencoded"];
    doc.paths["/tasks"].get.responses["200"].content["application/json"].schema = { $ref: "#/components/schemas/Task" };
    doc.paths["/tasks/{id}"].get.operationId = "show_task";
    const changes = Object.fromEntries(diffModels(base, model(doc, "new.json")).changed.map((c) => [c.path + " " + c.method, c.changes]));
    expect(changes["/utilities/command/{machine} POST"]).toEqual([
      { kind: "request-media-type", from: ["application/x-www-form-urlencoded"], to: ["application/json"], breaking: true },
    ]);
    expect(changes["/account/groups POST"]).toEqual([
      { kind: "request-media-type", from: ["application/x-www-form-urlencoded"], to: ["application/x-www-form-urlencoded", "application/json"], breaking: false },
    ]);
    expect(changes["/tasks GET"]).toEqual([{ kind: "response-schema", status: "200", from: ["#/components/schemas/Tasks"], to: ["#/components/schemas/Task"], breaking: false }]);
    expect(changes["/tasks/{id} GET"]).toEqual([{ kind: "name", from: "readTask", to: "showTask", breaking: false }]);
    expect(describeChange(changes["/tasks/{id} GET"]![0]!)).toBe("table name: `readTask` -> `showTask` (code using `operations.readTask` must follow)");
  });

  it("a parameter made required breaks; made optional or removed does not", () => {
    const doc = bundled();
    const jobs = doc.paths["/compute/jobs/{machine}"].get.parameters;
    jobs.find((p: any) => p.name === "limit").required = true;
    doc.paths["/compute/jobs/{machine}/{jobid}"].get.parameters = doc.paths["/compute/jobs/{machine}/{jobid}"].get.parameters.filter((p: any) => p.name !== "sacct");
    const report = diffModels(base, model(doc, "new.json"));
    expect(report.changed.map((c) => [c.path, c.changes])).toEqual([
      ["/compute/jobs/{machine}", [{ kind: "parameter-required", parameter: { name: "limit", in: "query", required: true }, breaking: true }]],
      ["/compute/jobs/{machine}/{jobid}", [{ kind: "parameter-removed", parameter: { name: "sacct", in: "query", required: false }, breaking: false }]],
    ]);
    expect([fails(report, "breaking"), fails(report, "escalation"), fails(report, "removal")]).toEqual([true, false, false]);
  });

  it("a secured operation losing its scope escalates to the top (fails closed); public to green escalates too", () => {
    const doc = bundled();
    delete doc.paths["/tasks"].get["x-nersc-scope"];
    doc.paths["/meta/config"].get.security = [{ OAuth2ClientCredentials: [] }];
    doc.paths["/meta/config"].get["x-nersc-scope"] = "green";
    const levels = diffModels(base, model(doc, "new.json")).changed.map((c) => [c.path, c.changes[0]]);
    expect(levels).toEqual([
      ["/meta/config", { kind: "level", from: "public", to: "green", fromLevel: "public", toLevel: "green", direction: "escalation", breaking: true }],
      ["/tasks", { kind: "level", from: "green", to: "unranked", fromLevel: "green", toLevel: "red", direction: "escalation", breaking: true }],
    ]);
  });

  it("refuses a --color that is not on the ladder", () => {
    expect(() => diffModels(base, base, { color: "blue" })).toThrow('--color "blue" is not on the ladder green < yellow < red');
  });
});
