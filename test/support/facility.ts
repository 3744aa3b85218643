/** Helpers for talking to the local facility the way a client does: real RS256 assertions, real form posts. */

import type { KeyObject } from "node:crypto";
import { createPrivateKey, randomUUID } from "node:crypto";
import type { JWTPayload } from "jose";
import { SignJWT } from "jose";
import { afterAll, beforeAll } from "vitest";
import { createdClient } from "../../generator/facility/facility.js";
import type { ClientRegistration, CreatedClient, Facility, FacilityOptions } from "../../generator/facility/index.js";
import { JWT_BEARER, startFacility } from "../../generator/facility/index.js";
import { rsaKey } from "./keys.js";

export interface TestClient {
  clientId: string;
  color: string;
  expiresAt: Date;
  privateKeyPem: string;
}

/**
 * A client registered with the RSA key pair all test clients of a worker share (test/support/keys.ts): key
 * generation is the slow part of these tests, and a client is its ID, not its key. (`facility.createClient`, with a
 * key of its own, is tested too.)
 */
export async function testClient(
  facility: Facility,
  color: string,
  more: Omit<ClientRegistration, "color" | "publicKey"> = {},
): Promise<TestClient> {
  const privateKeyPem = rsaKey().pkcs8;
  const { clientId, expiresAt } = facility.registerClient({ ...more, color, publicKey: privateKeyPem });
  return { clientId, color, expiresAt, privateKeyPem };
}

/**
 * What `facility.createClient` returns (the key as PEM and as JWK, the client's ranges), for the shared key pair: for
 * tests that write a client's key files or hand it its JWK, where a freshly made key is not what they test
 * (`createClient` and the mock's key files are tested in test/generator/facility/). Each RSA key made costs 50 to
 * 400 ms of CPU.
 */
export function sharedKeyClient(
  facility: Facility,
  color: string,
  more: Omit<ClientRegistration, "color" | "publicKey"> = {},
): CreatedClient {
  const key = rsaKey();
  const client = facility.registerClient({ ...more, color, publicKey: key.publicKey });
  return createdClient(client, color, { privateKey: key.privateKey, publicKey: client.publicKey, pem: key.pkcs8 });
}

/** The facility's clock for tests: it stands still until a test moves it, so nothing ever waits for real time. */
export class TestClock {
  #ms: number;
  /** Default: now, to the whole second (so second-exact limits stay exact). */
  constructor(startMs = Math.floor(Date.now() / 1000) * 1000) {
    this.#ms = startMs;
  }
  readonly now = (): number => this.#ms;
  get seconds(): number {
    return Math.floor(this.#ms / 1000);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

export interface FacilityFixture {
  /** The facility, started before the file's tests and closed after them. */
  readonly facility: Facility;
  readonly clock: TestClock;
  /** An access token for `client`, asked for at the facility's time. */
  token(client: { clientId: string; privateKeyPem: string }): Promise<string>;
}

/** One facility on a TestClock for a test file (call at the top level or in a describe). */
export function useFacility(options: Omit<FacilityOptions, "now"> = {}, clock = new TestClock()): FacilityFixture {
  let started: Facility | undefined;
  beforeAll(async () => {
    started = await startFacility({ ...options, now: clock.now });
  });
  afterAll(() => started?.close());
  const fixture: FacilityFixture = {
    get facility() {
      if (!started) throw new Error("the facility starts in beforeAll; use it inside a test");
      return started;
    },
    clock,
    token: (client) => accessToken(fixture.facility, client, clock.seconds),
  };
  return fixture;
}

/** A facility for one test: started, handed to `run`, closed whatever happens. */
export async function withFacility<T>(options: FacilityOptions, run: (facility: Facility) => Promise<T>): Promise<T> {
  const facility = await startFacility(options);
  try {
    return await run(facility);
  } finally {
    await facility.close();
  }
}

export interface AssertionOptions {
  /** Claims to override (`undefined` removes one). */
  claims?: Partial<Record<keyof JWTPayload, unknown>>;
  /** Seconds since the epoch the assertion is made at; default now. */
  nowS?: number;
  /** A `kid` for the protected header. */
  kid?: string;
}

/** An RFC 7523 client assertion for `clientId`, signed RS256 with `privateKey`. */
export async function assertion(
  facility: Pick<Facility, "tokenUrl">,
  clientId: string,
  privateKey: KeyObject | string,
  options: AssertionOptions = {},
): Promise<string> {
  const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: clientId,
    sub: clientId,
    aud: facility.tokenUrl,
    iat: nowS,
    exp: nowS + 300,
    jti: randomUUID(),
    ...options.claims,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  const key = typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey;
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: "RS256", ...(options.kid === undefined ? {} : { kid: options.kid }) })
    .sign(key);
}

/** The standard token request form around an assertion, plus any extra fields. */
export function tokenForm(clientAssertion: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    grant_type: "client_credentials",
    client_assertion_type: JWT_BEARER,
    client_assertion: clientAssertion,
    ...extra,
  });
}

export async function postToken(
  facility: Facility,
  body: URLSearchParams | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(facility.tokenUrl, { method: "POST", body, headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A fresh access token for a client the facility made. */
export async function accessToken(
  facility: Facility,
  client: { clientId: string; privateKeyPem: string },
  nowS?: number,
): Promise<string> {
  const { status, body } = await postToken(
    facility,
    tokenForm(await assertion(facility, client.clientId, client.privateKeyPem, { nowS })),
  );
  if (status !== 200) throw new Error(`token request failed: ${status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A call to the API below the facility's base URL; `token` becomes the Authorization header as given. */
export async function api(
  facility: Facility,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set("authorization", init.token);
  const response = await fetch(facility.baseUrl + path, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** A form-encoded POST (or `method`), as the runtime sends form operations. */
export function form(fields: Record<string, string | string[]>, method = "POST"): RequestInit {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return { method, body };
}
