/** The token endpoint against real RS256 assertions: what it accepts, and each refusal with its RFC 6749 error. */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { startFacility } from "../../generator/facility/index.js";
import type { CreatedClient, Facility } from "../../generator/facility/index.js";
import { assertion, postToken, tokenForm } from "./support.js";

let facility: Facility;
let red: CreatedClient;

beforeAll(async () => {
  facility = await startFacility({ levels: "green,yellow,red" });
  red = await facility.createClient("red");
});
afterAll(() => facility.close());

const nowS = () => Math.floor(Date.now() / 1000);

async function refusedWith(form: URLSearchParams | string, error: string, headers?: Record<string, string>) {
  const answer = await postToken(facility, form, headers);
  expect(answer.body.error, JSON.stringify(answer.body)).toBe(error);
  expect(answer.status).toBe(error === "invalid_client" ? 401 : 400);
  expect(answer.body).not.toHaveProperty("access_token");
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return answer.body.error_description as string;
}

describe("token endpoint: accepted requests", () => {
  it("issues a facility-signed access token carrying the client ID and color, valid 600 s by default", async () => {
    const { status, body, headers } = await postToken(facility, tokenForm(await assertion(facility, red.clientId, red.privateKeyPem)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 600 });
    expect(headers.get("cache-control")).toBe("no-store");
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: red.clientId, client_id: red.clientId, color: "red" });
    expect(claims.exp! - claims.iat!).toBe(600);
  });

  it("tolerates the extra parameters OAuth libraries send (client_id, scope)", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem), { client_id: red.clientId, scope: "" });
    expect((await postToken(facility, form)).status).toBe(200);
  });

  it("accepts an aud given as an array that contains the token URL", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { aud: ["https://elsewhere.example/", facility.tokenUrl] } }));
    expect((await postToken(facility, form)).status).toBe(200);
  });
});

describe("token endpoint: refusals (RFC 6749 §5.2)", () => {
  it("wrong aud -> invalid_client", async () => {
    const why = await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { aud: "https://oidc.example/token" } })), "invalid_client");
    expect(why).toContain(`aud must be the token URL ${facility.tokenUrl}`);
  });

  it("expired assertion -> invalid_client", async () => {
    const old = nowS() - 3600;
    const why = await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { nowS: old, claims: { exp: old + 300 } })), "invalid_client");
    expect(why).toContain("expired");
  });

  it("an assertion valid for more than 10 minutes -> invalid_client", async () => {
    const why = await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { exp: nowS() + 3600 } })), "invalid_client");
    expect(why).toContain("600 s ahead");
  });

  it("replayed jti -> invalid_client (the first use succeeds)", async () => {
    const once = await assertion(facility, red.clientId, red.privateKeyPem);
    expect((await postToken(facility, tokenForm(once))).status).toBe(200);
    expect(await refusedWith(tokenForm(once), "invalid_client")).toContain("replay");
    // Same jti in a freshly signed assertion is still a replay.
    const jti = (decodeJwt(once).jti as string) ?? "";
    expect(await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { jti } })), "invalid_client")).toContain("replay");
  });

  it("missing jti or exp -> invalid_client", async () => {
    expect(await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { jti: undefined } })), "invalid_client")).toContain("jti");
    expect(await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { exp: undefined } })), "invalid_client")).toContain("exp");
  });

  it("alg none -> invalid_client", async () => {
    const unsigned = new UnsecuredJWT({ jti: randomUUID() }).setIssuer(red.clientId).setSubject(red.clientId).setAudience(facility.tokenUrl).setExpirationTime(nowS() + 300).encode();
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
    expect(await refusedWith(tokenForm(await assertion(facility, red.clientId, privateKey)), "invalid_client")).toContain("signature");
  });

  it("iss and sub naming different clients -> invalid_client", async () => {
    const green = await facility.createClient("green");
    expect(await refusedWith(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem, { claims: { sub: green.clientId } })), "invalid_client")).toContain("sub");
  });

  it("unknown client -> invalid_client", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(await refusedWith(tokenForm(await assertion(facility, "nosuchclient", privateKey)), "invalid_client")).toContain("unknown client");
  });

  it("client_id that does not match the assertion -> invalid_client", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem), { client_id: "someoneelse" });
    expect(await refusedWith(form, "invalid_client")).toContain("client_id");
  });

  it("expired client -> invalid_client", async () => {
    const old = await facility.createClient("red", { expiresAt: new Date(Date.now() - 1000) });
    expect(await refusedWith(tokenForm(await assertion(facility, old.clientId, old.privateKeyPem)), "invalid_client")).toContain("expired at");
  });

  it("a request from outside the client's IP ranges -> unauthorized_client", async () => {
    const remote = await facility.createClient("red", { ipRanges: ["10.0.0.0/8", "2001:db8::/32"] });
    const why = await refusedWith(tokenForm(await assertion(facility, remote.clientId, remote.privateKeyPem)), "unauthorized_client");
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
    const json = JSON.stringify(Object.fromEntries(tokenForm(await assertion(facility, red.clientId, red.privateKeyPem))));
    expect(await refusedWith(json, "invalid_request", { "content-type": "application/json" })).toContain("application/x-www-form-urlencoded");
  });

  it("a parameter given twice -> invalid_request", async () => {
    const form = tokenForm(await assertion(facility, red.clientId, red.privateKeyPem));
    form.append("grant_type", "client_credentials");
    expect(await refusedWith(form, "invalid_request")).toContain("more than once");
  });

  it("another grant type -> unsupported_grant_type; another assertion type -> invalid_client", async () => {
    const made = await assertion(facility, red.clientId, red.privateKeyPem);
    await refusedWith(tokenForm(made, { grant_type: "password" }), "unsupported_grant_type");
    await refusedWith(tokenForm(made, { client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:saml2-bearer" }), "invalid_client");
    await refusedWith(tokenForm("not-a-jwt"), "invalid_client");
  });

  it("GET on the token endpoint -> 405", async () => {
    const response = await fetch(facility.tokenUrl);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect((await response.json()).error).toBe("invalid_request");
  });

  it("never echoes the assertion in an error", async () => {
    const made = await assertion(facility, red.clientId, red.privateKeyPem, { claims: { aud: "https://wrong.example/" } });
    const { body } = await postToken(facility, tokenForm(made));
    expect(JSON.stringify(body)).not.toContain(made.split(".")[2]);
  });
});
