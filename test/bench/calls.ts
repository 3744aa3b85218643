/**
 * Call overhead: N calls at concurrency 1 and 50 against a minimal loopback server in its own process, through
 * our generated client (color guard + token), bare openapi-fetch with a fixed header, and plain fetch. Also counts
 * token requests and assertion signatures per client: exactly one of each per token lifetime at any concurrency.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import createFetchClient from "openapi-fetch";
import { createClient } from "../../generated/index.js";
import type { paths } from "../../generated/schema.js";
import type { Counts } from "./loopback-server.js";
import { installedVersion, projectRoot } from "./peers.js";
import { verdict } from "./report.js";
import type { Row, Section } from "./report.js";
import { median, ratio, times } from "./stats.js";

export const CALLS = 10_000;
export const CONCURRENCIES = [1, 50] as const;
const FIXED_TOKEN = "bench-fixed-token";

interface Contender {
  name: string;
  /** A fresh client for one round; returns the call to repeat (true when the call succeeded). */
  fresh: () => () => Promise<boolean>;
}

export async function benchCalls(rounds: number, log: (line: string) => void): Promise<Section> {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const server = await startServer(publicKey);
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const baseUrl = `${origin}/api/v1.2`;
    const headers = { accept: "application/json" };
    const contenders: Contender[] = [
      {
        name: "sfapi-gen",
        fresh: () => {
          const client = createClient({ color: "green", clientId: "bench-client", privateKey, baseUrl, tokenUrl: `${origin}/token` });
          return async () => !(await client.GET("/tasks/{id}", { params: { path: { id: "1" } } })).error;
        },
      },
      {
        name: "openapi-fetch",
        fresh: () => {
          const client = createFetchClient<paths>({ baseUrl, headers: { ...headers, authorization: FIXED_TOKEN } });
          return async () => !(await client.GET("/tasks/{id}", { params: { path: { id: "1" } } })).error;
        },
      },
      {
        name: "fetch",
        fresh: () => async () => {
          const response = await fetch(`${baseUrl}/tasks/1`, { headers: { ...headers, authorization: FIXED_TOKEN } });
          await response.json();
          return response.ok;
        },
      },
    ];

    const rows: Row[] = [];
    const notes: string[] = [];
    const tokenCounts: Counts[] = [];
    for (const concurrency of CONCURRENCIES) {
      const perCall = contenders.map(() => [] as number[]);
      for (let round = 0; round <= rounds; round++) {
        log(`calls: concurrency ${concurrency}, ${round === 0 ? "warm-up" : `round ${round}`}`);
        // Rotated each round (A B C, B C A, C A B, ...): no client always runs right after the same other one.
        for (const i of contenders.map((_, k) => (k + round) % contenders.length)) {
          const contender = contenders[i]!;
          await fetch(`${origin}/reset`, { method: "POST" }).then((r) => r.arrayBuffer());
          const call = contender.fresh();
          const { ms, failures } = await drive(CALLS, concurrency, call);
          if (failures > 0) notes.push(`${contender.name}: ${failures} of ${CALLS} calls failed at concurrency ${concurrency} (round ${round})`);
          if (round > 0) perCall[i]!.push((ms * 1000) / CALLS);
          if (contender.name === "sfapi-gen") tokenCounts.push(await counts(origin));
        }
      }
      const [ours, bare, plain] = perCall.map(median) as [number, number, number];
      const r = ratio(ours, bare);
      rows.push(
        {
          figure: `concurrency ${concurrency.toLocaleString("en-US")}: µs per call${concurrency > 1 ? " (wall time / calls)" : ""}`,
          ours: micro(ours),
          peers: [micro(bare), micro(plain)],
          ratio: times(r),
          target: "≤ 1.03x openapi-fetch",
          verdict: verdict(Number.isFinite(r) ? r <= 1.03 : undefined),
        },
        {
          figure: `concurrency ${concurrency.toLocaleString("en-US")}: overhead per call`,
          ours: `${signed(ours - bare)} vs openapi-fetch, ${signed(ours - plain)} vs fetch`,
          peers: ["", `${signed(bare - plain)} vs fetch`],
          ratio: "",
          target: "",
          verdict: "",
        },
      );
    }
    log("calls: client-side cost without network (canned responses through the fetch option)");
    const inProcess = await clientCost(rounds, privateKey);
    const costRatio = ratio(inProcess.ours, inProcess.bare);
    rows.push({
      figure: `no network: µs per call (canned Response, ${IN_PROCESS_CALLS.toLocaleString("en-US")} sequential calls)`,
      ours: micro(inProcess.ours),
      peers: [micro(inProcess.bare), ""],
      ratio: times(costRatio),
      target: "≤ 1.03x openapi-fetch",
      verdict: verdict(Number.isFinite(costRatio) ? costRatio <= 1.03 : undefined),
    });
    rows.push({
      figure: "no network: overhead per call",
      ours: `${signed(inProcess.ours - inProcess.bare)} vs openapi-fetch`,
      peers: ["", ""],
      ratio: "",
      target: "",
      verdict: "",
    });
    const oneEach = (pick: (c: Counts) => number) => tokenCounts.every((c) => pick(c) === 1 && c.badAssertions === 0);
    const spread = (pick: (c: Counts) => number) => [...new Set(tokenCounts.map(pick))].sort((a, b) => a - b).join(", ");
    rows.push(
      {
        figure: `token requests per fresh client (${tokenCounts.length} clients, both concurrencies)`,
        ours: spread((c) => c.tokenRequests),
        peers: ["", ""],
        ratio: "",
        target: "exactly 1 each",
        verdict: verdict(oneEach((c) => c.tokenRequests)),
      },
      {
        figure: "verified assertion signatures (distinct jti) per fresh client",
        ours: spread((c) => c.assertions),
        peers: ["", ""],
        ratio: "",
        target: "exactly 1 each",
        verdict: verdict(oneEach((c) => c.assertions)),
      },
    );
    notes.unshift(
      `${CALLS.toLocaleString("en-US")} calls of GET /tasks/{id} per run against a node:http server on 127.0.0.1 in its own process (one small JSON answer, keep-alive); ` +
        `median of ${rounds} rounds after a warm-up, the three clients interleaved in rotating order, a fresh client every round (so each run includes its one token request).`,
      'Ours: the checked-in generated/ client, `color: "green"`, a real 2,048-bit RSA key, token endpoint on the same loopback server (RS256 assertion verified there, token valid 1 h). ' +
        "openapi-fetch: `createClient<paths>` with a fixed `authorization` header. fetch: Node's global fetch and `response.json()`. All send `accept: application/json`.",
      "The no-network rows give both clients a `fetch` that answers at once with a canned Response: what is left is each client's own CPU per call (for ours: the written-path check, the color guard on the request as sent, the cached token), without the noise of sockets.",
    );
    return {
      title: "Call overhead (loopback)",
      peerColumns: [`openapi-fetch ${installedVersion("openapi-fetch", join(projectRoot, "node_modules"))} (fixed header)`, `fetch (Node ${process.version})`],
      rows,
      notes,
    };
  } finally {
    server.stop();
  }
}

