/**
 * A browser's network failure (fetch's bare TypeError in a page: the request was blocked by CORS, or the browser is
 * offline) is an SfapiError at once, saying both causes: a NetworkError for an API call, a TokenError for the token
 * request; neither is retried for a minute first. Outside a page the same TypeError is retried, then is a NetworkError. "In a page"
 * is `document` on the global object, set here for the test; test/generator/facility/cors-browser.test.ts meets a real one.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type VirtualTime, virtualTime } from "../support/clock.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { variants } from "../support/variants.js";

const key = rsaKey();
const global = globalThis as { document?: unknown };

describe.each(variants)("a browser's network failure ($name)", ({ createClient }) => {
  let clock: VirtualTime;
  let sent: string[];
  const failing = (request: Request): Promise<Response> => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return Promise.reject(new TypeError("Failed to fetch"));
  };
  beforeEach(() => {
    clock = virtualTime();
    sent = [];
    global.document = {};
  });
  afterEach(() => {
    delete global.document;
  });
  const options = { color: "red", baseUrl: "https://api.example.org/api/v1.2", fetch: failing };

  test("an API call is a NetworkError naming CORS and offline, sent once", async () => {
    const client = createClient({ ...options, clock, accessToken: "token" });
    const error = await client.GET("/status/{name}", { params: { path: { name: "perlmutter" } } }).catch((e) => e);
    expect(error).toMatchObject({
      name: "NetworkError",
      code: "ERR_NETWORK",
      message: expect.stringMatching(
        /^GET https:\/\/api\.example\.org\/api\/v1\.2\/status\/perlmutter: no answer: .*blocked.*CORS.*offline/,
      ),
    });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(sent).toEqual(["GET /api/v1.2/status/perlmutter"]);
    expect(clock.slept).toEqual([]);
  });

  test("the token request is a TokenError network_error naming CORS and offline, asked once", async () => {
    const client = createClient({
      ...options,
      clock,
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      tokenUrl: "https://auth.example.org/token",
    });
    const error = await client.GET("/tasks").catch((e) => e);
    expect(error).toMatchObject({ name: "TokenError", error: "network_error", attempts: 1 });
    expect(error.message).toMatch(/blocked.*CORS.*offline/);
    expect(sent).toEqual(["POST /token"]);
    expect(clock.slept).toEqual([]);
  });

  test("outside a page the same TypeError is retried, as any network error, then is a NetworkError", async () => {
    delete global.document;
    const client = createClient({ ...options, clock, accessToken: "token", callRetry: { attempts: 3 } });
    const error = await client.GET("/tasks").catch((e) => e);
    expect(error).toMatchObject({ name: "NetworkError", origin: "https://api.example.org", attempts: 3 });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(sent).toHaveLength(3);
    expect(clock.slept).toHaveLength(2);
  });
});
