/**
 * Body encoding per operation: form-urlencoded exactly where the table says so, JSON elsewhere, and the caller's own
 * content type or serializer always wins. Uses a small table with both kinds against a loopback server.
 */
import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { formBody } from "../../templates/runtime/form.js";
import { createScopedClient, type OperationTable } from "../../templates/runtime/index.js";
import { listenLocal } from "../support/http.js";

const table: OperationTable = {
  createThing: { name: "createThing", method: "POST", path: "/things", scope: "public" },
  submitForm: {
    name: "submitForm",
    method: "POST",
    path: "/forms/{kind}",
    scope: "public",
    requestMediaType: "application/x-www-form-urlencoded",
  },
};

describe("formBody", () => {
  test("skips absent fields, repeats arrays, writes dates as ISO, passes ready-made bodies through", () => {
    const at = new Date("2026-01-02T03:04:05Z");
    expect(
      formBody({ executable: "bash -c 'echo a&b'", skip: undefined, none: null, n: 3, ok: true, tags: ["x", "y"], at }),
    ).toBe("executable=bash+-c+%27echo+a%26b%27&n=3&ok=true&tags=x&tags=y&at=2026-01-02T03%3A04%3A05.000Z");
    expect(formBody(new URLSearchParams({ a: "1" }))).toBe("a=1");
    expect(formBody("a=1&b=2")).toBe("a=1&b=2");
  });
});

describe("per-operation body encoding", () => {
  const received: { url: string; type: string | undefined; body: string; headers: IncomingHttpHeaders }[] = [];
  let baseUrl = "";
  let close: () => Promise<void>;
  beforeAll(async () => {
    const local = await listenLocal(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      received.push({ url: req.url ?? "", type: req.headers["content-type"], body, headers: req.headers });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    baseUrl = `${local.origin}/v1`;
    close = local.close;
  });
  afterAll(() => close());
  beforeEach(() => {
    received.length = 0;
  });
  const client = () =>
    createScopedClient({ operations: table, ladder: ["green", "red"] }, { color: "green", baseUrl }) as any;

  test("JSON where the table names no media type, form where it says form-urlencoded", async () => {
    await client().POST("/things", { body: { name: "a", size: 2 } });
    await client().POST("/forms/{kind}", { params: { path: { kind: "x" } }, body: { name: "a", size: 2 } });
    await client().POST("/forms/y", { body: { name: "b" } });
    expect(received.map((r) => [r.url, r.type, r.body])).toEqual([
      ["/v1/things", "application/json", '{"name":"a","size":2}'],
      ["/v1/forms/x", "application/x-www-form-urlencoded", "name=a&size=2"],
      ["/v1/forms/y", "application/x-www-form-urlencoded", "name=b"],
    ]);
  });

  test("the caller's content type or serializer wins; caller headers are kept", async () => {
    await client().POST("/forms/{kind}", {
      params: { path: { kind: "x" } },
      body: { a: 1 },
      headers: { "Content-Type": "application/json" },
    });
    await client().POST("/forms/{kind}", {
      params: { path: { kind: "x" } },
      body: { a: 1 },
      bodySerializer: () => "custom",
    });
    await client().POST("/forms/{kind}", {
      params: { path: { kind: "x" } },
      body: { a: 1 },
      headers: new Headers({ "x-trace": "t1" }),
    });
    expect(received.map((r) => [r.type, r.body])).toEqual([
      ["application/json", '{"a":1}'],
      ["application/json", "custom"],
      ["application/x-www-form-urlencoded", "a=1"],
    ]);
    expect(received[2]!.headers["x-trace"]).toBe("t1");
  });

  test("client-wide headers are sent, and may override accept", async () => {
    const custom = createScopedClient(
      { operations: table, ladder: ["green", "red"] },
      { color: "green", baseUrl, headers: { "x-app": "demo", accept: "text/plain" } },
    ) as any;
    await custom.POST("/things", { body: {} });
    await client().POST("/things", { body: {} });
    expect(received.map((r) => [r.headers["x-app"], r.headers.accept])).toEqual([
      ["demo", "text/plain"],
      [undefined, "application/json"],
    ]);
  });
});
