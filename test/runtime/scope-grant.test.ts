/**
 * A client of OAuth2 scopes (an API whose description lists scopes per operation): the guard allows an operation when
 * one of its scope sets is wholly granted and refuses the others, before any I/O, with a ScopeError naming the scopes
 * the call lacks; a path no operation has needs every scope the API names. The client-credentials token request asks
 * for exactly the granted scopes, and a token (fetched, or given as a JWT) that lacks one is refused. A real token
 * endpoint (the local facility's, verifying each assertion) and a recording API on 127.0.0.1; real RSA keys.
 */
import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { grants } from "../../templates/runtime/grants.js";
import { createGuard, grantPermission } from "../../templates/runtime/guard.js";
import {
  accessTokens,
  ConfigError,
  createScopedClient,
  type OperationEntry,
  ScopeError,
  TokenError,
} from "../../templates/runtime/index.js";
import { keyTokens } from "../../templates/runtime/key-tokens.js";
import { compileTable } from "../../templates/runtime/matcher.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { issue, json, useServers } from "../support/servers.js";

const key = rsaKey();
const BASE = "https://api.example.test/api/v1.2";
const ALL = ["a", "b", "c", "read", "write"];

/** Operations of every kind the security policy writes into a table. */
const TABLE: Record<string, OperationEntry> = {
  status: { name: "status", method: "GET", path: "/status", scope: "public" },
  whoAmI: { name: "whoAmI", method: "GET", path: "/me", scope: "scoped", security: [[]] },
  readItems: { name: "readItems", method: "GET", path: "/items", scope: "scoped", security: [["read"]] },
  writeItems: { name: "writeItems", method: "POST", path: "/items", scope: "scoped", security: [["read", "write"]] },
  // Either both a and b, or c alone.
  either: { name: "either", method: "GET", path: "/either/{id}", scope: "scoped", security: [["a", "b"], ["c"]] },
  // A malformed requirement: every scope the description names.
  broken: { name: "broken", method: "DELETE", path: "/items/{id}", scope: "unranked", security: [ALL] },
  // A table entry without its scope sets (not generated under the security policy): every scope, fail closed.
  bare: { name: "bare", method: "PUT", path: "/items/{id}", scope: "scoped" },
};

function guardFor(scopes: readonly string[]) {
  const guard = createGuard({
    table: compileTable(TABLE),
    grant: { scopes, all: ALL },
    baseUrl: BASE,
    grantPermission,
  });
  return {
    check: (method: string, path: string) => guard.check(method, `${BASE}${path}`),
    checkOperation: (name: string) => guard.checkOperation(name),
    checkWritten: (method: string, written: string) => guard.checkWritten(method, written, undefined),
  };
}

function refusal(run: () => unknown): ScopeError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScopeError) return error;
    throw error;
  }
  throw new Error("expected a ScopeError, the call was allowed");
}

describe("the guard of a grant", () => {
  test("public operations need no token; a token with no scope, or a granted set, is enough for the others", () => {
    const none = guardFor([]);
    expect(none.check("GET", "/status")).toBe(false);
    expect(none.check("GET", "/me")).toBe(true);
    expect(refusal(() => none.check("GET", "/items")).missing).toEqual(["read"]);
    const reader = guardFor(["read"]);
    expect(reader.check("GET", "/items")).toBe(true);
    expect(refusal(() => reader.check("POST", "/items")).missing).toEqual(["write"]);
    expect(guardFor(["write", "read"]).check("POST", "/items")).toBe(true);
  });

  test("alternatives are OR-ed: one wholly granted set allows the call; a refusal names the set missing fewest", () => {
    expect(guardFor(["c"]).check("GET", "/either/1")).toBe(true);
    expect(guardFor(["a", "b"]).check("GET", "/either/1")).toBe(true);
    // [a, b] lacks b only, [c] lacks c: one each, the first in the table's order wins.
    expect(refusal(() => guardFor(["a"]).check("GET", "/either/1")).missing).toEqual(["b"]);
    // Nothing granted: [a, b] lacks two, [c] one.
    expect(refusal(() => guardFor([]).check("GET", "/either/1")).missing).toEqual(["c"]);
  });

  test("the ScopeError says what, what is missing and what was granted; code, color and required as before", () => {
    const error = refusal(() => guardFor(["read", "a"]).check("POST", "/items"));
    expect(error.message).toBe(
      "writeItems (POST /items) needs scope write, which this client's grant lacks (granted: read, a)",
    );
    expect(error).toMatchObject({
      code: "ERR_SCOPE",
      operation: "writeItems",
      method: "POST",
      path: "/items",
      missing: ["write"],
      grant: ["read", "a"],
      color: "",
      required: undefined,
    });
    const two = refusal(() => guardFor([]).check("GET", "/either/x"));
    expect(two.message).toBe(
      "either (GET /either/{id}) needs scope c, which this client's grant lacks (granted: none)",
    );
  });

  test("a malformed requirement, an entry without scope sets and an unknown path need every scope the API names", () => {
    const most = guardFor(["a", "b", "c", "read"]);
    expect(refusal(() => most.check("DELETE", "/items/1")).missing).toEqual(["write"]);
    expect(refusal(() => most.check("PUT", "/items/1")).missing).toEqual(["write"]);
    const unknown = refusal(() => most.check("GET", "/nowhere"));
    expect(unknown.message).toBe(
      "GET /nowhere matches no operation of this API; unknown paths need every scope this API names; " +
        "this client lacks scope write (granted: a, b, c, read)",
    );
    expect(unknown).toMatchObject({ operation: undefined, missing: ["write"] });
    const every = guardFor(ALL);
    expect(every.check("DELETE", "/items/1")).toBe(true);
    expect(every.check("PUT", "/items/1")).toBe(true);
    expect(every.check("GET", "/nowhere")).toBe(true);
  });

  test("checkOperation refuses by name; a refused path form has no scope that would help", () => {
    const reader = guardFor(["read"]);
    expect(refusal(() => reader.checkOperation("either")).missing).toEqual(["c"]);
    const tricked = refusal(() => reader.checkWritten("GET", "/items/../items"));
    expect(tricked).toMatchObject({ missing: [], grant: ["read"], operation: undefined });
  });
});

