/**
 * The local facility of a description whose requirements list OAuth2 scopes (the security policy): clients hold
 * grants, the token endpoint grants the scopes asked for (RFC 6749 section 3.3), the API refuses a token whose scopes
 * satisfy none of an operation's requirements with RFC 6750's 403 `insufficient_scope`. Real descriptions (Spotify's
 * and the Swagger Petstore's, test/fixtures/oauth2), real RS256 assertions, a real server on 127.0.0.1.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { responseExample } from "../../../generator/facility/examples.js";
import type { Facility } from "../../../generator/facility/index.js";
import { allScopes } from "../../../generator/model/security.js";
import type { TestClient } from "../../support/facility.js";
import { api, assertion, postToken, testClient, tokenForm, useFacility, withFacility } from "../../support/facility.js";
import { root, tempDir } from "../../support/project.js";

const SPOTIFY = join(root, "test", "fixtures", "oauth2", "spotify.yml");
const PETSTORE = join(root, "test", "fixtures", "oauth2", "petstore.yaml");

/** A token request for `client`, with `scope` when given (undefined: no `scope` parameter at all). */
async function askToken(facility: Facility, client: TestClient, nowS: number, scope?: string) {
  const made = await assertion(facility, client.clientId, client.privateKeyPem, { nowS });
  return postToken(facility, tokenForm(made, scope === undefined ? {} : { scope }));
}

async function tokenFor(facility: Facility, client: TestClient, nowS: number, scope?: string): Promise<string> {
  const { status, body } = await askToken(facility, client, nowS, scope);
  if (status !== 200) throw new Error(`token request failed: ${status} ${JSON.stringify(body)}`);
  return body.access_token;
}

