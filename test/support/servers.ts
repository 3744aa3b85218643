/**
 * Test servers on 127.0.0.1: the local facility's token endpoint (generator/facility), which verifies each client
 * assertion (signature and every claim) and whose test hooks record each token request and script its answer, and an
 * API under /api/v1.2 (on an origin of its own) that accepts only tokens issued here, sent bare. Both record every
 * request they receive.
 */
import type { KeyObject } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { TokenCall as FacilityTokenCall, ScriptedReply } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { listenLocal } from "./http.js";

/** A token request as the facility's `record` hook saw it, and when it arrived. */
export interface TokenCall extends FacilityTokenCall {
  at: number;
}

export interface ApiCall {
  method: string;
  /** Path and query as received (below the origin). */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply = ScriptedReply;

export interface TestServers {
  origin: string;
  baseUrl: string;
  tokenUrl: string;
  tokenCalls: TokenCall[];
  apiCalls: ApiCall[];
  /** Tokens the API accepts; delete one to make the API answer 401 to it. */
  valid: Set<string>;
  /** What the token endpoint answers to its `n`th request (1-based, since reset) once the assertion verified. */
  tokenReply: (n: number) => Reply;
  /** What `GET /tasks/{id}` reports, one state per poll (the last one repeats). */
  taskStates: string[];
  /** The scheme the API expects before the token ("" = bare token). */
  authScheme: string;
  /** The `kid` the assertion header must carry (undefined: none). */
  kid: string | undefined;
  /** Answers an API call before the usual handling when it returns a reply (redirects, errors, canned bodies). */
  override: ((call: ApiCall) => Reply | undefined) | undefined;
  requestCount(): number;
  reset(): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  publicKey: KeyObject;
  clientId: string;
  /** The `kid` the assertion header must carry (undefined: it must carry none). */
  kid?: string;
}

/** Issue `tok-<n>` (or `token`), valid for `expiresIn` seconds (`null`: no expires_in in the answer). */
export function issue(servers: TestServers, n: number, expiresIn: number | null = 600, token = `tok-${n}`): Reply {
  servers.valid.add(token);
  return json(200, {
    access_token: token,
    token_type: "Bearer",
    ...(expiresIn === null ? {} : { expires_in: expiresIn }),
  });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } };
}

const PUBLIC_PREFIXES = ["/status", "/meta"];

/** The runtime signs assertions valid for 300 s; the facility's own limit (a day) is looser than these tests want. */
const MAX_ASSERTION_LIFETIME_S = 600;

/**
 * Test servers for a test file or describe: started in beforeAll, reset before each test, closed in afterAll. The
 * object returned stands for them (reads and writes go through to the started servers), so tests use it as they
 * would use startServers' result; touching it before beforeAll ran throws.
 */
export function useServers(options: ServerOptions): TestServers {
  let started: TestServers | undefined;
  beforeAll(async () => {
    started = await startServers(options);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.reset());
  const current = () => {
    if (!started) throw new Error("the test servers start in beforeAll; use them inside a test");
    return started;
  };
  return new Proxy({} as TestServers, {
    get: (_target, key) => Reflect.get(current(), key),
    set: (_target, key, value) => Reflect.set(current(), key, value),
    has: (_target, key) => Reflect.has(current(), key),
  });
}

export async function startServers(options: ServerOptions): Promise<TestServers> {
  let taskPolls = 0;
  const facility = await startFacility({ taskDelayMs: 0 });
  facility.registerClient({ clientId: options.clientId, color: "green", publicKey: options.publicKey });
  const hookTokens = () =>
    facility.faults.tokenHooks({
      get kid() {
        return servers.kid ?? null;
      },
      maxAssertionLifetimeS: MAX_ASSERTION_LIFETIME_S,
      record: (call) => servers.tokenCalls.push({ ...call, at: Date.now() }),
      reply: (n) => servers.tokenReply(n),
    });
  const servers: TestServers = {
    origin: "",
    baseUrl: "",
    tokenUrl: "",
    tokenCalls: [],
    apiCalls: [],
    valid: new Set(),
    tokenReply: (n) => issue(servers, n),
    taskStates: ["completed"],
    authScheme: "",
    kid: options.kid,
    override: undefined,
    requestCount: () => servers.tokenCalls.length + servers.apiCalls.length,
    reset() {
      servers.tokenCalls.length = 0;
      servers.apiCalls.length = 0;
      servers.valid.clear();
      servers.tokenReply = (n) => issue(servers, n);
      servers.taskStates = ["completed"];
      servers.authScheme = "";
      servers.kid = options.kid;
      servers.override = undefined;
      taskPolls = 0;
      hookTokens();
    },
    close: () => Promise.all([local.close(), facility.close()]).then(() => undefined),
  };
  hookTokens();

  const local = await listenLocal(
    async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      const send = (reply: Reply) => {
        if (reply === "hang") return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body);
      };
      const url = req.url ?? "/";
      const call: ApiCall = { method: req.method ?? "", url, headers: req.headers, body };
      servers.apiCalls.push(call);
      const overridden = servers.override?.(call);
      if (overridden) return send(overridden);
      const api = "/api/v1.2";
      if (!url.startsWith(`${api}/`)) return send(json(404, { detail: "Not Found" }));
      const path = url.slice(api.length).split("?")[0]!;
      if (!PUBLIC_PREFIXES.some((p) => path.startsWith(p))) {
        const auth = req.headers.authorization ?? "";
        const token = servers.authScheme ? auth.replace(new RegExp(`^${servers.authScheme} `), "") : auth;
        if ((servers.authScheme && !auth.startsWith(`${servers.authScheme} `)) || !servers.valid.has(token)) {
          return send(json(401, { detail: "Not authenticated" }));
        }
      }
      if (req.method === "POST" && path.startsWith("/utilities/command/"))
        return send(json(200, { task_id: "task-1", status: "OK" }));
      if (req.method === "GET" && path.startsWith("/tasks/")) {
        const states = servers.taskStates;
        const status = states[Math.min(taskPolls++, states.length - 1)]!;
        return send(
          json(200, {
            id: decodeURIComponent(path.slice("/tasks/".length)),
            status,
            result: status === "completed" ? '{"output":"nid001"}' : null,
          }),
        );
      }
      return send(json(200, { method: req.method, path }));
    },
    { backlog: 2048, keepAliveTimeout: 1000 },
  );
  servers.origin = local.origin;
  servers.baseUrl = `${servers.origin}/api/v1.2`;
  servers.tokenUrl = facility.tokenUrl;
  return servers;
}
