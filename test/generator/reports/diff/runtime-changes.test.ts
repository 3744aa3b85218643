// `sfapi-gen diff` on changes that alter what the runtime does with the same call: a whole-path mark added or
// dropped (the same value sent as `a/b` or `a%2Fb`) and a response field that starts or stops holding JSON text (the
// same field arriving parsed or as a string). Small descriptions written here, one change each.
import { describe, expect, it } from "vitest";
import { WHOLE_PATH_FIELD } from "../../../../generator/model/whole-path.js";
import { tableEntries } from "../../../../generator/output/manifest.js";
import type { Change, DiffReport } from "../../../../generator/reports/diff/diff.js";
import {
  diffModels,
  diffTables,
  FAIL_ON,
  fails,
  modelInput,
  renderDiff,
} from "../../../../generator/reports/diff/diff.js";
import { runCli } from "../../../support/cli.js";
import { description, modelOf, secured, writeJson } from "../../../support/descriptions.js";
import { tempDir } from "../../../support/project.js";

const LS = "/ls/{machine}/{path}";

interface Shape {
  /** Mark `{path}` of GET /ls/{machine}/{path} in the description. */
  marked?: boolean;
  /** Rename the trailing parameter (and the template) to `{file}`. */
  renamed?: boolean;
  /** How GET /tasks/{id} says its `result` holds JSON text: not at all, by 3.1's keyword, or in prose. */
  result?: "plain" | "contentMediaType" | "prose";
}

/** A two-operation API: a directory listing with a file path last, and a task whose `result` may hold JSON text. */
function api({ marked = false, renamed = false, result = "plain" }: Shape = {}): Record<string, any> {
  const last = renamed ? "file" : "path";
  const field =
    result === "contentMediaType"
      ? { type: "string", contentMediaType: "application/json" }
      : result === "prose"
        ? { type: "string", description: "The task's outcome, JSON-encoded." }
        : { type: "string" };
  return description({
    [`GET /ls/{machine}/{${last}}`]: {
      ...secured,
      "x-nersc-scope": "green",
      operationId: "ls",
      parameters: [
        { name: "machine", in: "path", required: true, schema: { type: "string" } },
        {
          name: last,
          in: "path",
          required: true,
          schema: { type: "string" },
          ...(marked ? { [WHOLE_PATH_FIELD]: true } : {}),
        },
      ],
    },
    "GET /tasks/{id}": {
      ...secured,
      "x-nersc-scope": "green",
      operationId: "readTask",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "OK",
          content: {
            "application/json": {
              schema: { type: "object", properties: { id: { type: "string" }, result: field } },
            },
          },
        },
      },
    },
  });
}

/** `listed`: the templates a ladder file marks, as the bundled description's does. */
const model = (doc: Record<string, any>, source: string, listed?: string[]) => modelOf(doc, source, {}, listed);

const changesOf = (report: DiffReport) => report.changed.map((c) => [c.name, c.changes]);
const failsOn = (report: DiffReport) => FAIL_ON.map((mode) => [mode, fails(report, mode)]);

