/**
 * Token endpoint faults, each through an API call that then never reaches the API: timeout (also when the fetch
 * implementation ignores the abort signal), network error, 500, 502/503/504 and 429 (retried with back-off,
 * Retry-After honoured), invalid JSON, an endless or oversized answer, missing or header-unsafe access_token, an OAuth
 * error body. Each ends in a TokenError with the fields that explain it, after a bounded number of attempts. Back-off
 * waits run on a virtual clock: the test checks how long the client asked to wait, without waiting. The endpoint is
 * the local facility's; its test hooks script each answer (servers.ts).
 */
import { inspect } from "node:util";
import { beforeEach, describe, expect, test } from "vitest";
import { type VirtualTime, virtualTime } from "../support/clock.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { issue, json, type Reply, startServers, useServers } from "../support/servers.js";
import { variants } from "../support/variants.js";

const key = rsaKey();
const ATTEMPTS = 3;

describe.each(variants)("token endpoint faults ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  let clock: VirtualTime;
  beforeEach(() => {
    clock = virtualTime();
  });

  const client = (tokenUrl = servers.tokenUrl, extra: Record<string, unknown> = {}) =>
    createClient({
      color: "green",
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl,
      // Generous: a loaded machine must not turn a slow 500 into a timeout and a retry. The timeout tests set 150 ms.
      timeoutMs: 10_000,
      retry: { attempts: ATTEMPTS, baseDelayMs: 5, maxDelayMs: 2000 },
      clock,
      ...extra,
    });

  async function tokenError(reply: (n: number) => Reply, tokenUrl?: string, extra: Record<string, unknown> = {}) {
    servers.tokenReply = reply;
    const error = await client(tokenUrl, extra)
      .GET("/account/")
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(errors.TokenError);
    expect(servers.apiCalls).toHaveLength(0);
    return error as InstanceType<typeof errors.TokenError>;
  }

  test("timeout: every attempt times out, then TokenError timeout", async () => {
    const error = await tokenError(() => "hang", undefined, { timeoutMs: 150 });
    expect(error).toMatchObject({ name: "TokenError", error: "timeout", attempts: ATTEMPTS, status: undefined });
    expect(error.message).toContain(`after ${ATTEMPTS} attempts`);
    expect(error.message).toContain("no answer within 150 ms");
    expect(servers.tokenCalls).toHaveLength(ATTEMPTS);
  });

  test("network error: nothing listening, then TokenError network_error", async () => {
    const closed = await startServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
    await closed.close();
    const error = await tokenError(() => issue(servers, 1), closed.tokenUrl);
    expect(error).toMatchObject({ error: "network_error", attempts: ATTEMPTS });
    expect(error.message).toMatch(/could not reach it \(ECONNREFUSED/);
  });

  test("500 is not retried: TokenError with the status", async () => {
    const error = await tokenError(() => ({ status: 500, body: "Internal Server Error" }));
    expect(error).toMatchObject({ error: "http_error", status: 500, attempts: 1 });
    expect(servers.tokenCalls).toHaveLength(1);
  });

  test("502, 503 and 504 are retried; success on the last attempt", async () => {
    const faults = [502, 503];
    servers.tokenReply = (n) => (n <= faults.length ? { status: faults[n - 1]!, body: "busy" } : issue(servers, n));
    const { response } = await client().GET("/account/");
    expect(response.status).toBe(200);
    expect(servers.tokenCalls).toHaveLength(3);
    expect(servers.apiCalls[0]!.headers.authorization).toBe("tok-3");
  });

  test("504 on every attempt: TokenError after the attempt limit", async () => {
    const error = await tokenError(() => ({ status: 504, body: "" }));
    expect(error).toMatchObject({ error: "http_error", status: 504, attempts: ATTEMPTS });
    expect(servers.tokenCalls).toHaveLength(ATTEMPTS);
  });

  test("429 with Retry-After: the retry waits as asked, then succeeds", async () => {
    servers.tokenReply = (n) =>
      n === 1 ? json(429, { error: "slow_down" }, { "retry-after": "1" }) : issue(servers, n);
    const { response } = await client().GET("/account/");
    expect(response.status).toBe(200);
    expect(servers.tokenCalls).toHaveLength(2);
    expect(clock.slept).toHaveLength(1);
    expect(clock.slept[0]).toBeGreaterThanOrEqual(1000);
  });

  test("a fetch that ignores the abort signal still times out: the deadline is the client's own", async () => {
    let started = 0;
    const ignoresSignals = (request: Request) => {
      if (!request.url.endsWith("/token")) return fetch(request);
      started++;
      return new Promise<Response>(() => undefined); // never settles, whatever the signal says
    };
    const error = await client(servers.tokenUrl, { fetch: ignoresSignals, timeoutMs: 50 })
      .GET("/account/")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TokenError", error: "timeout", attempts: ATTEMPTS });
    expect(started).toBe(ATTEMPTS);
  });

  test("an endless token answer is cut off: TokenError invalid_response, not a growing buffer", async () => {
    let chunks = 0;
    const endless = (request: Request) => {
      if (!request.url.endsWith("/token")) return fetch(request);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          chunks++;
          controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { "content-type": "application/json" } }));
    };
    const error = await client(servers.tokenUrl, { fetch: endless })
      .GET("/account/")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TokenError", error: "invalid_response", attempts: 1 });
    expect((error as Error).message).toContain("larger than 65536 bytes");
    expect(chunks).toBeLessThan(10);
  });

  test("an oversized token answer from the endpoint itself is refused the same way", async () => {
    const padding = "x".repeat(70 * 1024);
    const error = await tokenError(() => json(200, { access_token: "tok", expires_in: 600, padding }));
    expect(error).toMatchObject({ error: "invalid_response", attempts: 1 });
    expect(error.message).toContain("larger than 65536 bytes");
    expect(servers.tokenCalls).toHaveLength(1);
  });

  test("an access_token a header cannot carry: TokenError without the token in it", async () => {
    const token = "secret-part\r\nx-injected: 1";
    const error = await tokenError(() => json(200, { access_token: token, expires_in: 600 }));
    expect(error).toMatchObject({ error: "invalid_response", attempts: 1 });
    expect(error.message).toContain("characters an Authorization header cannot carry");
    const shown = [error.message, inspect(error, { depth: 5 }), JSON.stringify(error)].join("\n");
    expect(shown).not.toContain("secret-part");
  });

  test("429 asking for longer than retry.maxDelayMs: TokenError at once, saying so", async () => {
    const error = await tokenError(() =>
      json(429, { error: "slow_down", error_description: "rate limited" }, { "retry-after": "120" }),
    );
    expect(error).toMatchObject({ error: "slow_down", errorDescription: "rate limited", status: 429, attempts: 1 });
    expect(error.message).toContain("retry after 120 s");
  });

  test("invalid JSON: TokenError invalid_response", async () => {
    const error = await tokenError(() => ({
      status: 200,
      body: "<html>login</html>",
      headers: { "content-type": "text/html" },
    }));
    expect(error).toMatchObject({ error: "invalid_response", status: 200, attempts: 1 });
    expect(error.message).toContain("not JSON");
  });

  test("no access_token: TokenError invalid_response", async () => {
    const error = await tokenError(() => json(200, { token_type: "Bearer", expires_in: 600 }));
    expect(error).toMatchObject({ error: "invalid_response", attempts: 1 });
    expect(error.message).toContain("no access_token");
  });

  test("an OAuth error body (RFC 6749 §5.2) becomes TokenError error/errorDescription/status", async () => {
    const error = await tokenError(() =>
      json(401, { error: "invalid_client", error_description: "Client authentication failed" }),
    );
    expect(error).toMatchObject({
      error: "invalid_client",
      errorDescription: "Client authentication failed",
      status: 401,
      attempts: 1,
    });
    expect(error.message).toBe(
      `Token request to ${servers.tokenUrl} failed after 1 attempt: invalid_client: Client authentication failed (HTTP 401)`,
    );
  });

  test("a failed token request is not cached: the next call tries again", async () => {
    servers.tokenReply = (n) => (n === 1 ? json(400, { error: "invalid_grant" }) : issue(servers, n));
    const green = client();
    await expect(green.GET("/account/")).rejects.toMatchObject({ name: "TokenError" });
    const { response } = await green.GET("/account/");
    expect(response.status).toBe(200);
    expect(servers.tokenCalls).toHaveLength(2);
  });
});
