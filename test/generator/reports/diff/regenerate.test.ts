// Regenerating a client keeps working: the folder's ladder, vendor and policy survive a new description; `generate
// --check` compares like with like, verifies the files it wrote (an operations.js relabelled by hand is named), and
// reads the description from a URL; `diff <client folder> <new>` reads the client's kept description.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { serve, writeJson } from "../../../support/descriptions.js";
import { root, tempDir } from "../../../support/project.js";

const bundled = () => JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));

/** The facility's next description: other bytes (so no bundled ladder), one level the kept ladder lacks. */
function nextDescription() {
  const doc = bundled();
  doc.info.version = "1.3";
  doc.servers = [{ url: "/api/v1.3" }];
  doc.paths["/account/roles"].get["x-nersc-scope"] = "purple";
  return doc;
}

let project: string;
let server: Awaited<ReturnType<typeof serve>>;
const cli = (args: string[]) => runCli(args, { cwd: project });

beforeAll(async () => {
  project = tempDir("regen-");
  const file = writeJson(project, "new.json", nextDescription());
  // The same bytes as new.json: the check compares the description's SHA-256.
  server = await serve({ "/api/v1.3/openapi.json": { body: readFileSync(file, "utf8") } });
  const first = await cli(["generate", "--out", "src/sfapi"]);
  expect(first.code, first.stderr).toBe(0);
});
afterAll(() => server?.close());

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(project, dir, "manifest.json"), "utf8"));