const IN_PROCESS_CALLS = 20_000;

/**
 * The clients' own CPU cost per call, without sockets: both get a `fetch` that answers at once with a canned
 * Response (ours also for its token request). Median µs per call over `rounds` interleaved rounds after a warm-up.
 */
async function clientCost(rounds: number, privateKey: string): Promise<{ ours: number; bare: number }> {
  const base = "http://127.0.0.1:9/api/v1.2"; // never dialled: the fetch below answers
  const task = JSON.stringify({ id: "1", status: "completed", result: "ok" });
  const json = { "content-type": "application/json" };
  const canned = async (request: Request) => new Response(request.url.endsWith("/token") ? JSON.stringify({ access_token: "canned", expires_in: 3600 }) : task, { headers: json });
  const ours = createClient({ color: "green", clientId: "bench-client", privateKey, baseUrl: base, tokenUrl: "http://127.0.0.1:9/token", fetch: canned });
  const bare = createFetchClient<paths>({ baseUrl: base, fetch: canned, headers: { accept: "application/json", authorization: FIXED_TOKEN } });
  const calls: [() => Promise<unknown>, number[]][] = [
    [() => ours.GET("/tasks/{id}", { params: { path: { id: "1" } } }), []],
    [() => bare.GET("/tasks/{id}", { params: { path: { id: "1" } } }), []],
  ];
  for (let round = 0; round <= rounds; round++) {
    for (const [call, samples] of round % 2 ? [...calls].reverse() : calls) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < IN_PROCESS_CALLS; i++) await call();
      if (round > 0) samples.push(Number(process.hrtime.bigint() - t0) / 1e3 / IN_PROCESS_CALLS);
    }
  }
  return { ours: median(calls[0]![1]), bare: median(calls[1]![1]) };
}

/** Run `total` calls with `concurrency` of them in flight at any time. */
async function drive(total: number, concurrency: number, call: () => Promise<boolean>): Promise<{ ms: number; failures: number }> {
  let started = 0;
  let failures = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      if (!(await call().catch(() => false))) failures++;
    }
  };
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, failures };
}

async function counts(origin: string): Promise<Counts> {
  return (await (await fetch(`${origin}/counts`)).json()) as Counts;
}

async function startServer(publicKey: string): Promise<{ port: number; stop: () => void }> {
  const script = fileURLToPath(new URL("./loopback-server.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: projectRoot,
    env: { ...process.env, BENCH_PUBLIC_KEY: publicKey },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const stop = () => {
    child.stdin?.end();
    child.kill();
  };
  const firstLine = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the loopback server did not start within 30 s")), 30_000);
    createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`the loopback server exited (${code}) before listening`)));
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { port: (JSON.parse(firstLine) as { port: number }).port, stop };
}

function micro(us: number): string {
  return Number.isFinite(us) ? `${us.toFixed(1)} µs` : "—";
}

function signed(us: number): string {
  return Number.isFinite(us) ? `${us >= 0 ? "+" : "−"}${Math.abs(us).toFixed(1)} µs` : "—";
}
