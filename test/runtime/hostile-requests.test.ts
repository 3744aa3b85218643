/**
 * Requests that lie about themselves. A middleware or a per-call `Request` class can hand the guarded fetch an object
 * that passes `instanceof Request` but whose `url`/`method` getters say one thing while fetch would send another (a
 * subclass, a Proxy over another request's state). The guard must judge what is really sent, and the token must sit
 * only on the copy that is sent, never on an object a middleware can read. Unit level with the observed client (every
 * request recorded as fetch would read it), then the same on real loopback servers, with redirects.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ladder, operations } from "../../generated/operations.js";
import { canCall } from "../../templates/runtime/levels.js";
import { compileTable, matchAll } from "../../templates/runtime/matcher.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { createObservedClient, OBSERVED_BASE } from "../support/observed.js";
import { useServers } from "../support/servers.js";
import { variants } from "../support/variants.js";

/** What the lie claims: a green read. */
const LIE = { method: "GET", path: "/tasks" };
/** What would really be sent: above green, or elsewhere. */
const TRUTHS: { method: string; url: (base: string) => string; body?: string }[] = [
  { method: "POST", url: (b) => `${b}/utilities/command/perlmutter`, body: "executable=id" },
  { method: "GET", url: (b) => `${b}/compute/jobs/perlmutter` },
  { method: "GET", url: (b) => `${b}/utilities/download/perlmutter/global` },
  { method: "PUT", url: (b) => `${b}/account/groups/g1`, body: "users=x" },
  { method: "GET", url: () => "https://elsewhere.example.test/api/v1.2/tasks" },
  { method: "GET", url: (b) => `${b}/admin/users` },
];

type Maker = (truth: { method: string; url: string; body?: string }, lie: { method: string; url: string }) => Request;

/** Ways to build an object that passes `instanceof Request` and lies. */
const LIARS: Record<string, Maker> = {
  "subclass with lying getters": (truth, lie) => {
    class Lying extends Request {
      override get url() {
        return lie.url;
      }
      override get method() {
        return lie.method;
      }
    }
    return new Lying(truth.url, { method: truth.method, body: truth.body ?? null });
  },
  "subclass whose getters lie only after the first read": (truth, lie) => {
    let reads = 0;
    class Flipping extends Request {
      override get url() {
        return reads++ < 2 ? lie.url : super.url;
      }
      override get method() {
        return reads < 2 ? lie.method : super.method;
      }
    }
    return new Flipping(truth.url, { method: truth.method, body: truth.body ?? null });
  },
  "proxy over a request, its state taken from another": (truth, lie) => {
    const real = new Request(truth.url, { method: truth.method, body: truth.body ?? null });
    const shown = new Request(lie.url, { method: lie.method });
    return new Proxy(shown, {
      get(target, key) {
        const from = typeof key === "symbol" ? real : target;
        const value = Reflect.get(from, key, from);
        return typeof value === "function" ? value.bind(from) : value;
      },
    });
  },
  "prototype-only object with own url and method": (truth, lie) => {
    const fake = Object.create(Request.prototype) as Request;
    Object.defineProperty(fake, "url", { value: lie.url });
    Object.defineProperty(fake, "method", { value: lie.method });
    Object.defineProperty(fake, "toString", { value: () => truth.url });
    return fake;
  },
};

