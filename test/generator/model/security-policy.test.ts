// The security policy: an operation's OAuth2 scope sets read from `security`, table tests over small descriptions,
// then the two real descriptions in test/fixtures/oauth2.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel } from "../../../generator/model/model.js";
import { isScopeToken } from "../../../generator/model/security.js";
import { description, modelOf } from "../../support/descriptions.js";

const schemes = {
  securitySchemes: {
    oauth: {
      type: "oauth2",
      flows: {
        clientCredentials: { tokenUrl: "https://example.test/token", scopes: { read: "", write: "", admin: "" } },
      },
    },
    key: { type: "apiKey", in: "header", name: "X-Key" },
  },
};

/** The model of one operation `GET /x` with `op`, under the security policy, plus the document's `root`. */
function only(op: Record<string, unknown>, root: Record<string, unknown> = {}) {
  const doc = { ...description({ "GET /x": op }, root), components: schemes };
  const model = modelOf(doc, "t.json", { policy: "security", levels: undefined });
  return model.operations[0]!;
}

describe("the security policy reads each operation's requirement", () => {
  it.each([
    ["no security anywhere", {}, {}, "public", []],
    ["an empty list", { security: [] }, { security: [{ oauth: ["read"] }] }, "public", []],
    ["an anonymous alternative", { security: [{}, { oauth: ["admin"] }] }, {}, "public", []],
    ["the document's list", {}, { security: [{ oauth: ["read"] }] }, "scoped", [["read"]]],
    [
      "the operation's over the document's",
      { security: [{ oauth: ["write"] }] },
      { security: [{ oauth: ["read"] }] },
      "scoped",
      [["write"]],
    ],
    ["a token and no scope", { security: [{ oauth: [] }] }, {}, "scoped", [[]]],
    [
      "scopes of one requirement AND-ed, sorted",
      { security: [{ oauth: ["write", "read"] }] },
      {},
      "scoped",
      [["read", "write"]],
    ],
    ["schemes of one requirement AND-ed", { security: [{ oauth: ["read"], key: [] }] }, {}, "scoped", [["read"]]],
    [
      "alternatives OR-ed, fewest first",
      { security: [{ oauth: ["admin", "write"] }, { oauth: ["read"] }] },
      {},
      "scoped",
      [["read"], ["admin", "write"]],
    ],
    [
      "an alternative a smaller one allows is dropped",
      { security: [{ oauth: ["read", "write"] }, { key: [] }] },
      {},
      "scoped",
      [[]],
    ],
  ])("%s", (_, op, root, scope, sets) => {
    const o = only(op, root);
    expect(o.scope).toBe(scope);
    expect(o.requirement.security?.anyOf.map((s) => s.scopes)).toEqual(sets);
    expect(o.requirement.problem).toBeUndefined();
  });

  it.each([
    ["not a list", { security: { oauth: ["read"] } }, "/paths/~1x/get/security", "is not a list"],
    ["null", { security: null }, "/paths/~1x/get/security", "is not a list"],
    ["an item that is not an object", { security: ["oauth"] }, "/paths/~1x/get/security/0", "requirement object"],
    [
      "an undeclared scheme",
      { security: [{ "o/auth": ["read"] }] },
      "/paths/~1x/get/security/0/o~1auth",
      "does not declare",
    ],
    ["scopes not a list", { security: [{ oauth: "read" }] }, "/paths/~1x/get/security/0/oauth", "not a list of scopes"],
    [
      "a scope with a space",
      { security: [{ oauth: ["read write"] }] },
      "/paths/~1x/get/security/0/oauth/0",
      "scope-token",
    ],
    [
      "a scope that is not a string",
      { security: [{ oauth: [7] }] },
      "/paths/~1x/get/security/0/oauth/0",
      "scope-token",
    ],
  ])("fails closed on %s: every scope, named with its pointer", (_, op, pointer, why) => {
    const o = only(op);
    expect(o.scope).toBe("unranked");
    expect(o.requirement.problem).toBe("malformed");
    expect(o.requirement.security?.pointer).toBe(pointer);
    expect(o.requirement.security?.malformed).toContain(why);
    // The top of any grant: every scope the description declares or uses.
    expect(o.requirement.security?.anyOf.map((s) => s.scopes)).toEqual([["admin", "read", "write"]]);
  });

  it("takes RFC 6749 scope-tokens only", () => {
    for (const ok of ["read", "user-read-private", "write:pets", "https://x.test/auth/drive", "!#[]~"])
      expect(isScopeToken(ok)).toBe(true);
    for (const bad of ["", "a b", 'a"b', "a\\b", "é", "a\tb", 7, null]) expect(isScopeToken(bad)).toBe(false);
  });
});

describe("choosing the policy", () => {
  const scoped = { security: [{ oauth: ["read"] }] };
  const pick = (doc: Record<string, any>, options: Parameters<typeof modelOf>[2]) =>
    modelOf({ ...doc, components: schemes }, "t.json", { levels: undefined, ...options }).policy;

  it("auto: security when requirements list scopes and no operation has a vendor field", () => {
    expect(pick(description({ "GET /x": scoped }), {})).toBe("security");
    expect(pick(description({ "GET /x": scoped, "GET /y": { "x-nersc-scope": "red" } }), {})).toBe("scope");
    expect(pick(description({ "GET /x": { security: [{ oauth: [] }] } }), {})).toBe("scope");
    // Levels given ask for a ladder.
    expect(pick(description({ "GET /x": scoped }), { levels: ["a", "b"] })).toBe("scope");
  });

  it("refuses --levels with the security policy, and an unknown policy", () => {
    expect(() => pick(description({ "GET /x": scoped }), { policy: "security", levels: ["a", "b"] })).toThrow(
      /security policy .* has no ladder/,
    );
    expect(() => pick(description({}), { policy: "colour" as never })).toThrow(/--policy must be/);
  });
});

describe("real descriptions with per-operation OAuth2 scopes", () => {
  const dir = join(import.meta.dirname, "../../fixtures/oauth2");

  it("Spotify: 97 operations, each needing a token, 65 of them scopes", async () => {
    const m = await loadModel({ file: join(dir, "spotify.yml") });
    expect(m.policy).toBe("security");
    expect(m.operations).toHaveLength(97);
    const sets = m.operations.map((o) => o.requirement.security!.anyOf);
    expect(sets.every((s) => s.length === 1)).toBe(true);
    expect(sets.filter((s) => s[0]!.scopes.length > 0)).toHaveLength(65);
    const op = m.operations.find((o) => o.operationId === "create-playlist")!;
    expect(op.requirement.security!.anyOf[0]!.scopes).toEqual(["playlist-modify-private", "playlist-modify-public"]);
  });

  it("Petstore: public store and user operations; an API key or both pet scopes", async () => {
    const m = await loadModel({ file: join(dir, "petstore.yaml") });
    expect(m.policy).toBe("security");
    expect(m.operations.filter((o) => o.scope === "public")).toHaveLength(10);
    const byId = (id: string) => m.operations.find((o) => o.operationId === id)!.requirement.security!.anyOf;
    expect(byId("addPet").map((s) => s.scopes)).toEqual([["read:pets", "write:pets"]]);
    // `[{ api_key: [] }, { petstore_auth: [...] }]`: the key alone allows it.
    expect(byId("getPetById").map((s) => s.scopes)).toEqual([[]]);
  });
});
