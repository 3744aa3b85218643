/** The token endpoint against real RS256 assertions: what it accepts, and each refusal with its RFC 6749 error. */
import { createPrivateKey, generateKeyPairSync, randomUUID } from "node:crypto";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreatedClient, Facility } from "../../../generator/facility/index.js";
import { CLOCK_TOLERANCE_S, MAX_ASSERTION_LIFETIME_S } from "../../../generator/facility/index.js";
import {
  assertion,
  postToken,
  TestClock,
  testClient,
  tokenForm,
  useFacility,
  withFacility,
} from "../../support/facility.js";

const fixture = useFacility({ levels: "green,yellow,red" });
let facility: Facility;
let red: CreatedClient;

beforeAll(async () => {
  facility = fixture.facility;
  red = await facility.createClient("red");
});

/** The facility's time, in seconds (its clock stands still, so limits can be tested to the second). */
const nowS = () => fixture.clock.seconds;

async function refusedWith(form: URLSearchParams | string, error: string, headers?: Record<string, string>) {
  const answer = await postToken(facility, form, headers);
  expect(answer.body.error, JSON.stringify(answer.body)).toBe(error);
  expect(answer.status).toBe(error === "invalid_client" ? 401 : 400);
  expect(answer.body).not.toHaveProperty("access_token");
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return answer.body.error_description as string;
}

describe("token endpoint: accepted requests", () => {
  it("accepts an assertion like the official Python client's (authlib's PrivateKeyJWT: typ JWT, exp one hour ahead)", async () => {
    const issued = nowS();
    const made = await new SignJWT({ jti: randomUUID().replaceAll("-", "") })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(red.clientId)
      .setSubject(red.clientId)
      .setAudience(facility.tokenUrl)
      .setIssuedAt(issued)
      .setExpirationTime(issued + 3600)
      .sign(createPrivateKey(red.privateKeyPem));
    const { status, body } = await postToken(facility, tokenForm(made));
    expect(status).toBe(200);
    expect(body.token_type).toBe("Bearer");
  });

  it("accepts the facility's training script's assertion: exp 24 h ahead, no jti, no iat", async () => {
    const made = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(red.clientId)
      .setSubject(red.clientId)
      .setAudience(facility.tokenUrl)
      .setExpirationTime(nowS() + 24 * 3600)
      .sign(createPrivateKey(red.privateKeyPem));
    const { status, body } = await postToken(facility, tokenForm(made));
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 600, scope: "red" });
    // Without a jti there is nothing to remember: the same assertion may be presented again until it expires.
    expect((await postToken(facility, tokenForm(made))).status).toBe(200);
  });

  it("accepts an exp up to one day plus the clock skew ahead (a client clock running a little fast)", async () => {
    const limit = nowS() + MAX_ASSERTION_LIFETIME_S + CLOCK_TOLERANCE_S;
    const form = tokenForm(
      await assertion(facility, red.clientId, red.privateKeyPem, {
        nowS: nowS() + CLOCK_TOLERANCE_S,
        claims: { exp: limit },
      }),
    );
    expect((await postToken(facility, form)).status).toBe(200);
  });

  it("issues a facility-signed access token carrying the client ID and color, valid 600 s by default", async () => {
    const { status, body, headers } = await postToken(
      facility,
      tokenForm(await assertion(facility, red.clientId, red.privateKeyPem)),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 600 });
    expect(headers.get("cache-control")).toBe("no-store");
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: red.clientId, client_id: red.clientId, color: "red" });
    expect(claims.exp! - claims.iat!).toBe(600);
  });

  it("tolerates the extra parameters OAuth libraries send (client_id, scope)", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem), {
      client_id: red.clientId,
      scope: "",
    });
    expect((await postToken(facility, form)).status).toBe(200);
  });

  it("accepts an aud given as an array that contains the token URL", async () => {
    const form = tokenForm(
      await assertion(facility, red.clientId, red.privateKeyPem, {
        claims: { aud: ["https://elsewhere.example/", facility.tokenUrl] },
      }),
    );
    expect((await postToken(facility, form)).status).toBe(200);
  });
});

