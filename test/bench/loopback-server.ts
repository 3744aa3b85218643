/**
 * A minimal API + token endpoint on 127.0.0.1, for the call-overhead benchmark only (run as its own process, so the
 * server has its own core and is not what is measured). It stays this small on purpose: the local facility, which the
 * tests use as their token endpoint (test/runtime/bench-counts.test.ts counts the same figures against it), verifies every
 * token on every call, and that cost would sit inside the overhead this benchmark measures.
 *
 *   POST /token      client-credentials grant: verifies the assertion (RS256 signature, iss = sub, aud = the token
 *                    URL), counts requests and distinct `jti`s, answers a fresh token valid `tokenLifetimeS`
 *   GET  /counts     the counts as JSON
 *   POST /reset      zero the counts
 *   anything else    200 with a small JSON task ({"id":"1","status":"completed",...}), whatever the credentials
 *
 * As a script (`node --import tsx loopback-server.ts`): key from BENCH_PUBLIC_KEY, prints `{"port":N}` on its first
 * stdout line, and stops by itself when its parent goes away (stdin closes).
 */

import type { ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { importSPKI, jwtVerify } from "jose";

export interface Counts {
  tokenRequests: number;
  /** Assertions whose signature and claims verified, each with a `jti` not seen before. */
  assertions: number;
  /** Assertions that did not verify, or reused a `jti`. */
  badAssertions: number;
}

export interface LoopbackApi {
  origin: string;
  baseUrl: string;
  tokenUrl: string;
  counts(): Counts;
  reset(): void;
  close(): Promise<void>;
}

export async function startLoopbackApi(options: {
  publicKeyPem: string;
  clientId?: string;
  tokenLifetimeS?: number;
}): Promise<LoopbackApi> {
  const publicKey = await importSPKI(options.publicKeyPem, "RS256");
  const lifetimeS = options.tokenLifetimeS ?? 3600;
  const task = Buffer.from(JSON.stringify({ id: "1", status: "completed", result: "ok" }));
  let counts: Counts = { tokenRequests: 0, assertions: 0, badAssertions: 0 };
  let jtis = new Set<string>();
  let issued = 0;
  let tokenUrl = "";

  async function token(body: string): Promise<Buffer> {
    counts.tokenRequests++;
    const assertion = new URLSearchParams(body).get("client_assertion") ?? "";
    try {
      const { payload } = await jwtVerify(assertion, publicKey, {
        algorithms: ["RS256"],
        audience: tokenUrl,
        requiredClaims: ["jti", "exp", "iat"],
      });
      const ok =
        payload.iss === payload.sub &&
        (options.clientId === undefined || payload.iss === options.clientId) &&
        !jtis.has(payload.jti!);
      if (ok) {
        jtis.add(payload.jti!);
        counts.assertions++;
      } else counts.badAssertions++;
    } catch {
      counts.badAssertions++;
    }
    return Buffer.from(
      JSON.stringify({ access_token: `loopback-token-${++issued}`, token_type: "Bearer", expires_in: lifetimeS }),
    );
  }

  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (req.method === "POST" && url === "/token") {
      let body = "";
      req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      req.on("end", () => void token(body).then((answer) => send(res, answer)));
      return;
    }
    if (url === "/counts") return send(res, Buffer.from(JSON.stringify(counts)));
    if (req.method === "POST" && url === "/reset") {
      reset();
      return send(res, Buffer.from("{}"));
    }
    req.resume();
    send(res, task);
  });
  function reset(): void {
    counts = { tokenRequests: 0, assertions: 0, badAssertions: 0 };
    jtis = new Set();
  }
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog: 2048 }, resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${origin}/token`;
  return {
    origin,
    baseUrl: `${origin}/api/v1.2`,
    tokenUrl,
    counts: () => ({ ...counts }),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, body: Buffer): void {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const api = await startLoopbackApi({ publicKeyPem: process.env.BENCH_PUBLIC_KEY ?? "" });
  process.stdout.write(JSON.stringify({ port: Number(new URL(api.origin).port) }) + "\n");
  process.stdin.on("end", () => void api.close().then(() => process.exit(0))).resume();
}