describe("createClient with scopes", () => {
  const spec = { operations: TABLE, scopes: ALL, keyTokens, grants };
  const client = (options: Record<string, unknown>) => createScopedClient(spec, { baseUrl: BASE, ...options } as never);

  test("scopes are required, each a scope this API names; a color is no option here, scopes none of a color's", () => {
    expect(() => client({})).toThrow(/`scopes` is required/);
    expect(() => client({ scopes: "read" })).toThrow(ConfigError);
    expect(() => client({ scopes: ["read", "reed"] })).toThrow('scopes[1]: "reed" is not a scope of this API');
    expect(() => client({ scopes: ["read write"] })).toThrow('scopes[0]: "read write" is not an OAuth2 scope');
    expect(() => client({ scopes: ["read"], color: "red" })).toThrow(/give `scopes`, not `color`/);
    expect(() =>
      createScopedClient({ operations: TABLE, ladder: ["green", "red"] }, { color: "red", scopes: [] } as never),
    ).toThrow(/`scopes` is for APIs that list OAuth2 scopes/);
    expect(client({ scopes: [] })).toBeTypeOf("object");
  });

  test("a spec of scopes made without the scope rules is a ConfigError, not a TypeError", () => {
    const bare = { operations: TABLE, scopes: ALL, keyTokens };
    expect(() => createScopedClient(bare, { baseUrl: BASE, scopes: ["read"] } as never)).toThrow(
      new ConfigError({
        message: "createClient: this API lists OAuth2 scopes, but its client spec has no scope rules (grants)",
      }),
    );
    expect(() => accessTokens({ clientId: CLIENT_ID, privateKey: key.pkcs8, scopes: ["read"] }, bare)).toThrow(
      /its client spec has no scope rules \(grants\)/,
    );
  });
});

