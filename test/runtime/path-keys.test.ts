/**
 * Path keys holding `#` or `?` (AWS's `/#X-Amz-Target=Service.Op`, `/tags/{arn}#tagKeys`, `/things?list`): what the
 * client sends is what the guard judged. openapi-fetch alone writes the key as is, so the query lands in the URL's
 * fragment and is never sent; the runtime sends the path before the `#`, the caller's query, and a `?` key's own
 * values as query. A route's request needs every operation it may be unless the header it carries tells them apart.
 */
import { describe, expect, test } from "vitest";
import { createScopedClient } from "../../templates/runtime/client.js";
import { ScopeError } from "../../templates/runtime/errors.js";
import type { OperationTable } from "../../templates/runtime/table.js";

const BASE = "https://api.example.test/api";
const operations: OperationTable = {
  svcRead: { name: "svcRead", method: "POST", path: "/#X-Amz-Target=Svc.Read", scope: "green" },
  svcDelete: { name: "svcDelete", method: "POST", path: "/#X-Amz-Target=Svc.Delete", scope: "red" },
  untag: { name: "untag", method: "DELETE", path: "/tags/{arn}#tagKeys", scope: "green" },
  listThings: { name: "listThings", method: "GET", path: "/things?view=list", scope: "green" },
  readThings: { name: "readThings", method: "GET", path: "/things?view=all", scope: "red" },
};

function clientOf(color: string) {
  const sent: { method: string; url: string; target: string | null }[] = [];
  const client = createScopedClient({ operations, ladder: ["green", "red"] }, {
    color,
    accessToken: () => "t",
    baseUrl: BASE,
    fetch: async (request: Request) => {
      sent.push({ method: request.method, url: request.url, target: request.headers.get("x-amz-target") });
      return Response.json({});
    },
  } as never) as unknown as Record<
    string,
    (url: string, init?: Record<string, unknown>) => Promise<{ response: Response }>
  >;
  return { client, sent };
}

async function refusal(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (!(error instanceof ScopeError)) throw error;
    return error.operation ?? "(unknown)";
  }
}

describe("a # key", () => {
  test("sends the path before the #, the caller's query in the query, and the header it sets", async () => {
    const { client, sent } = clientOf("green");
    await client.DELETE!("/tags/{arn}#tagKeys", { params: { path: { arn: "a1" }, query: { tagKeys: ["k"] } } });
    await client.POST!("/#X-Amz-Target=Svc.Read", { headers: { "X-Amz-Target": "Svc.Read" }, body: {} });
    expect(sent).toEqual([
      { method: "DELETE", url: `${BASE}/tags/a1?tagKeys=k`, target: null },
      { method: "POST", url: `${BASE}/`, target: "Svc.Read" },
    ]);
  });

  test("the guard tells the route's operations apart by the header sent, and fails closed without it", async () => {
    const { client, sent } = clientOf("green");
    // Without the header the request may be svcDelete (red).
    expect(await refusal(client.POST!("/#X-Amz-Target=Svc.Read", { body: {} }))).toBe("svcDelete");
    // The key says Read, the header sent says Delete: the header is what the server reads.
    expect(
      await refusal(client.POST!("/#X-Amz-Target=Svc.Read", { headers: { "X-Amz-Target": "Svc.Delete" }, body: {} })),
    ).toBe("svcDelete");
    expect(sent).toHaveLength(0);
    const red = clientOf("red");
    await red.client.POST!("/#X-Amz-Target=Svc.Delete", { headers: { "X-Amz-Target": "Svc.Delete" }, body: {} });
    expect(red.sent).toEqual([{ method: "POST", url: `${BASE}/`, target: "Svc.Delete" }]);
  });
});

describe("a ? key", () => {
  test("sends its own values as query, over the caller's of the same name, and the guard reads them", async () => {
    const { client, sent } = clientOf("green");
    await client.GET!("/things?view=list", { params: { query: { view: "all", page: 2 } } });
    expect(sent).toEqual([{ method: "GET", url: `${BASE}/things?view=list&page=2`, target: null }]);
    expect(await refusal(client.GET!("/things?view=all"))).toBe("readThings");
    // Written as a concrete path with the caller's own query: judged as sent.
    expect(await refusal(client.GET!("/things", { params: { query: { view: "all" } } }))).toBe("readThings");
    expect(await refusal(client.GET!("/things"))).toBe("readThings");
    expect(sent).toHaveLength(1);
  });
});
