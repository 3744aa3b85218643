/**
 * Untrusted text in linear time: the crafted inputs that once froze the tools (issue 30), each answered at once.
 * No timing is asserted: each test checks its result and carries a short timeout, which the old backtracking regexes
 * (minutes to hours on these inputs) could not meet.
 *
 * - An operationId of 296 underscores on `/{a}/{b}/{c}/{d}` (a 735-byte description): the FastAPI-suffix regex of
 *   operation naming backtracked for minutes in audit, generate, diff and mock.
 * - A segment of parameters with one letter of text (`/x/{p0}{p1}...{p7}z`) and an 80-character request that does not
 *   fit: the lazy regex the matcher compiled it to froze the guard of every client, `needs` and the mock.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { blockCommentText } from "../../generator/emit/text.js";
import { stripFastApiSuffix } from "../../generator/model/operations.js";
import { detectPrefix } from "../../generator/reports/diff/prefix.js";
import { pathParameterNames, pathShape } from "../../generator/reports/diff/schema.js";
import { lookupOf, resolveUse } from "../../generator/usage/resolve.js";
import type { FoundUse } from "../../generator/usage/scan.js";
import { createGuard } from "../../templates/runtime/guard.js";
import type { OperationEntry } from "../../templates/runtime/index.js";
import { compileTable, matchAll, templateParams } from "../../templates/runtime/matcher.js";
import { runCli } from "../support/cli.js";
import { description, secured, writeJson } from "../support/descriptions.js";
import { accessToken, api, form, testClient, withFacility } from "../support/facility.js";
import { tempDir } from "../support/project.js";

const FAST = { timeout: 5_000 };
const dir = tempDir("linear-time-");
const LADDER = ["green", "yellow", "red"];
const BASE = "https://api.example.test/api";

const params = (count: number) => Array.from({ length: count }, (_, i) => `{p${i}}`).join("");
/** Eight parameters, then one letter: `{p0}{p1}...{p7}z`. */
const EIGHT = `/x/${params(8)}z`;
const twelve = `/x/${params(12)}z`;
const pathParameters = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `p${i}`, in: "path", required: true, schema: { type: "string" } }));

/** The regexes these replace, as references on inputs too short to make them slow. */
const reference = {
  templateParams(part: string, segment: string): Record<string, string> | undefined {
    const PART = /\{[^{}]+\}/g;
    const source = part
      .split(PART)
      .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("(.+?)");
    const values = new RegExp(`^${source}$`, "s").exec(segment);
    if (!values) return undefined;
    const params: Record<string, string> = {};
    (part.match(PART) ?? []).forEach((name, k) => (params[name.slice(1, -1)] = values[k + 1]!));
    return params;
  },
  stripFastApiSuffix(operationId: string, path: string, method: string): string {
    const suffix = `${path.replace(/\W/g, "_")}_${method}`;
    if (operationId.length > suffix.length && operationId.endsWith(suffix)) return operationId.slice(0, -suffix.length);
    const literals = path.split(/\{[^}]*\}/);
    if (literals.length < 2 || literals.length > 5 || operationId.length > 300) return operationId;
    const loose = new RegExp(`^(.+?)${literals.map((l) => l.replace(/\W/g, "_")).join("_\\w+_")}_${method}$`);
    return loose.exec(operationId)?.[1] ?? operationId;
  },
};

