/**
 * A description is untrusted input: whatever its strings hold, the emitted client must compile, export exactly what
 * it should, and run no code of the description's. First the reproductions the security review found (a path key
 * closing a comment and calling console.log, a title with newlines adding exports, summaries with `/*`, scope values
 * with `*\/`, operationIds `ladder`, `eval`, `arguments`), then fast-check descriptions with arbitrary strings in every
 * free-text field. Each client is imported (so its JavaScript runs) and read back with ts-morph; all of them are then
 * type-checked together in one TypeScript program, declarations included.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { Project } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../generator/commands/generate.js";
import { closest } from "../../../generator/model/scope.js";
import { PUBLIC_ERRORS } from "../../../templates/runtime/public-errors.js";
import { unpackTable } from "../../../templates/runtime/table.js";
import { tempDir } from "../../support/project.js";
import { binaryString } from "../../support/strings.js";
import { typeCheckClients } from "../../support/typecheck.js";

const RUNS = 20;
const dir = tempDir("hostile-");
/** Every client generated here, type-checked together at the end. */
const clients: string[] = [];
/** The errors and what else index.js exports besides createClient/waitForTask (see emit/public-exports.ts). */
// The errors come from the runtime's one list of them; what else index.js exports is spelled out here.
const INDEX_EXPORTS = [
  ...PUBLIC_ERRORS,
  "createClient",
  "createTokenSource",
  "defaultBaseUrl",
  "description",
  "ladder",
  "operations",
];

interface Op {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tag?: string;
  scope?: unknown;
}

function description(info: { title: string; version: string; description?: string }, ops: Op[]): object {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
      ...(op.summary !== undefined ? { summary: op.summary } : {}),
      ...(op.description !== undefined ? { description: op.description } : {}),
      ...(op.tag !== undefined ? { tags: [op.tag] } : {}),
      ...(op.scope !== undefined ? { "x-nersc-scope": op.scope } : {}),
      security: [{ token: [] }],
      responses: {
        "200": {
          description: op.summary ?? "OK",
          content: {
            "application/json": {
              schema: { type: "object", properties: { id: { type: "string", description: op.description ?? "id" } } },
            },
          },
        },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info,
    components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    security: [{ token: [] }],
    paths,
  };
}

let count = 0;
/** One ts-morph project for every client (a project per client would load the lib files each time). */
const project = new Project({ skipAddingFilesFromTsConfig: true, compilerOptions: { noLib: true, noResolve: true } });
/**
 * Import the client's modules in a worker thread: Node's own loader (the test runner's would transform every generated
 * module again for each client), in a realm apart from the tests', reporting what each module exports and whether any
 * code of the description's ran (the payloads set `globalThis.pwned`; its presence counts, whatever value it got).
 * One worker for the file, not one per client (a thread's start and its load of the runtime's packages cost 150 to
 * 250 ms of CPU each time): every client's modules are files of their own, evaluated afresh on import, and `pwned` is
 * cleared before each.
 */
const IMPORTER = `
const { parentPort } = require("node:worker_threads");
let last = Promise.resolve();
// One client at a time, so that a payload's pwned is reported with its own client.
parentPort.on("message", ({ id, urls }) => {
  last = last.then(() => {
    delete globalThis.pwned;
    return Promise.all(urls.map((url) => import(url))).then(
      ([table, index, packed]) => parentPort.postMessage({ id, table: JSON.parse(JSON.stringify(table)), index: Object.keys(index), packed: packed.table, pwned: "pwned" in globalThis ? { value: String(globalThis.pwned) } : undefined }),
      (error) => parentPort.postMessage({ id, error: String(error && error.stack || error) }),
    );
  });
});`;
type Imported = { table: Record<string, any>; index: string[]; packed: string; pwned: unknown; error?: string };
let importer: Worker | undefined;
const pending = new Map<number, { resolve: (m: Imported) => void; reject: (e: unknown) => void }>();
let requests = 0;
function importInWorker(out: string): Promise<Imported> {
  if (!importer) {
    importer = new Worker(IMPORTER, { eval: true });
    importer.on("message", (message: Imported & { id: number }) => {
      pending.get(message.id)?.resolve(message);
      pending.delete(message.id);
    });
    importer.on("error", (error) => {
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    });
  }
  const id = requests++;
  const urls = ["operations.js", "index.js", "packed-table.js"].map((f) => pathToFileURL(join(out, f)).href);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    importer!.postMessage({ id, urls });
  });
}
/** Generate, import, read back; returns the operation names the table has. */
async function emitAndCheck(doc: object): Promise<string[]> {
  const name = `c${count++}`;
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const out = join(dir, name);
  const { model } = await generate({ file, out, levels: "green,red" });
  const names = model.operations.map((op) => op.name);
  clients.push(out);

  // The JavaScript runs: importing it must define exactly the table and the client factory, and nothing else happens.
  const { table, index, packed, pwned, error } = await importInWorker(out);
  expect(error).toBeUndefined();
  expect(pwned).toBeUndefined();
  expect(Object.keys(table).sort()).toEqual(["ladder", "operations", ...names].sort());
  expect(Object.keys(table.operations).sort()).toEqual([...names].sort());
  const withTasks = model.operations.some((op) => op.method === "get" && op.path === "/tasks/{id}");
  expect(index.sort()).toEqual([...INDEX_EXPORTS, ...(withTasks ? ["waitForTask"] : [])].sort());
  for (const op of model.operations)
    expect(table[op.name]).toMatchObject({ name: op.name, method: op.method.toUpperCase(), path: op.path });
  // The table the runtime reads (packed) is operations.js's, without operationIds and tags, whatever its strings hold.
  const readable = Object.values(table.operations as Record<string, any>).map(({ operationId, tags, ...rest }) => rest);
  expect(Object.values(unpackTable(packed))).toEqual(readable);

  // The declarations say the same, read back as a compiler reads them.
  const dts = project.addSourceFileAtPath(join(out, "operations.d.ts"));
  expect([...dts.getExportedDeclarations().keys()].sort()).toEqual(
    ["OperationScopes", "OperationTable", "ladder", "operations", ...names].sort(),
  );
  return names;
}

