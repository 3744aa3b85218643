/**
 * The client's own request, sent without a copy. While no middleware can hold it, the guarded fetch judges and sends
 * the Request openapi-fetch built (with the client's CallRequest class) instead of a genuine copy of it. These tests pin
 * what that must not change: no middleware ever sees the token, however it got in (registered later, ejected and
 * replaced, ejected while its call is in flight, per call, behind a getter or a Proxy); the caller's abort still stops
 * the call; a body is copied only when it must be sent again and cannot be sent from its text; and bodies are still
 * replayed on a 401 and a 307/308, on real loopback servers.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { type VirtualTime, virtualTime } from "../support/clock.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { createObservedClient } from "../support/observed.js";
import { useServers } from "../support/servers.js";
import { variants } from "../support/variants.js";

const key = rsaKey();

/** A middleware that records the Authorization header of every request it is shown. */
function watcher() {
  const seen: (string | null)[] = [];
  const look = ({ request }: { request: Request }) => {
    seen.push(request.headers.get("authorization"));
  };
  return { seen, middleware: { onRequest: look, onResponse: look, onError: look } };
}

describe.each(variants)("the client's own request ($name)", (variant) => {
  test("middlewares registered after calls, ejected and replaced, or per call never see the token", async () => {
    const { client, sent } = createObservedClient({ color: "green" }, undefined, variant);
    await client.GET("/tasks"); // sent as built: nobody else holds it
    const first = watcher();
    client.use(first.middleware);
    await client.GET("/tasks");
    (client as unknown as { eject(...m: object[]): void }).eject(first.middleware);
    await client.GET("/tasks");
    const second = watcher();
    client.use(second.middleware);
    await client.GET("/tasks");
    const perCall = watcher();
    (client as unknown as { eject(...m: object[]): void }).eject(second.middleware);
    await client.GET("/tasks", { middleware: [perCall.middleware] });
    expect(sent.map((s) => s.authorization)).toEqual(["tok-1", "tok-1", "tok-1", "tok-1", "tok-1"]);
    // Each middleware saw its calls (onRequest and onResponse) and never the token.
    expect(first.seen).toEqual([null, null]);
    expect(second.seen).toEqual([null, null]);
    expect(perCall.seen).toEqual([null, null]);
  });

  test("a middleware ejected while its call is in flight never sees the token", async () => {
    const { client, sent } = createObservedClient({ color: "green" }, undefined, variant);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const seen: (string | null)[] = [];
    let held: Request | undefined;
    const middleware = {
      async onRequest({ request }: { request: Request }) {
        held = request;
        seen.push(request.headers.get("authorization"));
        entered();
        await gate; // the call waits here while the caller ejects this middleware
      },
      onResponse({ request }: { request: Request }) {
        seen.push(request.headers.get("authorization"));
      },
    };
    client.use(middleware);
    const call = client.GET("/tasks");
    await inside;
    (client as unknown as { eject(...m: object[]): void }).eject(middleware);
    release();
    expect((await call).response.status).toBe(200);
    expect(sent.map((s) => s.authorization)).toEqual(["tok-1"]);
    // openapi-fetch ran it for the whole call (its list is taken when the call starts): it never saw the token.
    expect(seen).toEqual([null, null]);
    expect(held!.headers.get("authorization")).toBeNull();
  });

  test("a middleware ejected by a serializer between the client's look and openapi-fetch's never sees the token", async () => {
    const { client, sent } = createObservedClient({ color: "green" }, undefined, variant);
    const { seen, middleware } = watcher();
    client.use(middleware);
    const eject = () => (client as unknown as { eject(...m: object[]): void }).eject(middleware);
    const { response } = await client.GET("/tasks", {
      querySerializer: () => {
        eject();
        return "";
      },
    });
    expect(response.status).toBe(200);
    expect(sent.map((s) => s.authorization)).toEqual(["tok-1"]);
    expect(seen.every((h) => h === null)).toBe(true);
  });

  test("a per-call middleware behind a getter or a Proxy that answers differently per read never sees the token", async () => {
    const inits: ((m: object) => Record<string, unknown>)[] = [
      // Absent when the client looks, present when openapi-fetch looks (and the other way round).
      (m) => {
        let reads = 0;
        return {
          get middleware() {
            return reads++ === 0 ? undefined : [m];
          },
        };
      },
      (m) => {
        let reads = 0;
        return {
          get middleware() {
            return reads++ === 0 ? [m] : undefined;
          },
        };
      },
      (m) => {
        let reads = 0;
        return new Proxy({ middleware: undefined } as Record<string, unknown>, {
          get: (target, name) =>
            name === "middleware" ? (reads++ % 2 === 0 ? undefined : [m]) : target[name as string],
        });
      },
    ];
    for (const make of inits) {
      const { client, sent } = createObservedClient({ color: "green" }, undefined, variant);
      const { seen, middleware } = watcher();
      const { response } = await client.GET("/tasks", make(middleware));
      expect(response.status).toBe(200);
      expect(sent.map((s) => s.authorization)).toEqual(["tok-1"]);
      expect(seen.every((h) => h === null)).toBe(true);
    }
  });

  test("the caller's abort signal still stops a call sent without a copy", async () => {
    let started!: () => void;
    const arrived = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { client } = createObservedClient(
      { color: "green", callRetry: false },
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
          started();
        }),
      variant,
    );
    const controller = new AbortController();
    const call = client.GET("/tasks", { signal: controller.signal });
    await arrived;
    controller.abort(new Error("caller gave up"));
    await expect(call).rejects.toThrow(/caller gave up/);
  });
});

