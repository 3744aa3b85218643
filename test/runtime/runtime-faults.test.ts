/**
 * Our generated client against the facility's faults on demand (the tests' one token endpoint, with its fault hooks):
 * Retry-After honoured on the token endpoint, a failed token request not cached, a slow token endpoint cut by the
 * client's deadline, and a token that dies before its expires_in. Back-off waits pass on a virtual clock.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../generated/index.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";
import { testClient } from "../support/facility.js";

async function withClient(
  options: Parameters<typeof startFacility>[0],
  run: (
    facility: Facility,
    client: ReturnType<typeof createClient>,
    clock: ReturnType<typeof virtualTime>,
  ) => Promise<void>,
  clientOptions: Partial<Parameters<typeof createClient>[0]> = {},
) {
  const clock = virtualTime();
  const facility = await startFacility({ ...options, now: clock.now });
  try {
    const key = await testClient(facility, "green");
    const client = createClient({
      color: "green",
      clientId: key.clientId,
      privateKey: key.privateKeyPem,
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
      clock,
      ...clientOptions,
    } as Parameters<typeof createClient>[0]);
    await run(facility, client, clock);
  } finally {
    await facility.close();
  }
}

const tokenStatuses = (facility: Facility) => facility.requests.filter((r) => r.path === "/token").map((r) => r.status);

describe("our client under the facility's faults", () => {
  it("waits as Retry-After says on 503 from the token endpoint, then gets its token", async () => {
    await withClient(
      { faults: [{ target: "token", status: 503, retryAfterSeconds: 2, times: 2 }] },
      async (facility, client, clock) => {
        const { response } = await client.GET("/account/", {});
        expect(response.status).toBe(200);
        expect(tokenStatuses(facility)).toEqual([503, 503, 200]);
        expect(clock.slept).toEqual([2000, 2000]);
      },
    );
  });

  it("a token request answered 500 is not cached: the next call asks again", async () => {
    await withClient({ faults: [{ target: "token", status: 500, times: 1 }] }, async (facility, client) => {
      await expect(client.GET("/account/", {})).rejects.toMatchObject({ name: "TokenError" });
      expect((await client.GET("/account/", {})).response.status).toBe(200);
      expect(tokenStatuses(facility)).toEqual([500, 200]);
    });
  });

  it("a slow token endpoint is cut by the client's deadline", async () => {
    await withClient(
      { faults: [{ target: "token", delayMs: 2000 }] },
      async (_facility, client) => {
        await expect(client.GET("/account/", {})).rejects.toMatchObject({ name: "TokenError" });
      },
      { timeoutMs: 100, retry: { attempts: 1 } },
    );
  });

  it("an API 429 on a GET is retried after its Retry-After; with callRetry: false it reaches the caller", async () => {
    await withClient(
      { faults: [{ path: "/account", status: 429, retryAfterSeconds: 5, times: 1 }] },
      async (facility, client, clock) => {
        expect((await client.GET("/account/", {})).response.status).toBe(200);
        expect(facility.requests.filter((r) => r.path !== "/token").map((r) => r.status)).toEqual([429, 200]);
        expect(clock.slept).toEqual([5000]);
      },
    );
    await withClient(
      { faults: [{ path: "/account", status: 429, retryAfterSeconds: 5, times: 1 }] },
      async (_f, client) => {
        const first = await client.GET("/account/", {});
        expect([first.response.status, first.response.headers.get("retry-after")]).toEqual([429, "5"]);
        expect((await client.GET("/account/", {})).response.status).toBe(200);
      },
      { callRetry: false },
    );
  });

  it("a token that dies before its expires_in: the 401 makes the client fetch a new one and retry once", async () => {
    await withClient({ tokenRealLifetimeSeconds: 1 }, async (facility, client, clock) => {
      expect((await client.GET("/account/", {})).response.status).toBe(200);
      clock.advance(2000);
      // Still within the 600 s expires_in the client was told: it sends the old token, is refused, and recovers.
      expect((await client.GET("/account/", {})).response.status).toBe(200);
      expect(facility.requests.map((r) => [r.path, r.status])).toEqual([
        ["/token", 200],
        ["/api/v1.2/account/", 200],
        ["/api/v1.2/account/", 401],
        ["/token", 200],
        ["/api/v1.2/account/", 200],
      ]);
    });
  });
});
