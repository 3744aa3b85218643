/**
 * One reading of whole paths everywhere: for concrete file-operation paths as the official client writes them, `needs`
 * reports the level the run-time guard enforces for every color, and the facility's router routes the path to the
 * operation `needs` names (with the whole path as the parameter), or to nothing when `needs` says unknown. Then
 * `diff --code` reads the mark too: dropping it escalates a whole-path call to the top level.
 */
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { operations } from "../../../../generated/operations.js";
import { Router } from "../../../../generator/facility/routes.js";
import { loadModel } from "../../../../generator/model/model.js";
import type { DiffReport } from "../../../../generator/reports/diff/diff.js";
import { ScopeError } from "../../../../templates/runtime/errors.js";
import { createGuard } from "../../../../templates/runtime/guard.js";
import { compileTable } from "../../../../templates/runtime/matcher.js";
import { runCli } from "../../../support/cli.js";
import { description, pathParam, secured, writeJson } from "../../../support/descriptions.js";
import { colorNeeds } from "../../../support/needs.js";
import { root, tempDir } from "../../../support/project.js";

const LADDER = ["green", "yellow", "orange", "red"];
const BASE = "https://api.example.test/api/v1.2";

/** [method, path as written, level needs must report, the operation and whole path the facility must route to]. */
const calls: [string, string, string, [string, string] | null][] = [
  ["GET", "/utilities/ls/perlmutter//global/homes/u/user", "green", ["readDirectory", "/global/homes/u/user"]],
  ["GET", "/utilities/ls/perlmutter/global/homes/u/user", "green", ["readDirectory", "global/homes/u/user"]],
  ["GET", "/utilities/ls/perlmutter//", "green", ["readDirectory", "/"]],
  ["GET", "/utilities/ls/perlmutter/%2Fglobal%2Fhomes", "green", ["readDirectory", "/global/homes"]],
  ["GET", "/utilities/download/dtn01//global/cfs/x.txt?binary=true", "yellow", ["downloadFile", "/global/cfs/x.txt"]],
  [
    "PUT",
    "/utilities/upload/perlmutter//global/homes/u/user/run.sh",
    "orange",
    ["uploadFile", "/global/homes/u/user/run.sh"],
  ],
  ["GET", "/utilities/ls/perlmutter/", "red", null],
  ["GET", "/utilities/ls/perlmutter//global/../etc", "red", null],
  ["GET", "/utilities/ls/perlmutter//global/%2e%2e/etc", "red", null],
  ["GET", "/utilities/ls/perlmutter//global/x%2F..%2F..%2Fetc", "red", null],
  ["GET", "/compute/jobs/perlmutter/1/2", "red", null],
];

describe("whole paths: needs, the guard and the facility agree", async () => {
  const src = tempDir("whole-src-");
  writeFileSync(
    join(src, "files.ts"),
    ["declare const client: any;", ...calls.map(([method, path]) => `client.${method}(${JSON.stringify(path)});`)].join(
      "\n",
    ),
  );
  const report = colorNeeds(src, join(root, "generated"), root);
  const router = new Router((await loadModel({})).operations);

  it("needs reports green for listing, yellow for downloading by whole path, orange for uploads, red for what the guard refuses", () => {
    expect(report.uses.map((u) => [u.code.slice(u.code.indexOf("(") + 1, -1), u.level])).toEqual(
      calls.map(([, path, level]) => [JSON.stringify(path), level]),
    );
    expect(report.uses.map((u) => u.operations.map((o) => o.name).join())).toEqual(
      calls.map(([, , , routed]) => routed?.[0] ?? ""),
    );
    expect(report.color).toBe("red");
  });

  it("for every color the guard allows exactly what needs says that color covers", () => {
    const rank = (level: string) => LADDER.indexOf(level);
    for (const color of LADDER) {
      const guard = createGuard({ table: compileTable(operations), ladder: LADDER, color, baseUrl: BASE });
      for (const [method, path, level] of calls) {
        let allowed = true;
        try {
          guard.checkWritten(method, path, undefined);
          guard.check(method, new URL(BASE + path).href);
        } catch (error) {
          expect(error).toBeInstanceOf(ScopeError);
          allowed = false;
        }
        // A path needs calls refused by the guard for every color is refused for the top level too.
        const use = report.uses.find((u) => u.code.includes(JSON.stringify(path)))!;
        const refusedForAll = use.unknown?.includes("the guard refuses") ?? false;
        expect([color, path, allowed]).toEqual([color, path, !refusedForAll && rank(color) >= rank(level)]);
      }
    }
  });

  it("the facility routes each path to the operation needs names, with the whole path as its parameter", () => {
    for (const [method, path, , routed] of calls) {
      const match = router.match(method, path.split("?")[0]!);
      if (routed === null) expect(match.kind, path).not.toBe("operation");
      else expect(match.kind === "operation" ? [match.operation.name, match.params.path] : match, path).toEqual(routed);
    }
  });
});

describe("diff --code reads whole paths", () => {
  const version = (marked: boolean) =>
    description({
      "GET /files/{machine}/{path}": {
        ...secured,
        "x-nersc-scope": "green",
        parameters: [pathParam("machine"), pathParam("path", marked ? { "x-sfapi-whole-path": true } : {})],
      },
    });

  it("a call by whole path resolves while the mark is there and escalates to the top level when it goes", async () => {
    const dir = tempDir("whole-diff-");
    const [v1, v2] = [writeJson(dir, "v1.json", version(true)), writeJson(dir, "v2.json", version(false))];
    writeFileSync(join(dir, "app.ts"), 'declare const client: any;\nclient.GET("/files/pm//home/u/notes.txt");\n');
    const run = await runCli([
      "diff",
      v1,
      v2,
      "--levels",
      "green,red",
      "--format",
      "json",
      "--code",
      relative(root, dir),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const impact = (JSON.parse(run.stdout) as DiffReport).code!;
    expect(impact.escalated.map((u) => [u.code, u.from, u.to, u.operations])).toEqual([
      ['client.GET("/files/pm//home/u/notes.txt")', "green", "red", []],
    ]);
    expect(impact.summary).toMatchObject({ uses: 1, broken: 0, escalated: 1, unknown: 0 });
  });
});
