/**
 * `core.js`, the generated client without index.js's helpers: the same guard, tokens and named calls against real
 * loopback servers, and neither `waitForTask`, `compute` nor key files (their code stays out of a bundle of it:
 * elsewhere.test.ts).
 */
import { describe, expect, test } from "vitest";
import * as core from "../../generated/core.js";
import * as full from "../../generated/index.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { useServers } from "../support/servers.js";

const key = rsaKey();

describe("core.js", () => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  // A PKCS#1 PEM, as the facility hands keys out: wrapped into PKCS#8 and imported with WebCrypto.
  const green = () =>
    core.createClient({
      color: "green",
      clientId: CLIENT_ID,
      privateKey: key.pkcs1,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
    });

  test("an allowed call gets a token with a verified assertion and goes out with it", async () => {
    const tasks = await green().readTasks();
    expect(tasks).toEqual({ method: "GET", path: "/tasks" });
    expect(servers.tokenCalls.map((c) => c.problem)).toEqual([undefined]);
    expect(servers.apiCalls.map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([
      "GET /api/v1.2/tasks tok-1",
    ]);
  });

  test("a call above the color is a ScopeError and reaches neither server", async () => {
    // Typed as green, the call would not compile: the run-time guard is what is tested here.
    const loose = green() as unknown as { POST(path: string, init: object): Promise<unknown> };
    const init = { params: { path: { machine: "dtn01" } }, body: { executable: "id" } };
    const refused = await loose.POST("/utilities/command/{machine}", init).catch((error: unknown) => error);
    expect(core.ScopeError.is(refused)).toBe(true);
    expect(refused).toMatchObject({ required: "red", color: "green" });
    expect(servers.requestCount()).toBe(0);
  });

  test("has no helpers; index.js's client has them, over the same operations", () => {
    const lean = green() as unknown as Record<string, unknown>;
    const helped = full.createClient({ color: "green" }) as unknown as Record<string, unknown>;
    const helpers = ["compute", "user", "group", "resources", "api", "globus"];
    expect(["waitForTask", ...helpers].filter((k) => k in lean)).toEqual([]);
    expect([typeof helped.waitForTask, typeof helped.compute]).toEqual(["function", "function"]);
    expect([typeof helped.user, typeof helped.group, typeof helped.resources]).toEqual([
      "function",
      "function",
      "object",
    ]);
    const members = (client: Record<string, unknown>) =>
      Object.keys(client)
        .filter((k) => !helpers.includes(k))
        .sort();
    expect(members(lean)).toEqual(members(helped).filter((k) => k !== "waitForTask"));
  });

  test("reads no key files (index.js does): a ConfigError that says where to go instead", () => {
    let error: unknown;
    try {
      core.createClient({ color: "green", keyFile: "~/.superfacility/green.json" } as never);
    } catch (e) {
      error = e;
    }
    expect(core.ConfigError.is(error)).toBe(true);
    expect(String((error as Error).message)).toMatch(/core\.js reads no key files; import createClient from index\.js/);
    expect(() =>
      core.createClient({ color: "green", clientId: CLIENT_ID, privateKey: { file: "/nonexistent" } }),
    ).toThrow(/core\.js reads no key files/);
    // index.js reads it (and says why this one is unusable).
    expect(() => full.createClient({ color: "green", keyFile: "/nonexistent/key.json" })).toThrow(
      /Cannot read the key file \/nonexistent\/key\.json: ENOENT/,
    );
  });

  test("shares the description, the table and the error classes with index.js", () => {
    expect(full.description).toBe(core.description);
    expect(full.operations).toBe(core.operations);
    expect(full.defaultBaseUrl).toBe(core.defaultBaseUrl);
    expect(full.ScopeError).toBe(core.ScopeError);
  });
});
