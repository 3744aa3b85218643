/**
 * The client end to end against real loopback servers: the red client's command call (bare token, form body,
 * accept header), `?tags=`, public calls without credentials, the token never leaving baseUrl, the Bearer option,
 * single-flight tokens, refresh on expiry and on 401, the client's own expiry, secrets, and waitForTask. Token
 * lifetimes run on a virtual clock: the tests move time instead of sleeping.
 */
import { inspect } from "node:util";
import { beforeEach, describe, expect, test } from "vitest";
import { type VirtualTime, virtualTime } from "../support/clock.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { issue, json, useServers } from "../support/servers.js";
import { op, variants } from "../support/variants.js";

const key = rsaKey();

describe.each(variants)("client ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const other = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  let clock: VirtualTime;
  beforeEach(() => {
    clock = virtualTime();
  });
  const client = (color: string, extra: Record<string, unknown> = {}) =>
    createClient({
      color,
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
      clock,
      ...extra,
    });

  test("red runs a command: bare token, form-urlencoded body, accept: application/json", async () => {
    const red = client("red");
    const { data, response } = await red.POST("/utilities/command/{machine}", {
      params: { path: { machine: "dtn01" } },
      body: { executable: "hostname -f" },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ task_id: "task-1", status: "OK" });
    expect(servers.tokenCalls).toHaveLength(1);
    expect(servers.tokenCalls[0]!.problem).toBeUndefined();
    const call = servers.apiCalls[0]!;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("/api/v1.2/utilities/command/dtn01");
    expect(call.headers.authorization).toBe("tok-1");
    expect(call.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(call.body).toBe("executable=hostname+-f");
    expect(call.headers.accept).toBe("application/json");
  });

  test("every operation the description marks form-urlencoded gets a form body, templated or concrete", async () => {
    const red = client("red");
    await red.POST("/utilities/command/perlmutter", { body: { executable: "id" } });
    await red.PUT("/account/groups/{group}", {
      params: { path: { group: "g1" } },
      body: { usernames: ["a", "b"], action: "add" },
    });
    expect(servers.apiCalls.map((c) => [c.url, c.headers["content-type"], c.body])).toEqual([
      ["/api/v1.2/utilities/command/perlmutter", "application/x-www-form-urlencoded", "executable=id"],
      ["/api/v1.2/account/groups/g1", "application/x-www-form-urlencoded", "usernames=a&usernames=b&action=add"],
    ]);
  });

  test('GET /tasks with tags: "" sends ?tags=', async () => {
    const { response } = await client("green").GET("/tasks", { params: { query: { tags: "" } } });
    expect(response.status).toBe(200);
    expect(servers.apiCalls.map((c) => c.url)).toEqual(["/api/v1.2/tasks?tags="]);
  });

  test("public operations need no credentials; secured ones then fail before any request", async () => {
    const anonymous = createClient({ color: "green", baseUrl: servers.baseUrl, tokenUrl: servers.tokenUrl });
    const { response } = await anonymous.GET("/status/");
    expect(response.status).toBe(200);
    expect(servers.apiCalls[0]!.headers.authorization).toBeUndefined();
    await expect(anonymous.GET("/tasks")).rejects.toMatchObject({ name: "CredentialsError" });
    expect(servers.tokenCalls).toHaveLength(0);
    expect(servers.apiCalls).toHaveLength(1);
  });

  test("a client with credentials requests no token for public operations", async () => {
    await client("green").GET("/status/{name}", { params: { path: { name: "perlmutter" } } });
    expect(servers.tokenCalls).toHaveLength(0);
    expect(servers.apiCalls[0]!.headers.authorization).toBeUndefined();
  });

  test("a per-call baseUrl elsewhere is refused for every color: nothing sent, no token", async () => {
    for (const color of ["green", "red"]) {
      await expect(client(color).GET("/tasks", { baseUrl: other.baseUrl })).rejects.toMatchObject({
        name: "ScopeError",
        color,
      });
    }
    expect(other.apiCalls).toHaveLength(0);
    expect(servers.tokenCalls).toHaveLength(0);
    await client("green").GET("/tasks");
    expect(servers.apiCalls[0]!.headers.authorization).toBe("tok-1");
  });

  test("a per-call baseUrl below the client's is guarded on the URL really sent", async () => {
    // GET /tasks is green, but with this base it is sent as GET /compute/jobs/tasks: readJobs, yellow.
    const base = `${servers.baseUrl}/compute/jobs`;
    const error = await client("green")
      .GET("/tasks", { baseUrl: base })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "ScopeError",
      operation: "readJobs",
      required: "yellow",
      path: "/compute/jobs/tasks",
    });
    expect(servers.requestCount()).toBe(0);
    const { response } = await client("yellow").GET("/tasks", { baseUrl: base });
    expect(response.status).toBe(200);
    expect(servers.apiCalls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/v1.2/compute/jobs/tasks"]);
  });

  test("a per-call baseUrl holding ? or # is refused as createClient's is, before any request", async () => {
    // `base + "/utilities/command/dtn01?"` would send runCommand while the code reads POST /account/groups.
    for (const tail of ["/utilities/command/dtn01?", "/utilities/command/dtn01#", "?x=1"]) {
      const error = await client("red")
        .POST("/account/groups", { baseUrl: `${servers.baseUrl}${tail}` } as never)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: "ConfigError",
        message: "a per-call baseUrl carries a query, fragment or credentials",
      });
    }
    expect(servers.requestCount()).toBe(0);
  });

  test("a per-call fetch and a middleware that rewrites the URL are guarded too", async () => {
    const seen: string[] = [];
    const own = (request: Request) => {
      seen.push(request.url);
      return fetch(request);
    };
    const green = client("green");
    await expect(
      green.POST("/utilities/command/dtn01", { body: { executable: "id" }, fetch: own }),
    ).rejects.toMatchObject({ name: "ScopeError" });
    expect(seen).toEqual([]);
    const { response } = await green.GET("/tasks", { fetch: own });
    expect(response.status).toBe(200);
    expect(seen).toEqual([`${servers.baseUrl}/tasks`]);
    // A middleware may change the request; the guard checks what it changed it into.
    green.use({
      onRequest: ({ request }: { request: Request }) =>
        new Request(request.url.replace("/account/", "/utilities/command/dtn01"), {
          method: "POST",
          headers: request.headers,
        }),
    });
    await expect(green.GET("/account/")).rejects.toMatchObject({ name: "ScopeError", operation: "runCommand" });
    expect(servers.apiCalls.map((c) => c.url)).toEqual(["/api/v1.2/tasks"]);
    await expect(green.GET("/tasks", { Request: class extends Request {} })).rejects.toThrow(/per-call `Request`/);
  });

  test("redirects: followed with the token only to targets the guard allows; others come back as the 3xx", async () => {
    servers.override = (call) => {
      if (call.url === "/api/v1.2/account")
        return { status: 307, body: "", headers: { location: `${servers.baseUrl}/account/` } };
      if (call.url === "/api/v1.2/tasks/1")
        return { status: 302, body: "", headers: { location: "/api/v1.2/utilities/command/dtn01" } };
      if (call.url === "/api/v1.2/tasks/2")
        return { status: 302, body: "", headers: { location: `${other.baseUrl}/tasks/2` } };
      return undefined;
    };
    const red = client("red");
    // /account -> /account/ (readUser): allowed, followed, token attached again.
    const followed = await red.GET("/account" as never);
    expect(followed.response.status).toBe(200);
    expect(servers.apiCalls.map((c) => [c.url, c.headers.authorization])).toEqual([
      ["/api/v1.2/account", "tok-1"],
      ["/api/v1.2/account/", "tok-1"],
    ]);
    servers.apiCalls.length = 0;
    // A green client's task read redirected to the command operation: not followed.
    const green = client("green");
    const stopped = await green.GET("/tasks/{id}", { params: { path: { id: "1" } } });
    expect(stopped.response.status).toBe(302);
    // Another origin: not followed, for any color.
    const away = await red.GET("/tasks/{id}", { params: { path: { id: "2" } } });
    expect(away.response.status).toBe(302);
    expect(servers.apiCalls.map((c) => c.url)).toEqual(["/api/v1.2/tasks/1", "/api/v1.2/tasks/2"]);
    expect(other.apiCalls).toHaveLength(0);
    // The caller may ask for the 3xx itself.
    servers.apiCalls.length = 0;
    const manual = await red.GET("/account" as never, { redirect: "manual" });
    expect(manual.response.status).toBe(307);
    expect(servers.apiCalls).toHaveLength(1);
  });

  test("authorizationPrefix sends `Bearer <token>` for deployments that want it", async () => {
    servers.authScheme = "Bearer";
    const { response } = await client("green", { authorizationPrefix: "Bearer" }).GET("/account/");
    expect(response.status).toBe(200);
    expect(servers.apiCalls[0]!.headers.authorization).toBe("Bearer tok-1");
  });

  test("100 concurrent calls on a fresh client make exactly 1 token request; after expiry exactly 1 more", async () => {
    servers.tokenReply = (n) => issue(servers, n, 1);
    const green = client("green");
    const first = await Promise.all(Array.from({ length: 100 }, () => green.GET("/account/")));
    expect(first.every((r) => r.response.status === 200)).toBe(true);
    expect(servers.tokenCalls).toHaveLength(1);
    expect(new Set(servers.apiCalls.map((c) => c.headers.authorization))).toEqual(new Set(["tok-1"]));
    clock.advance(1100); // past the 1 s lifetime
    const second = await Promise.all(Array.from({ length: 100 }, () => green.GET("/account/")));
    expect(second.every((r) => r.response.status === 200)).toBe(true);
    expect(servers.tokenCalls).toHaveLength(2);
    expect(servers.tokenCalls.every((c) => c.problem === undefined)).toBe(true);
    expect(servers.apiCalls.slice(100).map((c) => c.headers.authorization)).toEqual(Array(100).fill("tok-2"));
  });

  test("a 401 drops the token, fetches exactly one new token and retries the call once (with its body)", async () => {
    const red = client("red");
    await red.GET("/account/");
    servers.valid.delete("tok-1"); // the facility revokes it
    const { data, response } = await red.POST("/utilities/command/{machine}", {
      params: { path: { machine: "dtn01" } },
      body: { executable: "date" },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ task_id: "task-1", status: "OK" });
    expect(servers.tokenCalls).toHaveLength(2);
    expect(servers.apiCalls.map((c) => [c.method, c.headers.authorization, c.body])).toEqual([
      ["GET", "tok-1", ""],
      ["POST", "tok-1", "executable=date"],
      ["POST", "tok-2", "executable=date"],
    ]);
  });

  test("a second 401 is returned, not retried again", async () => {
    // Tokens the API never accepts.
    servers.tokenReply = (n) => ({ status: 200, body: JSON.stringify({ access_token: `bad-${n}`, expires_in: 600 }) });
    const { response } = await client("green").GET("/account/");
    expect(response.status).toBe(401);
    expect(servers.tokenCalls).toHaveLength(2);
    expect(servers.apiCalls).toHaveLength(2);
  });

  test("without expires_in the token's own JWT exp sets the lifetime; opaque tokens last 10 minutes", async () => {
    const jwt = (exp: number) => `${b64({ alg: "none" })}.${b64({ exp })}.sig`;
    servers.tokenReply = (n) => issue(servers, n, null, jwt(Math.floor(clock.now() / 1000) + 10));
    const short = client("green");
    await short.GET("/account/");
    clock.advance(7_000); // still fresh: used until a tenth of its lifetime is left
    await short.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(1);
    clock.advance(2_500); // within the last tenth: a new token
    await short.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(2);

    servers.reset();
    servers.tokenReply = (n) => issue(servers, n, null);
    const opaque = client("green");
    await opaque.GET("/account/");
    clock.advance(9 * 60_000 + 50_000);
    await opaque.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(1);
    clock.advance(6_000); // within the default 5 s of its end
    await opaque.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(2);
  });

  test("under continuous use a token is fetched once per lifetime, never twice, never used past it", async () => {
    servers.tokenReply = (n) => issue(servers, n, 10);
    const green = client("green");
    // A call every 500 ms of clock time for 100 s: ten token lifetimes.
    const used: { at: number; token: string }[] = [];
    const issuedAt = new Map<string, number>();
    for (let t = 0; t < 200; t++) {
      await green.GET("/account/");
      const token = String(servers.apiCalls.at(-1)!.headers.authorization);
      if (!issuedAt.has(token)) issuedAt.set(token, clock.now());
      used.push({ at: clock.now(), token });
      clock.advance(500);
    }
    // Each 10 s token serves until a tenth of its life is left (the 5 s default margin, capped at 1 s here): 9 s,
    // so calls at 0, 9, 18, ..., 99 s fetch one: 12 in 100 s.
    expect(servers.tokenCalls).toHaveLength(12);
    expect(used.every((u) => u.at - issuedAt.get(u.token)! < 10_000)).toBe(true);
  });

  test("clientExpiresAt in the past: ClientExpiredError and no token request", async () => {
    const expired = client("green", { clientExpiresAt: new Date(clock.now() - 1000) });
    const error = await expired.GET("/account/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errors.ClientExpiredError);
    expect(errors.SfapiError.is(error) && (error as { code: string }).code).toBe("ERR_CLIENT_EXPIRED");
    expect((error as Error).name).toBe("ClientExpiredError");
    expect(servers.requestCount()).toBe(0);
  });

  test("clientExpiresAt within 24 h: one warning through the logger, however many tokens are fetched", async () => {
    const warnings: string[] = [];
    servers.tokenReply = (n) => issue(servers, n, 1);
    const soon = client("green", {
      clientExpiresAt: new Date(clock.now() + 3 * 3600_000),
      logger: { warn: (m: string) => warnings.push(m) },
    });
    await soon.GET("/account/");
    clock.advance(1000); // the 1 s token has expired: the next call fetches a new one
    await soon.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/expires at .* \(in 3 h\)/);
  });

  test("no key, assertion or token in util.inspect(client), errors or log lines", async () => {
    const warnings: string[] = [];
    const red = client("red", {
      clientExpiresAt: clock.now() + 3600_000,
      logger: { warn: (m: string) => warnings.push(m) },
    });
    await red.GET("/account/");
    const assertion = servers.tokenCalls[0]!.assertion;
    const secrets = [key.pkcs8.split("\n")[1]!, assertion, "tok-1"];
    // The token endpoint echoes the assertion in its error: the TokenError must not repeat it.
    servers.tokenReply = () => ({
      status: 400,
      body: JSON.stringify({
        error: "invalid_grant",
        error_description: `bad assertion ${servers.tokenCalls.at(-1)!.assertion}`,
      }),
    });
    servers.valid.clear();
    const { response } = await red.GET("/account/").catch((e: unknown) => ({ response: undefined, error: e }) as never);
    expect(response).toBeUndefined();
    const error = await client("green")
      .GET("/account/")
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe("TokenError");
    expect((error as Error).message).toContain("[assertion]");
    const echoed = servers.tokenCalls.at(-1)!.assertion;
    const shown = [
      inspect(red, { depth: 10, showHidden: true }),
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
      String(error),
      ...warnings,
    ].join("\n");
    for (const secret of [...secrets, echoed]) expect(shown).not.toContain(secret);
    expect(inspect(red)).toContain('color: "red"');
  });

  test("waitForTask polls GET /tasks/{id} until the task stops running and returns it, result parsed", async () => {
    servers.taskStates = ["new", "new", "completed"];
    const red = client("red");
    const { data } = await red.POST("/utilities/command/{machine}", {
      params: { path: { machine: "dtn01" } },
      body: { executable: "hostname" },
    });
    const task = await red.waitForTask(data.task_id, { interval: 2000, timeout: 60_000 });
    expect(task).toEqual({ id: "task-1", status: "completed", result: { output: "nid001" } });
    expect(servers.apiCalls.filter((c) => c.url === "/api/v1.2/tasks/task-1")).toHaveLength(3);
    expect(clock.slept).toEqual([2000, 2000]);
  });

  test("waitForTask gives up with TaskError at its timeout, and stops on abort", async () => {
    servers.taskStates = ["new"];
    const green = client("green");
    const late = await green.waitForTask("t9", { interval: 1000, timeout: 5000 }).catch((e: unknown) => e);
    expect(late).toMatchObject({ name: "TaskError", code: "ERR_TASK", taskId: "t9", lastStatus: "new" });
    expect(clock.slept).toEqual([1000, 1000, 1000, 1000, 1000]);
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(green.waitForTask("t9", { signal: controller.signal })).rejects.toThrow("stop");
  });
});

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe.each(variants)("operations by name ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const client = (color: string) =>
    createClient({
      color,
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
    });

  test("a named call sends what the path-style call sends and resolves to the data", async () => {
    const red = client("red");
    const data = await op(red, "runCommand")({ path: { machine: "dtn01" }, body: { executable: "hostname" } });
    expect(data).toEqual({ task_id: "task-1", status: "OK" });
    expect(
      servers.apiCalls.map((c) => [c.method, c.url, c.headers["content-type"], c.body, c.headers.authorization]),
    ).toEqual([
      [
        "POST",
        "/api/v1.2/utilities/command/dtn01",
        "application/x-www-form-urlencoded",
        "executable=hostname",
        "tok-1",
      ],
    ]);
    await op(red, "readTasks")({ query: { tags: "" } });
    expect(servers.apiCalls.at(-1)!.url).toBe("/api/v1.2/tasks?tags=");
  });

  test("JSON-text fields arrive parsed; text that is not JSON stays as it came", async () => {
    const green = client("green");
    expect(await op(green, "readTask")({ path: { id: "7" } })).toEqual({
      id: "7",
      status: "completed",
      result: { output: "nid001" },
    });
    servers.override = (call) =>
      call.url === "/api/v1.2/tasks"
        ? json(200, { tasks: [{ id: "1", status: "failed", result: "not json {" }] })
        : undefined;
    expect(await op(green, "readTasks")()).toEqual({ tasks: [{ id: "1", status: "failed", result: "not json {" }] });
  });

  test("a non-2xx answer throws ResponseError (status, body, operation); .safe returns it instead", async () => {
    servers.override = () => json(404, { detail: "No such job 42" });
    const green = client("green");
    const error = await op(green, "readJob")({ path: { machine: "perlmutter", jobid: "42" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errors.ResponseError);
    expect(error).toMatchObject({
      name: "ResponseError",
      code: "ERR_RESPONSE",
      status: 404,
      operation: "readJob",
      body: { detail: "No such job 42" },
    });
    expect((error as Error).message).toBe(
      "readJob (GET /compute/jobs/{machine}/{jobid}) answered HTTP 404: No such job 42",
    );
    expect(JSON.stringify(error)).not.toContain("response");
    const result = await op(green, "readJob").safe({ path: { machine: "perlmutter", jobid: "42" } });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ detail: "No such job 42" });
    expect(result.response.status).toBe(404);
  });

  test("named calls are guarded like path-style ones: a green client's runCommand sends nothing", async () => {
    const error = await op(
      client("green"),
      "runCommand",
    )({ path: { machine: "dtn01" }, body: { executable: "id" } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ScopeError", operation: "runCommand", required: "red" });
    expect(servers.requestCount()).toBe(0);
  });

  test("a multipart operation gets FormData from a plain object", async () => {
    await op(
      client("red"),
      "uploadFile",
    )({ path: { machine: "dtn01", path: "notes.txt" }, body: { file: new Blob(["hello"], { type: "text/plain" }) } });
    const call = servers.apiCalls[0]!;
    expect(call.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(call.body).toContain('name="file"');
    expect(call.body).toContain("hello");
  });
});

describe("errors across copies of the runtime", () => {
  test("SfapiError.is and ScopeError.is recognise errors from the other copy; instanceof does not", async () => {
    const [template, generated] = variants;
    const error = await template!
      .createClient({ color: "green", baseUrl: "https://api.example.test/api/v1.2" })
      .POST("/utilities/command/dtn01")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(template!.errors.ScopeError);
    expect(error).not.toBeInstanceOf(generated!.errors.ScopeError);
    expect(generated!.errors.ScopeError.is(error)).toBe(true);
    expect(generated!.errors.SfapiError.is(error)).toBe(true);
    expect(generated!.errors.TokenError.is(error)).toBe(false);
    expect(generated!.errors.SfapiError.is(new Error("plain"))).toBe(false);
    expect(generated!.errors.SfapiError.is({ code: "ERR_SCOPE" })).toBe(false);
  });
});