describe("the linear matchers give what the regexes gave", () => {
  test("templateParams on segments mixing parameters and text", () => {
    const char = fc.constantFrom("a", "b", ".", "{", "}", "\n");
    const part = fc
      .array(fc.oneof(fc.constantFrom("{p}", "{q}", "{r}"), char), { minLength: 1, maxLength: 7 })
      .map((a) => a.join(""))
      .filter((p) => p.includes("{") && new Set(p.match(/\{[^{}]+\}/g)).size === (p.match(/\{[^{}]+\}/g) ?? []).length);
    const segment = fc.array(char, { maxLength: 10 }).map((a) => a.join(""));
    fc.assert(
      fc.property(part, segment, (p, s) => {
        expect(templateParams(`/${p}`, [s])).toEqual(reference.templateParams(p, s));
      }),
      { numRuns: 5_000 },
    );
  });

  test("stripFastApiSuffix, including ids written for a parameter's old name", () => {
    const piece = fc.constantFrom("a", "/", "{x}", "{y}", "{", "}", "_", "-");
    const path = fc.array(piece, { maxLength: 8 }).map((a) => `/${a.join("")}`);
    const word = fc.constantFrom("a", "_", "x", "\n", "-", "old_name", "");
    // Ids built from the path (its text, words in the parameters' places, the method) with noise around.
    const id = fc
      .tuple(path, fc.array(word, { maxLength: 3 }), fc.array(word, { minLength: 4, maxLength: 4 }), fc.boolean())
      .map(([p, before, names, noisy]) => {
        let k = 0;
        const shaped = p.replace(/\{[^}]*\}/g, () => `_${names[k++ % names.length]}_`).replace(/\W/g, "_");
        return [p, `${before.join("")}${shaped}_get${noisy ? before.join("") : ""}`] as const;
      });
    fc.assert(
      fc.property(id, ([p, i]) => {
        expect(stripFastApiSuffix(i, p, "get")).toBe(reference.stripFastApiSuffix(i, p, "get"));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("operation naming", () => {
  const underscores = "_".repeat(296);
  const fourParams = ["a", "b", "c", "d"].map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const doc = description({
    "GET /{a}/{b}/{c}/{d}": { operationId: underscores, parameters: fourParams },
    "POST /{a}/{b}/{c}/{d}": { operationId: `${underscores}x`, parameters: fourParams },
  });

  test("an operationId of 296 underscores: audit names the operations from their paths", FAST, async () => {
    const run = await runCli(["audit", "--file", writeJson(dir, "underscores.json", doc), "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const names = JSON.parse(run.stdout).operations.map((o: { name: string }) => o.name);
    expect(names.sort()).toEqual(["getByAByBByCByD", "x"]);
  });
});

describe("segments mixing parameters and text", () => {
  const entry: OperationEntry = { name: "getX", method: "GET", path: EIGHT, scope: "red" };
  const table = compileTable({ getX: entry });
  const long = "a".repeat(80);

  test("an 80-character segment that does not fit eight parameters and a `z`: no match", FAST, () => {
    expect(matchAll(table, "GET", ["x", long])).toEqual([]);
    expect(templateParams(EIGHT, ["x", long])).toBeUndefined();
  });

  test("and one that fits gives the lazy values: one character each, the rest to the last", FAST, () => {
    expect(matchAll(table, "GET", ["x", `${long}z`])).toEqual([entry]);
    const values = templateParams(EIGHT, ["x", `${long}z`]);
    expect(values).toEqual({ p0: "a", p1: "a", p2: "a", p3: "a", p4: "a", p5: "a", p6: "a", p7: "a".repeat(73) });
  });

  test("a green client's guard refuses the 80-character request as matching no operation", FAST, () => {
    const guard = createGuard({ table, ladder: LADDER, color: "green", baseUrl: BASE });
    expect(() => guard.check("GET", `${BASE}/x/${long}`)).toThrow(/matches no operation of this API/);
  });

  test("needs: twelve parameters and a 40-character segment need the top level, as unknown", FAST, () => {
    const lookup = lookupOf(LADDER, [{ name: "getX", method: "GET", path: twelve, scope: "green" }] as never);
    const use = { kind: "call", method: "GET", path: `/x/${"a".repeat(40)}` } as FoundUse;
    const resolution = resolveUse(use, lookup);
    expect(resolution?.level).toBe("red");
    expect(resolution?.unknown).toMatch(/no GET operation matches/);
  });

  test("the mock answers an unauthenticated 80-character request at once", FAST, async () => {
    const doc = description({ [`GET ${EIGHT}`]: { ...secured, parameters: pathParameters(8) } });
    await withFacility({ file: writeJson(dir, "eight.json", doc), levels: LADDER }, async (facility) => {
      const miss = await fetch(`${facility.baseUrl}/x/${long}`);
      expect(miss.status).toBe(404);
      const hit = await fetch(`${facility.baseUrl}/x/${long}z`);
      expect(hit.status).toBe(401);
      expect(await hit.json()).toEqual({ detail: expect.stringContaining(`missing access token: GET ${EIGHT}`) });
    });
  });
});

/**
 * Other regexes that ran on description or request text and backtracked: quadratic, so the inputs are as long as a
 * description or a request may make them (a path key is at most 4,096 characters: description/limits.ts).
 */
describe("other text read in linear time", () => {
  test("a description's text with a long run of blank lines becomes a comment, `@` escaped", FAST, () => {
    const text = `summary${"\n".repeat(100_000)}done\n  @internal`;
    const comment = blockCommentText(text);
    expect(comment.startsWith("summary\n")).toBe(true);
    expect(comment.endsWith("\ndone\n  \\@internal")).toBe(true);
    expect(comment).toHaveLength(text.length + 1);
  });

  test("diff: path keys of 4,000 `{` have no parameters and keep their shape", FAST, () => {
    const paths = Array.from({ length: 300 }, (_, i) => `/${i}${"{".repeat(4_000)}`);
    expect(paths.map(pathShape)).toEqual(paths);
    expect(paths.flatMap(pathParameterNames)).toEqual([]);
    expect(pathShape("/a/{x}/b{y}.{z}/{")).toBe("/a/{}/b{}.{}/{");
    expect(pathParameterNames("/a/{x}/b{y{z}/{")).toEqual(["x", "y{z"]);
  });

  test("diff: segments of 4,000 digits after a `v` are no version prefix", FAST, () => {
    const paths = (n: number) => Array.from({ length: 300 }, (_, i) => `/v${"1".repeat(4_000)}-${n}-${i}/x`);
    expect(detectPrefix(paths(1), paths(2))).toBeNull();
    expect(detectPrefix(["/api/v1/a", "/api/v1/b"], ["/api/v2beta1/a", "/api/v2beta1/b"])).toEqual({
      from: "/api/v1",
      to: "/api/v2beta1",
      how: "detected",
    });
  });

  test("the mock names a job submitted by a path of 200,000 slashes", FAST, async () => {
    await withFacility({ levels: LADDER }, async (facility) => {
      const token = await accessToken(facility, await testClient(facility, "red"));
      const job = `${"/".repeat(200_000)}run.sh//`;
      const submitted = await api(facility, "/compute/jobs/perlmutter", { ...form({ job, isPath: "true" }), token });
      expect(submitted.status).toBe(200);
      expect(submitted.body).toMatchObject({ status: "OK" });
    });
  });
});
