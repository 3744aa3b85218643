// The two exact figures of the call-overhead benchmark, as ordinary tests: a fresh client of the checked-in generated/
// client makes exactly one token request, carrying exactly one (verified, never reused) assertion, per token lifetime,
// whether its calls come one at a time or 1,000 at once. Real RSA key, real loopback token endpoint and API; the
// token's lifetime passes on the client's virtual clock, not in real time.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../generated/index.js";
import type { LoopbackApi } from "./bench/loopback-server.js";
import { startLoopbackApi } from "./bench/loopback-server.js";
import { virtualClock } from "./runtime/clock.js";

const CLIENT_ID = "counts-client";
// With no refresh margin the token serves its whole lifetime; the waves take no time on the virtual clock, and the
// clock is moved past the lifetime between them.
const LIFETIME_S = 5;
const { publicKey, privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

let api: LoopbackApi;
beforeAll(async () => {
  api = await startLoopbackApi({ publicKeyPem: publicKey, clientId: CLIENT_ID, tokenLifetimeS: LIFETIME_S });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const clock = virtualClock();
const fresh = () =>
  createClient({
    color: "green",
    clientId: CLIENT_ID,
    privateKey,
    baseUrl: api.baseUrl,
    tokenUrl: api.tokenUrl,
    refreshSkewMs: 0,
    clock,
  });
const call = (client: ReturnType<typeof fresh>) => client.GET("/tasks/{id}", { params: { path: { id: "1" } } });

async function inWaves(client: ReturnType<typeof fresh>, total: number, concurrency: number): Promise<number> {
  let ok = 0;
  for (let done = 0; done < total; done += concurrency) {
    const results = await Promise.all(Array.from({ length: Math.min(concurrency, total - done) }, () => call(client)));
    ok += results.filter((r) => r.response.status === 200 && r.data?.id === "1").length;
  }
  return ok;
}

describe("token requests and assertion signatures per token lifetime", () => {
  for (const [concurrency, total] of [
    [1, 200],
    [1000, 1000],
  ] as const) {
    it(`concurrency ${concurrency}: exactly 1 of each for a fresh client, exactly 1 more after the token expires`, async () => {
      const client = fresh();
      expect(await inWaves(client, total, concurrency)).toBe(total);
      expect(api.counts()).toEqual({ tokenRequests: 1, assertions: 1, badAssertions: 0 });

      clock.advance(LIFETIME_S * 1000 + 100); // past the token's lifetime
      expect(await inWaves(client, total, concurrency)).toBe(total);
      expect(api.counts()).toEqual({ tokenRequests: 2, assertions: 2, badAssertions: 0 });
    });
  }

  it("counts what it should: two fresh clients are two token requests and two distinct assertions", async () => {
    await Promise.all([call(fresh()), call(fresh())]);
    expect(api.counts()).toEqual({ tokenRequests: 2, assertions: 2, badAssertions: 0 });
  });
});
