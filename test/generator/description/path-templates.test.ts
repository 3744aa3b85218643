/**
 * One reading of paths: templates the audit would read one way and the guard, `needs` and the facility another are
 * refused, in every command, with the JSON pointer of the template: literal text a request cannot hold as written or
 * that decodes to other text (`/utilities/%63ommand/{machine}` is read by the facility as `/utilities/command/...`),
 * also in a `#`/`?` discriminator. Templates equal but for their parameter names and `#`/`?` path keys are accepted:
 * under one method they are one route that needs every requirement of its operations (test/generator/model/routes).
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { escapePointer } from "../../../generator/description/document.js";
import { runCli } from "../../support/cli.js";
import { description, pathParam, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

const dir = tempDir("path-templates-");
const LEVELS = ["--levels", "green,yellow,red"];
const green = { ...secured, "x-nersc-scope": "green" };
const red = { ...secured, "x-nersc-scope": "red" };
const pointer = (path: string) => `/paths/${escapePointer(path)}`;

/** Every command that reads a description refuses `doc` in one line naming `at` and `why`. */
async function refusedEverywhere(name: string, doc: unknown, at: string, why: string | RegExp): Promise<void> {
  const file = writeJson(dir, `${name}.json`, doc);
  const plain = writeJson(dir, `${name}-before.json`, description({ "GET /other": green }));
  const serving = new AbortController();
  const runs = await Promise.all([
    runCli(["audit", "--file", file, ...LEVELS]),
    runCli(["generate", "--file", file, ...LEVELS, "--out", join(dir, `${name}-client`)]),
    runCli(["diff", plain, file, ...LEVELS]),
    // A mock that starts (it should not) is stopped at once, so the test fails rather than waits.
    runCli(["mock", "--file", file, ...LEVELS, "--clients-dir", join(dir, `${name}-keys`)], {
      signal: serving.signal,
      onStdout: (soFar) => soFar.includes("stop with") && serving.abort(),
    }),
  ]);
  for (const run of runs) {
    expect(run.code, run.stdout).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`(at ${at})`);
    expect(run.stderr).toMatch(why);
  }
}

describe("templates no path tells apart are accepted (routes: model/routes.ts and its tests)", () => {
  test.each([
    ["one method", "GET /things/{aid}", "GET /things/{zname}"],
    [
      "two methods",
      "GET /orgs/{org}/attestations/{subject_digest}",
      "DELETE /orgs/{org}/attestations/{attestation_id}",
    ],
    ["inside a segment", "GET /files/{a}.json", "POST /files/{b}.json"],
    ["a # key", "POST /#X-Amz-Target=Svc.Read", "POST /#X-Amz-Target=Svc.Delete"],
    ["a ? key", "GET /things?list", "GET /things"],
  ])("%s: %s beside %s, in audit, generate, diff and mock", async (name, first, second) => {
    const params = (key: string) => (key.match(/\{[^{}]+\}/g) ?? []).map((p) => pathParam(p.slice(1, -1)));
    const doc = description({
      [first]: { ...green, parameters: params(first) },
      [second]: { ...red, parameters: params(second) },
    });
    const file = writeJson(dir, `accepted-${name.replace(/\W/g, "-")}.json`, doc);
    const audit = await runCli(["audit", "--file", file, ...LEVELS, "--format", "json"]);
    expect(audit.code, audit.stderr).toBe(0);
    expect(JSON.parse(audit.stdout).operations).toHaveLength(2);
    const out = join(dir, `accepted-${name.replace(/\W/g, "-")}-client`);
    const generated = await runCli(["generate", "--file", file, ...LEVELS, "--out", out]);
    expect(generated.code, generated.stderr).toBe(0);
  });
});

describe("literal text that decodes to other text or that no request holds as written", () => {
  const cases: [name: string, path: string, why: RegExp][] = [
    ["percent", "/utilities/%63ommand/{machine}", /holds a percent sign/],
    ["backslash", "/utilities\\command/{machine}", /holds a backslash or a control character/],
    ["control", "/utilities/com\tmand/{machine}", /holds a backslash or a control character/],
    ["parameter after ?", "/utilities/command?x/{machine}", /has a parameter, a brace or a second # after its first/],
    ["parameter after #", "/utilities/{tool}#{machine}", /has a parameter, a brace or a second # after its first/],
    ["percent after #", "/utilities/command#X-Target=a%2Fb", /holds a percent sign/],
    ["backslash after ?", "/utilities/command?a=b\\c", /holds a backslash or a control character/],
    ["surrogate", "/utilities/\ud800/{machine}", /holds a lone surrogate/],
    ["dot-dot", "/utilities/../command/{machine}", /has a dot-segment \(\.\.\)/],
    ["dot", "/utilities/./{machine}", /has a dot-segment \(\.\)/],
    ["percent-in-part", "/files/{name}%2ejson", /holds a percent sign/],
  ];
  test.each(cases)("%s: %s is refused with its pointer", async (name, path, why) => {
    const doc = description({
      "POST /utilities/{tool}/{machine}": { ...green, parameters: [pathParam("tool"), pathParam("machine")] },
      [`POST ${path}`]: { ...red, parameters: (path.match(/\{[^{}]+\}/g) ?? []).map((p) => pathParam(p.slice(1, -1))) },
    });
    await refusedEverywhere(name, doc, pointer(path), why);
  });

  test("ordinary templates stay: dots in names, a literal beside a parameter, text around parameters", async () => {
    const doc = description({
      "GET /files/{name}.{ext}": { ...green, parameters: [pathParam("name"), pathParam("ext")] },
      "GET /things/new": green,
      "GET /things/{id}": { ...red, parameters: [pathParam("id")] },
      "GET /status/": green,
      "GET /v1.2/.well-known/a..b": green,
      "GET /caf\u00e9/\ud83d\ude00": green,
    });
    const run = await runCli(["audit", "--file", writeJson(dir, "ordinary.json", doc), ...LEVELS, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).operations).toHaveLength(6);
  });
});
