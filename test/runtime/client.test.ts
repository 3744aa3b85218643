/**
 * The client end to end against real loopback servers: the red client's command call (bare token, form body,
 * accept header), `?tags=`, public calls without credentials, the token never leaving baseUrl, the Bearer option,
 * single-flight tokens, refresh on expiry and on 401, the client's own expiry, secrets, and waitForTask.
 */
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CLIENT_ID, rsaKey } from "./keys-fixture.js";
import { issue, startServers, type TestServers } from "./servers.js";
import { variants } from "./variants.js";

const key = rsaKey();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(variants)("client ($name)", ({ createClient, runtime }) => {
  let servers: TestServers;
  let other: TestServers;
  beforeAll(async () => {
    [servers, other] = await Promise.all([startServers({ publicKey: key.publicKey, clientId: CLIENT_ID }), startServers({ publicKey: key.publicKey, clientId: CLIENT_ID })]);
  });
  afterAll(async () => {
    await Promise.all([servers.close(), other.close()]);
  });
  beforeEach(() => {
    servers.reset();
    other.reset();
  });
  const client = (color: string, extra: Record<string, unknown> = {}) =>
    createClient({ color, clientId: CLIENT_ID, privateKey: key.pkcs8, baseUrl: servers.baseUrl, tokenUrl: servers.tokenUrl, ...extra });

  test("red runs a command: bare token, form-urlencoded body, accept: application/json", async () => {
    const red = client("red");
    const { data, response } = await red.POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } }, body: { executable: "hostname -f" } });
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
    await red.PUT("/account/groups/{group}", { params: { path: { group: "g1" } }, body: { usernames: ["a", "b"], action: "add" } });
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

  test("the token is attached only below baseUrl, never to another origin", async () => {
    const green = client("green");
    await green.GET("/tasks", { baseUrl: other.baseUrl });
    expect(other.apiCalls).toHaveLength(1);
    expect(other.apiCalls[0]!.headers.authorization).toBeUndefined();
    expect(servers.tokenCalls).toHaveLength(0);
    await green.GET("/tasks");
    expect(servers.apiCalls[0]!.headers.authorization).toBe("tok-1");
  });

  test("authorizationPrefix sends `Bearer <token>` for deployments that want it", async () => {
    servers.authScheme = "Bearer";
    const { response } = await client("green", { authorizationPrefix: "Bearer" }).GET("/account/");
    expect(response.status).toBe(200);
    expect(servers.apiCalls[0]!.headers.authorization).toBe("Bearer tok-1");
  });

  test("1,000 concurrent calls on a fresh client make exactly 1 token request; after expiry exactly 1 more", async () => {
    servers.tokenReply = (n) => issue(servers, n, 1);
    const green = client("green");
    const first = await Promise.all(Array.from({ length: 1000 }, () => green.GET("/account/")));
    expect(first.every((r) => r.response.status === 200)).toBe(true);
    expect(servers.tokenCalls).toHaveLength(1);
    expect(new Set(servers.apiCalls.map((c) => c.headers.authorization))).toEqual(new Set(["tok-1"]));
    await sleep(1100); // past the 1 s lifetime
    const second = await Promise.all(Array.from({ length: 200 }, () => green.GET("/account/")));
    expect(second.every((r) => r.response.status === 200)).toBe(true);
    expect(servers.tokenCalls).toHaveLength(2);
    expect(servers.tokenCalls.every((c) => c.problem === undefined)).toBe(true);
    expect(servers.apiCalls.slice(1000).every((c) => c.headers.authorization === "tok-2")).toBe(true);
  });

  test("a 401 drops the token, fetches exactly one new token and retries the call once (with its body)", async () => {
    const red = client("red");
    await red.GET("/account/");
    servers.valid.delete("tok-1"); // the facility revokes it
    const { data, response } = await red.POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } }, body: { executable: "date" } });
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
    servers.tokenReply = (n) => issue(servers, n, null, jwt(Math.floor(Date.now() / 1000) + 1));
    const short = client("green");
    await short.GET("/account/");
    await sleep(600); // a token living <= 1 s is refreshed after half its lifetime
    await short.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(2);

    servers.reset();
    servers.tokenReply = (n) => issue(servers, n, null);
    const opaque = client("green");
    await opaque.GET("/account/");
    await sleep(600);
    await opaque.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(1);
  });

  test("clientExpiresAt in the past: ClientExpiredError and no token request", async () => {
    const expired = client("green", { clientExpiresAt: new Date(Date.now() - 1000) });
    const error = await expired.GET("/account/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(runtime.ClientExpiredError);
    expect((error as Error).name).toBe("ClientExpiredError");
    expect(servers.requestCount()).toBe(0);
  });

  test("clientExpiresAt within 24 h: one warning through the logger, however many tokens are fetched", async () => {
    const warnings: string[] = [];
    servers.tokenReply = (n) => issue(servers, n, 1);
    const soon = client("green", { clientExpiresAt: new Date(Date.now() + 3 * 3600_000), logger: { warn: (m: string) => warnings.push(m) } });
    await soon.GET("/account/");
    await sleep(600); // half the 1 s lifetime: the next call fetches a new token
    await soon.GET("/account/");
    expect(servers.tokenCalls).toHaveLength(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/expires at .* \(in 3 h\)/);
  });

  test("no key, assertion or token in util.inspect(client), errors or log lines", async () => {
    const warnings: string[] = [];
    const red = client("red", { clientExpiresAt: Date.now() + 3600_000, logger: { warn: (m: string) => warnings.push(m) } });
    await red.GET("/account/");
    const assertion = servers.tokenCalls[0]!.assertion;
    const secrets = [key.pkcs8.split("\n")[1]!, assertion, "tok-1"];
    // The token endpoint echoes the assertion in its error: the TokenError must not repeat it.
    servers.tokenReply = () => ({ status: 400, body: JSON.stringify({ error: "invalid_grant", error_description: `bad assertion ${servers.tokenCalls.at(-1)!.assertion}` }) });
    servers.valid.clear();
    const { response } = await red.GET("/account/").catch((e: unknown) => ({ response: undefined, error: e }) as never);
    expect(response).toBeUndefined();
    const error = await client("green").GET("/account/").catch((e: unknown) => e);
    expect((error as Error).name).toBe("TokenError");
    expect((error as Error).message).toContain("[assertion]");
    const echoed = servers.tokenCalls.at(-1)!.assertion;
    const shown = [inspect(red, { depth: 10, showHidden: true }), inspect(error, { depth: 10 }), JSON.stringify(error), String(error), ...warnings].join("\n");
    for (const secret of [...secrets, echoed]) expect(shown).not.toContain(secret);
    expect(inspect(red)).toContain('color: "red"');
  });

  test("waitForTask polls GET /tasks/{id} until the task stops running and returns it", async () => {
    servers.taskStates = ["new", "new", "completed"];
    const red = client("red");
    const { data } = await red.POST("/utilities/command/{machine}", { params: { path: { machine: "dtn01" } }, body: { executable: "hostname" } });
    const task = await runtime.waitForTask(red as never, data.task_id, { interval: 5, timeout: 5000 });
    expect(task).toEqual({ id: "task-1", status: "completed", result: '{"output":"nid001"}' });
    expect(servers.apiCalls.filter((c) => c.url === "/api/v1.2/tasks/task-1")).toHaveLength(3);
  });

  test("waitForTask gives up with TaskError at its timeout, and stops on abort", async () => {
    servers.taskStates = ["new"];
    const green = client("green");
    const late = await runtime.waitForTask(green as never, "t9", { interval: 5, timeout: 50 }).catch((e: unknown) => e);
    expect(late).toMatchObject({ name: "TaskError", taskId: "t9", lastStatus: "new" });
    const controller = new AbortController();
    const waiting = runtime.waitForTask(green as never, "t9", { interval: 5, timeout: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 30);
    await expect(waiting).rejects.toThrow("stop");
  });
});

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