describe("token endpoint: refusals (RFC 6749 §5.2)", () => {
  it("wrong aud -> invalid_client", async () => {
    const why = await refusedWith(
      tokenForm(
        await assertion(facility, red.clientId, red.privateKeyPem, { claims: { aud: "https://oidc.example/token" } }),
      ),
      "invalid_client",
    );
    expect(why).toContain(`aud must be the token URL ${facility.tokenUrl}`);
  });

  it("expired assertion -> invalid_client", async () => {
    const old = nowS() - 3600;
    const why = await refusedWith(
      tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { nowS: old, claims: { exp: old + 300 } })),
      "invalid_client",
    );
    expect(why).toContain("expired");
  });

  it("an exp more than one day (plus the clock skew) ahead -> invalid_client naming the limit", async () => {
    const tooFar = nowS() + MAX_ASSERTION_LIFETIME_S + CLOCK_TOLERANCE_S + 1;
    const why = await refusedWith(
      tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { nowS: nowS(), claims: { exp: tooFar } })),
      "invalid_client",
    );
    expect(why).toBe(
      `client_assertion refused: exp is ${MAX_ASSERTION_LIFETIME_S + CLOCK_TOLERANCE_S + 1} s ahead; the limit is 86400 s (one day) plus ${CLOCK_TOLERANCE_S} s of clock skew`,
    );
  });

  it("too many assertions within their lifetime -> 429 temporarily_unavailable with Retry-After, until the oldest expire", async () => {
    const clock = new TestClock();
    await withFacility({ maxRememberedJtis: 2, now: clock.now }, async (small) => {
      const client = await testClient(small, "red");
      const post = async (lifetimeS: number) =>
        postToken(
          small,
          tokenForm(
            await assertion(small, client.clientId, client.privateKeyPem, {
              nowS: clock.seconds,
              claims: { exp: clock.seconds + lifetimeS },
            }),
          ),
        );
      expect((await post(300)).status).toBe(200);
      expect((await post(3600)).status).toBe(200);
      const refused = await post(300);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe("temporarily_unavailable");
      // The first assertion (exp in 300 s) makes room once it is past its exp and the skew.
      expect(refused.headers.get("retry-after")).toBe(String(300 + CLOCK_TOLERANCE_S));
      clock.advance((300 + CLOCK_TOLERANCE_S + 1) * 1000);
      expect((await post(300)).status).toBe(200);
    });
  });

  it("replayed jti -> invalid_client (the first use succeeds)", async () => {
    const once = await assertion(facility, red.clientId, red.privateKeyPem);
    expect((await postToken(facility, tokenForm(once))).status).toBe(200);
    expect(await refusedWith(tokenForm(once), "invalid_client")).toContain("replay");
    // Same jti in a freshly signed assertion is still a replay.
    const jti = (decodeJwt(once).jti as string) ?? "";
    expect(
      await refusedWith(
        tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { jti } })),
        "invalid_client",
      ),
    ).toContain("replay");
  });

  it("a missing exp, or a jti that is not a non-empty string -> invalid_client", async () => {
    for (const jti of ["", 42]) {
      expect(
        await refusedWith(
          tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { jti } })),
          "invalid_client",
        ),
      ).toContain("jti");
    }
    expect(
      await refusedWith(
        tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { exp: undefined } })),
        "invalid_client",
      ),
    ).toContain("exp");
  });

  it("alg none -> invalid_client", async () => {
    const unsigned = new UnsecuredJWT({ jti: randomUUID() })
      .setIssuer(red.clientId)
      .setSubject(red.clientId)
      .setAudience(facility.tokenUrl)
      .setExpirationTime(nowS() + 300)
      .encode();
    expect(await refusedWith(tokenForm(unsigned), "invalid_client")).toContain('RS256 (got "none")');
  });

  it("HS256 signed with the registered public key as the secret -> invalid_client", async () => {
    const secret = new TextEncoder().encode(red.publicKey.export({ type: "spki", format: "pem" }).toString());
    const forged = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(red.clientId)
      .setSubject(red.clientId)
      .setAudience(facility.tokenUrl)
      .setExpirationTime(nowS() + 300)
      .sign(secret);
    expect(await refusedWith(tokenForm(forged), "invalid_client")).toContain('RS256 (got "HS256")');
  });

  it("RS256 signed by another key -> invalid_client", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(
      await refusedWith(tokenForm(await assertion(facility, red.clientId, privateKey)), "invalid_client"),
    ).toContain("signature");
  });

  it("iss and sub naming different clients -> invalid_client", async () => {
    const green = await testClient(facility, "green");
    expect(
      await refusedWith(
        tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { sub: green.clientId } })),
        "invalid_client",
      ),
    ).toContain("sub");
  });

  it("unknown client -> invalid_client", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(
      await refusedWith(tokenForm(await assertion(facility, "nosuchclient", privateKey)), "invalid_client"),
    ).toContain("unknown client");
  });

  it("client_id that does not match the assertion -> invalid_client", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem), { client_id: "someoneelse" });
    expect(await refusedWith(form, "invalid_client")).toContain("client_id");
  });

  it("expired client -> invalid_client", async () => {
    const old = await testClient(facility, "red", { expiresAt: new Date(fixture.clock.now() - 1000) });
    expect(
      await refusedWith(tokenForm(await assertion(facility, old.clientId, old.privateKeyPem)), "invalid_client"),
    ).toContain("expired at");
  });

  it("a request from outside the client's IP ranges -> unauthorized_client", async () => {
    const remote = await testClient(facility, "red", { ipRanges: ["10.0.0.0/8", "2001:db8::/32"] });
    const why = await refusedWith(
      tokenForm(await assertion(facility, remote.clientId, remote.privateKeyPem)),
      "unauthorized_client",
    );
    expect(why).toContain("127.0.0.1");
    expect(why).toContain("10.0.0.0/8");
  });

  it("missing form fields -> invalid_request naming them", async () => {
    const full = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem));
    for (const field of ["grant_type", "client_assertion_type", "client_assertion"]) {
      const form = new URLSearchParams(full);
      form.delete(field);
      expect(await refusedWith(form, "invalid_request")).toContain(field);
    }
  });

  it("a JSON body instead of a form -> invalid_request", async () => {
    const json = JSON.stringify(
      Object.fromEntries(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem))),
    );
    expect(await refusedWith(json, "invalid_request", { "content-type": "application/json" })).toContain(
      "application/x-www-form-urlencoded",
    );
  });

  it("a parameter given twice -> invalid_request", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem));
    form.append("grant_type", "client_credentials");
    expect(await refusedWith(form, "invalid_request")).toContain("more than once");
  });

  it("another grant type -> unsupported_grant_type; another assertion type -> invalid_client", async () => {
    const made = await assertion(facility, red.clientId, red.privateKeyPem);
    await refusedWith(tokenForm(made, { grant_type: "password" }), "unsupported_grant_type");
    await refusedWith(
      tokenForm(made, { client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:saml2-bearer" }),
      "invalid_client",
    );
    await refusedWith(tokenForm("not-a-jwt"), "invalid_client");
  });

  it("GET on the token endpoint -> 405", async () => {
    const response = await fetch(facility.tokenUrl);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect((await response.json()).error).toBe("invalid_request");
  });

  it("never echoes the assertion in an error", async () => {
    const made = await assertion(facility, red.clientId, red.privateKeyPem, {
      claims: { aud: "https://wrong.example/" },
    });
    const { body } = await postToken(facility, tokenForm(made));
    expect(JSON.stringify(body)).not.toContain(made.split(".")[2]);
  });
});
