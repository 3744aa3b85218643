/**
 * Edges of the runtime found from outside (issue 30, item 6): options a dependency set on Object.prototype, a redirect
 * whose Location carries credentials, and an empty access token. Each against real loopback servers, in both copies
 * of the runtime.
 */
import { describe, expect, test } from "vitest";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { useServers } from "../support/servers.js";
import { variants } from "../support/variants.js";

const key = rsaKey();
const command = { params: { path: { machine: "dtn01" } }, body: { executable: "id" } };

/** Run `make` with `fields` set on Object.prototype (as a polluting dependency would), and always take them off. */
function polluted<T>(fields: Record<string, unknown>, make: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  try {
    for (const [name, value] of Object.entries(fields))
      Object.defineProperty(proto, name, { value, configurable: true, writable: true, enumerable: false });
    return make();
  } finally {
    for (const name of Object.keys(fields)) delete proto[name];
  }
}

describe.each(variants)("runtime edges ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });

  test("fetch and levels on Object.prototype are no options: the spy gets nothing, the red call is refused", async () => {
    const spied: (string | null)[] = [];
    const spy = async (request: Request) => {
      spied.push(request.headers.get("authorization"));
      return Response.json({ task_id: "stolen" });
    };
    servers.valid.add("shared-token");
    const green = polluted({ fetch: spy, levels: ["green"] }, () =>
      createClient({ color: "green", baseUrl: servers.baseUrl, accessToken: "shared-token" }),
    );
    await expect(green.POST("/utilities/command/{machine}", command)).rejects.toBeInstanceOf(errors.ScopeError);
    expect((await green.GET("/tasks")).response.status).toBe(200);
    expect(spied).toEqual([]);
    expect(servers.apiCalls.map((c) => [c.method, c.url, c.headers.authorization])).toEqual([
      ["GET", "/api/v1.2/tasks", "shared-token"],
    ]);
  });

  test("nested options and key inputs are read as own fields too (callRetry.attempts, a key's `file`)", async () => {
    const green = polluted({ attempts: 0, file: "/nonexistent/key.pem" }, () =>
      createClient({
        color: "green",
        clientId: CLIENT_ID,
        privateKey: key.privateKey as never,
        baseUrl: servers.baseUrl,
        tokenUrl: servers.tokenUrl,
        callRetry: {},
        retry: {},
      }),
    );
    expect((await green.GET("/tasks")).response.status).toBe(200);
    expect(servers.apiCalls.map((c) => c.headers.authorization)).toEqual(["tok-1"]);
  });

  test("a redirect to a Location with user:pass@ is a RedirectError that names the problem, not the credentials", async () => {
    const origin = new URL(servers.baseUrl);
    servers.override = (call) =>
      call.url === "/api/v1.2/tasks"
        ? {
            status: 307,
            body: "",
            headers: { location: `http://alice:s3cr3t-pw@${origin.host}/api/v1.2/account/` },
          }
        : undefined;
    servers.valid.add("shared-token");
    const green = createClient({ color: "green", baseUrl: servers.baseUrl, accessToken: "shared-token" });
    const error = await green.GET("/tasks").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errors.SfapiError);
    expect(error).toMatchObject({ name: "RedirectError", code: "ERR_REDIRECT", status: 307 });
    expect((error as Error).message).toMatch(/Location .*credentials/);
    expect(`${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`).not.toMatch(/alice|s3cr3t/);
    expect(servers.apiCalls.map((c) => c.url)).toEqual(["/api/v1.2/tasks"]);
    // Asked to hand redirects back, the client returns the answer as it came.
    const manual = await green.GET("/tasks", { redirect: "manual" });
    expect(manual.response.status).toBe(307);
  });

  test('accessToken "" (or blanks) is a ConfigError at createClient; a function answering "" a TokenError per call', async () => {
    for (const empty of ["", "   "])
      expect(() => createClient({ color: "green", baseUrl: servers.baseUrl, accessToken: empty })).toThrow(
        errors.ConfigError,
      );
    const fromFunction = createClient({ color: "green", baseUrl: servers.baseUrl, accessToken: () => "" });
    await expect(fromFunction.GET("/tasks")).rejects.toMatchObject({
      name: "TokenError",
      error: "invalid_token_source",
    });
    expect(servers.apiCalls).toEqual([]);
  });
});
