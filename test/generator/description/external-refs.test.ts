// A description may refer only to itself unless --allow-external-refs is given: an external $ref (a file or a URL),
// an example's externalValue and a discriminator mapping are refused with one line naming the reference and its JSON
// pointer, before anything is read or fetched, by generate, audit, diff and mock alike. Behind that check, the
// resolver the lint (in process and on its worker thread) and the bundler use reads nothing either.
import fs, { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundle, createConfig, Source } from "@redocly/openapi-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { refResolver } from "../../../generator/description/bundle.js";
import { loadRedocly } from "../../../generator/description/cjs.js";
import { lint } from "../../../generator/description/lint.js";
import { DescriptionError } from "../../../generator/errors.js";
import { startFacility } from "../../../generator/facility/index.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { listenLocal } from "../../support/http.js";
import { tempDir } from "../../support/project.js";

/** A property name that shows up in schema.d.ts only if the external schema was read. */
const SECRET = "secretFromOutside";
const leakedSchema = JSON.stringify({ type: "object", properties: { [SECRET]: { type: "string" } } });

let dir: string;
let secretFile: string;
let origin: string;
const requests: string[] = [];
let close: () => Promise<void>;

beforeAll(async () => {
  dir = tempDir("extref-");
  secretFile = join(dir, "secret.json");
  writeFileSync(secretFile, leakedSchema);
  ({ origin, close } = await listenLocal((req, res) => {
    requests.push(req.url ?? "");
    res.writeHead(200, { "content-type": "application/json" }).end(leakedSchema);
  }));
});
afterAll(() => close());
afterEach(() => {
  requests.length = 0;
  vi.restoreAllMocks();
});

/** GET /leak answers with the schema `Leak`, which is whatever `leak` is. */
function withLeak(leak: Record<string, unknown>, name: string): string {
  const doc = description(
    {
      "GET /leak": {
        responses: {
          "200": {
            description: "OK",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Leak" } } },
          },
        },
      },
    },
    { components: { schemas: { Leak: leak } } },
  );
  return writeJson(dir, name, doc);
}

