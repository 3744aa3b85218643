/**
 * Generation, small and large, on one core and on two: whole-process wall time, CPU time and peak RSS of
 * `sfapi-gen generate` and of the tools a user would pick instead, each a cold `node`, interleaved, median after a
 * warm-up round. (The start-up of `sfapi-gen --help` is startup.ts.)
 */

import { mkdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Contender, Series } from "./measure.js";
import { canPinCpus, interleaved } from "./measure.js";
import { githubDescription, githubVersion, installedVersion, PEERS, peerPath, projectRoot } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median, megabytes, ratio, seconds, times } from "./stats.js";

export interface GenerationInput {
  label: string;
  short: string;
  file: string;
  /** Flags for sfapi-gen beyond --file/--out (GitHub's description has no scope field: rank by method). */
  ourFlags: string[];
  /**
   * The issue's targets: the largest ratio to openapi-typescript alone, and whether we must beat every full generator.
   */
  targets: { vsOpenapiTypescript: number; fasterThanFullGenerators: boolean };
}

export const INPUTS = (): GenerationInput[] => [
  {
    label: "NERSC SFAPI v1.2 (bundled, 31 operations)",
    short: "v1.2",
    file: join(projectRoot, "generator/descriptions/v1.2.json"),
    ourFlags: ["--levels", "green,yellow,red"],
    targets: { vsOpenapiTypescript: 1.0, fasterThanFullGenerators: false },
  },
  {
    label: `GitHub REST (@octokit/openapi ${githubVersion()})`,
    short: "GitHub",
    file: githubDescription(),
    ourFlags: ["--policy", "method"],
    targets: { vsOpenapiTypescript: 0.9, fasterThanFullGenerators: true },
  },
];

/** Run every contender on these CPU sets (taskset -c): one core, and two where the machine has them. */
export function coreSets(): { label: string; cpus?: string }[] {
  if (!canPinCpus()) return [{ label: "all cores (taskset unavailable)" }];
  return availableParallelism() >= 2
    ? [
        { label: "1 core", cpus: "0" },
        { label: "2 cores", cpus: "0,1" },
      ]
    : [{ label: "1 core", cpus: "0" }];
}

export const PEER_NAMES = ["openapi-typescript", "@hey-api/openapi-ts", "openapi-typescript-codegen", "orval"] as const;
const FULL_GENERATORS = [1, 2, 3]; // indexes into PEER_NAMES: everything but openapi-typescript's types alone

/** The five contenders for one input, writing under `outRoot`. */
export function contenders(input: GenerationInput, outRoot: string, cpus: string | undefined): Contender[] {
  const out = (tool: string) => join(outRoot, tool);
  const fresh = (tool: string) => () => {
    rmSync(out(tool), { recursive: true, force: true });
    mkdirSync(out(tool), { recursive: true });
  };
  const cwd = outRoot; // a neutral folder: no sfapi-gen.config.json, no openapi-ts.config.*, no orval.config.*
  return [
    {
      name: "sfapi-gen",
      prepare: () => rmSync(out("sfapi-gen"), { recursive: true, force: true }),
      command: {
        script: join(projectRoot, "bin/sfapi-gen.js"),
        args: ["generate", "--file", input.file, ...input.ourFlags, "--out", out("sfapi-gen")],
        cwd,
        cpus,
      },
    },
    {
      name: PEER_NAMES[0],
      prepare: fresh("openapi-typescript"),
      command: {
        script: join(projectRoot, "node_modules/openapi-typescript/bin/cli.js"),
        args: [input.file, "-o", join(out("openapi-typescript"), "schema.d.ts")],
        cwd,
        cpus,
      },
    },
    {
      name: PEER_NAMES[1],
      prepare: fresh("hey-api"),
      command: {
        script: peerPath("@hey-api/openapi-ts", "bin", "run.js"),
        args: ["-i", input.file, "-o", out("hey-api")],
        cwd,
        cpus,
      },
    },
    {
      name: PEER_NAMES[2],
      prepare: fresh("codegen"),
      command: {
        script: peerPath("openapi-typescript-codegen", "bin", "index.js"),
        args: ["-i", input.file, "-o", out("codegen")],
        cwd,
        cpus,
      },
    },
    {
      name: PEER_NAMES[3],
      prepare: fresh("orval"),
      // Types (client.schemas.ts) and a fetch client (client.ts), unformatted, as the others write them.
      command: {
        script: peerPath("orval", "dist", "bin", "orval.js"),
        args: ["-i", input.file, "-o", join(out("orval"), "client.ts"), "--client", "fetch", "--mode", "split"],
        cwd,
        cpus,
      },
    },
  ];
}

