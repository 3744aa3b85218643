// `needs` finds the generated client however the code imports it: through a tsconfig path alias (with or without
// baseUrl, in a referenced project of a solution-style tsconfig), a package.json import (`#sfapi`), or a workspace
// package symlinked into node_modules (its entry the client, or a wrapper re-exporting it). Each fixture's stop.ts
// imports the client that way and cancels a job it receives: before imports were resolved, that file was not
// suspected of holding jobs, the red cancel() was missed and the code was reported green (the client here keeps the
// cancel red and the job list green; the facility's levels make both lower). An alias that resolves
// nowhere, and a tsconfig that cannot be read, are reported, not scanned around.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { runCli } from "../../../support/cli.js";
import { preDialogClient } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

/** The bundled description with the job cancel red and the job list green (preDialogClient). */
const CLIENT = await preDialogClient();

type Files = Record<string, string | object>;

/** A project: CLIENT copied to `client`, the files written (objects as JSON), links made. */
function project(client: string, files: Files, links: Record<string, string> = {}): string {
  const dir = tempDir("needs-alias-");
  cpSync(join(root, CLIENT), join(dir, client), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(dirname(join(dir, link)), { recursive: true });
    symlinkSync(target, join(dir, link));
  }
  return dir;
}

/** The code: main.ts lists jobs (green) and hands them to stop.ts, which imports the client through `specifier`. */
function code(specifier: string): Files {
  return {
    "src/main.ts": [
      'import { stop } from "./stop.js";',
      "declare const client: any;",
      'const jobs = await client.compute("perlmutter").jobs();',
      "await stop(jobs[0]);",
      "",
    ].join("\n"),
    "src/stop.ts": [
      `import type { SfapiClient } from ${JSON.stringify(specifier)};`,
      "export type Client = SfapiClient;",
      "export async function stop(job: any) { await job.cancel(); }",
      "",
    ].join("\n"),
  };
}

const CANCEL = "DELETE /compute/jobs/{machine}/{jobid}";
const IMPORTS =
  "receiver not traced to a job; counted as a job's cancel() because this file imports the generated client (line 1)";

