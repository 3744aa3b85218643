/**
 * Description strings that try to drive a terminal or rewrite a Markdown page. Every command prints through the CLI's
 * io, every report renders through generator/emit/text.ts: no control character arrives raw (ESC sequences that
 * clear the screen, set the title or fake lines; C1 CSI; bidi overrides), no line break in a title or a version
 * starts a fake table, and no `<!--` hides the rest of a page on GitHub. Run in-process with `main`.
 */
import { describe, expect, test } from "vitest";
import { cell, code, inline, oneLine } from "../../../generator/emit/text.js";
import { printable } from "../../../generator/printable.js";
import { runCli } from "../../support/cli.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

/** Characters a terminal acts on; none may appear in anything printed. */
const RAW_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

/** Hostile strings, each placed in every description field that reaches a report. */
const PAYLOADS = [
  "\x1b[2J\x1b[H red: 0 operations",
  "\x1b]0;pwned\x07",
  "\x9b2J",
  "a\rred: 0",
  "\u202eder",
  "x\u2028y",
  "<!-- hidden",
  "line\n\n| level | operations |\n| --- | --- |\n| red | 0 |",
  "\x00\x08\x7f",
];

function hostile(payload: string) {
  return description(
    {
      "POST /utilities/command/{machine}": {
        ...secured,
        "x-nersc-scope": "red",
        tags: [payload],
        summary: payload,
        operationId: "run",
      },
      "GET /tasks": { ...secured, "x-nersc-scope": `green${payload}`, tags: [payload] },
      // A parameter's name: literal text holding `%` is refused (path-templates.test.ts); a name is only printed.
      [`GET /files/{${encodeURIComponent(payload)}}`]: { ...secured, "x-nersc-scope": "green" },
    },
    { info: { title: `Title ${payload}`, version: `1.0 ${payload}` } },
  );
}

describe("hostile description text in everything printed", () => {
  test(`${PAYLOADS.length} payloads x audit (md, json, csv, html), diff: no raw control character, the red table intact`, async () => {
    const dir = tempDir("hostile-text-");
    let runs = 0;
    for (const [i, payload] of PAYLOADS.entries()) {
      const file = writeJson(dir, `d${i}.json`, hostile(payload));
      const plain = writeJson(
        dir,
        `p${i}.json`,
        description({ "GET /tasks": { ...secured, "x-nersc-scope": "green" } }),
      );
      for (const args of [
        ["audit", "--file", file, "--levels", "green,yellow,red"],
        ["audit", "--file", file, "--levels", "green,yellow,red", "--format", "json"],
        ["audit", "--file", file, "--levels", "green,yellow,red", "--format", "csv"],
        ["audit", "--file", file, "--levels", "green,yellow,red", "--format", "html"],
        ["diff", plain, file, "--levels", "green,yellow,red"],
        ["audit", "--file", file, "--levels", "green,yellow,red", "--color", `\x1b[2J${payload}`],
      ]) {
        const run = await runCli(args);
        runs++;
        const where = `${JSON.stringify(payload)}: ${args.slice(0, 1)} ${args.at(-1)}`;
        expect(run.stdout, where).not.toMatch(RAW_CONTROL);
        expect(run.stderr, where).not.toMatch(RAW_CONTROL);
        // Each message on stderr is one line.
        for (const line of run.stderr.split("\n").filter(Boolean)) expect(line, where).toMatch(/^sfapi-gen/);
        if (args.includes("--format") || args[0] === "diff" || args.includes("--color")) continue;
        expect(run.code, where).toBe(0);
        const lines = run.stdout.split("\n");
        // The title and version stay on the heading's line; the only tables are the ones the report writes.
        expect(lines[0], where).toMatch(/^# Scope audit: Title /);
        expect(
          lines.filter((l) => l === "| level | operations |"),
          where,
        ).toHaveLength(1);
        expect(run.stdout, where).not.toContain("<!--");
        expect(run.stdout, where).toMatch(/\n## red \(1\)\n/);
        expect(run.stdout, where).toContain("| POST | `/utilities/command/{machine}` | run |");
      }
    }
    expect(runs).toBe(PAYLOADS.length * 6);
  });

  test("the escapers, one module: each payload stays on one line with no raw control character and no HTML", () => {
    for (const payload of PAYLOADS) {
      for (const escaped of [cell(payload), code(payload), inline(payload), oneLine(payload)]) {
        expect(escaped).not.toMatch(RAW_CONTROL);
        expect(escaped).not.toMatch(/[\r\n]/);
      }
      expect(printable(payload)).not.toMatch(RAW_CONTROL);
      expect(cell(payload)).not.toContain("<");
      expect(inline(payload)).not.toContain("<");
      expect(code(payload).slice(1, -1)).not.toContain("`");
    }
    // ESC is written so a reader sees it, and the spelling is valid inside a JSON string.
    expect(printable("\x1b[2J")).toBe("\\u001b[2J");
    expect(JSON.parse(`"${printable("\x1b\x9b")}"`)).toBe("\x1b\x9b");
  });
});
