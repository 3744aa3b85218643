/**
 * The table in docs/generate.md, "How an operation's level is decided", row by row, in openapi-typescript's style:
 * each case is `[title, { given, want }]`, `given` one operation of a small description and `want` what the table
 * says. Each row goes the whole way: the model gives the table `scope`, and the run-time guard of every color on the
 * ladder green < yellow < red says who may call it and whether the call carries a token.
 */
import { describe, expect, it } from "vitest";
import { OptionError } from "../../../generator/errors.js";
import { buildModel } from "../../../generator/model/model.js";
import { checkColor, parseLadder } from "../../../generator/model/scope.js";
import { validateManifest } from "../../../generator/output/client-folder.js";
import { ConfigError, ScopeError } from "../../../templates/runtime/errors.js";
import { createGuard } from "../../../templates/runtime/guard.js";
import { checkLadder } from "../../../templates/runtime/levels.js";
import { compileTable } from "../../../templates/runtime/matcher.js";
import { description, secured } from "../../support/descriptions.js";

const LADDER = ["green", "yellow", "red"];
const BASE = "https://api.example.test/v1";

interface Row {
  /** The operation `POST /op` as the description writes it. */
  given: Record<string, unknown>;
  want: {
    /** The operation table's `scope`. */
    scope: string;
    /** The colors whose guard lets the call through. */
    callers: string[];
    /** Whether the call carries a token. */
    token: boolean;
    /** Whether the model warns on stderr. */
    warning: boolean;
  };
}

const ALL = ["green", "yellow", "red"];
const TOP = ["red"];

