/**
 * The local facility under load (issue 34, target 5): GET /status/ at concurrency 50 against a plain node:http server
 * answering the same body, each in a process of its own pinned to CPU 0, the load from wrk pinned to CPU 1 (from this
 * process's Node client where wrk is not installed: then the client shares the machine with the servers and the
 * ratio says less). Rounds interleave the two servers; medians of throughput and p99 latency.
 *
 *   npm run bench -- --only facility
 *
 * A child runs as `... mock-status.ts serve mock|plain [body-file]`, prints `{"port":N}` on its first line and stops
 * when its stdin closes.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFacility } from "../../generator/facility/index.js";
import { canPinCpus } from "./measure.js";
import type { Section } from "./report.js";
import { verdict } from "./report.js";
import { median, times } from "./stats.js";

const here = fileURLToPath(import.meta.url);
const CONCURRENCY = 50;
const PATH = "/api/v1.2/status/";
/** Seconds of load per server per round, after one warm-up second each. */
const SECONDS = 5;

interface Load {
  rps: number;
  /** The 99th percentile of request latency, in ms. */
  p99: number;
}

async function serve(kind: string, bodyFile?: string): Promise<void> {
  let port: number;
  if (kind === "mock") {
    const facility = await startFacility({});
    port = Number(new URL(facility.origin).port);
  } else {
    const body = readFileSync(bodyFile!);
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  }
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => process.exit(0));
}

function start(args: string[], pin: boolean): Promise<{ port: number; stop: () => void }> {
  const node = [process.execPath, "--import", "tsx", here, "serve", ...args];
  const [command, ...rest] = pin ? ["taskset", "-c", "0", ...node] : node;
  const child = spawn(command!, rest, { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((done, fail) => {
    child.stdout.once("data", (chunk: Buffer) =>
      done({ port: JSON.parse(chunk.toString().split("\n")[0]!).port, stop: () => child.stdin.end() }),
    );
    child.once("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
}

function get(agent: Agent, port: number): Promise<Buffer> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path: PATH, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        res.statusCode === 200 ? done(Buffer.concat(chunks)) : fail(new Error(`${res.statusCode}`)),
      );
    });
    req.on("error", fail);
    req.end();
  });
}

/** Load from this process: 50 keep-alive requests in flight for `seconds`. */
async function nodeLoad(port: number, seconds: number): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      await get(agent, port);
      latencies.push(performance.now() - t);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)]! };
}

const hasWrk = () => spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;

/** wrk's own figures: `Requests/sec:` and the 99% line of `--latency`'s distribution (us, ms or s). */
export function parseWrk(out: string): Load {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  if (!rps || !p99) throw new Error(`cannot read wrk's output:\n${out}`);
  const unit = { us: 0.001, ms: 1, s: 1000 }[p99[2] as "us" | "ms" | "s"];
  return { rps: Number(rps[1]), p99: Number(p99[1]) * unit };
}

function wrkLoad(port: number, seconds: number, pin: boolean): Load {
  const wrk = ["wrk", "-t1", `-c${CONCURRENCY}`, `-d${seconds}s`, "--latency", `http://127.0.0.1:${port}${PATH}`];
  const [command, ...args] = pin ? ["taskset", "-c", "1", ...wrk] : wrk;
  const run = spawnSync(command!, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  return parseWrk(run.stdout);
}

export async function benchMockStatus(rounds: number, log: (line: string) => void): Promise<Section> {
  const pin = canPinCpus();
  const wrk = hasWrk();
  const load = (port: number, seconds: number) =>
    wrk ? Promise.resolve(wrkLoad(port, seconds, pin)) : nodeLoad(port, seconds);
  const mock = await start(["mock"], pin);
  const bodyFile = join(tmpdir(), `mock-status-${process.pid}.json`);
  const body = await get(new Agent(), mock.port);
  writeFileSync(bodyFile, body);
  const plain = await start(["plain", bodyFile], pin);
  const results = { mock: [] as Load[], plain: [] as Load[] };
  try {
    await load(mock.port, 1);
    await load(plain.port, 1);
    for (let round = 0; round < rounds; round++) {
      log(`facility: round ${round + 1} of ${rounds}`);
      results.plain.push(await load(plain.port, SECONDS));
      results.mock.push(await load(mock.port, SECONDS));
    }
  } finally {
    mock.stop();
    plain.stop();
  }
  const rps = { mock: median(results.mock.map((r) => r.rps)), plain: median(results.plain.map((r) => r.rps)) };
  const p99 = { mock: median(results.mock.map((r) => r.p99)), plain: median(results.plain.map((r) => r.p99)) };
  const throughput = rps.mock / rps.plain;
  const latency = p99.mock / p99.plain;
  return {
    title: "The local facility under load",
    peerColumns: ["plain node:http, same body"],
    rows: [
      {
        figure: `GET /status/ at concurrency ${CONCURRENCY}: requests per second`,
        ours: `${Math.round(rps.mock)}`,
        peers: [`${Math.round(rps.plain)}`],
        ratio: times(throughput),
        target: "≥ 0.50x",
        verdict: verdict(throughput >= 0.5),
      },
      {
        figure: `GET /status/ at concurrency ${CONCURRENCY}: p99 latency`,
        ours: `${p99.mock.toFixed(2)} ms`,
        peers: [`${p99.plain.toFixed(2)} ms`],
        ratio: times(latency),
        target: "≤ 2.00x",
        verdict: verdict(latency <= 2),
      },
    ],
    notes: [
      `Ours: \`startFacility({})\` (the facility \`sfapi-gen mock\` runs, with its request log) answering GET ${PATH} ` +
        `(${body.length} bytes); the peer: a node:http server answering the same bytes. Each in a process of its own` +
        `${pin ? " pinned to CPU 0" : ""}, keep-alive.`,
      wrk
        ? `Load: wrk (one thread, ${CONCURRENCY} connections, ${SECONDS} s${pin ? ", pinned to CPU 1" : ""}) per server ` +
          `per round, ${rounds} rounds after a warm-up second each, the servers interleaved; medians of wrk's ` +
          "requests/sec and of its 99th percentile latency."
        : `Load: this process's node:http client (wrk not found: \`apt-get install wrk\`), ${CONCURRENCY} requests ` +
          `in flight for ${SECONDS} s per server per round, ${rounds} rounds; the client shares the cores with the ` +
          "servers, which narrows the ratio.",
      "Memory under sustained load is the soak section's.",
    ],
  };
}

if (process.argv[2] === "serve") await serve(process.argv[3]!, process.argv[4]);