describe.each(variants)("the client's own request on loopback servers ($name)", ({ createClient }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  let clock: VirtualTime;
  let clones: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    clock = virtualTime();
    clones = vi.spyOn(Request.prototype, "clone");
  });
  afterEach(() => clones.mockRestore());
  const red = () =>
    createClient({
      color: "red",
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
      clock,
    });
  const command = (machine: string) =>
    ({ params: { path: { machine } }, body: { executable: "date" } }) as Record<string, unknown>;

  test("a per-call redirect that is not a string still leaves redirects to the guard", async () => {
    // An object the Request constructor reads as "follow": that request must not reach fetch as built (fetch would
    // follow the redirect itself, unguarded), but as a copy that says manual; the target is above green.
    servers.override = (call) =>
      call.url === "/api/v1.2/tasks"
        ? { status: 302, body: "", headers: { location: `${servers.baseUrl}/utilities/command/perlmutter` } }
        : undefined;
    const green = createClient({
      color: "green",
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
      clock,
    });
    const { response } = await green.GET("/tasks", { redirect: { toString: () => "follow" } });
    expect(response.status).toBe(302);
    expect(servers.apiCalls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/v1.2/tasks"]);
  });

  test("a GET and a POST with a text body are sent without a clone; the text is replayed on a 401", async () => {
    const client = red();
    expect((await client.GET("/account/")).response.status).toBe(200);
    expect((await client.POST("/utilities/command/{machine}", command("dtn01"))).response.status).toBe(200);
    expect(clones).not.toHaveBeenCalled();
    servers.valid.delete("tok-1"); // revoked: the next call is answered 401 and sent again with a new token
    expect((await client.POST("/utilities/command/{machine}", command("dtn01"))).response.status).toBe(200);
    expect(clones).not.toHaveBeenCalled();
    expect(servers.apiCalls.map((c) => [c.method, c.headers.authorization, c.body])).toEqual([
      ["GET", "tok-1", ""],
      ["POST", "tok-1", "executable=date"],
      ["POST", "tok-1", "executable=date"],
      ["POST", "tok-2", "executable=date"],
    ]);
  });

  test("307 and 308 replay a text body to an allowed target; 303 turns the call into a GET without it", async () => {
    servers.override = (call) => {
      if (call.url.endsWith("/command/dtn01"))
        return { status: 307, body: "", headers: { location: `${servers.baseUrl}/utilities/command/dtn02` } };
      if (call.url.endsWith("/command/dtn02"))
        return { status: 308, body: "", headers: { location: `${servers.baseUrl}/utilities/command/dtn03` } };
      if (call.url.endsWith("/command/dtn04"))
        return { status: 303, body: "", headers: { location: `${servers.baseUrl}/tasks/1` } };
      return undefined;
    };
    const client = red();
    expect((await client.POST("/utilities/command/{machine}", command("dtn01"))).response.status).toBe(200);
    expect((await client.POST("/utilities/command/{machine}", command("dtn04"))).response.status).toBe(200);
    expect(servers.apiCalls.map((c) => [c.method, c.url, c.headers.authorization, c.body])).toEqual([
      ["POST", "/api/v1.2/utilities/command/dtn01", "tok-1", "executable=date"],
      ["POST", "/api/v1.2/utilities/command/dtn02", "tok-1", "executable=date"],
      ["POST", "/api/v1.2/utilities/command/dtn03", "tok-1", "executable=date"],
      ["POST", "/api/v1.2/utilities/command/dtn04", "tok-1", "executable=date"],
      ["GET", "/api/v1.2/tasks/1", "tok-1", ""],
    ]);
    expect(servers.apiCalls.at(-1)!.headers["content-type"]).toBeUndefined();
    expect(clones).not.toHaveBeenCalled();
  });

  test("a body that is not text (multipart) is cloned before it is sent, and replayed from the clone on a 401", async () => {
    const client = red();
    await client.GET("/account/");
    servers.valid.delete("tok-1");
    const upload = op(client, "uploadFile");
    await upload({ path: { machine: "dtn01", path: "notes.txt" }, body: { file: new Blob(["hello"]) } });
    expect(clones).toHaveBeenCalled();
    const [first, again] = servers.apiCalls.slice(1);
    expect([first!.headers.authorization, again!.headers.authorization]).toEqual(["tok-1", "tok-2"]);
    expect(again!.body).toBe(first!.body);
    expect(again!.body).toContain("hello");
  });
});

function op(client: unknown, name: string) {
  return (client as Record<string, (args: Record<string, unknown>) => Promise<unknown>>)[name]!;
}
