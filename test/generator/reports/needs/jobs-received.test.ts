// `sfapi-gen needs` on job objects that cross modules: a file that receives jobs from another one (a function taking a
// job) gets no jobs itself, so its untraced `cancel()` is counted (assumed) when it imports anything from the generated
// client or names an imported type ending in `Job`; a file with neither sign is not. In the client here `jobs()` is
// green and `cancel()` red (the facility's levels make both lower), so each missed cancel() would show as a green
// report.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { renderNeeds } from "../../../../generator/reports/needs/needs.js";
import { colorNeeds, preDialogClient } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

/** The bundled description with the job cancel red and the job list green (preDialogClient). */
const CLIENT = await preDialogClient();

const rel = (path: string) => relative(root, path).split("\\").join("/");

/** Writes the files into a fresh folder; `@client` in their text becomes the relative path to CLIENT. */
function writeFiles(files: Record<string, string[]>): string {
  const dir = tempDir("needs-received-");
  const client = relative(dir, join(root, CLIENT)).split("\\").join("/");
  for (const [name, lines] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), lines.join("\n").replaceAll("@client", client));
  }
  return rel(dir);
}

/** The uses as [file, line, "METHOD path", assumed reason or null]. */
function rows(report: NeedsReport): [string, number, string, string | null][] {
  return report.uses.map((u) => [
    u.file.replace(/^.*needs-received-[^/]*\//, ""),
    u.line,
    u.operations.map((o) => `${o.method} ${o.path}`).join(),
    u.assumed ?? null,
  ]);
}

const CANCEL = "DELETE /compute/jobs/{machine}/{jobid}";
// A job read: the one-job operation, the least of the two a job read may use (usage/uses.ts).
const READ = "GET /compute/jobs/{machine}/{jobid}";
// The main.ts: it gets jobs and hands one to stop(), calling no job method itself.
const MAIN = [
  'import { stop } from "./stop.js";',
  "declare const client: any;",
  'const jobs = await client.compute("perlmutter").jobs(["1"]);',
  "await stop(jobs[0]!);",
];
const MAIN_READ: [string, number, string, string | null] = ["main.ts", 3, READ, null];
const IMPORTS =
  "receiver not traced to a job; counted as a job's cancel() because this file imports the generated client";

describe("needs counts a cancel() in a file that receives jobs from another module", () => {
  // [what, stop.ts (and any other files), the line of cancel() in stop.ts, the assumed reason]
  it.each<[string, Record<string, string[]>, number, string]>([
    [
      "import type of RedJob (the issue's example)",
      {
        "stop.ts": [
          'import type { RedJob } from "@client/index.js";',
          "export async function stop(job: RedJob) { await job.cancel(); }",
        ],
      },
      2,
      `${IMPORTS} (line 1)`,
    ],
    [
      "a named value import, the parameter untyped",
      {
        "stop.ts": [
          'import { createClient } from "@client/index.js";',
          "void createClient;",
          "export async function stop(job: any) { await job.cancel(); }",
        ],
      },
      3,
      `${IMPORTS} (line 1)`,
    ],
    [
      "a default import",
      {
        "stop.ts": [
          'import sfapi from "@client/index.js";',
          "void sfapi;",
          "export async function stop(job: any) { await job.cancel(); }",
        ],
      },
      3,
      `${IMPORTS} (line 1)`,
    ],
    [
      "a namespace import, the type qualified",
      {
        "stop.ts": [
          "// stops one job",
          'import * as sfapi from "@client/index.js";',
          "export async function stop(job: sfapi.RedJob) { await job.cancel(); }",
        ],
      },
      3,
      `${IMPORTS} (line 2)`,
    ],
    [
      "a re-export of the client's type, nothing imported",
      {
        "stop.ts": [
          'export type { RedJob } from "@client/index.js";',
          "export async function stop(job: any) { await job.cancel(); }",
        ],
      },
      2,
      `${IMPORTS} (line 1)`,
    ],
    [
      "export * from core.js",
      {
        "stop.ts": ['export * from "@client/core.js";', "export async function stop(job: any) { await job.cancel(); }"],
      },
      2,
      `${IMPORTS} (line 1)`,
    ],
    [
      "a type-only import from a runtime module",
      {
        "stop.ts": [
          'import type { JobWatching } from "@client/runtime/workflow.js";',
          "export async function stop(job: JobWatching<unknown> & { cancel(): Promise<void> }) { await job.cancel(); }",
        ],
      },
      2,
      `${IMPORTS} (line 1)`,
    ],
    [
      "a dynamic import() of the client",
      {
        "stop.ts": [
          "export async function stop(job: any) {",
          '  const { createClient } = await import("@client/index.js");',
          "  void createClient;",
          "  await job.cancel();",
          "}",
        ],
      },
      4,
      `${IMPORTS} (line 2)`,
    ],
    [
      'an import("...") type',
      {
        "stop.ts": [
          'export async function stop(job: import("@client/index.js").RedJob) {',
          "  await job.cancel();",
          "}",
        ],
      },
      2,
      `${IMPORTS} (line 1)`,
    ],
    [
      "import = require(...)",
      {
        "stop.ts": [
          'import sfapi = require("@client/index.js");',
          "void sfapi;",
          "export async function stop(job: any) { await job.cancel(); }",
        ],
      },
      3,
      `${IMPORTS} (line 1)`,
    ],
    [
      "a parameter typed with a Job type of a module of the code base (not from the client)",
      {
        "types.ts": ["export interface RedJob { cancel(): Promise<void> }"],
        "stop.ts": [
          "// the client is not imported here",
          'import type { RedJob } from "./types.js";',
          "export async function stop(job: RedJob) { await job.cancel(); }",
        ],
      },
      3,
      "receiver not traced to a job; counted as a job's cancel() because this file names the job type RedJob (line 3)",
    ],
    [
      "an aliased Job type on a variable, the job from an array parameter",
      {
        "types.ts": ['export type { RedJob } from "@client/index.js";'],
        "stop.ts": [
          'import type { RedJob as Handle } from "./types.js";',
          "export async function stop(all: readonly unknown[]) {",
          "  const job: Handle = all[0] as never;",
          "  await job.cancel();",
          "}",
        ],
      },
      4,
      // types.ts re-exports the client: TypeScript resolves the import there, so the file imports the client.
      `${IMPORTS} (line 1)`,
    ],
    [
      "a namespace-qualified Job type inside an array type, through for...of",
      {
        "types.ts": ['export type { RedJob } from "@client/index.js";'],
        "stop.ts": [
          'import type * as t from "./types.js";',
          "export async function stop(jobs: t.RedJob[]) {",
          "  for (const job of jobs) await job.cancel();",
          "}",
        ],
      },
      3,
      `${IMPORTS} (line 1)`,
    ],
  ])("%s: red, the cancel() assumed", (_what, files, cancelLine, reason) => {
    const report = colorNeeds(writeFiles({ "main.ts": MAIN, ...files }), CLIENT, root);
    expect(rows(report)).toEqual([MAIN_READ, ["stop.ts", cancelLine, CANCEL, reason]]);
    expect(report.color).toBe("red");
    expect(report.forcedBy.map((u) => u.code)).toEqual(["job.cancel()"]);
  });

  it("the issue's layout: the client in src/sfapi, found by the imports, and the Markdown says why", () => {
    const dir = writeFiles({
      "main.ts": MAIN,
      "stop.ts": [
        'import type { RedJob } from "./sfapi/index.js";',
        "export async function stop(job: RedJob) { await job.cancel(); }",
      ],
    });
    cpSync(join(root, CLIENT), join(root, dir, "sfapi"), { recursive: true });
    const report = colorNeeds(dir, undefined, root);
    expect(report.client).toMatchObject({ dir: `${dir}/sfapi`, found: "import" });
    expect(rows(report)).toEqual([MAIN_READ, ["stop.ts", 2, CANCEL, `${IMPORTS} (line 1)`]]);
    expect(report.color).toBe("red");
    expect(renderNeeds(report, "md")).toContain(`- ${dir}/stop.ts:2 \`job.cancel()\`: ${IMPORTS} (line 1)`);
  });

  it("complete() and state() of a received job count too (reads), with the same reason", () => {
    const report = colorNeeds(
      writeFiles({
        "watch.ts": [
          'import type { GreenJob } from "@client/index.js";',
          "export async function watch(job: GreenJob) {",
          "  await job.state();",
          "  return job.complete();",
          "}",
        ],
      }),
      CLIENT,
      root,
    );
    expect(rows(report).map(([file, line, call, why]) => [file, line, call, why?.replace(/ because.*/, "")])).toEqual([
      ["watch.ts", 3, READ, "receiver not traced to a job; counted as a job's state()"],
      ["watch.ts", 4, READ, "receiver not traced to a job; counted as a job's complete()"],
    ]);
    expect(report.uses.every((u) => u.assumed?.endsWith("imports the generated client (line 1)"))).toBe(true);
  });

  it("a file that gets jobs itself keeps that reason, even when it imports the client", () => {
    const report = colorNeeds(
      writeFiles({
        "both.ts": [
          'import type { RedJob } from "@client/index.js";',
          "declare const client: any;",
          'await client.compute("perlmutter").job("1");',
          "export async function stop(job: RedJob) { await job.cancel(); }",
        ],
      }),
      CLIENT,
      root,
    );
    expect(rows(report)).toEqual([
      ["both.ts", 3, READ, null],
      [
        "both.ts",
        4,
        CANCEL,
        "receiver not traced to a job; counted as a job's cancel() because this file gets jobs from compute(...)",
      ],
    ]);
  });
});

describe("needs does not count cancel() where nothing suggests a job", () => {
  it.each<[string, string[]]>([
    [
      "a stream reader in a file importing only another module",
      [
        'import { open } from "./util.js";',
        "declare const reader: ReadableStreamDefaultReader;",
        "await reader.cancel();",
        "void open;",
      ],
    ],
    [
      "a parameter typed with an imported type that is not a Job",
      ['import type { Reader } from "./util.js";', "export async function stop(r: Reader) { await r.cancel(); }"],
    ],
    [
      "a parameter typed with a local Job type (not imported)",
      [
        "interface LocalJob { cancel(): Promise<void> }",
        "export async function stop(job: LocalJob) { await job.cancel(); }",
      ],
    ],
    [
      "a module whose name only looks like the client's",
      ['import { x } from "./index.js";', "declare const reader: any;", "void x;", "await reader.cancel();"],
    ],
  ])("%s: not counted, the report stays green", (_what, lines) => {
    // Every import resolves (one that does not is an unknown use at the top level): the modules they name are here.
    const modules = {
      "stop.ts": ["export async function stop(_job: unknown) {}"],
      "util.ts": ["export const open = () => {};", "export interface Reader { cancel(): Promise<void> }"],
      "index.ts": ["export const x = 1;"],
    };
    const report = colorNeeds(writeFiles({ "main.ts": MAIN, ...modules, "other.ts": lines }), CLIENT, root);
    expect(rows(report)).toEqual([MAIN_READ]);
    expect(report.color).toBe("green");
  });

  it("in a file that imports the client, receivers clearly not jobs are still not counted", () => {
    const report = colorNeeds(
      writeFiles({
        "other.ts": [
          'import type { RedJob } from "@client/index.js";',
          "export type Kept = RedJob;",
          "const fake = { cancel() {} };",
          "fake.cancel();",
          "new AbortController().cancel?.();",
          '"text".state?.();',
        ],
      }),
      CLIENT,
      root,
    );
    expect(report.uses).toEqual([]);
    expect(report.color).toBe("green");
  });
});

describe("needs on a linked source file that receives jobs", () => {
  it("its imports are read from where the real file is, as TypeScript and Node resolve them", () => {
    // The real stop.ts sits two folders deeper than its link in src/, so its import means the client only from there.
    const dir = writeFiles({
      "src/main.ts": MAIN,
      "shared/deep/stop.ts": [
        'import type { RedJob } from "../../@client/index.js";',
        "export async function stop(job: RedJob) { await job.cancel(); }",
      ],
    });
    symlinkSync(join(root, dir, "shared/deep/stop.ts"), join(root, dir, "src/stop.ts"));
    const report = colorNeeds(`${dir}/src`, CLIENT, root);
    expect(rows(report)).toEqual([
      ["src/main.ts", 3, READ, null],
      ["src/stop.ts", 2, CANCEL, `${IMPORTS} (line 1)`],
    ]);
  });
});
