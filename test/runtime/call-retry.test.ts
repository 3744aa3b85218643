/**
 * Retries of API calls against a real loopback server: GET retried on 429 (after its Retry-After), 502, 503, 504,
 * timeouts and refused connections, with back-off on the client's clock and a bound; never a POST; off with
 * `callRetry: false`; waitForTask riding out a 503 mid-poll. Also: tokens from elsewhere (`accessToken`), and
 * FastAPI's `detail` in ResponseError. Time is virtual: the back-off is recorded, never waited.
 */
import { inspect } from "node:util";
import { beforeEach, describe, expect, test } from "vitest";
import { type VirtualTime, virtualTime } from "../support/clock.js";
import { listenLocal } from "../support/http.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { type ApiCall, issue, json, type Reply, useServers } from "../support/servers.js";
import { op, variants } from "../support/variants.js";

const key = rsaKey();

describe.each(variants)("call retries ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  let clock: VirtualTime;
  beforeEach(() => {
    clock = virtualTime();
  });
  const client = (extra: Record<string, unknown> = {}) =>
    createClient({
      color: "red",
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
      clock,
      ...extra,
    });
  /** Answer the first `n` calls matching `match` with `reply`, then as usual. */
  const failFirst = (n: number, reply: Reply, match: (call: ApiCall) => boolean = () => true) => {
    let left = n;
    servers.override = (call) => (match(call) && left-- > 0 ? reply : undefined);
  };
  const apiCalls = () => servers.apiCalls.map((c) => `${c.method} ${c.url.replace("/api/v1.2", "")}`);

  test.each([502, 503, 504])("a GET answered %i is retried with growing back-off, then succeeds", async (status) => {
    failFirst(3, json(status, { detail: "upstream" }));
    const { data, response } = await client().GET("/status/{name}", { params: { path: { name: "perlmutter" } } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ method: "GET", path: "/status/perlmutter" });
    expect(apiCalls()).toEqual(Array(4).fill("GET /status/perlmutter"));
    // Default base 1 000 ms doubling, with jitter between half and all of it.
    expect(clock.slept).toHaveLength(3);
    clock.slept.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(500 * 2 ** i);
      expect(ms).toBeLessThanOrEqual(1000 * 2 ** i);
    });
  });

  test("429 waits as long as Retry-After asks; one asking for more than maxDelayMs is handed back", async () => {
    failFirst(1, json(429, { detail: "slow down" }, { "retry-after": "7" }));
    const ok = await client().GET("/status/");
    expect(ok.response.status).toBe(200);
    expect(clock.slept).toEqual([7000]);

    failFirst(1, json(429, { detail: "slow down" }, { "retry-after": "60" }));
    const given = await client().GET("/status/");
    expect(given.response.status).toBe(429);
    expect(given.error).toEqual({ detail: "slow down" });
    expect(clock.slept).toEqual([7000]);
  });

  test("bounded: after `attempts` the last answer is the call's answer (a ResponseError for a named call)", async () => {
    failFirst(100, json(503, { detail: "maintenance" }));
    const error = await op(client({ callRetry: { attempts: 3, baseDelayMs: 10 } }), "readTasks")().catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(errors.ResponseError);
    expect(error).toMatchObject({ status: 503, detail: "maintenance" });
    expect((error as Error).message).toContain("HTTP 503: maintenance");
    expect(apiCalls()).toEqual(Array(3).fill("GET /tasks"));
    expect(clock.slept).toHaveLength(2);
  });

  test("never a POST: a 503 to a command is the answer, sent once", async () => {
    failFirst(1, json(503, { detail: "busy" }), (c) => c.method === "POST");
    const { response } = await client().POST("/utilities/command/{machine}", {
      params: { path: { machine: "dtn01" } },
      body: { executable: "hostname" },
    });
    expect(response.status).toBe(503);
    expect(apiCalls()).toEqual(["POST /utilities/command/dtn01"]);
    expect(clock.slept).toEqual([]);
  });

  test("callRetry: false turns retries off; anything but 429/502/503/504 is never retried", async () => {
    failFirst(1, json(503, {}));
    expect((await client({ callRetry: false }).GET("/status/")).response.status).toBe(503);
    failFirst(1, json(500, {}));
    expect((await client().GET("/status/")).response.status).toBe(500);
    expect(apiCalls()).toEqual(["GET /status/", "GET /status/"]);
  });

  test("an attempt without an answer within timeoutMs is abandoned and retried", async () => {
    failFirst(1, "hang");
    const { response } = await client({ callRetry: { timeoutMs: 100 } }).GET("/status/");
    expect(response.status).toBe(200);
    expect(apiCalls()).toEqual(["GET /status/", "GET /status/"]);
    expect(clock.slept).toHaveLength(1);
  });

  /** A loopback origin with nothing listening: a real refused connection. */
  const closedBaseUrl = async () => {
    const closed = await listenLocal((_req, res) => res.end());
    await closed.close();
    return `${closed.origin}/api/v1.2`;
  };
  const counting = () => {
    const sent: string[] = [];
    const fetchCounting = (request: Request) => {
      sent.push(request.method);
      return fetch(request);
    };
    return { sent, fetch: fetchCounting };
  };

  test("a refused connection is retried up to the bound, then is a NetworkError naming the origin", async () => {
    const baseUrl = await closedBaseUrl();
    const { sent, fetch } = counting();
    const anonymous = createClient({ color: "green", baseUrl, clock, fetch, callRetry: { attempts: 4 } });
    const error = await anonymous.GET("/status/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errors.NetworkError);
    const origin = new URL(baseUrl).origin;
    expect(error).toMatchObject({ code: "ERR_NETWORK", origin, attempts: 4 });
    expect((error as Error).message).toMatch(
      new RegExp(
        `^GET ${origin.replace(/\./g, "\\.")}/api/v1\\.2/status/: no answer \\(ECONNREFUSED\\) after 4 attempts`,
      ),
    );
    expect(sent).toHaveLength(4);
    expect(clock.slept).toHaveLength(3);
  });

  test("by default a facility that does not answer is a NetworkError within callRetry.totalMs (30 s)", async () => {
    const baseUrl = await closedBaseUrl();
    const { sent, fetch } = counting();
    const started = clock.now();
    const green = createClient({ color: "green", baseUrl, clock, fetch, accessToken: "secret-token-123" });
    const error = await op(green, "readTasks")().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errors.NetworkError);
    expect(clock.now() - started).toBeLessThanOrEqual(30_000);
    // The back-off alone (1 s doubling, with jitter) reaches 30 s after 5 to 6 attempts, well before the 10 allowed.
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThan(10);
    expect((error as { attempts: number }).attempts).toBe(sent.length);
    const shown = `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 5 })}`;
    expect(shown).not.toContain("secret-token-123");
  });

  test("a POST that gets no answer is a NetworkError at once, sent once", async () => {
    const baseUrl = await closedBaseUrl();
    const { sent, fetch } = counting();
    const red = createClient({ color: "red", baseUrl, clock, fetch, accessToken: "t" });
    const error = await red
      .POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } }, body: { executable: "id" } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "NetworkError", attempts: 1 });
    expect((error as Error).message).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\.2\/utilities\/command\/dtn01: no answer/,
    );
    expect(sent).toEqual(["POST"]);
    expect(clock.slept).toEqual([]);
  });

  test("an error that is not a missing answer (a bug, an abort) reaches the caller as it was thrown", async () => {
    const bug = new TypeError("Headers.append: invalid header value");
    const throwing = () => Promise.reject(bug);
    const green = createClient({ color: "green", baseUrl: servers.baseUrl, clock, fetch: throwing, callRetry: false });
    expect(await green.GET("/status/").catch((e: unknown) => e)).toBe(bug);
    const stop = new AbortController();
    stop.abort(new Error("caller stopped"));
    const aborted = await client()
      .GET("/status/", { signal: stop.signal })
      .catch((e: unknown) => e);
    expect(aborted).not.toBeInstanceOf(errors.NetworkError);
  });

  test("every attempt running out of timeoutMs is a NetworkError that says it timed out", async () => {
    failFirst(2, "hang");
    const error = await client({ callRetry: { timeoutMs: 100, attempts: 2 } })
      .GET("/status/")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "NetworkError", attempts: 2 });
    expect((error as Error).message).toContain("no answer (timed out) after 2 attempts");
  });

  test("onRetry hears of each retry of a call that gets no answer, before its wait", async () => {
    const baseUrl = await closedBaseUrl();
    const events: unknown[] = [];
    const green = createClient({
      color: "green",
      baseUrl,
      clock,
      callRetry: { attempts: 3 },
      onRetry: (event: unknown) => events.push(event),
    });
    await expect(green.GET("/status/")).rejects.toThrow(errors.NetworkError);
    expect(events).toEqual([
      { what: "GET /api/v1.2/status/", attempt: 1, delay: clock.slept[0], status: undefined, error: "ECONNREFUSED" },
      { what: "GET /api/v1.2/status/", attempt: 2, delay: clock.slept[1], status: undefined, error: "ECONNREFUSED" },
    ]);
  });

  test("waitForTask rides out a 503 between polls", async () => {
    servers.taskStates = ["new", "completed"];
    let polls = 0;
    servers.override = (call) => (call.url.startsWith("/api/v1.2/tasks/") && ++polls === 2 ? json(503, {}) : undefined);
    const task = await client().waitForTask("t-1", { interval: 2000 });
    expect(task).toMatchObject({ id: "t-1", status: "completed", result: { output: "nid001" } });
    expect(apiCalls()).toEqual(Array(3).fill("GET /tasks/t-1"));
  });

  test("a waited task's result that is not a JSON object stays text", async () => {
    servers.override = (call) =>
      call.url.startsWith("/api/v1.2/tasks/") ? json(200, { id: "t", status: "completed", result: "42" }) : undefined;
    expect(await client().waitForTask("t")).toMatchObject({ result: "42" });
  });
});