export async function benchGeneration(outRoot: string, rounds: number, log: (line: string) => void): Promise<Section> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const cores = coreSets();
  for (const [i, input] of INPUTS().entries()) {
    for (const core of cores) {
      const dir = join(outRoot, `input-${i}`);
      mkdirSync(dir, { recursive: true });
      log(`generation: ${input.label}, ${core.label}, ${rounds} rounds after a warm-up`);
      const series = await interleaved(contenders(input, dir, core.cpus), rounds, (name, round) =>
        log(`  ${round === 0 ? "warm-up" : `round ${round}`}: ${name}`),
      );
      rows.push(...inputRows(input, core.label, series));
      for (const s of series) if (s.error) notes.push(`${input.short}, ${core.label}: ${s.name} failed: ${s.error}`);
    }
  }
  notes.unshift(
    `Each figure is the median of ${rounds} runs after one warm-up run, every run a cold \`node\` process, contenders interleaved (A B C D E A B C D E ...); ` +
      `every process pinned with \`taskset -c\` to ${cores.map((c) => `${c.label}${c.cpus === undefined ? "" : ` (CPU ${c.cpus})`}`).join(", then ")}, its threads and children with it.`,
    "Wall time from spawn to exit. CPU time is user + system, added up over every node process of the run (it counts V8's parallel GC threads and our lint worker; " +
      "@hey-api/openapi-ts's CLI is a launcher that runs the generator in a second node process); peak RSS is the largest maxRSS among them.",
    "Commands: `sfapi-gen generate --file <description> --out <dir>` (built dist, with `--policy method` for GitHub, which has no scope field); " +
      "`openapi-typescript <description> -o <file>` (its CLI: types only, the floor we build on); " +
      "`openapi-ts -i <description> -o <dir>` (types + SDK + client); `openapi -i <description> -o <dir>` (models + services + core); " +
      "`orval -i <description> -o <dir>/client.ts --client fetch --mode split` (types + a fetch client).",
  );
  return {
    title: "Generation",
    peerColumns: [
      `openapi-typescript ${installedVersion("openapi-typescript", join(projectRoot, "node_modules"))}`,
      `@hey-api/openapi-ts ${PEERS["@hey-api/openapi-ts"]}`,
      `openapi-typescript-codegen ${PEERS["openapi-typescript-codegen"]}`,
      `orval ${PEERS.orval}`,
    ],
    rows,
    notes,
  };
}

function inputRows(input: GenerationInput, cores: string, series: Series[]): Row[] {
  const figure = (s: Series, pick: (x: Series["samples"][number]) => number) =>
    s.samples.length > 0 && !s.error ? median(s.samples.map(pick)) : Number.NaN;
  const wall = series.map((s) => figure(s, (x) => x.wallMs));
  const cpu = series.map((s) => figure(s, (x) => x.cpuMs));
  const rss = series.map((s) => figure(s, (x) => x.maxRssMb));
  const ours = wall[0]!;
  const vsOts = (v: number[]) => ratio(v[0]!, v[1]!);
  const cells = (v: number[], fmt: (n: number) => string) => v.slice(1).map(fmt);
  const otsRatio = vsOts(wall);
  const full = FULL_GENERATORS.map((i) => wall[i + 1]!);
  const beatsFull =
    full.every((w) => Number.isFinite(w)) && Number.isFinite(ours) ? full.every((w) => ours < w) : undefined;
  const name = `${input.short}, ${cores}`;
  const target = input.targets.vsOpenapiTypescript;
  return [
    {
      figure: `${input.label}, ${cores}: wall time`,
      ours: seconds(ours),
      peers: cells(wall, seconds),
      ratio: times(otsRatio),
      target: `≤ ${target.toFixed(2)}x openapi-typescript`,
      verdict: verdict(Number.isFinite(otsRatio) ? otsRatio <= target : undefined),
    },
    {
      figure: `${name}: wall time vs the full generators`,
      ours: seconds(ours),
      peers: ["", ...full.map(seconds)],
      ratio: full.map((w) => times(ratio(ours, w))).join(" / "),
      target: input.targets.fasterThanFullGenerators ? "< 1.00x each (faster)" : "",
      verdict: input.targets.fasterThanFullGenerators ? verdict(beatsFull) : "",
    },
    {
      figure: `${name}: CPU time (user + sys)`,
      ours: seconds(cpu[0]!),
      peers: cells(cpu, seconds),
      ratio: times(vsOts(cpu)),
      target: "",
      verdict: "",
    },
    {
      figure: `${name}: peak RSS`,
      ours: megabytes(rss[0]!),
      peers: cells(rss, megabytes),
      ratio: times(vsOts(rss)),
      target: "",
      verdict: "",
    },
  ];
}
