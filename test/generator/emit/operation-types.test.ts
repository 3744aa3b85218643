/**
 * The client's named types and method TSDoc (generator/emit/operation-types.ts): a hostile description's text stays
 * inside the comment and adds no tag, its operation names cannot take a name the client already declares, the
 * result type-checks with the types named; and no line the emitters write in generated/ runs over 120 characters.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Project } from "ts-morph";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../generator/commands/generate.js";
import { wrapLine } from "../../../generator/emit/text.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { root, tempDir } from "../../support/project.js";
import { typeCheckClients } from "../../support/typecheck.js";

const HOSTILE =
  "Ends the comment */ console.log(1); /* and tags itself\n@throws {@link Evil} injected\n" +
  `${"word ".repeat(30)}@deprecated at a wrap\u202e reversed \u009b csi ${"x".repeat(300)}`;

const object = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

const doc = description({
  // Named `scope` and `response`: their Error types would be the runtime's ScopeError and ResponseError.
  "GET /scope/{id}": {
    ...secured,
    operationId: "scope",
    summary: "Reads */ one",
    description: HOSTILE,
    "x-nersc-scope": "green",
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    responses: { "200": { description: "OK", ...json(object) }, "422": { description: "bad", ...json(object) } },
  },
  "POST /response": {
    ...secured,
    operationId: "response",
    "x-nersc-scope": "red",
    requestBody: { required: true, ...json(object) },
    responses: { "200": { description: "OK", ...json({ type: "array", items: object }) }, "400": json(object) },
  },
  // Slack's shape: named properties beside extra ones of another type (`{ ok } & { [key: string]: ... }`), which an
  // interface cannot extend: the answer's name is a type alias.
  "GET /extra": {
    operationId: "extra",
    responses: {
      "200": json({
        type: "object",
        properties: { ok: { type: "boolean", enum: [true] } },
        required: ["ok"],
        additionalProperties: { type: "object" },
      }),
    },
  },
  // Two JSON successes, and error answers of two JSON media types: each status read with its own.
  "GET /many": {
    operationId: "many",
    responses: {
      "200": json(object),
      "201": json({ type: "array", items: object }),
      "400": { content: { "application/problem+json": { schema: { type: "string" } } } },
      "500": json({ type: "integer" }),
    },
  },
});

let out = "";
beforeAll(async () => {
  const dir = tempDir("optypes-");
  out = join(dir, "client");
  await generate({ file: writeJson(dir, "hostile.json", doc), out, levels: "green,red" });
}, 60_000);