function operation(facility: Facility, method: string, path: string) {
  const found = facility.model.operations.find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

describe("the facility of Spotify's description (security policy)", () => {
  const fixture = useFacility({ file: SPOTIFY });
  const nowS = () => fixture.clock.seconds;

  it("reads the description by its OAuth2 scopes and serves it under its server's path", () => {
    const { facility } = fixture;
    expect(facility.model.policy).toBe("security");
    expect(facility.scopes).toEqual(allScopes(facility.model.description.document));
    expect(facility.scopes).toContain("user-library-read");
    expect(facility.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it("grants what the client holds without scope=, what it asks for with it, and says so in the answer and token", async () => {
    const { facility } = fixture;
    const client = await testClient(facility, "library", { scopes: ["user-library-read", "user-library-modify"] });
    const all = await askToken(facility, client, nowS());
    expect(all.status).toBe(200);
    expect(all.body.scope).toBe("user-library-modify user-library-read");
    expect(decodeJwt(all.body.access_token).scope).toBe("user-library-modify user-library-read");

    const some = await askToken(facility, client, nowS(), "user-library-read");
    expect(some.status).toBe(200);
    expect(some.body.scope).toBe("user-library-read");
    expect(decodeJwt(some.body.access_token).scope).toBe("user-library-read");

    // An empty scope asks for none: a token that holds no scope.
    const none = await askToken(facility, client, nowS(), "");
    expect([none.status, none.body.scope, decodeJwt(none.body.access_token).scope]).toEqual([200, "", ""]);
  });

  it("refuses a scope the client does not hold, or a malformed one, with invalid_scope (RFC 6749 section 5.2)", async () => {
    const { facility } = fixture;
    const client = await testClient(facility, "reader", { scopes: ["user-library-read"] });
    const beyond = await askToken(facility, client, nowS(), "user-library-read user-library-modify user-top-read");
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe("invalid_scope");
    expect(beyond.body.error_description).toContain("does not hold the scopes user-library-modify user-top-read");
    expect(beyond.body).not.toHaveProperty("access_token");
    expect(beyond.headers.get("cache-control")).toBe("no-store");

    const malformed = await askToken(facility, client, nowS(), 'user-library-read "x"');
    expect([malformed.status, malformed.body.error]).toEqual([400, "invalid_scope"]);
    expect(malformed.body.error_description).toContain('"\\"x\\"" is not one');

    // What a refusal echoes of the request is bounded: a long word is cut, a long parameter refused unread.
    const long = await askToken(facility, client, nowS(), `user-library-read ${"\u00e9".repeat(5000)}`);
    expect([long.status, long.body.error]).toEqual([400, "invalid_scope"]);
    expect(long.body.error_description.length).toBeLessThan(200);
    const huge = await askToken(facility, client, nowS(), "user-top-read ".repeat(2000));
    expect(huge.body.error_description).toBe("scope is 28000 characters long; the facility reads at most 16384");
    const many = await askToken(facility, client, nowS(), Array.from({ length: 500 }, (_, i) => `s${i}`).join(" "));
    expect(many.body.error_description).toMatch(/scopes s0 s1 .* s19 and 480 more \(it holds user-library-read\)$/);
  });

  it("answers 403 insufficient_scope naming the missing scopes, before it reads the request", async () => {
    const { facility } = fixture;
    const client = await testClient(facility, "profile", { scopes: ["user-read-email", "user-read-private"] });
    const token = await tokenFor(facility, client, nowS(), "user-read-email");

    const tracks = await api(facility, "/me/tracks", { token: `Bearer ${token}` });
    expect(tracks.status).toBe(403);
    expect(tracks.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="user-library-read"');
    expect(tracks.body).toMatchObject({
      error: "insufficient_scope",
      missing_scopes: ["user-library-read"],
      required_scopes: ["user-library-read"],
    });
    expect(tracks.body.detail).toBe(
      "GET /me/tracks needs scope user-library-read; the access token lacks user-library-read",
    );

    // GET /me needs both scopes: the token holds one, and the answer names the other alone.
    const me = await api(facility, "/me", { token });
    expect(me.status).toBe(403);
    expect(me.body.missing_scopes).toEqual(["user-read-private"]);
    expect(me.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="user-read-email user-read-private"',
    );

    // Refused on the scope, not on the missing required query parameter `ids`.
    const put = await api(facility, "/me/tracks", { token, method: "PUT" });
    expect([put.status, put.body.missing_scopes]).toEqual([403, ["user-library-modify"]]);
  });

  it("holds a token to the scopes it was granted, not all its client holds", async () => {
    const { facility } = fixture;
    const client = await testClient(facility, "both", { scopes: ["user-library-modify", "user-library-read"] });
    const readOnly = await tokenFor(facility, client, nowS(), "user-library-read");
    expect((await api(facility, "/me/tracks", { token: readOnly })).status).toBe(200);
    const write = await api(facility, "/me/tracks", { token: readOnly, method: "DELETE" });
    expect([write.status, write.body.missing_scopes]).toEqual([403, ["user-library-modify"]]);
    const full = await tokenFor(facility, client, nowS());
    const deleted = await api(facility, "/me/tracks?ids=4iV5W9uYEdYUVa79Axb7Rh", { token: full, method: "DELETE" });
    expect(deleted.status).toBe(200);
  });

  it("gives the right grant the operation's answer (its schema's example)", async () => {
    const { facility } = fixture;
    const client = await testClient(facility, "profile2", { scopes: ["user-read-email", "user-read-private"] });
    const token = await tokenFor(facility, client, nowS());
    const me = await api(facility, "/me", { token });
    expect(me.status).toBe(200);
    const expected = responseExample(facility.model.description.document, operation(facility, "get", "/me"));
    expect(expected?.body).toBeDefined();
    expect(me.body).toEqual(expected!.body);
    // What the example holds: a private user, as Spotify's schema describes it.
    expect(me.body).toHaveProperty("id");
  });

  it("lets any token call an operation that needs a token and no scope, and no request without one", async () => {
    const { facility } = fixture;
    const none = await testClient(facility, "nothing", { scopes: [] });
    const token = await tokenFor(facility, none, nowS());
    expect(decodeJwt(token).scope).toBe("");
    const album = await api(facility, "/albums/4aawyAB9vmqN3uQ7FjRGTy", { token });
    expect(album.status).toBe(200);

    const anonymous = await api(facility, "/albums/4aawyAB9vmqN3uQ7FjRGTy");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe("Bearer");
    expect(anonymous.body.detail).toBe(
      "missing access token: GET /albums/{id} needs a token with no scope in the Authorization header",
    );
    const tracks = await api(facility, "/me/tracks");
    expect(tracks.body.detail).toBe(
      "missing access token: GET /me/tracks needs a token with scope user-library-read in the Authorization header",
    );
    const forged = await api(facility, "/albums/4aawyAB9vmqN3uQ7FjRGTy", { token: "Bearer not-a-token" });
    expect(forged.status).toBe(401);
    expect(forged.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("answers 404 for a path no operation has, whatever the token holds", async () => {
    const { facility } = fixture;
    const client = await testClient(facility, "all", { scopes: facility.scopes! });
    const token = await tokenFor(facility, client, nowS());
    const missing = await api(facility, "/no/such/path", { token });
    expect([missing.status, missing.body]).toEqual([404, { detail: "Not Found" }]);
  });

  it("registers a grant only of scopes the description names", () => {
    const { facility } = fixture;
    expect(() => facility.registerClient({ color: "typo", scopes: ["user-libary-read"], publicKey: "" })).toThrow(
      'client grant "typo": "user-libary-read" is not a scope the description names (it names ',
    );
    expect(() => facility.registerClient({ color: "unsaid", publicKey: "" })).toThrow(
      'client grant "unsaid": give the OAuth2 scopes it holds as a list (scopes: [] for none)',
    );
    expect(() => facility.registerClient({ color: "../x", scopes: [], publicKey: "" })).toThrow(
      'the grant name "../x" must be 1-64 letters',
    );
  });
});

describe("the facility of the Swagger Petstore's description (security policy)", () => {
  const fixture = useFacility({ file: PETSTORE });
  const nowS = () => fixture.clock.seconds;

  it("answers public operations without a token", async () => {
    const { facility } = fixture;
    expect(operation(facility, "get", "/user/login").scope).toBe("public");
    const login = await api(facility, "/user/login");
    expect(login.status).toBe(200);
    expect((await api(facility, "/user/alice")).status).toBe(200);
  });

  it("needs both petstore_auth scopes for POST /pet, and either an API key or them for GET /pet/{petId}", async () => {
    const { facility } = fixture;
    const reader = await testClient(facility, "reader", { scopes: ["read:pets"] });
    const token = await tokenFor(facility, reader, nowS());
    const add = await api(facility, "/pet", {
      token,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "doggie", photoUrls: [] }),
    });
    expect(add.status).toBe(403);
    expect(add.body.missing_scopes).toEqual(["write:pets"]);
    expect(add.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="read:pets write:pets"');

    const keeper = await testClient(facility, "keeper", { scopes: ["read:pets", "write:pets"] });
    const full = await tokenFor(facility, keeper, nowS());
    expect((await api(facility, "/pet/findByStatus?status=available", { token: full })).status).toBe(200);

    // The api_key alternative lists no scope: any token of the facility stands for the key.
    const none = await testClient(facility, "none", { scopes: [] });
    const bare = await tokenFor(facility, none, nowS());
    expect((await api(facility, "/pet/10", { token: bare })).status).toBe(200);
    expect((await api(facility, "/pet/10")).status).toBe(401);
  });
});

describe("a malformed requirement needs every scope", () => {
  it("refuses a token without every scope the description names, naming those it lacks", async () => {
    const file = join(tempDir("scopes-"), "malformed.json");
    const oauth = {
      type: "oauth2",
      flows: { clientCredentials: { tokenUrl: "/token", scopes: { a: "", b: "", c: "" } } },
    };
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        servers: [{ url: "https://api.example.com/v1" }],
        components: { securitySchemes: { oauth } },
        paths: {
          "/fine": { get: { security: [{ oauth: ["a"] }], responses: { "204": { description: "ok" } } } },
          "/broken": { get: { security: [{ nowhere: ["a"] }], responses: { "204": { description: "ok" } } } },
        },
      }),
    );
    await withFacility({ file }, async (facility) => {
      const nowS = Math.floor(Date.now() / 1000);
      expect(facility.scopes).toEqual(["a", "b", "c"]);
      const some = await testClient(facility, "some", { scopes: ["a", "b"] });
      const token = await tokenFor(facility, some, nowS);
      expect((await api(facility, "/fine", { token })).status).toBe(204);
      const broken = await api(facility, "/broken", { token });
      expect(broken.status).toBe(403);
      expect(broken.body.missing_scopes).toEqual(["c"]);
      expect(broken.body.detail).toContain(
        "(its security at /paths/~1broken/get/security/0/nowhere names a security scheme the description does not " +
          "declare, so it needs every scope)",
      );
      const all = await testClient(facility, "all", { scopes: ["a", "b", "c"] });
      expect((await api(facility, "/broken", { token: await tokenFor(facility, all, nowS) })).status).toBe(204);
    });
  });
});

describe("a facility of colors", () => {
  const fixture = useFacility({ levels: "green,red" });

  it("takes no scopes for a client, and ignores scope= in a token request as before", async () => {
    const { facility } = fixture;
    expect(facility.scopes).toBeUndefined();
    expect(() => facility.registerClient({ color: "red", scopes: [], publicKey: "" })).toThrow(
      'client "red": scopes are for a description whose requirements list OAuth2 scopes; this facility reads colors',
    );
    const red = await testClient(facility, "red");
    const answer = await askToken(facility, red, fixture.clock.seconds, "anything at-all");
    expect([answer.status, answer.body.scope]).toEqual([200, "red"]);
    expect(decodeJwt(answer.body.access_token)).not.toHaveProperty("scope");
  });
});
