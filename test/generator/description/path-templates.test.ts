/**
 * One reading of paths: templates the audit would read one way and the guard, `needs` and the facility another are
 * refused, in every command, with the JSON pointer of the template. Two templates equal but for their parameter names
 * (OpenAPI calls them identical: the matcher kept the first, so a green `/things/{aid}` let a green client's
 * `runThing()` of the red `/things/{zname}` through), and literal text a request cannot hold as written or that
 * decodes to other text (`/utilities/%63ommand/{machine}` is read by the facility as `/utilities/command/...`).
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { escapePointer } from "../../../generator/description/document.js";
import { runCli } from "../../support/cli.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

const dir = tempDir("path-templates-");
const LEVELS = ["--levels", "green,yellow,red"];
const green = { ...secured, "x-nersc-scope": "green" };
const red = { ...secured, "x-nersc-scope": "red" };
const param = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
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

describe("templates equal but for their parameter names", () => {
  test("GET /things/{aid} green beside GET /things/{zname} red: refused, naming both", async () => {
    const doc = description({
      "GET /things/{aid}": { ...green, parameters: [param("aid")] },
      "GET /things/{zname}": { ...red, operationId: "runThing", parameters: [param("zname")] },
    });
    await refusedEverywhere(
      "names",
      doc,
      pointer("/things/{zname}"),
      `the paths "/things/{aid}" (${pointer("/things/{aid}")}) and "/things/{zname}" differ only in their parameter names`,
    );
  });

  test("also inside a segment (`{a}.json`, `{b}.json`) and whatever the methods", async () => {
    const doc = description({
      "GET /files/{a}.json": { ...green, parameters: [param("a")] },
      "POST /files/{b}.json": { ...red, parameters: [param("b")] },
    });
    await refusedEverywhere("parts", doc, pointer("/files/{b}.json"), /differ only in their parameter names/);
  });
});

describe("literal text that decodes to other text or that no request holds as written", () => {
  const cases: [name: string, path: string, why: RegExp][] = [
    ["percent", "/utilities/%63ommand/{machine}", /holds a percent sign/],
    ["backslash", "/utilities\\command/{machine}", /holds a backslash or a control character/],
    ["control", "/utilities/com\tmand/{machine}", /holds a backslash or a control character/],
    ["query", "/utilities/command?x/{machine}", /holds a \? or #/],
    ["surrogate", "/utilities/\ud800/{machine}", /holds a lone surrogate/],
    ["dot-dot", "/utilities/../command/{machine}", /has a dot-segment \(\.\.\)/],
    ["dot", "/utilities/./{machine}", /has a dot-segment \(\.\)/],
    ["percent-in-part", "/files/{name}%2ejson", /holds a percent sign/],
  ];
  test.each(cases)("%s: %s is refused with its pointer", async (name, path, why) => {
    const doc = description({
      "POST /utilities/{tool}/{machine}": { ...green, parameters: [param("tool"), param("machine")] },
      [`POST ${path}`]: { ...red, parameters: (path.match(/\{[^{}]+\}/g) ?? []).map((p) => param(p.slice(1, -1))) },
    });
    await refusedEverywhere(name, doc, pointer(path), why);
  });

  test("ordinary templates stay: dots in names, a literal beside a parameter, text around parameters", async () => {
    const doc = description({
      "GET /files/{name}.{ext}": { ...green, parameters: [param("name"), param("ext")] },
      "GET /things/new": green,
      "GET /things/{id}": { ...red, parameters: [param("id")] },
      "GET /status/": green,
      "GET /v1.2/.well-known/a..b": green,
      "GET /caf\u00e9/\ud83d\ude00": green,
    });
    const run = await runCli(["audit", "--file", writeJson(dir, "ordinary.json", doc), ...LEVELS, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).operations).toHaveLength(6);
  });
});
