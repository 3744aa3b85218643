/**
 * Guard cost alone: the runtime's color guard (URL -> path -> operation -> allowed?) for GitHub's ~1,200 templates,
 * in ns per lookup, at 50 and at all operations, with the same 50 lookups in both tables. A linear scan (one regular
 * expression per template, tried in order) runs beside it, for contrast: that is the cost curve the guard must not
 * have.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createGuard } from "../../templates/runtime/guard.js";
import { compileTable } from "../../templates/runtime/matcher.js";
import type { OperationEntry, OperationTable } from "../../templates/runtime/table.js";
import { runCold } from "./measure.js";
import { githubDescription, PEERS, peerPath, projectRoot } from "./peers.js";
import type { Section } from "./report.js";
import { verdict } from "./report.js";
import { ratio, times } from "./stats.js";

const SAMPLE = 50;
const BASE = "https://api.example.test/v3";

/** The part of tinybench's API used here (it lives in test/bench/.peers, outside the project's types). */
interface TinyBench {
  add(name: string, fn: () => void): TinyBench;
  run(): Promise<unknown>;
  tasks: { name: string; result: { state: string; latency?: { p50: number; rme: number }; error?: unknown } }[];
}
type BenchConstructor = new (options: { time: number; warmupTime: number }) => TinyBench;

export async function benchGuard(outRoot: string, log: (line: string) => void): Promise<Section> {
  log("guard: generating the client for GitHub's description (not timed)");
  const clientDir = join(outRoot, "client");
  mkdirSync(outRoot, { recursive: true });
  await runCold({
    script: join(projectRoot, "bin/sfapi-gen.js"),
    args: ["generate", "--file", githubDescription(), "--policy", "method", "--out", clientDir],
    cwd: outRoot,
  });
  const generated = (await import(pathToFileURL(join(clientDir, "operations.js")).href)) as {
    operations: OperationTable;
    ladder: readonly string[];
  };
  const all = Object.values(generated.operations);
  const top = generated.ladder[generated.ladder.length - 1]!;
  // Every 24th operation or so: spread over the whole table, not the first few paths of one tag.
  const sample = Array.from({ length: SAMPLE }, (_, i) => all[Math.floor((i * all.length) / SAMPLE)]!);
  const queries = sample.map((entry, i) => ({
    method: entry.method,
    url: BASE + entry.path.replace(/\{[^}]+\}/g, (_, j: number) => `v${i}x${j}`),
  }));

  const guardFor = (entries: OperationEntry[]) => {
    const guard = createGuard({
      table: compileTable(Object.fromEntries(entries.map((e) => [e.name, e]))),
      ladder: generated.ladder,
      color: top,
      baseUrl: BASE,
    });
    return () => {
      for (const q of queries) guard.check(q.method, q.url);
    };
  };
  const linearFor = (entries: OperationEntry[]) => {
    const compiled = entries.map((e) => ({
      e,
      method: e.method.toUpperCase(),
      re: new RegExp(`^${e.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    }));
    return () => {
      for (const q of queries) {
        const path = q.url.slice(BASE.length);
        if (!compiled.find((c) => c.method === q.method && c.re.test(path)))
          throw new Error(`linear scan: no match for ${q.url}`);
      }
    };
  };

  // Before timing: every lookup must find its operation, or the numbers would time refusals.
  guardFor(sample)();
  guardFor(all)();
  linearFor(sample)();
  linearFor(all)();

  const { Bench } = (await import(pathToFileURL(peerPath("tinybench", "dist", "index.js")).href)) as {
    Bench: BenchConstructor;
  };
  const bench = new Bench({ time: 1500, warmupTime: 300 })
    .add("guard 50", guardFor(sample))
    .add("guard all", guardFor(all))
    .add("linear 50", linearFor(sample))
    .add("linear all", linearFor(all));
  log(`guard: tinybench, ${SAMPLE} lookups per iteration, 4 tasks`);
  await bench.run();
  const ns = (name: string) => {
    const result = bench.tasks.find((t) => t.name === name)?.result;
    return result?.latency ? (result.latency.p50 * 1e6) / SAMPLE : Number.NaN;
  };
  const [g50, gAll, l50, lAll] = [ns("guard 50"), ns("guard all"), ns("linear 50"), ns("linear all")];

  const compileMs = timeCompile(all);
  const growth = ratio(gAll, g50);
  const n = all.length.toLocaleString("en-US");
  return {
    title: "Guard cost alone (GitHub's templates)",
    peerColumns: ["linear scan (for contrast)"],
    rows: [
      {
        figure: `ns per lookup, ${SAMPLE} operations`,
        ours: nanos(g50),
        peers: [nanos(l50)],
        ratio: times(ratio(g50, l50)),
        target: "",
        verdict: "",
      },
      {
        figure: `ns per lookup, ${n} operations`,
        ours: nanos(gAll),
        peers: [nanos(lAll)],
        ratio: times(ratio(gAll, lAll)),
        target: "",
        verdict: "",
      },
      {
        figure: `growth from ${SAMPLE} to ${n} operations`,
        ours: times(growth),
        peers: [times(ratio(lAll, l50))],
        ratio: "",
        target: "flat (≤ 1.5x), not linear",
        verdict: verdict(Number.isFinite(growth) ? growth <= 1.5 : undefined),
      },
      {
        figure: `compiling the ${n}-operation table (once per client)`,
        ours: `${compileMs.toFixed(2)} ms`,
        peers: [""],
        ratio: "",
        target: "",
        verdict: "",
      },
    ],
    notes: [
      `The guard's whole check per call (URL below the base URL, segments percent-decoded, trie lookup, color allowed?), from templates/runtime/, with the top color so nothing is refused. ` +
        `The same ${SAMPLE} concrete URLs (templates spread over the table, parameters filled in) are looked up in a table of those ${SAMPLE} operations and in the full table of ${n}.`,
      `tinybench ${PEERS.tinybench}: median time of one iteration (${SAMPLE} lookups) divided by ${SAMPLE}. The linear scan tries one regular expression per template in table order.`,
    ],
  };
}

/** Median of 15 compilations (each of a fresh table object: compileTable caches per object). */
function timeCompile(entries: OperationEntry[]): number {
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    const table = Object.fromEntries(entries.map((e) => [e.name, e]));
    const t0 = performance.now();
    compileTable(table);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[7]!;
}

function nanos(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value).toLocaleString("en-US")} ns` : "—";
}
