// The API's name and version as clients, manifests and reports print them: OpenAPI (and openapi-typescript) accept an
// empty `info.title` or `info.version` (drchrono.com's description has an empty title), and the client generated from
// such a description must still be one our own tools read.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClientTable } from "../../../generator/output/client-folder.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

describe("an empty info.title or info.version", () => {
  it("gives a client whose manifest readClientTable and needs read, named by a stand-in", async () => {
    const dir = tempDir("info-names-");
    const doc = description({ "GET /things": {} });
    doc.info = { title: "", version: "" };
    const file = writeJson(dir, "empty-info.json", doc);
    const out = join(dir, "client");
    const generated = await runCli(["generate", "--file", file, "--out", out]);
    expect(generated.code, generated.stderr).toBe(0);

    expect(readClientTable(out).description).toEqual({ title: "API", version: "unversioned" });
    mkdirSync(join(dir, "code"));
    const call = 'import { operations } from "../client/index.js";\nexport const op = operations.getThings;\n';
    writeFileSync(join(dir, "code", "call.ts"), call);
    const needs = await runCli(["needs", join(dir, "code"), "--client", out, "--format", "json"]);
    expect(needs.code, needs.stderr).toBe(0);
    expect(JSON.parse(needs.stdout).client.description).toMatchObject({ title: "API", version: "unversioned" });
  });

  it("keeps a title or version that is only blanks from reaching a report as a blank name", async () => {
    const dir = tempDir("info-names-");
    const doc = description({ "GET /things": {} });
    doc.info = { title: "  ", version: "\t" };
    const file = writeJson(dir, "blank-info.json", doc);
    const audit = await runCli(["audit", "--file", file]);
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stdout.split("\n")[0]).toBe("# Scope audit: API unversioned");
  });
});
