/**
 * Faults on demand: the API or the token endpoint answering 429 (with Retry-After) or 5xx, answering late, and tokens
 * that die before their expires_in. Each rule applies the number of times it says, then the real answers return.
 */
import { describe, expect, it } from "vitest";
import { OptionError } from "../../../generator/errors.js";
import type { TokenCall } from "../../../generator/facility/index.js";
import { startFacility } from "../../../generator/facility/index.js";
import {
  accessToken,
  api,
  assertion,
  postToken,
  TestClock,
  testClient,
  tokenForm,
  withFacility,
} from "../../support/facility.js";

describe("faults", () => {
  it("the token endpoint answers 500, then 429 with Retry-After, each once, then grants tokens again", async () => {
    await withFacility(
      {
        faults: [
          { target: "token", status: 500, times: 1 },
          { target: "token", status: 429, retryAfterSeconds: 9, times: 1 },
        ],
      },
      async (facility) => {
        const client = await testClient(facility, "red");
        const ask = async () =>
          postToken(facility, tokenForm(await assertion(facility, client.clientId, client.privateKeyPem)));
        const [first, second, third] = [await ask(), await ask(), await ask()];
        expect([first.status, first.body.error]).toEqual([500, "server_error"]);
        expect([second.status, second.body.error, second.headers.get("retry-after")]).toEqual([
          429,
          "temporarily_unavailable",
          "9",
        ]);
        expect(third.status).toBe(200);
      },
    );
  });

  it("API faults added while running hit only their path prefix, the given number of times", async () => {
    await withFacility({}, async (facility) => {
      const token = await accessToken(facility, await testClient(facility, "red"));
      facility.faults.add({ path: "/compute/jobs", status: 502, times: 1 });
      facility.faults.add({ path: "/compute/jobs", status: 504, times: 1 });
      facility.faults.add({ path: "/tasks", status: 503, retryAfterSeconds: 3 });
      const statuses = async (path: string, n: number) => {
        const seen: (number | string | null)[] = [];
        for (let i = 0; i < n; i++) {
          const answer = await api(facility, path, { token });
          seen.push(answer.status, answer.headers.get("retry-after"));
        }
        return seen;
      };
      expect(await statuses("/compute/jobs/perlmutter", 3)).toEqual([502, null, 504, null, 200, null]);
      expect(await statuses("/tasks", 2)).toEqual([503, "3", 503, "3"]);
      expect((await api(facility, "/status/")).status).toBe(200);
      facility.faults.clear();
      expect(await statuses("/tasks", 1)).toEqual([200, null]);
      // A fault answer is the facility's own JSON, counted in the request log like any other.
      facility.faults.add({ status: 429, times: 1 });
      const limited = await api(facility, "/status/");
      expect([limited.status, limited.body.detail, limited.headers.get("retry-after")]).toEqual([
        429,
        "sfapi-gen mock: fault injected (429)",
        "1",
      ]);
      expect(facility.requests.at(-1)).toMatchObject({ path: "/api/v1.2/status/", status: 429 });
    });
  });

  it("a slow token endpoint answers late (a client's timeout fires first); closing does not wait for it", async () => {
    await withFacility({ faults: [{ target: "token", delayMs: 250, times: 1 }] }, async (facility) => {
      const client = await testClient(facility, "red");
      const form = tokenForm(await assertion(facility, client.clientId, client.privateKeyPem));
      const started = performance.now();
      const answer = await postToken(facility, form);
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
      facility.faults.add({ target: "token", delayMs: 60_000 });
      const slow = fetch(facility.tokenUrl, { method: "POST", body: form, signal: AbortSignal.timeout(50) });
      await expect(slow).rejects.toThrow();
    });
    // withFacility closed it while the 60 s answer was pending: the test got here, so close did not wait.
  });

  it("tokenRealLifetimeSeconds: the token stops working early, though expires_in says the full lifetime", async () => {
    const clock = new TestClock();
    await withFacility({ tokenRealLifetimeSeconds: 5, now: clock.now }, async (facility) => {
      const client = await testClient(facility, "red");
      const granted = await postToken(
        facility,
        tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { nowS: clock.seconds })),
      );
      expect(granted.body.expires_in).toBe(600);
      const token = granted.body.access_token as string;
      expect((await api(facility, "/tasks", { token })).status).toBe(200);
      clock.advance(6_000);
      const late = await api(facility, "/tasks", { token });
      expect([late.status, late.body.detail]).toEqual([401, expect.stringContaining("expired")]);
    });
  });

  it("refuses rules it cannot act on, with one line naming the field", async () => {
    await withFacility({}, async (facility) => {
      const bad = [
        [{ status: 418 }, "status must be one of 429, 500, 502, 503, 504"],
        [{ target: "web", status: 500 }, 'target must be "api" or "token"'],
        [{}, "needs a status, a delay, or both"],
        [{ status: 503, times: 0 }, "times must be a whole number"],
        [{ delayMs: 10_000_000 }, "delayMs must be a whole number up to 600000"],
        [{ status: 503, path: "compute" }, 'path must start with "/"'],
      ] as const;
      for (const [rule, message] of bad) {
        expect(() => facility.faults.add(rule as never), JSON.stringify(rule)).toThrow(OptionError);
        expect(() => facility.faults.add(rule as never)).toThrow(message);
      }
    });
  });
});

