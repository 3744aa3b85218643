/**
 * Call overhead: our generated client (color guard + token) against bare openapi-fetch with a fixed header, at
 * concurrency 1 and 50 against a minimal loopback server in its own process, and with a canned fetch (no sockets).
 *
 * The differences sought (a few µs on 80 to 800 µs) are smaller than this kind of machine's drift, so the design is
 * paired. Each sandwich times openapi-fetch client A, ours, openapi-fetch client B (A and B swapped every other
 * sandwich) and plain fetch: sequential calls interleave call by call and are timed one by one, concurrent ones run
 * as one short block per client, the heap collected before each (see `measure` for the estimates). A and B are
 * two identical clients, so A / B is an A/A control in the same run: how far it strays from 1.000x is the run's
 * noise floor. Every client is created once per scenario and warmed up; a fresh client of ours per
 * scenario also shows exactly one token request and one assertion signature for the whole scenario, at either
 * concurrency.
 */

import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import createFetchClient from "openapi-fetch";
import { createClient } from "../../generated/index.js";
import type { paths } from "../../generated/schema.js";
import type { Counts } from "./loopback-server.js";
import { installedVersion, projectRoot } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median } from "./stats.js";

const FIXED_TOKEN = "bench-fixed-token";
const TARGET = 1.06; // issue 34: hold within 1.06x (it was 1.03x, which the token set after the guard cannot reach)

type Call = () => Promise<unknown>;

interface Scenario {
  label: string;
  concurrency: number;
  /** Calls per contender in one sandwich. */
  block: number;
  ours: Call;
  bareA: Call;
  bareB: Call;
  fetch?: Call;
}

interface Measured {
  /** µs per call: the median of every call (sequential) or of every block (concurrent), per contender. */
  ours: number;
  bare: number;
  fetch: number;
  /** ours / mean(A, B), and how it was estimated. */
  ratio: number;
  ratioDetail: string;
  /** The A/A control A / B, estimated the same way. */
  control: number;
  controlDetail: string;
}

export async function benchCalls(rounds: number, log: (line: string) => void): Promise<Section> {
  const sandwiches = rounds * 16;
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const server = await startServer(publicKey);
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const baseUrl = `${origin}/api/v1.2`;
    const headers = { accept: "application/json", authorization: FIXED_TOKEN };
    const bare = () => getTask(createFetchClient<paths>({ baseUrl, headers }));
    const plain = async () => {
      const response = await fetch(`${baseUrl}/tasks/1`, { headers });
      return response.json();
    };

    const rows: Row[] = [];
    const notes: string[] = [];
    const tokenCounts: Counts[] = [];
    for (const concurrency of [1, 50]) {
      await fetch(`${origin}/reset`, { method: "POST" }).then((r) => r.arrayBuffer());
      const ours = getTask(
        createClient({ color: "green", clientId: "bench-client", privateKey, baseUrl, tokenUrl: `${origin}/token` }),
      );
      const scenario: Scenario = {
        label: `concurrency ${concurrency}`,
        concurrency,
        block: concurrency === 1 ? 250 : 1_000,
        ours,
        bareA: bare(),
        bareB: bare(),
        fetch: plain,
      };
      const measured = await measure(scenario, sandwiches, log);
      tokenCounts.push(await counts(origin));
      rows.push(...ratioRows(scenario.label, `µs per call${concurrency > 1 ? " (wall time / calls)" : ""}`, measured));
    }

    log("calls: client-side cost without network (canned responses through the fetch option)");
    rows.push(
      ...ratioRows(
        "no network",
        "µs per call (canned Response, sequential)",
        await measure(cannedScenario(privateKey), sandwiches, log),
      ),
    );

    const oneEach = (pick: (c: Counts) => number) => tokenCounts.every((c) => pick(c) === 1 && c.badAssertions === 0);
    const spread = (pick: (c: Counts) => number) =>
      [...new Set(tokenCounts.map(pick))].sort((a, b) => a - b).join(", ");
    rows.push(
      {
        figure: `token requests per client over a whole scenario (${tokenCounts.length} clients: concurrency 1 and 50)`,
        ours: spread((c) => c.tokenRequests),
        peers: ["", ""],
        ratio: "",
        target: "exactly 1 each",
        verdict: verdict(oneEach((c) => c.tokenRequests)),
      },
      {
        figure: "verified assertion signatures (distinct jti) per client",
        ours: spread((c) => c.assertions),
        peers: ["", ""],
        ratio: "",
        target: "exactly 1 each",
        verdict: verdict(oneEach((c) => c.assertions)),
      },
    );
    notes.push(
      `GET /tasks/{id} against a node:http server on 127.0.0.1 in its own process (one small JSON answer, keep-alive). ${sandwiches} sandwiches per scenario after a warm-up, each timing openapi-fetch client A, ours, openapi-fetch client B (the order of A and B swapped every other sandwich) and plain fetch. ` +
        "Sequential calls (concurrency 1, no network) interleave call by call, 250 (no network: 500) calls per client per sandwich; at concurrency 50 each client runs one block of 1,000 calls per sandwich. The heap is collected before each sandwich of sequential calls and before each block of concurrent ones (`node --expose-gc`).",
      "Ratio, sequential calls: the median of all of ours' call times over the mean of the medians of A's and B's (the ratio of mean times beside it). " +
        "Ratio, concurrency 50: the median over sandwiches of ours / mean(A, B), with the middle half of those ratios. " +
        "A/A control: A / B estimated the same way; A and B are identical openapi-fetch clients, so only noise moves it from 1.000x. µs per call: medians of calls (sequential) or blocks (concurrent).",
      'Ours: the checked-in generated/ client, `color: "green"`, a real 2,048-bit RSA key, token endpoint on the same loopback server (RS256 assertion verified there, token valid 1 h), one client per scenario. ' +
        "openapi-fetch: `createClient<paths>` with a fixed `authorization` header. fetch: Node's global fetch and `response.json()`. All three send the same request headers.",
      "The no-network rows give every client a `fetch` that answers at once with a canned Response: what is left is each client's own CPU per call (for ours: the written-path check, the color guard on the request as sent, the cached token).",
    );
    return {
      title: "Call overhead (loopback)",
      peerColumns: [
        `openapi-fetch ${installedVersion("openapi-fetch", join(projectRoot, "node_modules"))} (fixed header)`,
        `fetch (Node ${process.version})`,
      ],
      rows,
      notes,
    };
  } finally {
    server.stop();
  }
}

