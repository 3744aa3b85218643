// Hostile shapes end with one readable line naming where, instead of minutes of CPU, gigabytes or a stack trace:
// long $ref chains, alias cycles, deep nesting (inline, or through a long path of distinct schemas), YAML alias bombs
// and loops, and descriptions larger than any real one. Recursion through properties/items stays legal.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING, MAX_REF_CHAIN, preflight } from "../../../generator/description/limits.js";
import { loadDescription, MAX_DESCRIPTION_BYTES } from "../../../generator/description/read.js";
import { DescriptionError } from "../../../generator/errors.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { listenLocal } from "../../support/http.js";
import { snapshotDir, tempDir } from "../../support/project.js";

let dir: string;
beforeAll(() => {
  dir = tempDir("limits-");
});

/** GET /a answers with S0; `schemas` are the components. */
function withSchemas(schemas: Record<string, unknown>): Record<string, any> {
  return description(
    {
      "GET /a": {
        responses: {
          "200": {
            description: "OK",
            content: { "application/json": { schema: { $ref: "#/components/schemas/S0" } } },
          },
        },
      },
    },
    { components: { schemas } },
  );
}

/** S0 -> S1 -> ... -> S(n-1), each only a $ref to the next, the last a string. */
function chain(n: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n - 1; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
  schemas[`S${n - 1}`] = { type: "string" };
  return schemas;
}