describe("calls and tokens of a grant, against a real token endpoint and API", () => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const TOKEN_TABLE: Record<string, OperationEntry> = {
    readItems: { name: "readItems", method: "GET", path: "/items", scope: "scoped", security: [["read"]] },
    writeItems: { name: "writeItems", method: "POST", path: "/items", scope: "scoped", security: [["write"]] },
  };
  const spec = { operations: TOKEN_TABLE, scopes: ["read", "write", "admin"], keyTokens, grants };
  const make = (scopes: readonly string[], extra: Record<string, unknown> = {}) =>
    createScopedClient(spec, {
      scopes,
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
      ...extra,
    } as never) as unknown as Record<string, (args?: unknown) => Promise<unknown>>;

  test("the token request asks for exactly the granted scopes; an allowed call carries the token", async () => {
    const client = make(["write", "read"]);
    await expect(client.readItems!()).resolves.toEqual({ method: "GET", path: "/items" });
    expect(servers.tokenCalls.map((c) => c.form.get("scope"))).toEqual(["write read"]);
    expect(servers.apiCalls.map((c) => [c.url, c.headers.authorization])).toEqual([["/api/v1.2/items", "tok-1"]]);
  });

  test("createTokenSource of a grant asks for exactly its scopes; a color is no option for it", async () => {
    const options = { clientId: CLIENT_ID, privateKey: key.pkcs8, tokenUrl: servers.tokenUrl };
    const tokens = accessTokens({ ...options, scopes: ["admin", "read"] }, { scopes: spec.scopes, keyTokens, grants });
    expect(await tokens.token()).toBe("tok-1");
    expect(servers.tokenCalls.map((c) => c.form.get("scope"))).toEqual(["admin read"]);
    expect(() => accessTokens({ ...options, color: "red" }, { scopes: spec.scopes, keyTokens, grants })).toThrow(
      /give `scopes`, not `color`/,
    );
    expect(() => accessTokens({ ...options, scopes: ["root"] }, { scopes: spec.scopes, keyTokens, grants })).toThrow(
      'scopes[0]: "root" is not a scope of this API',
    );
  });

  test("an empty grant asks for no scope at all", async () => {
    const client = createScopedClient(
      {
        operations: { me: { name: "me", method: "GET", path: "/me", scope: "scoped", security: [[]] } },
        scopes: [],
        keyTokens,
        grants,
      },
      { scopes: [], clientId: CLIENT_ID, privateKey: key.pkcs8, baseUrl: servers.baseUrl, tokenUrl: servers.tokenUrl },
    ) as unknown as Record<string, () => Promise<unknown>>;
    await client.me!();
    expect(servers.tokenCalls).toHaveLength(1);
    expect(servers.tokenCalls[0]!.form.has("scope")).toBe(false);
  });

  test("a call beyond the grant is refused before any request, token or API", async () => {
    const client = make(["read"]);
    const error = await client.writeItems!({ body: {} }).catch((e: unknown) => e);
    expect(ScopeError.is(error) && error.missing).toEqual(["write"]);
    const path = await (client as unknown as { POST: (p: string) => Promise<unknown> })
      .POST("/items")
      .catch((e: unknown) => e);
    expect(path).toBeInstanceOf(ScopeError);
    expect(servers.requestCount()).toBe(0);
  });

  test("a token answer whose scope lacks a granted scope is refused, and no API call is made", async () => {
    servers.tokenReply = (n) => {
      issue(servers, n);
      return json(200, { access_token: `tok-${n}`, token_type: "Bearer", expires_in: 600, scope: "read admin" });
    };
    const client = make(["read", "write"]);
    const error = await client.readItems!().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect(error).toMatchObject({ code: "ERR_TOKEN", error: "insufficient_scope", attempts: 1 });
    expect((error as Error).message).toContain("the token was granted without write (asked for read write)");
    expect((error as Error).message).not.toContain("tok-1");
    expect(servers.apiCalls).toEqual([]);
  });

  test("an answer whose scope holds every granted scope (and more), or that has none, is taken", async () => {
    servers.tokenReply = (n) => {
      issue(servers, n);
      return json(200, { access_token: `tok-${n}`, expires_in: 600, scope: "admin write read" });
    };
    await make(["read", "write"]).readItems!();
    servers.tokenReply = (n) => issue(servers, n);
    await make(["read"]).readItems!();
    expect(servers.apiCalls.map((c) => c.headers.authorization)).toEqual(["tok-1", "tok-2"]);
  });

  test("an answer whose scope is no list of scopes is refused", async () => {
    servers.tokenReply = (n) => {
      issue(servers, n);
      return json(200, { access_token: `tok-${n}`, expires_in: 600, scope: 42 });
    };
    const error = await make(["read"]).readItems!().catch((e: unknown) => e);
    expect(error).toMatchObject({ error: "insufficient_scope" });
    expect((error as Error).message).toContain("the answer's scope is not a space-separated list of scopes");
    expect(servers.apiCalls).toEqual([]);
  });
});

describe("an accessToken of a grant", () => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const spec = {
    operations: {
      readItems: { name: "readItems", method: "GET", path: "/items", scope: "scoped", security: [["read"]] },
    } satisfies Record<string, OperationEntry>,
    scopes: ["read", "write"],
    grants,
  };
  /** A JWT signed with a real RSA key, with these claims. */
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: "RS256" }).setExpirationTime("10m").sign(key.privateKey);
  const make = (scopes: readonly string[], accessToken: unknown) =>
    createScopedClient(spec, { scopes, accessToken, baseUrl: servers.baseUrl } as never) as unknown as {
      readItems: () => Promise<unknown>;
    };

  test("a JWT whose scope claim lacks a granted scope is refused at once; its text is in no message", async () => {
    const token = await signed({ scope: "read" });
    let error: unknown;
    try {
      make(["read", "write"], token);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TokenError);
    expect(error).toMatchObject({ error: "insufficient_scope" });
    expect((error as Error).message).toBe("accessToken's scope claim lacks write of this client's grant (read write)");
    expect((error as Error).message).not.toContain(token.split(".")[1]!);
  });

  test("a function's JWT with an scp list that lacks a granted scope is refused, and nothing is sent", async () => {
    const token = await signed({ scp: ["write"] });
    const error = await make(["read"], () => token)
      .readItems()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ERR_TOKEN", error: "insufficient_scope" });
    expect((error as Error).message).toBe("accessToken's scp claim lacks read of this client's grant (read)");
    expect(servers.apiCalls).toEqual([]);
  });

  test("a JWT that grants every scope, one without a scope claim and an opaque token are taken", async () => {
    const tokens = [await signed({ scope: "write read" }), await signed({ sub: "x" }), "opaque-token"];
    for (const token of tokens) {
      servers.valid.add(token);
      await make(["read", "write"], token).readItems();
    }
    expect(servers.apiCalls.map((c) => c.headers.authorization)).toEqual(tokens);
  });
});