describe("regenerating into a previous output", () => {
  it("keeps its ladder and says so in one line; a level the ladder lacks stays top-only, with the warning", async () => {
    const run = await cli(["generate", "--file", "new.json", "--out", "src/sfapi"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(
      "sfapi-gen: keeping the ladder green < yellow < orange < red and whole-path marks on " +
        "/utilities/download/{machine}/{path}, " +
        "/utilities/ls/{machine}/{path}, /utilities/upload/{machine}/{path} of src/sfapi/manifest.json " +
        "(--levels, --vendor, --policy override)",
    );
    expect(run.stderr).toContain(
      'x-nersc-scope uses level "purple" not on the ladder green < yellow < orange < red; those operations are ' +
        "callable only by red",
    );
    const manifest = manifestOf("src/sfapi");
    expect(manifest.scope.ladder).toEqual(["green", "yellow", "orange", "red"]);
    expect(manifest.description.version).toBe("1.3");
    // The orange client type and its operations are still there.
    expect(readFileSync(join(project, "src/sfapi/index.d.ts"), "utf8")).toContain("OrangeClient");
    const ops = readFileSync(join(project, "src/sfapi/operations.js"), "utf8");
    expect(ops).toMatch(/readRoles = .*scope: "purple"/);
    expect(ops).toMatch(/runCommand = .*scope: "red"/);
  });

  it("from a folder of an older ladder: keeps it, and one line names the description's and the command", async () => {
    const dir = "src/three";
    const older = await cli(["generate", "--out", dir, "--levels", "green,yellow,red"]);
    expect(older.code, older.stderr).toBe(0);
    expect(manifestOf(dir).scope.ladder).toEqual(["green", "yellow", "red"]);
    const run = await cli(["generate", "--out", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(
      `sfapi-gen: keeping the ladder green < yellow < red of ${dir}/manifest.json; the description's own ladder ` +
        'is green < yellow < orange < red ("orange" operations are for red only here); adopt it with: ' +
        `sfapi-gen generate --out ${dir} --levels green,yellow,orange,red`,
    );
    // That line says it all: no second warning about "orange".
    expect(run.stderr).toBe("");
    expect(manifestOf(dir).scope.ladder).toEqual(["green", "yellow", "red"]);
    expect(readFileSync(join(project, dir, "operations.js"), "utf8")).toMatch(/uploadFile = .*scope: "orange"/);
    // The command it names adopts the description's ladder, and the line is gone.
    const adopted = await cli(["generate", "--out", dir, "--levels", "green,yellow,orange,red"]);
    expect(adopted.code, adopted.stderr).toBe(0);
    expect(adopted.stdout).not.toContain("keeping");
    expect(manifestOf(dir).scope.ladder).toEqual(["green", "yellow", "orange", "red"]);
    // From a file of the same bytes (its name has a space), the command reads it again.
    copyFileSync(join(root, "generator/descriptions/v1.2.json"), join(project, "bundled copy.json"));
    expect((await cli(["generate", "--out", dir, "--levels", "green,yellow,red"])).code).toBe(0);
    const fromFile = await cli(["generate", "--file", "bundled copy.json", "--out", dir]);
    expect(fromFile.stdout.split("\n")[0]).toMatch(
      /; adopt it with: sfapi-gen generate --file 'bundled copy\.json' --out src\/three --levels green,yellow,orange,red$/,
    );
  });

  it("generate --check reads the description under the kept ladder (like with like), also from a URL", async () => {
    const [file, url] = await Promise.all([
      cli(["generate", "--check", "--file", "new.json", "--out", "src/sfapi"]),
      cli(["generate", "--check", "--url", `${server.origin}/api/v1.3`, "--out", "src/sfapi"]),
    ]);
    for (const run of [file, url]) {
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toMatch(/^sfapi-gen: src\/sfapi is up to date \(description sha256 [0-9a-f]{12}…\)\n$/);
    }
  });

  it("flags override what the folder keeps", async () => {
    const dir = "src/other";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    const run = await cli(["generate", "--file", "new.json", "--out", dir, "--levels", "green,red"]);
    expect(run.code, run.stderr).toBe(0);
    // Only the whole-path marks are still kept (no flag drops them; test/generator/reports/diff/keep-whole-paths.test.ts).
    expect(run.stdout.split("\n")[0]).toMatch(/^sfapi-gen: keeping the whole-path marks on [^(]*$/);
    expect(manifestOf(dir).scope.ladder).toEqual(["green", "red"]);
  });
});

describe("generate --check verifies the files it wrote", () => {
  it("names an operations.js whose runCommand was relabelled green, even with its hash rewritten", async () => {
    const dir = "src/tampered";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    const file = join(project, dir, "operations.js");
    const text = readFileSync(file, "utf8");
    const relabelled = text.replace(/(runCommand = .*scope: )"red"/, '$1"green"');
    expect(relabelled).not.toBe(text);
    writeFileSync(file, relabelled);
    const edited = await cli(["generate", "--check", "--out", dir]);
    expect([edited.code, edited.stdout]).toEqual([
      1,
      `${dir}/operations.js: edited after generation (its SHA-256 is not the one manifest.json lists)\n`,
    ]);
    expect(edited.stderr).toBe(
      `sfapi-gen: --check: ${dir}: operations.js not as generated; run \`sfapi-gen generate --out ${dir}\` and commit ` +
        "the result\n",
    );
    // The file and its listed hash edited together: the re-emit still tells.
    const manifestFile = join(project, dir, "manifest.json");
    const { createHash } = await import("node:crypto");
    const manifest = readFileSync(manifestFile, "utf8");
    const oldHash = createHash("sha256").update(text).digest("hex");
    const newHash = createHash("sha256").update(relabelled).digest("hex");
    writeFileSync(manifestFile, manifest.replace(oldHash, newHash));
    const both = await cli(["generate", "--check", "--out", dir]);
    expect(both.code).toBe(1);
    expect(both.stdout).toBe(
      `${dir}/manifest.json: differs from what this sfapi-gen generates from this description\n` +
        `${dir}/operations.js: differs from what this sfapi-gen generates from this description\n`,
    );
  });

  it("names a missing file and one it did not write", async () => {
    const dir = "src/changed";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    rmSync(join(project, dir, "runtime/guard.js"));
    writeFileSync(join(project, dir, "runtime/extra.js"), "export {};\n");
    const run = await cli(["generate", "--check", "--out", dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `${dir}/runtime/extra.js: not written by sfapi-gen (manifest.json does not list it)\n` +
        `${dir}/runtime/guard.js: missing (manifest.json lists it)\n`,
    );
  });
});

describe("generate --check looks where generate writes", () => {
  it("with neither --out nor a config and no generated/, it names where it looked and the command", async () => {
    const fresh = tempDir("check-where-");
    const here = (args: string[]) => runCli(args, { cwd: fresh });
    expect((await here(["generate", "--out", "src/sfapi"])).code).toBe(0);
    const run = await here(["generate", "--check"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'sfapi-gen: --check: no --out and no "out" in sfapi-gen.config.json, and no client in generated/ (where ' +
        "generate writes by default); found a client in src/sfapi: run `sfapi-gen generate --check --out src/sfapi` " +
        '(or set "out" in sfapi-gen.config.json)\n',
    );
    expect(existsSync(join(fresh, "generated"))).toBe(false);
    // The command it names is the one that works.
    const named = await here(["generate", "--check", "--out", "src/sfapi"]);
    expect([named.code, named.stdout]).toEqual([0, expect.stringMatching(/^sfapi-gen: src\/sfapi is up to date/)]);
  });

  it("with nothing found it says so, and gives the command's form", async () => {
    const run = await runCli(["generate", "--check"], { cwd: tempDir("check-none-") });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("found no client below ");
    expect(run.stderr).toContain("`sfapi-gen generate --check --out <folder>`");
  });

  it("the config file's out is checked, as generate writes there; a missing client names the right --out", async () => {
    const fresh = tempDir("check-config-");
    writeFileSync(join(fresh, "sfapi-gen.config.json"), JSON.stringify({ out: "src/api" }));
    const here = (args: string[]) => runCli(args, { cwd: fresh });
    const none = await here(["generate", "--check", "--levels", "green,yellow,orange,red"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      "nothing generated here to check against; run `sfapi-gen generate --levels green,yellow,orange,red --out src/api` first",
    );
    expect((await here(["generate"])).code).toBe(0);
    const run = await here(["generate", "--check"]);
    expect([run.code, run.stdout]).toEqual([0, expect.stringMatching(/^sfapi-gen: src\/api is up to date/)]);
  });
});

describe("the manifest's file list is untrusted", () => {
  it("a listed path outside the folder or a malformed hash is one line with its pointer; nothing is read", async () => {
    const dir = "src/listed";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    const file = join(project, dir, "manifest.json");
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    const cases: [Record<string, string>, string][] = [
      [{ "../../new.json": "0".repeat(64) }, "/files/..~1..~1new.json: not a path sfapi-gen writes"],
      [{ "index.js": "abc" }, '/files/index.js must be 64 lower-case hex digits, not "abc"'],
    ];
    for (const [files, message] of cases) {
      writeFileSync(file, JSON.stringify({ ...manifest, files }));
      const run = await cli(["generate", "--check", "--out", dir]);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, "", `sfapi-gen: ${dir}/manifest.json: ${message}\n`]);
    }
  });
});

describe("diff <client folder> <new>", () => {
  it("reads the client's kept description under its manifest's ladder, and compares schemas", async () => {
    const dir = "src/old";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    expect(existsSync(join(project, dir, "description.json.gz"))).toBe(true);
    expect(existsSync(join(project, dir, "description.json"))).toBe(false);
    const doc = nextDescription();
    delete doc.components.schemas.Task.properties.result;
    writeJson(project, "fewer.json", doc);
    const [fromFolder, fromManifest] = await Promise.all([
      cli(["diff", dir, "fewer.json", "--format", "json"]),
      cli(["diff", `${dir}/manifest.json`, "fewer.json", "--format", "json"]),
    ]);
    expect(fromFolder.code, fromFolder.stderr).toBe(0);
    const report: DiffReport = JSON.parse(fromFolder.stdout);
    expect(report.old.source).toBe(`${dir}/description.json.gz`);
    expect(report.ladder).toEqual(["green", "yellow", "orange", "red"]);
    expect(report.changed.find((c) => c.name === "readRoles")?.changes[0]).toMatchObject({
      kind: "level",
      from: "green",
      to: "purple",
    });
    expect(JSON.parse(fromManifest.stdout)).toEqual(report);
  });

  it("an edited description copy is refused: it would hide the changes", async () => {
    const dir = "src/edited";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    const file = join(project, dir, "description.json.gz");
    const text = gunzipSync(readFileSync(file)).toString("utf8");
    writeFileSync(file, gzipSync(text.replace('"x-nersc-scope":"red"', '"x-nersc-scope":"green"')));
    const run = await cli(["diff", dir, "new.json"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `sfapi-gen: ${dir}/description.json.gz: edited after generation (its SHA-256 is not the one manifest.json lists)\n`,
    ]);
  });

  it("a folder without a description copy (an older output) is one line", async () => {
    const dir = "src/older";
    expect((await cli(["generate", "--out", dir])).code).toBe(0);
    rmSync(join(project, dir, "description.json.gz"));
    const run = await cli(["diff", dir, "new.json"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `sfapi-gen: ${dir}: no description.json.gz: generated by an older sfapi-gen; regenerate it, or diff the description it came from\n`,
    ]);
  });

  it("a folder of sfapi-gen 0.2 (its copy uncompressed, description.json) diffs the same, and regenerates", async () => {
    const [now, old] = ["src/now", "src/uncompressed"];
    for (const dir of [now, old]) expect((await cli(["generate", "--out", dir])).code).toBe(0);
    asOlderFolder(old);
    const runs = await Promise.all([now, old].map((dir) => cli(["diff", dir, "new.json", "--format", "json"])));
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const [fromNow, fromOld] = runs.map((run): DiffReport => JSON.parse(run.stdout)) as [DiffReport, DiffReport];
    expect(fromOld.old.source).toBe(`${old}/description.json`);
    expect({ ...fromOld, old: { ...fromOld.old, source: "" } }).toEqual({
      ...fromNow,
      old: { ...fromNow.old, source: "" },
    });
    expect(fromOld.changed.length).toBeGreaterThan(0);
    // Its edited copy is still refused.
    const file = join(project, old, "description.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"x-nersc-scope":"red"', '"x-nersc-scope":"green"'));
    const edited = await cli(["diff", old, "new.json"]);
    expect([edited.code, edited.stderr]).toEqual([
      2,
      `sfapi-gen: ${old}/description.json: edited after generation (its SHA-256 is not the one manifest.json lists)\n`,
    ]);
    writeFileSync(file, gunzipSync(readFileSync(join(project, now, "description.json.gz"))));
    // Regenerating it: the old copy is recognised as sfapi-gen's own output, and replaced by the compressed one.
    const again = await cli(["generate", "--out", old]);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(project, old, "description.json"))).toBe(false);
    expect(readFileSync(join(project, old, "description.json.gz"))).toEqual(
      readFileSync(join(project, now, "description.json.gz")),
    );
  });
});

/** Make the generated folder `dir` what sfapi-gen 0.2 wrote: the copy as description.json, listed so in the manifest. */
function asOlderFolder(dir: string): void {
  const gz = join(project, dir, "description.json.gz");
  const text = gunzipSync(readFileSync(gz));
  rmSync(gz);
  writeFileSync(join(project, dir, "description.json"), text);
  const manifest = manifestOf(dir);
  delete manifest.files["description.json.gz"];
  manifest.files["description.json"] = createHash("sha256").update(text).digest("hex");
  writeFileSync(join(project, dir, "manifest.json"), JSON.stringify(manifest) + "\n");
}