function writeText(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function auditError(file: string): Promise<string> {
  const run = await runCli(["audit", "--file", file]);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  return run.stderr.trim();
}

const SITE = "/paths/~1a/get/responses/200/content/application~1json/schema";

describe("$ref chains and cycles", () => {
  it("a chain of 2,000 $refs (the reproduction): one line, and the earlier output is untouched", async () => {
    const out = join(dir, "kept");
    const first = await runCli(["generate", "--file", writeJson(dir, "ok.json", withSchemas(chain(2))), "--out", out]);
    expect(first.code, first.stderr).toBe(0);
    const before = snapshotDir(out);
    const run = await runCli([
      "generate",
      "--file",
      writeJson(dir, "chain-2000.json", withSchemas(chain(2000))),
      "--out",
      out,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `sfapi-gen: ${join(dir, "chain-2000.json")}: $ref chain longer than ${MAX_REF_CHAIN}: #/components/schemas/S1 -> #/components/schemas/S2 -> #/components/schemas/S3 -> … (at /components/schemas/S0)\n`,
    );
    expect(snapshotDir(out)).toEqual(before);
  });

  it("a chain of 3,000", async () => {
    // Paths before components this time: the chain is named from the operation's $ref, the first in document order.
    const doc = withSchemas(chain(3000));
    const pathsFirst = { openapi: doc.openapi, info: doc.info, paths: doc.paths, components: doc.components };
    expect(await auditError(writeJson(dir, "chain-3000.json", pathsFirst))).toMatch(
      new RegExp(
        `chain-3000\\.json: \\$ref chain longer than ${MAX_REF_CHAIN}: #/components/schemas/S0 -> #/components/schemas/S1 -> #/components/schemas/S2 -> … \\(at ${SITE}\\)$`,
      ),
    );
  });

  it(`a chain of ${MAX_REF_CHAIN} $refs is fine; one more is not`, async () => {
    // The operation's $ref is the first of the chain: it and MAX_REF_CHAIN - 1 aliases.
    const loaded = await loadDescription({ file: writeJson(dir, "chain-max.json", withSchemas(chain(MAX_REF_CHAIN))) });
    expect(loaded.document.components?.schemas?.[`S${MAX_REF_CHAIN - 1}`]).toEqual({ type: "string" });
    await expect(
      loadDescription({ file: writeJson(dir, "chain-max+1.json", withSchemas(chain(MAX_REF_CHAIN + 1))) }),
    ).rejects.toThrow(/\$ref chain longer than/);
  });

  it("a schema that is only a $ref to itself", async () => {
    expect(
      await auditError(writeJson(dir, "self.json", withSchemas({ S0: { $ref: "#/components/schemas/S0" } }))),
    ).toMatch(
      /self\.json: circular \$ref: #\/components\/schemas\/S0 -> #\/components\/schemas\/S0 \(at \/components\/schemas\/S0\)$/,
    );
  });

  it("an alias cycle A -> B -> A, also when reached part-way along a pointer", async () => {
    const cycle = {
      S0: { $ref: "#/components/schemas/A" },
      A: { $ref: "#/components/schemas/B" },
      B: { $ref: "#/components/schemas/A" },
    };
    expect(await auditError(writeJson(dir, "cycle.json", withSchemas(cycle)))).toMatch(
      /cycle\.json: circular \$ref: #\/components\/schemas\/A -> #\/components\/schemas\/B -> #\/components\/schemas\/A \(at \/components\/schemas\/A\)$/,
    );
    const through = {
      S0: { $ref: "#/components/schemas/A/properties/x" },
      A: { $ref: "#/components/schemas/A/properties/x" },
    };
    expect(await auditError(writeJson(dir, "cycle-through.json", withSchemas(through)))).toMatch(
      /cycle-through\.json: circular \$ref: #\/components\/schemas\/A -> #\/components\/schemas\/A/,
    );
  });

  it("a $ref with broken percent-encoding", async () => {
    expect(
      await auditError(writeJson(dir, "percent.json", withSchemas({ S0: { $ref: "#/components/schemas/%E0%A4%A" } }))),
    ).toMatch(
      /percent\.json: malformed \$ref "#\/components\/schemas\/%E0%A4%A" \(bad percent-encoding\) \(at \/components\/schemas\/S0\)$/,
    );
  });

  it("recursion through properties and items, mutual recursion and a short alias stay legal", async () => {
    const schemas = {
      S0: { $ref: "#/components/schemas/Tree" },
      Tree: { $ref: "#/components/schemas/Node" },
      Node: {
        type: "object",
        properties: {
          parent: { $ref: "#/components/schemas/Node" },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
          owner: { $ref: "#/components/schemas/Owner" },
        },
      },
      Owner: { type: "object", properties: { nodes: { type: "array", items: { $ref: "#/components/schemas/Node" } } } },
    };
    const out = join(dir, "recursive");
    const run = await runCli([
      "generate",
      "--file",
      writeJson(dir, "recursive.json", withSchemas(schemas)),
      "--out",
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(snapshotDir(out).get("schema.d.ts")!.toString()).toMatch(
      /children\?: components\["schemas"\]\["Node"\]\[\];/,
    );
  });
});

describe("nesting", () => {
  /** `{ a: { a: ... { a: {} } } }`, `depth` objects below the root. */
  const nested = (depth: number) => JSON.parse('{"a":'.repeat(depth) + "{}" + "}".repeat(depth)) as object;

  it(`nesting ${MAX_NESTING} levels deep is fine; one more is not`, () => {
    expect(() => preflight(nested(MAX_NESTING), { source: "n", textLength: 0 })).not.toThrow();
    expect(() => preflight(nested(MAX_NESTING + 1), { source: "n", textLength: 0 })).toThrow(
      new DescriptionError(
        "n",
        `nested more than ${MAX_NESTING} levels deep`,
        "/a/a/a/a/a/a/a/a/a/a/a/a/… 242 more …/a/a/a",
      ),
    );
  });

  it("a schema nested 3,000 levels deep inline (a text JSON.stringify itself cannot write)", async () => {
    const inner = '{"type":"object","properties":{"a":'.repeat(3000) + '{"type":"string"}' + "}}".repeat(3000);
    const text = JSON.stringify(withSchemas({ S0: "INNER" })).replace('"INNER"', inner);
    expect(await auditError(writeText("nest-3000.json", text))).toMatch(
      new RegExp(
        `nest-3000\\.json: nested more than ${MAX_NESTING} levels deep \\(at /components/schemas/S0/properties/a/properties/a/properties/a/properties/a/properties/… \\d+ more …/a/properties/a\\)$`,
      ),
    );
  });

  it("a long path through distinct schemas, each a property of the last: the exhausted stack is one line too", async () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++)
      schemas[`S${i}`] = { type: "object", properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    schemas.S10000 = { type: "string" };
    expect(await auditError(writeJson(dir, "path.json", withSchemas(schemas)))).toMatch(
      /path\.json: nested too deeply to process \(the call stack ran out while (validating|bundling);/,
    );
  });
});

describe("YAML aliases", () => {
  it("an alias bomb (a billion nodes from 400 bytes)", async () => {
    const levels = ["l0: &l0 [a, a, a, a, a, a, a, a, a, a]"];
    for (let i = 1; i < 9; i++)
      levels.push(
        `l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(", ")}]`,
      );
    const text = [
      "openapi: 3.0.3",
      "info: {title: x, version: '1'}",
      "paths: {}",
      "x-bomb:",
      ...levels.map((l) => "  " + l),
    ].join("\n");
    expect(await auditError(writeText("bomb.yaml", text))).toMatch(
      /bomb\.yaml: more than 2000000 nodes once YAML aliases are expanded \(at \/x-bomb\/l\d/,
    );
  });

  it("an alias that contains itself", async () => {
    expect(
      await auditError(
        writeText("loop.yaml", "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\nx-loop: &a\n  self: *a\n"),
      ),
    ).toMatch(/loop\.yaml: a YAML alias contains itself \(at \/x-loop\/self\)$/);
  });
});

describe("size", () => {
  let origin: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // An endless body: 1 MiB chunks until the client hangs up.
    const chunk = Buffer.alloc(1024 * 1024, " ");
    ({ origin, close } = await listenLocal((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", more);
      };
      res.write("{");
      more();
    }));
  });
  afterAll(() => close());

  const tooLarge = `larger than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MiB; not a description this tool will read`;

  it("an endless response is cut off", async () => {
    const run = await runCli(["audit", "--url", `${origin}/spec.json`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`sfapi-gen: ${origin}/spec.json: ${tooLarge}\n`);
  });

  it.skipIf(process.platform === "win32")("an endless file (a device) is cut off", async () => {
    const run = await runCli(["audit", "--file", "/dev/zero"]);
    expect(run.stderr).toBe(`sfapi-gen: /dev/zero: ${tooLarge}\n`);
  });

  it("a gzip file (a client folder's description copy) is read inflated, and cut off past the limit", async () => {
    const small = join(dir, "small.json.gz");
    writeFileSync(small, gzipSync(JSON.stringify(description({ "GET /status": {} }))));
    expect((await loadDescription({ file: small })).document.paths).toHaveProperty(["/status", "get"]);
    // A few hundred kilobytes that inflate past the limit: refused as too large, never inflated whole.
    const bomb = join(dir, "bomb.json.gz");
    writeFileSync(bomb, gzipSync(Buffer.alloc(MAX_DESCRIPTION_BYTES + 1, " "), { level: 9 }));
    const run = await runCli(["audit", "--file", bomb]);
    expect([run.code, run.stderr]).toEqual([2, `sfapi-gen: ${bomb}: ${tooLarge}\n`]);
    writeFileSync(bomb, Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    const broken = await runCli(["audit", "--file", bomb]);
    expect([broken.code, broken.stderr]).toEqual([2, `sfapi-gen: ${bomb}: not valid gzip data (Z_DATA_ERROR)\n`]);
  });
});
