/** Helpers for talking to the local facility the way a client does: real RS256 assertions, real form posts. */
import { createPrivateKey, randomUUID } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import type { JWTPayload } from "jose";
import type { Facility } from "../../generator/facility/index.js";
import { JWT_BEARER } from "../../generator/facility/index.js";

export interface AssertionOptions {
  /** Claims to override (`undefined` removes one). */
  claims?: Partial<Record<keyof JWTPayload, unknown>>;
  /** Seconds since the epoch the assertion is made at; default now. */
  nowS?: number;
}

/** An RFC 7523 client assertion for `clientId`, signed RS256 with `privateKey`. */
export async function assertion(facility: Pick<Facility, "tokenUrl">, clientId: string, privateKey: KeyObject | string, options: AssertionOptions = {}): Promise<string> {
  const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { iss: clientId, sub: clientId, aud: facility.tokenUrl, iat: nowS, exp: nowS + 300, jti: randomUUID(), ...options.claims };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  const key = typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey;
  return new SignJWT(claims as JWTPayload).setProtectedHeader({ alg: "RS256" }).sign(key);
}

/** The standard token request form around an assertion, plus any extra fields. */
export function tokenForm(clientAssertion: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({ grant_type: "client_credentials", client_assertion_type: JWT_BEARER, client_assertion: clientAssertion, ...extra });
}

export async function postToken(facility: Facility, body: URLSearchParams | string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(facility.tokenUrl, { method: "POST", body, headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A fresh access token for a client the facility made. */
export async function accessToken(facility: Facility, client: { clientId: string; privateKeyPem: string }, nowS?: number): Promise<string> {
  const { status, body } = await postToken(facility, tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { nowS })));
  if (status !== 200) throw new Error(`token request failed: ${status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function api(facility: Facility, path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set("authorization", init.token);
  const response = await fetch(facility.baseUrl + path, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
