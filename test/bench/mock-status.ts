/**
 * GET /status/ at concurrency 50: the local facility against a plain node:http server answering the same body, each
 * in a process of its own, loaded in turn from this one (keep-alive, 50 requests in flight) for a few rounds.
 * Prints each server's median throughput and p99 latency, and the ratio.
 *
 *   node --import tsx test/bench/mock-status.ts [--seconds 3] [--rounds 3]
 *
 * A child runs as `... mock-status.ts serve mock|plain [body-file]` and prints `{"port":N}` on its first line; it
 * stops when its stdin closes.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFacility } from "../../generator/facility/index.js";

const here = fileURLToPath(import.meta.url);
const CONCURRENCY = 50;

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

function start(args: string[]): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", here, "serve", ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((done, fail) => {
    child.stdout.once("data", (chunk: Buffer) =>
      done({ port: JSON.parse(chunk.toString().split("\n")[0]!).port, stop: () => child.stdin.end() }),
    );
    child.once("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
}

function get(agent: Agent, port: number, path: string): Promise<Buffer> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
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

async function load(port: number, path: string, seconds: number): Promise<{ rps: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      await get(agent, port, path);
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const flag = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name);
    return at < 0 ? fallback : Number(process.argv[at + 1]);
  };
  const seconds = flag("--seconds", 3);
  const rounds = flag("--rounds", 3);
  const mock = await start(["mock"]);
  const path = "/api/v1.2/status/";
  const bodyFile = join(tmpdir(), `mock-status-${process.pid}.json`);
  writeFileSync(bodyFile, await get(new Agent(), mock.port, path));
  const plain = await start(["plain", bodyFile]);
  const results = { mock: [] as { rps: number; p99: number }[], plain: [] as { rps: number; p99: number }[] };
  await load(mock.port, path, 1);
  await load(plain.port, path, 1);
  for (let round = 0; round < rounds; round++) {
    results.plain.push(await load(plain.port, path, seconds));
    results.mock.push(await load(mock.port, path, seconds));
  }
  mock.stop();
  plain.stop();
  const summary = (xs: { rps: number; p99: number }[]) => ({
    rps: Math.round(median(xs.map((x) => x.rps))),
    p99: Number(median(xs.map((x) => x.p99)).toFixed(2)),
  });
  const [m, p] = [summary(results.mock), summary(results.plain)];
  console.log(`GET /status/ c=${CONCURRENCY}, ${rounds} x ${seconds} s`);
  console.log(`  mock:  ${m.rps} req/s, p99 ${m.p99} ms`);
  console.log(`  plain: ${p.rps} req/s, p99 ${p.p99} ms`);
  console.log(`  throughput ${(m.rps / p.rps).toFixed(2)}x, p99 ${(m.p99 / p.p99).toFixed(2)}x`);
}

if (process.argv[2] === "serve") await serve(process.argv[3]!, process.argv[4]);
else await main();