describe.each(variants)("lying requests from a green client ($name)", (variant) => {
  const lie = { method: LIE.method, url: `${OBSERVED_BASE}${LIE.path}` };

  test("from a middleware: every lie judged on what would be sent; nothing above green leaves", async () => {
    let attempts = 0;
    for (const [how, make] of Object.entries(LIARS)) {
      for (const truth of TRUTHS) {
        const spec = { method: truth.method, url: truth.url(OBSERVED_BASE), body: truth.body };
        const { client, sent, tokenRequests } = createObservedClient({ color: "green" }, undefined, variant);
        client.use({ onRequest: () => make(spec, lie) });
        const outcome = await client.GET(LIE.path).then(
          (r) => `sent ${r.response.status}`,
          (e: Error) => e.name,
        );
        attempts++;
        expect(sent, `${how}: ${spec.method} ${spec.url} (${outcome})`).toEqual([]);
        expect(tokenRequests).toBe(0);
        expect(outcome, how).not.toMatch(/^sent/);
      }
    }
    expect(attempts).toBe(Object.keys(LIARS).length * TRUTHS.length);
  });

  test("a lie in the other direction is judged on the truth too: the green call goes out, with its token", async () => {
    const { client, sent } = createObservedClient({ color: "green" }, undefined, variant);
    client.use({
      onRequest: () =>
        LIARS["subclass with lying getters"]!(
          { method: "GET", url: `${OBSERVED_BASE}/account/` },
          { method: "POST", url: `${OBSERVED_BASE}/utilities/command/perlmutter` },
        ),
    });
    const { response } = await client.GET("/tasks");
    expect(response.status).toBe(200);
    expect(sent).toEqual([{ method: "GET", url: `${OBSERVED_BASE}/account/`, authorization: "tok-1", body: "" }]);
  });

  test("a per-call Request class slipped past the refusal (a getter read twice) is judged on the truth", async () => {
    for (const truth of TRUTHS) {
      const spec = { method: truth.method, url: truth.url(OBSERVED_BASE), body: truth.body };
      const { client, sent } = createObservedClient({ color: "green" }, undefined, variant);
      let reads = 0;
      const Liar = (() => LIARS["subclass with lying getters"]!(spec, lie)) as unknown as typeof Request;
      const init = {
        get Request() {
          return reads++ === 0 ? undefined : Liar;
        },
      };
      await client.GET(LIE.path, init).then(
        () => undefined,
        () => undefined,
      );
      expect(sent, `${spec.method} ${spec.url}`).toEqual([]);
    }
  });

  test("the token is on the sent copy only: no middleware sees it in onRequest, onResponse or onError", async () => {
    const seen: (string | null)[] = [];
    const kept: Request[] = [];
    const watch = {
      onRequest: ({ request }: { request: Request }) => {
        kept.push(request);
        seen.push(request.headers.get("authorization"));
      },
      onResponse: ({ request }: { request: Request }) => {
        seen.push(request.headers.get("authorization"));
      },
      onError: ({ request }: { request: Request }) => {
        seen.push(request.headers.get("authorization"));
      },
    };
    let fail = false;
    // One attempt per call: this test is about where the token is, not about retrying a GET after a network error.
    const { client, sent } = createObservedClient(
      { color: "red", callRetry: false },
      () => {
        if (fail) throw new TypeError("network down");
        return Response.json({ ok: true });
      },
      variant,
    );
    client.use(watch);
    await client.GET("/account/");
    await client.POST("/utilities/command/{machine}", {
      params: { path: { machine: "perlmutter" } },
      body: { executable: "id" },
    });
    fail = true;
    await expect(client.GET("/tasks")).rejects.toMatchObject({
      name: "NetworkError",
      cause: { message: "network down" },
    });
    expect(sent.map((s) => s.authorization)).toEqual(["tok-1", "tok-1", "tok-1"]);
    // Three onRequest, two onResponse, one onError.
    expect(seen).toHaveLength(6);
    expect(seen.every((h) => h === null)).toBe(true);
    expect(kept.map((r) => r.headers.get("authorization"))).toEqual([null, null, null]);
  });

  test('a redirect with redirect: "error" rejects with a coded RedirectError, not a TypeError', async () => {
    const { client } = createObservedClient(
      { color: "green" },
      () => Response.redirect(`${OBSERVED_BASE}/account/`, 302),
      variant,
    );
    const error = await client.GET("/tasks", { redirect: "error" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(variant.errors.SfapiError.is(error)).toBe(true);
    expect(error).toMatchObject({ name: "RedirectError", code: "ERR_REDIRECT", status: 302 });
  });
});

describe.each(variants)("lying requests on real loopback servers ($name)", ({ createClient }) => {
  const key = rsaKey();
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const other = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const green = () =>
    createClient({
      color: "green",
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
    });

  test("a lying subclass aimed at the command operation or at another host sends nothing anywhere", async () => {
    for (const target of [
      { method: "POST", url: `${servers.baseUrl}/utilities/command/perlmutter`, body: "executable=id" },
      { method: "GET", url: `${other.baseUrl}/tasks` },
    ]) {
      const client = green();
      client.use({
        onRequest: () =>
          LIARS["subclass with lying getters"]!(target, { method: "GET", url: `${servers.baseUrl}/tasks` }),
      });
      await expect(client.GET("/tasks")).rejects.toMatchObject({ name: "ScopeError" });
    }
    expect(servers.requestCount()).toBe(0);
    expect(other.requestCount()).toBe(0);
  });

  test('a middleware asking for redirect: "follow" does not make fetch follow a redirect the guard refuses', async () => {
    servers.override = (call) =>
      call.url === "/api/v1.2/tasks/1"
        ? { status: 302, body: "", headers: { location: "/api/v1.2/utilities/download/perlmutter/global" } }
        : undefined;
    const client = green();
    client.use({ onRequest: ({ request }: { request: Request }) => new Request(request, { redirect: "follow" }) });
    const { response } = await client.GET("/tasks/{id}", { params: { path: { id: "1" } } });
    expect(response.status).toBe(302);
    expect(servers.apiCalls.map((c) => c.url)).toEqual(["/api/v1.2/tasks/1"]);
  });
});

describe("lying requests as a property", () => {
  const entries = Object.values(operations);
  const table = compileTable(operations);
  const SEED = 2402;
  const RUNS = 200;
  /** Would a green client be allowed this request as the network receives it? */
  const greenMay = (method: string, url: string) => {
    if (!url.startsWith(`${OBSERVED_BASE}/`)) return false;
    const segments = url
      .slice(OBSERVED_BASE.length + 1)
      .split("?")[0]!
      .split("/")
      .map(decodeURIComponent);
    const matches = matchAll(table, method, segments);
    return matches.length > 0 && matches.every((e) => canCall(ladder, "green", e.scope));
  };

  test(`${RUNS} random lies (seed ${SEED}): every request that reaches the network is one green may make`, async () => {
    let refused = 0;
    let sentCount = 0;
    const request = fc.record({
      entry: fc.constantFrom(...entries),
      value: fc.constantFrom("perlmutter", "1", "x", "a%2Fb"),
      host: fc.constantFrom(OBSERVED_BASE, "https://elsewhere.example.test/api/v1.2", "https://api.example.test/api"),
    });
    await fc.assert(
      fc.asyncProperty(request, request, fc.constantFrom(...Object.keys(LIARS)), async (truth, lie, how) => {
        const url = (r: typeof truth) => r.host + r.entry.path.replace(/\{[^}]+\}/g, r.value);
        const spec = {
          method: truth.entry.method,
          url: url(truth),
          body: truth.entry.method === "GET" ? undefined : "x=1",
        };
        const { client, sent } = createObservedClient({ color: "green" });
        client.use({ onRequest: () => LIARS[how]!(spec, { method: lie.entry.method, url: url(lie) }) });
        await client.GET("/tasks").then(
          () => undefined,
          () => refused++,
        );
        sentCount += sent.length;
        for (const s of sent) expect(greenMay(s.method, s.url), `${how}: ${s.method} ${s.url}`).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(refused + sentCount).toBeGreaterThanOrEqual(RUNS);
  });
});