/** Both clients answered at once with a canned Response (ours also for its token request). */
function cannedScenario(privateKey: string): Scenario {
  const base = "http://127.0.0.1:9/api/v1.2"; // never dialled: the fetch below answers
  const task = JSON.stringify({ id: "1", status: "completed", result: "ok" });
  const json = { "content-type": "application/json" };
  const canned = async (request: Request) =>
    new Response(request.url.endsWith("/token") ? JSON.stringify({ access_token: "canned", expires_in: 3600 }) : task, {
      headers: json,
    });
  const ours = createClient({
    color: "green",
    clientId: "bench-client",
    privateKey,
    baseUrl: base,
    tokenUrl: "http://127.0.0.1:9/token",
    fetch: canned,
  });
  const bare = () =>
    getTask(
      createFetchClient<paths>({
        baseUrl: base,
        fetch: canned,
        headers: { accept: "application/json", authorization: FIXED_TOKEN },
      }),
    );
  return { label: "no network", concurrency: 1, block: 500, ours: getTask(ours), bareA: bare(), bareB: bare() };
}

/**
 * The call every client repeats, `GET /tasks/{id}`, checked the same way for ours and openapi-fetch (a failed call
 * must not pass for a fast one, and the check costs every contender alike).
 */
function getTask(client: {
  GET(path: "/tasks/{id}", init: { params: { path: { id: string } } }): Promise<{ error?: unknown }>;
}): Call {
  return () =>
    client.GET("/tasks/{id}", { params: { path: { id: "1" } } }).then((result) => {
      if (result.error !== undefined) throw new Error(`a call failed: ${JSON.stringify(result.error)}`);
      return result;
    });
}

/**
 * Sequential calls interleave call by call (A ours B fetch A ours B fetch ...) and every call is timed, so a drift of
 * the machine hits every contender alike; the figure compares the medians of all calls, robust to the odd stalled
 * call, and the ratio of mean times (which counts every stall and collection) is shown beside it. Concurrent calls
 * cannot be timed one by one (each waits on all the others), so each contender runs one block per sandwich and the
 * figure is the median over sandwiches of ours / mean(A, B), with the middle half of those ratios.
 */