describe("the client's named types and method docs", () => {
  it("keep a hostile description inside the comment, with no tag of its own and no raw control character", () => {
    const text = readFileSync(join(out, "index.d.ts"), "utf8");
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { noLib: true } });
    const file = project.createSourceFile("index.d.ts", text);
    const member = file.getInterfaceOrThrow("GreenOperations").getPropertyOrThrow("scope");
    const doc = member.getJsDocs()[0]!;
    // ts-morph lists our own inline `{@link ScopeError}`s among the tags; the description's `{\@link}` is text.
    const tags = doc.getTags().map((t) => t.getTagName());
    expect(tags.filter((t) => t === "link")).toHaveLength(4); // one per @throws line: none of the description's
    expect(tags.filter((t) => t !== "link")).toEqual(["scope", "throws", "throws", "throws", "throws", "example"]);
    expect(doc.getDescription()).toContain("console.log(1);");
    expect(doc.getDescription()).toContain("\\@throws {\\@link Evil} injected");
    expect(doc.getDescription()).toContain("\\@deprecated at a wrap");
    expect(text).not.toMatch(/[\u202e\u009b]/);
    expect(text).toContain("\\u202e reversed");
    // No statement of the description's: the file's statements are ours alone.
    expect(text).not.toMatch(/^\s*console\.log/m);
    const example = doc.getTags().at(-1)!.getCommentText()!;
    expect(example).toContain('const answer: ScopeResponse = await client.scope({ path: { id: "123" } });');
  });

  it("name each operation's types without taking a name the client declares, and they type-check", () => {
    const text = readFileSync(join(out, "index.d.ts"), "utf8");
    expect(text).toContain("export interface ScopeResponse extends AnswerOf<ScopeOp, 200> {}");
    expect(text).toContain("export type Scope2Error = AnswerOf<ScopeOp, 422>;");
    expect(text).toContain("export type Response2Error = AnswerOf<ResponseOp, 400>;");
    expect(text).toContain("  scope: Call<ScopeArgs, ScopeResponse, Scope2Error>;");
    expect(text).toContain("export type ResponseBody = BodyOf<ResponseOp>;");
    expect(text).toContain("export type ExtraResponse = AnswerOf<ExtraOp, 200>;");
    expect(text).toMatch(/export \{[^}]*\bScopeError\b[^}]*\} from "\.\/runtime\/index\.js";/);
    expect(typeCheckClients([out])).toEqual([]);
  });

  it("are the very types of the answers and bodies spelled out, each status with its media type", () => {
    const text = readFileSync(join(out, "index.d.ts"), "utf8");
    expect(text).toContain("export type ManyResponse = AnswerOf<ManyOp, 200 | 201>;");
    expect(text).toContain(
      'export type ManyError = AnswerOf<ManyOp, 400, "application/problem+json"> | AnswerOf<ManyOp, 500>;',
    );
    const chain = (path: string, method: string, status: number, media = "application/json") =>
      `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]["responses"][${status}]["content"][${JSON.stringify(media)}]`;
    writeFileSync(
      join(out, "probe.ts"),
      [
        'import type { ManyError, ManyResponse, ResponseBody, Scope2Error, ScopeResponse } from "./index.js";',
        'import type { paths } from "./schema.js";',
        "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
        `export const a: Same<ManyResponse, ${chain("/many", "get", 200)} | ${chain("/many", "get", 201)}> = true;`,
        `export const b: Same<ManyError, ${chain("/many", "get", 500)} | ${chain("/many", "get", 400, "application/problem+json")}> = true;`,
        `export const c: Same<ScopeResponse, ${chain("/scope/{id}", "get", 200)}> = true;`,
        `export const d: Same<Scope2Error, ${chain("/scope/{id}", "get", 422)}> = true;`,
        'export const e: Same<ResponseBody, NonNullable<paths["/response"]["post"]["requestBody"]>["content"]["application/json"]> = true;',
        // And the comparison can fail: two different answers are not the same type.
        "export const f: Same<ManyResponse, ManyError> = false;",
      ].join("\n"),
    );
    const files = ["index.d.ts", "operations.d.ts", "packed-table.d.ts", "schema.d.ts", "probe.ts"];
    expect(typeCheckClients([out], files)).toEqual([]);
  });
});

/** What generated/ holds as data, not code: exempt from the line width (see docs/client.md, "Named types"). */
const DATA = new Set([
  "description.json.gz", // the description's copy, compact JSON in gzip
  "manifest.json", // the file list and table that tools read, compact JSON
  "packed-table.js", // the runtime's table, one string
  "schema.d.ts", // openapi-typescript's output, as it prints it
  "operations.js", // the operation table: one line per operation, so that grep lists them
  "operations.d.ts",
  "scope-audit.md", // the audit report, Markdown paragraphs on one line each
]);

describe("generated/", () => {
  it("has no line over 120 characters in what the emitters write, outside the data files", () => {
    const long: string[] = [];
    for (const name of readdirSync(join(root, "generated"))) {
      if (DATA.has(name) || name === "runtime") continue;
      const path = join(root, "generated", name);
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (line.length > 120) long.push(`${relative(root, path)}:${i + 1} (${line.length})`);
        });
    }
    expect(long).toEqual([]);
  });

  it("wraps description text at spaces, cuts only an overlong word, and never starts a line with a tag", () => {
    expect(wrapLine("abcdefghij abcdefghi @scope red", 20)).toEqual(["abcdefghij abcdefghi", "\\@scope red"]);
    expect(wrapLine("x".repeat(45), 20)).toEqual(["x".repeat(20), "x".repeat(20), "x".repeat(5)]);
    expect(wrapLine(`  - ${"word ".repeat(8).trim()}`, 24)).toEqual([
      "  - word word word word",
      "  word word word word",
    ]);
  });
});