afterAll(async () => {
  await importer?.terminate();
  const problems = typeCheckClients(clients);
  expect(problems, `${clients.length} generated clients type-checked`).toEqual([]);
}, 120_000);

describe("the review's reproductions", () => {
  it("a path key that closes a comment and calls console.log runs nothing", async () => {
    const path = '/files*/ globalThis.pwned = console.log("pwned"); /*';
    await emitAndCheck(
      description({ title: "T", version: "1" }, [{ method: "get", path, operationId: "read", scope: "green" }]),
    );
  });

  it("a title and version with line breaks add no exports", async () => {
    const title = "API\nexport const evil = (globalThis.pwned = 1);\r\n// \u2028export const evil2 = 2;\u2029";
    await emitAndCheck(
      description({ title, version: "1\nexport const v = 1;", description: "*/ globalThis.pwned = 1; /*" }, [
        { method: "get", path: "/a", operationId: "a", scope: "green" },
      ]),
    );
  });

  it("summaries with /*, scope values with */, @tags in text, and operationIds ladder, eval, arguments compile", async () => {
    const names = await emitAndCheck(
      description({ title: "T", version: "1" }, [
        {
          method: "get",
          path: "/cfs",
          operationId: "ladder",
          summary: "List files like /global/cfs/*",
          scope: "green",
        },
        { method: "get", path: "/x", operationId: "eval", summary: "end */ of comment\n@scope green", scope: "red*/" },
        {
          method: "get",
          path: "/y",
          operationId: "arguments",
          description: "/* open",
          scope: "*/ globalThis.pwned = 1; /*",
        },
        { method: "get", path: "/z", operationId: "then", scope: "green" },
        { method: "get", path: "/w", operationId: "operations", scope: "green" },
      ]),
    );
    expect(names).toEqual(
      ["ladderOperation", "thenOperation", "operationsOperation", "evalOperation", "argumentsOperation"].sort(
        (a, b) => names.indexOf(a) - names.indexOf(b),
      ),
    );
    expect(new Set(names)).toEqual(
      new Set(["ladderOperation", "evalOperation", "argumentsOperation", "thenOperation", "operationsOperation"]),
    );
  });
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("arbitrary strings in every free-text field", () => {
  const text = binaryString({ maxLength: 40 });
  // Path segments: anything but "/" and braces (braces would declare path parameters the operation does not have),
  // and but what path templates may not hold (path-templates.test.ts): valid descriptions only here.
  const segment = binaryString({ minLength: 1, maxLength: 12 }).filter(
    (s) => !/[/{}%\\\x00-\x1f\x7f?#]/.test(s) && !LONE_SURROGATE.test(s) && s !== "." && s !== "..",
  );
  const op = fc.record({
    method: fc.constantFrom("get", "post", "put", "delete", "patch"),
    path: fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join("/")}`),
    operationId: fc.option(text, { nil: undefined }),
    summary: fc.option(text, { nil: undefined }),
    description: fc.option(text, { nil: undefined }),
    tag: fc.option(text, { nil: undefined }),
    // A scope spelt close to a level the ladder names ("rd" beside "red") reads as a typo in --levels and is refused
    // (scope-model.test.ts): free text here is anything else.
    scope: fc.oneof(
      fc.constantFrom("green", "red"),
      text.filter((s) => closest("green", [s]) === undefined && closest("red", [s]) === undefined),
      fc.constant(["red"]),
      fc.constant(undefined),
    ),
  });
  const descriptions = fc
    .record({
      info: fc.record({ title: text, version: text, description: text }),
      ops: fc.uniqueArray(op, { minLength: 1, maxLength: 6, selector: (o) => `${o.method} ${o.path}` }),
    })
    // Two operations sharing an operationId are refused (operation-identity.test.ts): valid descriptions only here.
    .filter(({ ops }) => {
      const ids = ops.map((o) => o.operationId).filter((id) => id !== undefined && id !== "");
      return new Set(ids).size === ids.length;
    });

  it(`${RUNS} random descriptions: each client runs, exports exactly its table, and type-checks`, async () => {
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(descriptions, async ({ info, ops }) => {
        tried++;
        const names = await emitAndCheck(description(info, ops));
        expect(names).toHaveLength(ops.length);
        for (const name of names) expect(name).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
      }),
      { numRuns: RUNS },
    );
    expect(tried).toBe(RUNS);
  }, 120_000);
});