describe("needs resolves the client's import as TypeScript does", () => {
  it.each<[string, string, Files, Record<string, string>?]>([
    [
      "tsconfig paths with baseUrl (@/sfapi)",
      "src/sfapi",
      { ...code("@/sfapi"), "tsconfig.json": { compilerOptions: { baseUrl: ".", paths: { "@/*": ["src/*"] } } } },
    ],
    [
      "tsconfig paths without baseUrl, to a folder outside the code",
      "lib/sfapi",
      { ...code("~sfapi"), "tsconfig.json": { compilerOptions: { paths: { "~sfapi": ["./lib/sfapi/index.js"] } } } },
    ],
    [
      "paths in a tsconfig.json of the code folder that extends another",
      "lib/sfapi",
      {
        ...code("@lib/sfapi"),
        "tsconfig.base.json": { compilerOptions: { baseUrl: ".", paths: { "@lib/*": ["lib/*"] } } },
        "src/tsconfig.json": { extends: "../tsconfig.base.json", compilerOptions: { strict: true } },
      },
    ],
    [
      "paths in the referenced project of a solution-style tsconfig (Vite's layout)",
      "lib/sfapi",
      {
        ...code("@/sfapi"),
        "tsconfig.json": { files: [], references: [{ path: "./tsconfig.app.json" }] },
        "tsconfig.app.json": {
          compilerOptions: { composite: true, baseUrl: ".", paths: { "@/*": ["lib/*"] } },
          include: ["src"],
        },
      },
    ],
    [
      "a package.json import (#sfapi), no tsconfig",
      "lib/sfapi",
      {
        ...code("#sfapi"),
        "package.json": { name: "app", type: "module", imports: { "#sfapi": "./lib/sfapi/index.js" } },
      },
    ],
    [
      "a workspace package symlinked into node_modules whose entry is the client",
      "packages/sfapi/client",
      {
        ...code("@acme/sfapi"),
        "packages/sfapi/package.json": { name: "@acme/sfapi", type: "module", exports: "./client/index.js" },
      },
      { "node_modules/@acme/sfapi": "../../packages/sfapi" },
    ],
    [
      "a workspace package whose entry re-exports the client, resolved under the code's tsconfig (nodenext)",
      "packages/sfapi/generated",
      {
        ...code("@acme/sfapi"),
        "tsconfig.json": { compilerOptions: { module: "nodenext", moduleResolution: "nodenext", strict: true } },
        "packages/sfapi/package.json": {
          name: "@acme/sfapi",
          type: "module",
          exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
        },
        "packages/sfapi/dist/index.d.ts": 'export * from "../generated/index.js";\n',
      },
      { "node_modules/@acme/sfapi": "../../packages/sfapi" },
    ],
    [
      "a workspace package whose entry imports the client, then exports what it imported",
      "packages/sfapi/generated",
      {
        ...code("@acme/sfapi"),
        "packages/sfapi/package.json": { name: "@acme/sfapi", type: "module", types: "./index.ts" },
        "packages/sfapi/index.ts": [
          'import { createClient, type SfapiClient } from "./generated/index.js";',
          "export { createClient, type SfapiClient };",
          "",
        ].join("\n"),
      },
      { "node_modules/@acme/sfapi": "../../packages/sfapi" },
    ],
    [
      "a workspace package whose entry exports a namespace import of the client as its default",
      "packages/sfapi/generated",
      {
        ...code("@acme/sfapi"),
        "packages/sfapi/package.json": { name: "@acme/sfapi", type: "module", types: "./index.ts" },
        "packages/sfapi/index.ts": 'import * as sfapi from "./generated/index.js";\nexport default sfapi;\n',
      },
      { "node_modules/@acme/sfapi": "../../packages/sfapi" },
    ],
  ])("%s", async (_, client, files, links) => {
    const dir = project(client, files, links);
    const run = await runCli(["needs", "src", "--format", "json"], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.client).toMatchObject({ dir: client, found: "import" });
    expect(report.color).toBe("red");
    expect(
      report.uses.map((u) => [u.file, u.line, u.operations.map((o) => `${o.method} ${o.path}`).join(), u.assumed]),
    ).toEqual([
      // jobs() reads the list; a machine value with an encoded slash may fall on the one-job template too.
      ["src/main.ts", 3, "GET /compute/jobs/{machine},GET /compute/jobs/{machine}/{jobid}", undefined],
      ["src/stop.ts", 3, CANCEL, IMPORTS],
    ]);
  });

  it("an alias that resolves nowhere: no fallback client is chosen, and with --client its file is suspected", async () => {
    const dir = project("src/sfapi", {
      ...code("@/sfapi-missing"),
      "tsconfig.json": { compilerOptions: { paths: { "@/*": ["./src/*"] } } },
    });
    const run = await runCli(["needs", "src"], { cwd: dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      'sfapi-gen: src/stop.ts:1: "@/sfapi-missing" (tsconfig paths "@/*") resolves to no module, so the client it ' +
        "may be is unknown; fix the import, or name the client with --client\n",
    ]);
    const named = await runCli(["needs", "src", "--client", "src/sfapi", "--format", "json"], { cwd: dir });
    expect(named.code, named.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(named.stdout);
    expect(report.color).toBe("red");
    expect(report.uses.find((u) => u.file === "src/stop.ts")?.assumed).toBe(
      "receiver not traced to a job; counted as a job's cancel() because this file imports " +
        '"@/sfapi-missing" (line 1), which resolves to no module and may be the generated client',
    );
  });

  it("an unresolved bare package may be the client too (a workspace not installed), but a Node built-in is not", async () => {
    const dir = project("src/sfapi", {
      "src/a.ts": 'import { x } from "@acme/not-installed";\nvoid x;\nexport const f = (j: any) => j.cancel();\n',
      "src/b.ts": 'import { Readable } from "node:stream";\nvoid Readable;\nexport const g = (r: any) => r.cancel();\n',
    });
    const run = await runCli(["needs", "src", "--format", "json"], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    // No alias: the only client under the code is still chosen.
    expect(report.client).toMatchObject({ dir: "src/sfapi", found: "only" });
    // The package is unknown itself (what it does cannot be read); the job call is assumed.
    expect(report.uses.map((u) => [u.file, u.line])).toEqual([
      ["src/a.ts", 1],
      ["src/a.ts", 3],
    ]);
  });

  it("a tsconfig.json that cannot be read is one error line naming it, with or without --client", async () => {
    const dir = project("src/sfapi", { ...code("@/sfapi"), "tsconfig.json": '{\n  "compilerOptions": { "paths": \n' });
    const [found, named] = await Promise.all([
      runCli(["needs", "src"], { cwd: dir }),
      runCli(["needs", "src", "--client", "src/sfapi"], { cwd: dir }),
    ]);
    for (const run of [found, named]) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(
        /^sfapi-gen: tsconfig\.json:\d+:\d+: cannot read it to resolve the code's imports: .+\n$/,
      );
    }
    const referenceMissing = project("src/sfapi", {
      ...code("@/sfapi"),
      "tsconfig.json": { files: [], references: [{ path: "./tsconfig.app.json" }] },
    });
    const missing = await runCli(["needs", "src"], { cwd: referenceMissing });
    expect([missing.code, missing.stderr]).toEqual([
      2,
      "sfapi-gen: tsconfig.json: cannot read it to resolve the code's imports: the project it references, " +
        "tsconfig.app.json, does not exist\n",
    ]);
    const extendsMissing = project("src/sfapi", { ...code("@/sfapi"), "tsconfig.json": { extends: "./nowhere.json" } });
    const run = await runCli(["needs", "src"], { cwd: extendsMissing });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^sfapi-gen: tsconfig\.json: cannot read it to resolve the code's imports: Cannot read file '[^']*nowhere\.json'\.\n$/,
    );
  });
});