describe.each(variants)("tokens from elsewhere ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const given = (accessToken: unknown, color = "red") =>
    createClient({ color, baseUrl: servers.baseUrl, accessToken } as never);

  test("a token string is sent as the Authorization header; no token request is made", async () => {
    issue(servers, 1, 600, "shared-token");
    const { response } = await given("shared-token").GET("/tasks");
    expect(response.status).toBe(200);
    expect(servers.apiCalls[0]!.headers.authorization).toBe("shared-token");
    expect(servers.tokenCalls).toEqual([]);
  });

  test("a function is asked for each call, and again after a 401", async () => {
    issue(servers, 1, 600, "second");
    const handed = ["first", "second", "second"];
    let asked = 0;
    const red = given(async () => handed[asked++]!);
    expect((await red.GET("/tasks")).response.status).toBe(200);
    expect(servers.apiCalls.map((c) => c.headers.authorization)).toEqual(["first", "second"]);
    expect((await red.GET("/tasks")).response.status).toBe(200);
    expect(asked).toBe(3);
  });

  test("the guard still applies: a call above the color sends nothing and asks for no token", async () => {
    let asked = 0;
    const green = given(() => {
      asked++;
      return "t";
    }, "green");
    await expect(
      green.POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } }, body: {} }),
    ).rejects.toBeInstanceOf(errors.ScopeError);
    expect(asked).toBe(0);
    expect(servers.apiCalls).toEqual([]);
  });

  test("a token a header cannot carry, or a failing function, is a TokenError that never shows the token", async () => {
    expect(() => given("bad token\n")).toThrow(errors.TokenError);
    const error = await given(() => "with space")
      .GET("/tasks")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TokenError", error: "invalid_token_source" });
    expect(JSON.stringify(error) + String(error)).not.toContain("with space");
    await expect(
      given(() => {
        throw new Error("vault sealed");
      }).GET("/tasks"),
    ).rejects.toMatchObject({ name: "TokenError", error: "token_source", message: expect.stringContaining("vault") });
  });

  test("accessToken with a key is a ConfigError", () => {
    expect(() =>
      createClient({
        color: "red",
        baseUrl: servers.baseUrl,
        accessToken: "t",
        clientId: CLIENT_ID,
        privateKey: key.pkcs8,
      }),
    ).toThrow(errors.ConfigError);
  });
});

describe.each(variants)("what the facility said ($name)", ({ errors }) => {
  const answer = (body: unknown) =>
    new errors.ResponseError({
      operation: "submitJob",
      method: "POST",
      path: "/compute/jobs/{machine}",
      response: new Response(null, { status: 422 }),
      body,
    });

  test("a validation error list reads as where: msg, in the message and in `detail`", () => {
    const error = answer({
      detail: [
        { loc: ["body", "job"], msg: "Field required", type: "missing" },
        { loc: ["path", "machine"], msg: "Input should be 'perlmutter'", type: "enum" },
      ],
    });
    expect(error.detail).toBe("body.job: Field required; path.machine: Input should be 'perlmutter'");
    expect(error.message).toBe(
      "submitJob (POST /compute/jobs/{machine}) answered HTTP 422: body.job: Field required; path.machine: Input should be 'perlmutter'",
    );
  });

  test("a string detail as it came; none when absent", () => {
    expect(answer({ detail: "Job not found" }).detail).toBe("Job not found");
    expect(answer({ other: 1 }).detail).toBeUndefined();
    expect(answer(undefined).message).toBe("submitJob (POST /compute/jobs/{machine}) answered HTTP 422");
  });
});
