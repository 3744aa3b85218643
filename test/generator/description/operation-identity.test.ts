/**
 * Every reader must see the same operations, each under one name. An operation written beside a path item's `$ref`
 * (which a reader following the `$ref` drops), an operation object that is itself a `$ref`, and two operations
 * sharing an operationId are refused with their pointers, in every command; levels whose identifiers would collide in
 * the generated types get distinct ones.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../support/cli.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";
import { typeCheckClients } from "../../support/typecheck.js";

const dir = tempDir("op-identity-");
const green = { ...secured, "x-nersc-scope": "green" };
const red = { ...secured, "x-nersc-scope": "red" };
const LEVELS = ["--levels", "green,yellow,red"];

const before = description({ "GET /tasks": green, "GET /other": green });
/** The red command operation written beside a `$ref` to a green path item. */
const hidden = (() => {
  const doc = description({ "GET /tasks": green, "GET /other": green });
  doc.paths["/utilities/command/{machine}"] = {
    $ref: "#/paths/~1other",
    post: { ...red, operationId: "runCommand", responses: { "200": { description: "OK" } } },
  };
  return doc;
})();
const HIDDEN_POINTER = "/paths/~1utilities~1command~1{machine}";

describe("an operation beside a path item's $ref", () => {
  const oldFile = writeJson(dir, "before.json", before);
  const newFile = writeJson(dir, "hidden.json", hidden);

  test("audit, diff --fail-on escalation and generate refuse it with the pointer; none under-reports", async () => {
    const runs = await Promise.all([
      runCli(["audit", "--file", newFile, ...LEVELS]),
      runCli(["diff", oldFile, newFile, ...LEVELS, "--fail-on", "escalation"]),
      runCli(["generate", "--file", newFile, ...LEVELS, "--out", join(dir, "hidden-client")]),
    ]);
    for (const run of runs) {
      expect(run.code, run.stdout).not.toBe(0);
      expect(run.stdout).not.toMatch(/\| red \| 0 \|/);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`(at ${HIDDEN_POINTER})`);
      expect(run.stderr).toContain('a $ref and "post" beside it');
    }
  });

  test("summary and description beside the $ref change nothing and are accepted", async () => {
    const doc = structuredClone(before);
    doc.paths["/alias"] = { $ref: "#/paths/~1other", summary: "the same", description: "as /other" };
    const run = await runCli(["audit", "--file", writeJson(dir, "alias.json", doc), ...LEVELS, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).operations.map((o: { path: string }) => o.path)).toEqual([
      "/alias",
      "/other",
      "/tasks",
    ]);
  });

  test("an operation object that is a $ref is refused, whatever scope sits beside it", async () => {
    const doc = description({ "GET /tasks": green, "POST /run": red });
    doc.paths["/tasks"].post = { $ref: "#/paths/~1run/post", "x-nersc-scope": "green" };
    const run = await runCli(["audit", "--file", writeJson(dir, "op-ref.json", doc), ...LEVELS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("an operation object cannot be a $ref");
    expect(run.stderr).toContain("(at /paths/~1tasks/post)");
  });
});

describe("operationIds and level names that collide", () => {
  test("two operations sharing an operationId: refused in generate and audit, both pointers named", async () => {
    const doc = description({
      "GET /tasks": { ...green, operationId: "read" },
      "DELETE /tasks/{id}": { ...red, operationId: "read" },
    });
    const file = writeJson(dir, "dup-id.json", doc);
    for (const args of [
      ["generate", "--file", file, ...LEVELS, "--out", join(dir, "dup-client")],
      ["audit", "--file", file, ...LEVELS],
    ]) {
      const run = await runCli(args);
      expect(run.code, args[0]).toBe(2);
      expect(run.stderr).toContain(
        'operationId "read" is used by two operations, /paths/~1tasks/get and /paths/~1tasks~1{id}/delete',
      );
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  test("levels `Level1,x y` and `green,Green` get distinct identifiers, and the clients type-check", async () => {
    const doc = description({ "GET /a": { ...secured, "x-nersc-scope": "Level1" }, "GET /b": green });
    const file = writeJson(dir, "levels.json", doc);
    const outs: string[] = [];
    for (const [i, levels] of ["Level1,x y", "green,Green,red", "x y,Lev0,ReRanked"].entries()) {
      const out = join(dir, `levels-${i}`);
      const run = await runCli(["generate", "--file", file, "--levels", levels, "--out", out]);
      expect(run.code, run.stderr).toBe(0);
      const types = readFileSync(join(out, "index.d.ts"), "utf8");
      const declared = [...types.matchAll(/^export (?:declare )?(?:interface|type) (\w+)/gm)].map((m) => m[1]);
      expect(declared.length, levels).toBeGreaterThan(0);
      expect(new Set(declared).size, `${levels}: ${declared.join(" ")}`).toBe(declared.length);
      outs.push(out);
    }
    expect(typeCheckClients(outs)).toEqual([]);
  });
});
