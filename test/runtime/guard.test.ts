/**
 * The color guard. Unit level: the path matcher and the ladder rule on the generated table and on small hand-made
 * tables. HTTP level: a green client trying the command operation in 30 spellings is refused every time and the
 * servers (token endpoint, API, another origin) record zero requests.
 */
import { describe, expect, test } from "vitest";
import { operations } from "../../generated/operations.js";
import { createGuard } from "../../templates/runtime/guard.js";
import { createScopedClient, keyTokens, type OperationEntry, ScopeError } from "../../templates/runtime/index.js";
import { compileTable, matchAll } from "../../templates/runtime/matcher.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { useServers } from "../support/servers.js";
import { variants } from "../support/variants.js";

const key = rsaKey();
const BASE = "https://api.example.test/api/v1.2";
const LADDER = ["green", "yellow", "orange", "red"] as const;

function guardFor(color: string, table: Record<string, OperationEntry> = operations) {
  const guard = createGuard({ table: compileTable(table), ladder: LADDER, color, baseUrl: BASE });
  return (method: string, path: string, written?: string, params?: Record<string, unknown>) => {
    if (written !== undefined) guard.checkWritten(method, written, params);
    return guard.check(method, `${BASE}${path}`);
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

describe("path matcher", () => {
  const table = compileTable(operations);
  const names = (method: string, path: string) => matchAll(table, method, path.slice(1).split("/")).map((e) => e.name);

  test("concrete paths map to their templates", () => {
    expect(names("POST", "/utilities/command/dtn01")).toEqual(["runCommand"]);
    expect(names("GET", "/compute/jobs/perlmutter/12345")).toEqual(["readJob"]);
    expect(names("DELETE", "/compute/jobs/perlmutter/12345")).toEqual(["cancelJob"]);
    expect(names("GET", "/tasks")).toEqual(["readTasks"]);
  });

  test("a path fitting a literal and a parameter template yields both, literal first", () => {
    expect(names("GET", "/status/outages")).toEqual(["readOutages", "readStatus"]);
  });

  test("trailing slashes and empty segments are part of the path", () => {
    expect(names("GET", "/account/")).toEqual(["readUser"]);
    expect(names("GET", "/account")).toEqual([]);
    expect(names("GET", "/tasks/")).toEqual([]);
    expect(names("GET", "/account//")).toEqual([]);
    expect(names("POST", "/utilities/command/")).toEqual([]);
  });

  test("the wrong method matches nothing", () => {
    expect(names("GET", "/utilities/command/dtn01")).toEqual([]);
    expect(names("PATCH", "/tasks/1")).toEqual([]);
  });

  test("a 1,200-operation table maps every concrete path back to its own operation", () => {
    const big: Record<string, OperationEntry> = {};
    for (let i = 0; i < 300; i++) {
      const base = `/repos/{owner}/{repo}/area${i}`;
      big[`list${i}`] = { name: `list${i}`, method: "GET", path: base, scope: "green" };
      big[`get${i}`] = { name: `get${i}`, method: "GET", path: `${base}/{id}`, scope: "green" };
      big[`fixed${i}`] = { name: `fixed${i}`, method: "GET", path: `${base}/latest`, scope: "red" };
      big[`edit${i}`] = { name: `edit${i}`, method: "PATCH", path: `${base}/{id}`, scope: "red" };
    }
    const compiled = compileTable(big);
    for (let i = 0; i < 300; i++) {
      const at = (method: string, rest: string) =>
        matchAll(compiled, method, `repos/o/r/area${i}${rest}`.split("/")).map((e) => e.name);
      expect(at("GET", "")).toEqual([`list${i}`]);
      expect(at("GET", "/7")).toEqual([`get${i}`]);
      expect(at("GET", "/latest")).toEqual([`fixed${i}`, `get${i}`]);
      expect(at("PATCH", "/7")).toEqual([`edit${i}`]);
    }
  });

  test("segments mixing text and a parameter", () => {
    const t = compileTable({ a: { name: "a", method: "GET", path: "/files/{name}.json", scope: "green" } });
    expect(matchAll(t, "GET", ["files", "x.json"]).map((e) => e.name)).toEqual(["a"]);
    expect(matchAll(t, "GET", ["files", ".json"])).toEqual([]);
    expect(matchAll(t, "GET", ["files", "x.yaml"])).toEqual([]);
  });
});

describe("guard decisions", () => {
  test("green may read, not run commands; the error says which color is needed", () => {
    const green = guardFor("green");
    expect(green("GET", "/tasks")).toBe(true);
    expect(green("GET", "/status/")).toBe(false); // public: no token needed
    const error = refusal(() => green("POST", "/utilities/command/dtn01"));
    expect(error).toMatchObject({
      name: "ScopeError",
      operation: "runCommand",
      required: "red",
      color: "green",
      method: "POST",
      path: "/utilities/command/dtn01",
    });
    expect(error.message).toBe("runCommand (POST /utilities/command/{machine}) needs color red; this client is green");
  });

  test("a kept decision is the URL's under its method only, and a long URL is judged every time", () => {
    const green = guardFor("green");
    // Listing groups is green, creating one orange.
    expect(green("GET", "/account/groups")).toBe(true);
    expect(green("GET", "/account/groups")).toBe(true); // kept
    expect(refusal(() => green("POST", "/account/groups"))).toMatchObject({ operation: "createGroup", method: "POST" });
    expect(refusal(() => green("POST", "/account/groups"))).toMatchObject({ operation: "createGroup" }); // never kept
    const long = `/account/groups?q=${"x".repeat(4096)}`;
    expect(green("GET", long)).toBe(true);
    expect(refusal(() => green("POST", long))).toMatchObject({ operation: "createGroup" });
    const guard = createGuard({ table: compileTable(operations), ladder: LADDER, color: "green", baseUrl: BASE });
    // Below the base URL by a prefix only: refused, also after an allowed call under the base URL.
    expect(guard.check("GET", `${BASE}/tasks/42`)).toBe(true);
    expect(refusal(() => guard.check("GET", `${BASE}x/tasks/42`)).message).toContain("is not below the client's base");
  });

  test("a yellow operation names every color that may call it", () => {
    const error = refusal(() => guardFor("green")("GET", "/compute/jobs/perlmutter"));
    expect(error).toMatchObject({ operation: "readJobs", required: "yellow" });
    expect(error.message).toContain("needs color yellow or above (yellow, orange, red)");
    expect(guardFor("yellow")("GET", "/compute/jobs/perlmutter")).toBe(true);
  });

  test("unranked and off-ladder scopes: only the top level", () => {
    const table: Record<string, OperationEntry> = {
      odd: { name: "odd", method: "GET", path: "/odd", scope: "unranked" },
      purple: { name: "purple", method: "GET", path: "/purple", scope: "purple" },
    };
    for (const path of ["/odd", "/purple"]) {
      for (const color of ["green", "yellow"])
        expect(refusal(() => guardFor(color, table)("GET", path))).toMatchObject({ required: "red", color });
      expect(guardFor("red", table)("GET", path)).toBe(true);
    }
    expect(refusal(() => guardFor("yellow", table)("GET", "/purple")).message).toContain(
      'its scope "purple" is not a level on the ladder green < yellow < orange < red',
    );
  });

  test("paths matching no operation fail closed: only the top level may call them", () => {
    for (const color of LADDER.slice(0, -1)) {
      const error = refusal(() => guardFor(color)("GET", "/admin/users"));
      expect(error).toMatchObject({ operation: undefined, required: "red", color });
      expect(error.message).toContain("matches no operation of this API; unknown paths need color red");
    }
    expect(guardFor("red")("GET", "/admin/users")).toBe(true);
    expect(guardFor("red")("POST", "/status/")).toBe(true);
    // Malformed paths stay refused for every color, the top included.
    expect(refusal(() => guardFor("red")("GET", "/tasks/%zz"))).toMatchObject({ color: "red" });
  });

  test("when a concrete path fits several templates, the most demanding one decides", () => {
    const table: Record<string, OperationEntry> = {
      readThing: { name: "readThing", method: "GET", path: "/things/{id}", scope: "green" },
      readSecret: { name: "readSecret", method: "GET", path: "/things/secret", scope: "red" },
    };
    expect(guardFor("green", table)("GET", "/things/7")).toBe(true);
    expect(refusal(() => guardFor("green", table)("GET", "/things/secret"))).toMatchObject({ operation: "readSecret" });
  });

  test("an encoded slash may fill a parameter, but not smuggle in another template", () => {
    const table: Record<string, OperationEntry> = {
      readFile: { name: "readFile", method: "GET", path: "/files/{path}", scope: "green" },
      readKeys: { name: "readKeys", method: "GET", path: "/files/keys/{name}", scope: "red" },
    };
    expect(guardFor("green", table)("GET", "/files/notes%2Fa.txt")).toBe(true);
    expect(refusal(() => guardFor("green", table)("GET", "/files/keys%2Fid_rsa"))).toMatchObject({
      operation: "readKeys",
    });
    expect(refusal(() => guardFor("green", table)("GET", "/files/x%2F..%2F..%2Fadmin")).message).toContain(
      "dot-segments",
    );
  });

  test("a whole file path, as the official client sends it, is the file operation's: yellow may download it", () => {
    const path = "/utilities/download/perlmutter//global/homes/u/user/a.txt";
    expect(guardFor("yellow")("GET", path, path)).toBe(true);
    expect(refusal(() => guardFor("green")("GET", path, path))).toMatchObject({
      operation: "downloadFile",
      required: "yellow",
    });
    expect(refusal(() => guardFor("red")("GET", "/utilities/ls/perlmutter//global/%2E%2E/etc")).message).toContain(
      "dot-segments",
    );
  });

  test("dot-segments as written are refused even where the URL parser would resolve them to an allowed path", () => {
    const green = guardFor("green");
    expect(refusal(() => green("GET", "/account/", "/tasks/../account/")).message).toContain("dot-segments");
    expect(refusal(() => green("GET", "/tasks/x", "/tasks/{id}", { id: ".." })).message).toContain("dot-segments");
  });

  test("a request outside the base URL is refused", () => {
    const guard = createGuard({ table: compileTable(operations), ladder: LADDER, color: "red", baseUrl: BASE });
    expect(() => guard.check("GET", "https://api.example.test/api/v1.2tasks")).toThrow(
      /not below the client's base URL/,
    );
    expect(() => guard.check("GET", "https://elsewhere.test/tasks")).toThrow(/not below the client's base URL/);
  });
});

describe("client options", () => {
  const spec = { operations, ladder: LADDER, defaultBaseUrl: BASE, keyTokens };
  test("a color off the ladder, a bad ladder or a bad URL is refused when the client is created", () => {
    expect(() => createScopedClient(spec, { color: "purple" })).toThrow(
      /color "purple" is not on the ladder green < yellow < orange < red/,
    );
    expect(() => createScopedClient(spec, { color: "green", levels: ["green", "green"] })).toThrow(
      /levels\[1\]: "green" is named twice/,
    );
    expect(() => createScopedClient(spec, { color: "green", levels: ["green", "public"] })).toThrow(/reserved/);
    expect(() => createScopedClient(spec, { color: "green", baseUrl: "ftp://x" })).toThrow(/http\(s\)/);
    // A base URL that would be ambiguous as a prefix of request URLs.
    for (const baseUrl of [
      "https://x.test/api?",
      "https://x.test/api?v=1",
      "https://x.test/api#",
      "https://x.test/api//",
      "https://x.test//api",
      "https://u:p@x.test/api",
    ]) {
      expect(() => createScopedClient(spec, { color: "green", baseUrl }), baseUrl).toThrow(
        /query, fragment or credentials|empty path segments/,
      );
    }
    expect(() => createScopedClient(spec, { color: "green", authorizationPrefix: "Bearer\r\nX-Evil: 1" })).toThrow(
      /authorizationPrefix/,
    );
    expect(() => createScopedClient(spec, { color: "green", clientId: "c" })).toThrow(
      /clientId was given without privateKey/,
    );
    expect(() => createScopedClient(spec, { color: "green", privateKey: key.pkcs8 })).toThrow(/without clientId/);
    expect(() => createScopedClient(spec, {} as never)).toThrow(/color.*required/);
  });
});

describe.each(variants)(
  "green client refuses the command operation, sending nothing ($name)",
  ({ createClient, errors }) => {
    const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
    const other = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
    const green = () =>
      createClient({
        color: "green",
        clientId: CLIENT_ID,
        privateKey: key.pkcs1,
        baseUrl: servers.baseUrl,
        tokenUrl: servers.tokenUrl,
      });
    const body = { executable: "hostname" };
    const machine = (m: string) => ({ params: { path: { machine: m } }, body });

    // [method, path as written, init]; each is the command operation, or a spelling that must not reach the network.
    const spellings: [string, string, Record<string, unknown>][] = [
      ["POST", "/utilities/command/{machine}", machine("dtn01")],
      ["POST", "/utilities/command/dtn01", { body }],
      ["post", "/utilities/command/dtn01", { body }],
      ["Post", "/utilities/command/{machine}", machine("dtn01")],
      ["POST", "/utilities/command/dtn01/", { body }],
      ["POST", "/utilities/command/dtn01?via=query", { body }],
      ["POST", "/utilities/command/dtn01#fragment", { body }],
      ["POST", "//utilities/command/dtn01", { body }],
      ["POST", "/utilities//command/dtn01", { body }],
      ["POST", "/utilities/command//dtn01", { body }],
      ["POST", "/utilities/./command/dtn01", { body }],
      ["POST", "/utilities/command/./dtn01", { body }],
      ["POST", "/tasks/../utilities/command/dtn01", { body }],
      ["POST", "/utilities/x/../command/dtn01", { body }],
      ["POST", "/utilities/%2e%2e/utilities/command/dtn01", { body }],
      ["POST", "/utilities/%2E/command/dtn01", { body }],
      ["POST", "/utilities%2Fcommand%2Fdtn01", { body }],
      ["POST", "/utilities/command%2fdtn01", { body }],
      ["POST", "/utilities/command/dtn01%2F", { body }],
      ["POST", "/utilities/command/dtn01%2F..%2F..%2Fls", { body }],
      ["POST", "/%75tilities/command/dtn01", { body }],
      ["POST", "/utilities/comm%61nd/%64tn01", { body }],
      ["POST", "/UTILITIES/COMMAND/dtn01", { body }],
      ["POST", "/utilities\\command\\dtn01", { body }],
      ["POST", "/utilities/command/\tdtn01", { body }],
      ["POST", "/utilities/command/dtn01;x=1", { body }],
      ["POST", "/utilities/command/{machine}", machine("..")],
      ["POST", "/utilities/command/{machine}", machine("dtn01/../../tasks")],
      ["POST", "utilities/command/dtn01", { body }],
      ["PUT", "/utilities/command/dtn01", { body }],
      ["POST", "/utilities/command/{machine}", { ...machine("dtn01"), baseUrl: "" }],
    ];

    test(`${spellings.length} spellings: ScopeError every time, zero requests anywhere`, async () => {
      const client = green();
      const outcomes: string[] = [];
      for (const [method, path, init] of spellings) {
        const otherBase = init.baseUrl === "" ? { baseUrl: other.baseUrl } : {};
        const error = await client.request(method, path, { ...init, ...otherBase }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${method} ${path}`).toBeInstanceOf(errors.ScopeError);
        const scope = error as ScopeError;
        expect(scope.name).toBe("ScopeError");
        expect(scope.color).toBe("green");
        if (scope.operation !== undefined) {
          expect(scope).toMatchObject({ operation: "runCommand", required: "red" });
          expect(scope.message).toContain("needs color red");
        }
        outcomes.push(scope.operation ?? "no operation");
      }
      expect(servers.tokenCalls).toHaveLength(0);
      expect(servers.apiCalls).toHaveLength(0);
      expect(other.apiCalls).toHaveLength(0);
      // Spellings that still mean the command name it; the rest are refused as matching nothing / malformed.
      expect(outcomes.filter((o) => o === "runCommand").length).toBeGreaterThanOrEqual(10);
    });

    test("the same client can still make green calls, and red may run the command", async () => {
      const { response } = await green().GET("/tasks/{id}", { params: { path: { id: "7" } } });
      expect(response.status).toBe(200);
      const red = createClient({
        color: "red",
        clientId: CLIENT_ID,
        privateKey: key.pkcs1,
        baseUrl: servers.baseUrl,
        tokenUrl: servers.tokenUrl,
      });
      const ran = await red.request("post", "/utilities/command/dtn01", { body });
      expect(ran.response.status).toBe(200);
      expect(servers.apiCalls.map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([
        "GET /api/v1.2/tasks/7 tok-1",
        "POST /api/v1.2/utilities/command/dtn01 tok-2",
      ]);
    });

    test("a levels override re-ranks at run time", async () => {
      const make = (levels: string[]) =>
        createClient({
          color: "green",
          levels,
          clientId: CLIENT_ID,
          privateKey: key.pkcs8,
          baseUrl: servers.baseUrl,
          tokenUrl: servers.tokenUrl,
        });
      // yellow ranked below green: green may read the job list.
      const jobs = { params: { path: { machine: "perlmutter" as const } } };
      expect(
        (await make(["yellow", "green", "orange", "red"]).GET("/compute/jobs/{machine}", jobs)).response.status,
      ).toBe(200);
      // yellow off the ladder: its operations are for the top level only.
      await expect(make(["green", "orange", "red"]).GET("/compute/jobs/{machine}", jobs)).rejects.toMatchObject({
        name: "ScopeError",
        required: "red",
      });
      expect(servers.apiCalls).toHaveLength(1);
    });
  },
);