describe("diff: whole-path marks and JSON-text fields", () => {
  it.each<{ what: string; before: Shape; after: Shape; changes: [string, Change[]][]; markdown: string }>([
    {
      what: "whole-path mark added: the wire changes, the types do not",
      before: {},
      after: { marked: true },
      changes: [["ls", [{ kind: "whole-path", from: null, to: "path", breaking: false }]]],
      markdown:
        "path parameter `{path}` now takes a whole path: a value with slashes is sent with them (`a/b`, was `a%2Fb`)",
    },
    {
      what: "whole-path mark dropped: calls with slashes in the value break",
      before: { marked: true },
      after: {},
      changes: [["ls", [{ kind: "whole-path", from: "path", to: null, breaking: true }]]],
      markdown:
        "path parameter `{path}` no longer takes a whole path: a value with slashes is sent encoded (`a%2Fb`, was `a/b`) **(breaking)**",
    },
    {
      what: "a JSON-text field added (contentMediaType): the field arrives parsed",
      before: {},
      after: { result: "contentMediaType" },
      changes: [["readTask", [{ kind: "json-text", from: [], to: ["result"], breaking: true }]]],
      markdown:
        "response fields parsed from JSON text: none -> `result` (a field leaving the list arrives as text, one joining it arrives parsed) **(breaking)**",
    },
    {
      what: "a JSON-text field removed (prose): the field arrives as text",
      before: { result: "prose" },
      after: {},
      changes: [["readTask", [{ kind: "json-text", from: ["result"], to: [], breaking: true }]]],
      markdown:
        "response fields parsed from JSON text: `result` -> none (a field leaving the list arrives as text, one joining it arrives parsed) **(breaking)**",
    },
    {
      what: "a marked parameter renamed: the rename is the change, the mark held",
      before: { marked: true },
      after: { marked: true, renamed: true },
      changes: [["ls", [{ kind: "path-parameter-renamed", from: "path", to: "file", breaking: true }]]],
      markdown: "path parameter renamed: `{path}` -> `{file}` (the same operation; typed calls name it) **(breaking)**",
    },
    {
      what: "JSON text said another way (prose -> contentMediaType): no change",
      before: { result: "prose" },
      after: { result: "contentMediaType" },
      changes: [],
      markdown: "No changes to operations.",
    },
  ])("$what", ({ before, after, changes, markdown }) => {
    const report = diffModels(model(api(before), "old.json"), model(api(after), "new.json"));
    expect(changesOf(report)).toEqual(changes);
    const breaking = changes.flatMap(([, c]) => c).filter((c) => c.breaking).length;
    expect(report.summary.breaking).toBe(breaking);
    // --fail-on breaking follows the breaking class; none of these removes, moves or escalates anything.
    expect(failsOn(report)).toEqual([
      ["escalation", false],
      ["removal", false],
      ["breaking", breaking > 0],
    ]);
    const md = renderDiff(report, "md");
    if (changes.length > 0) expect(md).toContain(`\n- ${markdown}\n`);
    else expect(md).toContain(markdown);
  });

  it("the ladder file's wholePaths count as a mark: dropping the template from it breaks", () => {
    const report = diffModels(model(api(), "old.json", [LS]), model(api(), "new.json"));
    expect(changesOf(report)).toEqual([["ls", [{ kind: "whole-path", from: "path", to: null, breaking: true }]]]);
  });

  it("a manifest's table (generate --check) has the whole-path mark but not the JSON-text fields", () => {
    const [a, b] = [model(api({ marked: true }), "old.json"), model(api({ result: "prose" }), "new.json")];
    const manifestSide = { side: modelInput(a).side, operations: tableEntries(a.operations) };
    const fromManifest = diffTables(manifestSide, modelInput(b), { ladder: b.ladder, policy: b.policy });
    expect(changesOf(fromManifest)).toEqual([["ls", [{ kind: "whole-path", from: "path", to: null, breaking: true }]]]);
    // Both descriptions: the JSON-text field is compared too.
    expect(changesOf(diffModels(a, b)).map(([name, c]) => [name, (c as Change[]).map((x) => x.kind)])).toEqual([
      ["ls", ["whole-path"]],
      ["readTask", ["json-text"]],
    ]);
  });

  it("the CLI prints them in JSON and --fail-on breaking exits 1 on them; a mark added alone exits 0", async () => {
    const dir = tempDir("diff-runtime-");
    const old = writeJson(dir, "old.json", api({ marked: true, result: "prose" }));
    const dropped = writeJson(dir, "dropped.json", api());
    const plain = writeJson(dir, "plain.json", api());
    const marked = writeJson(dir, "marked.json", api({ marked: true }));
    const [breaks, passes] = await Promise.all([
      runCli(["diff", old, dropped, "--levels", "green,red", "--format", "json", "--fail-on", "breaking"]),
      runCli(["diff", plain, marked, "--levels", "green,red", "--fail-on", "breaking"]),
    ]);
    expect(breaks.code).toBe(1);
    expect(breaks.stderr).toContain("--fail-on breaking: 2 breaking change(s)");
    const report: DiffReport = JSON.parse(breaks.stdout);
    expect(report.format).toBe("sfapi-gen/diff@2");
    expect(changesOf(report)).toEqual([
      ["ls", [{ kind: "whole-path", from: "path", to: null, breaking: true }]],
      ["readTask", [{ kind: "json-text", from: ["result"], to: [], breaking: true }]],
    ]);
    expect([passes.code, passes.stderr]).toEqual([0, ""]);
    expect(passes.stdout).toContain("\n- path parameter `{path}` now takes a whole path");
    expect(passes.stdout).toContain("0 breaking changes.");
  });
});