/** Every path redocly's resolver would read a file through (it uses the shared `fs` module). */
function watchFileReads(): string[] {
  const read: string[] = [];
  const lstatSync = fs.lstatSync;
  const readFile = fs.promises.readFile;
  vi.spyOn(fs, "lstatSync").mockImplementation(((path: fs.PathLike, ...rest: unknown[]) => {
    read.push(String(path));
    return (lstatSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.lstatSync);
  vi.spyOn(fs.promises, "readFile").mockImplementation(((path: fs.PathLike, ...rest: unknown[]) => {
    read.push(String(path));
    return (readFile as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.promises.readFile);
  return read;
}

function expectOneLine(stderr: string, message: RegExp): void {
  expect(stderr).toMatch(message);
  expect(stderr.trim().split("\n")).toHaveLength(1);
}

describe("refused by default", () => {
  it("a $ref to a local file: one line naming the ref and its pointer; the file is never opened", async () => {
    const file = withLeak({ $ref: "./secret.json" }, "file-ref.json");
    const reads = watchFileReads();
    const out = join(dir, "file-out");
    const run = await runCli(["generate", "--file", file, "--out", out]);
    expect(run.code).toBe(2);
    expectOneLine(
      run.stderr,
      /^sfapi-gen: .*file-ref\.json: \$ref "\.\/secret\.json" refers outside the description; external references are refused \(give --allow-external-refs to follow them\) \(at \/components\/schemas\/Leak\)$/m,
    );
    expect(reads).not.toContain(secretFile); // the same watch sees the read when it is allowed (below)
    expect(existsSync(out)).toBe(false);
  });

  it("a $ref to a URL: nothing is fetched", async () => {
    const file = withLeak({ $ref: `${origin}/schema.json` }, "url-ref.json");
    const run = await runCli(["generate", "--file", file, "--out", join(dir, "url-out")]);
    expect(run.code).toBe(2);
    expectOneLine(
      run.stderr,
      new RegExp(
        `\\$ref "${origin}/schema\\.json" refers outside the description.* \\(at /components/schemas/Leak\\)$`,
        "m",
      ),
    );
    expect(requests).toEqual([]);
  });

  it("an example's externalValue and a discriminator mapping are references too", async () => {
    const example = description({
      "GET /x": {
        responses: {
          "200": {
            description: "OK",
            content: { "application/json": { examples: { one: { externalValue: `${origin}/example.json` } } } },
          },
        },
      },
    });
    const run = await runCli(["audit", "--file", writeJson(dir, "external-value.json", example)]);
    expect(run.code).toBe(2);
    expectOneLine(
      run.stderr,
      /externalValue ".*\/example\.json" refers outside the description.*\(at \/paths\/~1x\/get\/responses\/200\/content\/application~1json\/examples\/one\/externalValue\)$/m,
    );

    const mapping = withLeak(
      {
        oneOf: [{ $ref: "#/components/schemas/A" }],
        discriminator: { propertyName: "kind", mapping: { a: `${origin}/schema.json` } },
      },
      "mapping.json",
    );
    const run2 = await runCli(["audit", "--file", mapping]);
    expect(run2.code).toBe(2);
    expectOneLine(
      run2.stderr,
      /discriminator mapping ".*\/schema\.json" refers outside the description.*\(at \/components\/schemas\/Leak\/discriminator\/mapping\/a\)$/m,
    );
    expect(requests).toEqual([]);
  });

  it("audit, diff and mock refuse it the same way", async () => {
    const file = withLeak({ $ref: `${origin}/schema.json` }, "url-ref-2.json");
    const audit = await runCli(["audit", "--file", file]);
    expect(audit.code).toBe(2);
    expectOneLine(audit.stderr, /url-ref-2\.json: \$ref ".*" refers outside the description/);
    const diff = await runCli(["diff", file, file]);
    expect(diff.code).toBe(2);
    expectOneLine(diff.stderr, /url-ref-2\.json: \$ref ".*" refers outside the description/);
    await expect(startFacility({ file })).rejects.toThrow(DescriptionError);
    expect(requests).toEqual([]);
  });
});

describe("--allow-external-refs", () => {
  it("generate follows a file $ref and a URL $ref into schema.d.ts", async () => {
    const reads = watchFileReads();
    const out = join(dir, "allowed-file");
    const run = await runCli([
      "generate",
      "--allow-external-refs",
      "--file",
      withLeak({ $ref: "./secret.json" }, "allowed-file.json"),
      "--out",
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(reads).toContain(secretFile);
    expect(readFileSync(join(out, "schema.d.ts"), "utf8")).toContain(SECRET);

    const out2 = join(dir, "allowed-url");
    const run2 = await runCli([
      "generate",
      "--allow-external-refs",
      "--file",
      withLeak({ $ref: `${origin}/schema.json` }, "allowed-url.json"),
      "--out",
      out2,
    ]);
    expect(run2.code, run2.stderr).toBe(0);
    expect(requests).toContain("/schema.json");
    expect(readFileSync(join(out2, "schema.d.ts"), "utf8")).toContain(SECRET);
  });

  it("audit, diff and mock take it too", async () => {
    const file = withLeak({ $ref: "./secret.json" }, "allowed-2.json");
    expect((await runCli(["audit", "--allow-external-refs", "--file", file])).code).toBe(0);
    expect((await runCli(["diff", "--allow-external-refs", file, file])).code).toBe(0);
    const facility = await startFacility({ file, allowExternalRefs: true });
    await facility.close();
    expect(facility.model.operations.map((op) => op.path)).toEqual(["/leak"]);
  });
});

describe("the resolver behind the lint and the bundler reads nothing", () => {
  const rules = { struct: "error", "no-unresolved-refs": "error" } as const;
  const text = () =>
    JSON.stringify(
      description(
        {},
        { components: { schemas: { Far: { $ref: `${origin}/schema.json` }, Near: { $ref: "./secret.json" } } } },
      ),
    );

  it("lint: the external refs are unresolved, not fetched or read", () => {
    const reads = watchFileReads();
    const { problems } = lint(JSON.parse(text()));
    expect(problems.map((p) => [p.ruleId, p.pointer, p.message])).toEqual([
      ["no-unresolved-refs", "/components/schemas/Far", "Can't resolve $ref"],
      ["no-unresolved-refs", "/components/schemas/Near", "Can't resolve $ref"],
    ]);
    expect(reads).not.toContain(secretFile);
    vi.restoreAllMocks();
    expect(requests).toEqual([]);
  });

  it("bundle", async () => {
    const config = await createConfig({ rules });
    const reads = watchFileReads();
    const result = await bundle({
      config,
      doc: { source: new Source(join(dir, "b.json"), text()), parsed: JSON.parse(text()) },
      externalRefResolver: refResolver(loadRedocly(), false, config.resolve),
    });
    expect(result.problems.map((p) => p.message)).toEqual([
      expect.stringContaining("is outside the description"),
      expect.stringContaining("is outside the description"),
    ]);
    expect(JSON.stringify(result.bundle.parsed)).not.toContain(SECRET);
    expect(reads).not.toContain(secretFile);
    expect(requests).toEqual([]);
  });
});
