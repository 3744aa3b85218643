// The two exact figures of the call-overhead benchmark, as ordinary tests: a fresh client of the checked-in generated/
// client makes exactly one token request, carrying exactly one (verified, never reused) assertion, per token lifetime,
// whether its calls come one at a time or 1,000 at once. Real RSA key, and the local facility (the tests' one token
// endpoint) verifying every assertion and refusing a reused jti; the token's lifetime passes on one virtual clock that
// the client and the facility share, not in real time.
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../generated/index.js";
import type { CreatedClient, Facility } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";

// With no refresh margin the token serves its whole lifetime; the waves take no time on the virtual clock, and the
// clock is moved past the lifetime between them.
const LIFETIME_S = 5;
const clock = virtualTime();

let facility: Facility;
let key: CreatedClient;
beforeAll(async () => {
  facility = await startFacility({ tokenLifetimeSeconds: LIFETIME_S, now: clock.now });
  key = await facility.createClient("green");
});
afterAll(() => facility.close());

/** The jtis of the assertions the client sent, seen on its way out (the facility refuses one it has seen before). */
let jtis: string[] = [];
let logFrom = 0;
beforeEach(() => {
  jtis = [];
  logFrom = facility.requests.length;
});

function counts() {
  const tokenRequests = facility.requests.slice(logFrom).filter((r) => r.path === "/token");
  const granted = tokenRequests.filter((r) => r.status === 200).length;
  return {
    tokenRequests: tokenRequests.length,
    assertions: new Set(jtis).size,
    badAssertions: tokenRequests.length - granted,
  };
}

const fresh = () =>
  createClient({
    color: "green",
    clientId: key.clientId,
    privateKey: key.privateKeyPem,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
    refreshSkewMs: 0,
    clock,
    fetch: async (request: Request) => {
      if (request.url === facility.tokenUrl) {
        const form = new URLSearchParams(await request.clone().text());
        jtis.push(String(decodeJwt(form.get("client_assertion") ?? "").jti));
      }
      return fetch(request);
    },
  });
const call = (client: ReturnType<typeof fresh>) => client.GET("/account/", {});

async function inWaves(client: ReturnType<typeof fresh>, total: number, concurrency: number): Promise<number> {
  let ok = 0;
  for (let done = 0; done < total; done += concurrency) {
    const results = await Promise.all(Array.from({ length: Math.min(concurrency, total - done) }, () => call(client)));
    ok += results.filter((r) => r.response.status === 200 && r.data?.name === "mockuser").length;
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
      expect(counts()).toEqual({ tokenRequests: 1, assertions: 1, badAssertions: 0 });

      clock.advance(LIFETIME_S * 1000 + 100); // past the token's lifetime
      expect(await inWaves(client, total, concurrency)).toBe(total);
      expect(counts()).toEqual({ tokenRequests: 2, assertions: 2, badAssertions: 0 });
    });
  }

  it("counts what it should: two fresh clients are two token requests and two distinct assertions", async () => {
    await Promise.all([call(fresh()), call(fresh())]);
    expect(counts()).toEqual({ tokenRequests: 2, assertions: 2, badAssertions: 0 });
  });
});