const rows: [title: string, row: Row][] = [
  // | `x-nersc-scope: "green"` (a level on the ladder) | `green` | green and every level above |
  [
    'a level on the ladder ("green")',
    {
      given: { ...secured, "x-nersc-scope": "green" },
      want: { scope: "green", callers: ALL, token: true, warning: false },
    },
  ],
  [
    'a level on the ladder ("yellow")',
    {
      given: { ...secured, "x-nersc-scope": "yellow" },
      want: { scope: "yellow", callers: ["yellow", "red"], token: true, warning: false },
    },
  ],
  [
    'a level on the ladder ("red", the top)',
    {
      given: { ...secured, "x-nersc-scope": "red" },
      want: { scope: "red", callers: TOP, token: true, warning: false },
    },
  ],
  // | a string not on the ladder (`"purple"`) | `purple` | only the top level (warning on stderr) |
  [
    'a string not on the ladder ("purple")',
    {
      given: { ...secured, "x-nersc-scope": "purple" },
      want: { scope: "purple", callers: TOP, token: true, warning: true },
    },
  ],
  // | an array, object, number or empty string | `unranked` | only the top level |
  [
    "an array",
    {
      given: { ...secured, "x-nersc-scope": ["green"] },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  [
    "an object",
    {
      given: { ...secured, "x-nersc-scope": { level: "green" } },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  [
    "a number",
    {
      given: { ...secured, "x-nersc-scope": 1 },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  [
    "an empty string",
    {
      given: { ...secured, "x-nersc-scope": "" },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  [
    "a blank string",
    {
      given: { ...secured, "x-nersc-scope": "  " },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  [
    'a reserved word ("public")',
    {
      given: { ...secured, "x-nersc-scope": "public" },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  // | `security` but no scope | `unranked` | only the top level |
  [
    "`security` but no scope",
    { given: { ...secured }, want: { scope: "unranked", callers: TOP, token: true, warning: true } },
  ],
  [
    "`security` with a null scope",
    {
      given: { ...secured, "x-nersc-scope": null },
      want: { scope: "unranked", callers: TOP, token: true, warning: true },
    },
  ],
  // | neither scope nor `security` | `public` | anyone, no token |
  [
    "neither scope nor `security`",
    { given: {}, want: { scope: "public", callers: ALL, token: false, warning: false } },
  ],
  [
    "an empty `security` list (no requirement)",
    { given: { security: [] }, want: { scope: "public", callers: ALL, token: false, warning: false } },
  ],
  [
    "`security` offering an anonymous `{}` option",
    { given: { security: [{}, { oauth: [] }] }, want: { scope: "public", callers: ALL, token: false, warning: false } },
  ],
  // A scope wins over what security says: a level is a level.
  [
    "a level without `security`",
    {
      given: { "x-nersc-scope": "yellow" },
      want: { scope: "yellow", callers: ["yellow", "red"], token: true, warning: false },
    },
  ],
];

function modelOf(op: Record<string, unknown>) {
  const doc = description({ "POST /op": op });
  return buildModel(
    { source: "table.json", document: doc, text: JSON.stringify(doc), sha256: "0".repeat(64), version: { info: "1" } },
    { levels: LADDER },
  );
}

describe("How an operation's level is decided (docs/generate.md)", () => {
  it.each(rows)("%s", (_, { given, want }) => {
    const model = modelOf(given);
    const [op] = model.operations;
    expect(op?.scope).toBe(want.scope);
    expect(model.warnings.length > 0).toBe(want.warning);
    const table = compileTable({ op: { name: "op", method: "POST", path: "/op", scope: op!.scope } });
    const callers: string[] = [];
    for (const color of LADDER) {
      const guard = createGuard({ table, ladder: LADDER, color, baseUrl: BASE });
      try {
        expect(guard.check("POST", `${BASE}/op`)).toBe(want.token);
        callers.push(color);
      } catch (error) {
        expect(error).toBeInstanceOf(ScopeError);
      }
    }
    expect(callers).toEqual(want.callers);
  });
});

// The ladder rule is written once (templates/runtime/levels.ts); the three places that read a ladder agree on it.
const ladders: [title: string, levels: string[], verdict: RegExp | "ok"][] = [
  ["two levels", ["green", "red"], "ok"],
  ["one level", ["red"], "ok"],
  ["no level", [], /non-empty list/],
  ['the reserved "public"', ["green", "public"], /"public" is reserved/],
  ['the reserved "unranked"', ["unranked", "red"], /"unranked" is reserved/],
  ["a repeated level", ["green", "red", "green"], /"green" is named twice/],
];

describe("one ladder rule for createClient, --levels and a client's manifest", () => {
  const manifest = (ladder: string[]) => ({
    format: "sfapi-gen/manifest@1",
    description: { title: "T", version: "1", api: null, sha256: "0".repeat(64) },
    scope: { vendor: "nersc", field: "x-nersc-scope", ladder, policy: "scope" },
    operations: [],
    generator: { name: "sfapi-gen", version: "0.0.0" },
  });
  const verdicts = (levels: string[]) =>
    [
      () => checkLadder(levels, levels[0] ?? "green"),
      () => parseLadder(levels.length === 0 ? [] : levels),
      () => validateManifest(manifest(levels)),
    ].map((read) => {
      try {
        read();
        return "ok";
      } catch (error) {
        return (error as Error).message;
      }
    });

  it.each(ladders)("%s", (_, levels, verdict) => {
    const [runtime, cli, file] = verdicts(levels);
    if (verdict === "ok") expect([runtime, cli, file]).toEqual(["ok", "ok", "ok"]);
    else if (levels.length === 0) {
      // `--levels ""` is caught earlier, as a malformed list; the runtime and the manifest share the rule's words.
      expect(runtime).toMatch(verdict);
      expect(file).toMatch(verdict);
      expect(cli).toMatch(/comma-separated list/);
    } else for (const message of [runtime, cli, file]) expect(message).toMatch(verdict);
  });

  it("a color off the ladder: the same words from createClient and --color", () => {
    const words = '"blue" is not on the ladder green < yellow < red';
    expect(() => checkLadder(LADDER, "blue")).toThrow(
      new ConfigError({ message: `color ${words}; pass one of those (or a matching \`levels\`)` }),
    );
    expect(() => checkColor(LADDER, "blue")).toThrow(new OptionError(`--color ${words}`));
  });
});
