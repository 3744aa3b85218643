// `sfapi-gen needs` and the job objects of the workflow helpers: a job reached through `jobs()` (element access,
// destructuring, for-of, array callbacks, find/at) is traced, and a job-helper call on a receiver the scan cannot
// trace, in a file that gets jobs from compute(...), is counted and marked "assumed" (fail closed). The client here
// makes `cancel()` red and `jobs()` green (the facility's levels make both lower), so each under-count would show as a
// green report.
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { NeedsReport } from "../../../../generator/reports/needs/needs.js";
import { renderNeeds } from "../../../../generator/reports/needs/needs.js";
import { runCli } from "../../../support/cli.js";
import { colorNeeds, preDialogClient } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

/** The bundled description with the job cancel red and the job list green (preDialogClient). */
const CLIENT = await preDialogClient();

const CANCEL = "DELETE /compute/jobs/{machine}/{jobid}";
// A job read: the one-job operation, the least of the two a job read may use (usage/uses.ts).
const READ = "GET /compute/jobs/{machine}/{jobid}";
// `export {}` makes each file a module, as real code is: in a script, `await (x)` parses as a call of `await`.
// jobs(ids): the ids alone, a job read (jobs() with no ids would count the job list, usage/uses.ts's jobsCalls).
const HEADER = [
  "export {};",
  "declare const client: any;",
  "declare const ids: string[];",
  'const perlmutter = client.compute("perlmutter");',
];

function writeFiles(files: Record<string, string[]>): string {
  const dir = tempDir("needs-jobs-");
  for (const [name, lines] of Object.entries(files)) writeFileSync(join(dir, name), lines.join("\n"));
  return relative(root, dir).split("\\").join("/");
}

/** The uses of one file as [line, "METHOD path", assumed?]: the `jobs()`/`job()` reads and the job-helper calls. */
function usesOf(lines: string[]): { report: NeedsReport; rows: [number, string, boolean][] } {
  const report = colorNeeds(writeFiles({ "calls.ts": [...HEADER, ...lines] }), CLIENT, root);
  const rows = report.uses.map((u): [number, string, boolean] => [
    u.line - HEADER.length,
    u.operations.map((o) => `${o.method} ${o.path}`).join(),
    u.assumed !== undefined,
  ]);
  return { report, rows };
}

describe("needs follows the job objects of jobs(...)", () => {
  // [what, code after the header, the uses by line (1 = first line after the header)]
  it.each<[string, string[], [number, string, boolean][]]>([
    [
      "element access through a variable, with !",
      ["const all = await perlmutter.jobs(ids);", "await all[0]!.cancel();"],
      [
        [1, READ, false],
        [2, CANCEL, false],
      ],
    ],
    [
      "element access on the awaited call, optional chaining",
      ['await (await perlmutter.jobs(["1"]))?.[0]?.cancel();'],
      [
        [1, READ, false],
        [1, CANCEL, false],
      ],
    ],
    [
      "array destructuring",
      ['const [first] = await perlmutter.jobs(["1"]);', "await first!.cancel();"],
      [
        [1, READ, false],
        [2, CANCEL, false],
      ],
    ],
    [
      "the rest of an array destructuring, then an element",
      ["const [, ...others] = await perlmutter.jobs(ids);", "await others[1]!.cancel();"],
      [
        [1, READ, false],
        [2, CANCEL, false],
      ],
    ],
    [
      "for...of over the awaited call",
      ["for (const j of await perlmutter.jobs(ids)) await j.cancel();"],
      [
        [1, READ, false],
        [1, CANCEL, false],
      ],
    ],
    [
      "for...of over a variable holding it",
      ["const all = await perlmutter.jobs(ids);", "for (const j of all) {", "  await j.cancel();", "}"],
      [
        [1, READ, false],
        [3, CANCEL, false],
      ],
    ],
    [
      "map with an arrow function",
      ["await Promise.all((await perlmutter.jobs(ids)).map((j) => j.cancel()));"],
      [
        [1, READ, false],
        [1, CANCEL, false],
      ],
    ],
    [
      "forEach with a function expression, through a filtered array",
      [
        "const all = await perlmutter.jobs(ids);",
        "all.filter((j) => j.id !== '1').forEach(function (j) {",
        "  void j.cancel();",
        "});",
      ],
      [
        [1, READ, false],
        [3, CANCEL, false],
      ],
    ],
    [
      "find, then an optional call",
      ['const job = (await perlmutter.jobs(ids)).find((j) => j.id === "1");', "await job?.cancel();"],
      [
        [1, READ, false],
        [2, CANCEL, false],
      ],
    ],
    [
      "findLast and at(i)",
      [
        "const all = await perlmutter.jobs(ids);",
        'await all.findLast((j) => j.id === "1")?.cancel();',
        "await all.at(-1)?.cancel();",
      ],
      [
        [1, READ, false],
        [2, CANCEL, false],
        [3, CANCEL, false],
      ],
    ],
    [
      "a job passed to a function parameter (untraceable: assumed)",
      ["async function stop(j: GreenJob) {", "  await j.cancel();", "}", 'await stop(await perlmutter.job("1"));'],
      [
        [2, CANCEL, true],
        [4, READ, false],
      ],
    ],
    [
      "a variable assigned after its declaration (untraceable: assumed)",
      ["let job: any;", 'job = await perlmutter.job("1");', "await job.cancel();"],
      [
        [2, READ, false],
        [3, CANCEL, true],
      ],
    ],
    [
      "the callback of then() (untraceable: assumed)",
      ["await perlmutter.jobs(ids).then((all: any) => all[0].cancel());"],
      [
        [1, READ, false],
        [1, CANCEL, true],
      ],
    ],
  ])("%s: cancel() is counted, and the report is red", (_what, lines, expected) => {
    const { report, rows } = usesOf(lines);
    expect(rows).toEqual(expected);
    expect(report.color).toBe("red");
    expect(report.forcedBy.every((u) => u.operations[0]?.name === "cancelJob")).toBe(true);
  });

  it.each(["map", "forEach", "filter", "find", "findLast", "some", "every", "flatMap"])(
    "the first parameter of %s over jobs() is a job: its complete(), state() and cancel() count",
    (method) => {
      const { rows } = usesOf([
        `(await perlmutter.jobs(ids)).${method}((j) => {`,
        "  void j.complete();",
        "  void j.state();",
        "  return j.cancel();",
        "});",
      ]);
      expect(rows).toEqual([
        [1, READ, false],
        [2, READ, false],
        [3, READ, false],
        [4, CANCEL, false],
      ]);
    },
  );
});