describe("token test hooks", () => {
  it("record sees every request (form, header, verified claims, the refusal), counted from 1 when hooks are set", async () => {
    await withFacility({}, async (facility) => {
      const client = await testClient(facility, "green");
      const calls: TokenCall[] = [];
      const numbers: number[] = [];
      facility.faults.tokenHooks({ record: (call) => calls.push(call), reply: (n) => void numbers.push(n) });
      const good = await assertion(facility, client.clientId, client.privateKeyPem);
      expect((await postToken(facility, tokenForm(good))).status).toBe(200);
      const wrongAud = await assertion(facility, client.clientId, client.privateKeyPem, { claims: { aud: "x" } });
      expect((await postToken(facility, tokenForm(wrongAud))).status).toBe(401);
      expect(calls.map((c) => [c.assertion, c.header.alg, c.claims?.iss, c.problem])).toEqual([
        [good, "RS256", client.clientId, undefined],
        [wrongAud, "RS256", undefined, `client_assertion refused: aud must be the token URL ${facility.tokenUrl}`],
      ]);
      expect(calls[0]!.form.get("grant_type")).toBe("client_credentials");
      facility.faults.tokenHooks({ reply: (n) => void numbers.push(n) });
      await postToken(facility, tokenForm(await assertion(facility, client.clientId, client.privateKeyPem)));
      // The refused request counted (2) but got no scripted answer; the count restarted with the new hooks.
      expect(numbers).toEqual([1, 1]);
    });
  });

  it("kid: the assertion must carry the given kid, or none when it is null; unchecked by default", async () => {
    await withFacility({}, async (facility) => {
      const client = await testClient(facility, "green");
      const status = async (kid?: string) =>
        (
          await postToken(
            facility,
            tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { kid })),
          )
        ).status;
      expect([await status(), await status("k1")]).toEqual([200, 200]);
      facility.faults.tokenHooks({ kid: "k1" });
      expect([await status(), await status("k2"), await status("k1")]).toEqual([401, 401, 200]);
      facility.faults.tokenHooks({ kid: null });
      const refused = await postToken(
        facility,
        tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { kid: "k1" })),
      );
      expect([refused.status, refused.body.error_description]).toEqual([
        401,
        'client_assertion refused: kid "k1" is not expected',
      ]);
      expect(await status()).toBe(200);
    });
  });

  it("maxAssertionLifetimeS also requires iat and jti, whole seconds, and exp that close after iat", async () => {
    await withFacility({}, async (facility) => {
      const client = await testClient(facility, "green");
      const nowS = Math.floor(Date.now() / 1000);
      const status = async (claims: Record<string, unknown>) =>
        (
          await postToken(
            facility,
            tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { claims, nowS })),
          )
        ).status;
      const loose = [{ exp: nowS + 3600 }, { jti: undefined }, { iat: undefined }, { iat: nowS + 0.5 }];
      // The facility's own rules accept each of these...
      for (const claims of loose) expect(await status(claims), JSON.stringify(claims)).toBe(200);
      facility.faults.tokenHooks({ maxAssertionLifetimeS: 600 });
      // ...the hook refuses them, and an exp not after iat, but takes the runtime's 300 s assertion.
      for (const claims of [...loose, { exp: nowS }]) expect(await status(claims), JSON.stringify(claims)).toBe(401);
      expect(await status({})).toBe(200);
      expect(() => facility.faults.tokenHooks({ maxAssertionLifetimeS: 0 })).toThrow(OptionError);
    });
  });

  it("reply scripts the answer byte for byte after the assertion passed; a refused one is still refused", async () => {
    await withFacility({}, async (facility) => {
      const client = await testClient(facility, "green");
      facility.faults.tokenHooks({
        reply: (n) => (n === 1 ? { status: 200, body: "<html>login</html>", headers: { "x-n": "1" } } : undefined),
      });
      const ask = async (claims = {}) =>
        fetch(facility.tokenUrl, {
          method: "POST",
          body: tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { claims })),
        });
      const scripted = await ask();
      expect([scripted.status, await scripted.text(), scripted.headers.get("x-n")]).toEqual([
        200,
        "<html>login</html>",
        "1",
      ]);
      expect(scripted.headers.get("content-type")).toBeNull();
      const refused = await ask({ aud: "elsewhere" });
      expect([refused.status, (await refused.json()).error]).toEqual([401, "invalid_client"]);
      const issued = await ask();
      expect([issued.status, typeof (await issued.json()).access_token]).toEqual([200, "string"]);
    });
  });

  it('reply "hang" sends nothing until the facility closes', async () => {
    const facility = await startFacility({});
    try {
      const client = await testClient(facility, "green");
      let arrived!: () => void;
      const recorded = new Promise<void>((resolve) => (arrived = resolve));
      facility.faults.tokenHooks({ record: () => arrived(), reply: () => "hang" });
      const body = tokenForm(await assertion(facility, client.clientId, client.privateKeyPem));
      const outcome = fetch(facility.tokenUrl, { method: "POST", body }).then(
        () => "answered",
        () => "cut off",
      );
      await recorded; // the request passed and got its scripted answer: none
      await facility.close();
      expect(await outcome).toBe("cut off");
    } finally {
      await facility.close();
    }
  });
});