async function measure(s: Scenario, sandwiches: number, log: (line: string) => void): Promise<Measured> {
  const contenders = s.fetch ? [s.bareA, s.ours, s.bareB, s.fetch] : [s.bareA, s.ours, s.bareB];
  log(`calls: ${s.label}, warm-up`);
  for (let i = 0; i < 3; i++) await sandwich(s, contenders, i % 2 === 1);
  const samples = contenders.map(() => [] as number[]);
  for (let k = 0; k < sandwiches; k++) {
    if (k % 20 === 0) log(`calls: ${s.label}, sandwiches ${k + 1}-${Math.min(k + 20, sandwiches)} of ${sandwiches}`);
    const times = await sandwich(s, contenders, k % 2 === 1);
    times.forEach((t, i) => samples[i]!.push(...t));
  }
  const [a, ours, b, plain = []] = samples as [number[], number[], number[], number[]?];
  const per = { ours: median(ours), bare: median([...a, ...b]), fetch: median(plain) };
  if (s.concurrency === 1) {
    const [ma, mo, mb] = [median(a), median(ours), median(b)];
    const [xa, xo, xb] = [mean(a), mean(ours), mean(b)];
    return {
      ...per,
      ratio: mo / ((ma + mb) / 2),
      ratioDetail: `means: ${times3(xo / ((xa + xb) / 2))}`,
      control: ma / mb,
      controlDetail: `means: ${times3(xa / xb)}`,
    };
  }
  const ratios = ours.map((o, k) => o / ((a[k]! + b[k]!) / 2));
  const control = a.map((x, k) => x / b[k]!);
  return {
    ...per,
    ratio: median(ratios),
    ratioDetail: middleHalf(ratios),
    control: median(control),
    controlDetail: middleHalf(control),
  };
}

/**
 * One sandwich: per contender (in the contenders' order: A, ours, B, fetch) the µs of each call when sequential, or
 * the µs per call of its one block when concurrent. B runs before ours when `swapped`. The heap is collected before
 * the calls (sequential) or before each block (concurrent).
 */
async function sandwich(s: Scenario, contenders: Call[], swapped: boolean): Promise<number[][]> {
  const order = contenders.map((_, i) => i);
  if (swapped) [order[0], order[2]] = [order[2]!, order[0]!];
  const gc = () => (globalThis as { gc?: () => void }).gc?.();
  const times = contenders.map(() => [] as number[]);
  if (s.concurrency === 1) {
    gc();
    for (let n = 0; n < s.block; n++) {
      for (const i of order) {
        const t0 = process.hrtime.bigint();
        await contenders[i]!();
        times[i]!.push(Number(process.hrtime.bigint() - t0) / 1e3);
      }
    }
  } else {
    for (const i of order) {
      gc();
      times[i]!.push(Number(await timeBlock(contenders[i]!, s.block, s.concurrency)) / 1e3 / s.block);
    }
  }
  return times;
}

/** Nanoseconds for `calls` calls with `concurrency` of them in flight at any time. */
async function timeBlock(call: Call, calls: number, concurrency: number): Promise<bigint> {
  let started = 0;
  const worker = async () => {
    while (started < calls) {
      started++;
      await call();
    }
  };
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: Math.min(concurrency, calls) }, worker));
  return process.hrtime.bigint() - t0;
}

function ratioRows(label: string, unit: string, m: Measured): Row[] {
  return [
    {
      figure: `${label}: ${unit}`,
      ours: micro(m.ours),
      peers: [micro(m.bare), Number.isFinite(m.fetch) ? micro(m.fetch) : ""],
      ratio: `${times3(m.ratio)} (${m.ratioDetail})`,
      target: `≤ ${TARGET.toFixed(2)}x openapi-fetch`,
      verdict: verdict(Number.isFinite(m.ratio) ? m.ratio <= TARGET : undefined),
    },
    {
      figure: `${label}: overhead per call; A/A control`,
      ours: `${signed(m.ours - m.bare)} vs openapi-fetch`,
      peers: [
        `A/A ${times3(m.control)} (${m.controlDetail})`,
        Number.isFinite(m.fetch) ? `${signed(m.bare - m.fetch)} vs fetch` : "",
      ],
      ratio: "",
      target: "",
      verdict: "",
    },
  ];
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The middle half of `values`: `[1.001x–1.042x]`. */
function middleHalf(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))]!;
  return sorted.length === 0 ? "—" : `middle half ${times3(at(0.25))}–${times3(at(0.75))}`;
}

function times3(r: number): string {
  return Number.isFinite(r) ? `${r.toFixed(3)}x` : "—";
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