describe("needs on the jobs of job(id) and submitJob (traced before jobs() was)", () => {
  it("job(id) with an optional call, through another variable, and a non-null submitJob result", () => {
    const { rows } = usesOf([
      'const job = await perlmutter.job("1");',
      "await job?.cancel();",
      "const same = job;",
      "await same!.state();",
      "declare const script: string;",
      "await (await perlmutter.submitJob(script))!.complete();",
    ]);
    expect(rows).toEqual([
      [1, READ, false],
      [2, CANCEL, false],
      [4, READ, false],
      [6, "POST /compute/jobs/{machine}", false],
      [6, "GET /tasks/{id}", false],
      [6, READ, false],
    ]);
  });
});

describe("needs on job-helper names that are not jobs", () => {
  it("a file without compute helpers: stream.cancel(), reader.cancel() and state() are not counted", () => {
    const report = colorNeeds(
      writeFiles({
        "stream.ts": [
          "declare const stream: ReadableStream; declare const store: any;",
          "await stream.cancel();",
          "await stream.getReader().cancel();",
          "store.state();",
          'await client.GET("/tasks");',
          "declare const client: any;",
        ],
      }),
      CLIENT,
      root,
    );
    expect(report.uses.map((u) => u.code)).toEqual(['client.GET("/tasks")']);
    expect(report.color).toBe("green");
  });

  it("in a file with job helpers: clearly other receivers are not counted, an untraced one is (assumed)", () => {
    const { rows, report } = usesOf([
      "const all = await perlmutter.jobs(ids);",
      "const fake = { cancel() {} };",
      "fake.cancel();",
      "new Worker().cancel();",
      "perlmutter.state?.();",
      "declare const stream: ReadableStream;",
      "await stream.cancel(); // acceptable over-counting: a stream's cancel in a file that gets jobs",
    ]);
    expect(rows).toEqual([
      [1, READ, false],
      [7, CANCEL, true],
    ]);
    expect(report.color).toBe("red");
  });

  it("the fallback is per file: a job file does not make another file's cancel() count", () => {
    const report = colorNeeds(
      writeFiles({
        "a.ts": [...HEADER, "export const all = await perlmutter.jobs(ids);"],
        "b.ts": ["declare const stream: ReadableStream;", "await stream.cancel();"],
      }),
      CLIENT,
      root,
    );
    expect(report.uses.map((u) => [u.file.replace(/.*\//, ""), u.line])).toEqual([["a.ts", HEADER.length + 1]]);
    expect(report.color).toBe("green");
  });
});

describe("the assumed uses in the report", () => {
  const lines = [
    "async function stop(j: GreenJob) {",
    "  await j.cancel();",
    "}",
    'await stop(await perlmutter.job("1"));',
  ];

  it("JSON: an assumed use says why, the traced ones have no `assumed` field", async () => {
    const code = writeFiles({ "calls.ts": [...HEADER, ...lines] });
    const run = await runCli(["needs", code, "--client", CLIENT, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(run.stdout);
    expect(report.color).toBe("red");
    const [cancel, read] = report.uses;
    expect(cancel).toMatchObject({
      line: HEADER.length + 2,
      kind: "call",
      code: "j.cancel()",
      operations: [{ name: "cancelJob", method: "DELETE", path: "/compute/jobs/{machine}/{jobid}", scope: "red" }],
      level: "red",
      unknown: null,
    });
    expect(cancel?.assumed).toMatch(/not traced.*cancel\(\)/);
    expect(read).not.toHaveProperty("assumed");
  });

  it("Markdown lists the assumed uses with their reason", () => {
    const report = colorNeeds(writeFiles({ "calls.ts": [...HEADER, ...lines] }), CLIENT, root);
    const markdown = renderNeeds(report, "md");
    expect(markdown).toContain("## Assumed job calls (1)");
    expect(markdown).toMatch(new RegExp(`calls\\.ts:${HEADER.length + 2} \`j\\.cancel\\(\\)\`: .*not traced`));
    expect(markdown).toMatch(/\| `j\.cancel\(\)` \| DELETE .* \| red \(assumed\) \|/);
  });
});
