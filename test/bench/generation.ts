/**
 * Generation, small and large: whole-process wall time, CPU time and peak RSS of `sfapi-gen generate` and of the tools
 * a user would pick instead, each a cold `node`, interleaved, median after a warm-up round.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { interleaved } from "./measure.js";
import type { Contender, Series } from "./measure.js";
import { githubDescription, installedVersion, peerPath, PEERS, projectRoot } from "./peers.js";
import { verdict } from "./report.js";
import type { Row, Section } from "./report.js";
import { median, megabytes, ratio, seconds, times } from "./stats.js";

export interface GenerationInput {
  label: string;
  file: string;
  /** Flags for sfapi-gen beyond --file/--out (GitHub's description has no scope field: rank by method). */
  ourFlags: string[];
  /** Whether the issue's targets apply to this input (they are set on GitHub's description). */
  targets: boolean;
}

export const INPUTS = (): GenerationInput[] => [
  { label: "NERSC SFAPI v1.2 (bundled, 32 operations)", file: join(projectRoot, "generator/descriptions/v1.2.json"), ourFlags: ["--levels", "green,yellow,red"], targets: false },
  { label: "GitHub REST (@octokit/openapi, 13 MB, ~1,200 operations)", file: githubDescription(), ourFlags: ["--policy", "method"], targets: true },
];

export const PEER_NAMES = ["openapi-typescript", "@hey-api/openapi-ts", "openapi-typescript-codegen"] as const;

/** The four contenders for one input, writing under `outRoot`. */
export function contenders(input: GenerationInput, outRoot: string): Contender[] {
  const out = (tool: string) => join(outRoot, tool);
  const fresh = (tool: string) => () => {
    rmSync(out(tool), { recursive: true, force: true });
    mkdirSync(out(tool), { recursive: true });
  };
  const cwd = outRoot; // a neutral folder: no sfapi-gen.config.json, no openapi-ts.config.*
  return [
    {
      name: "sfapi-gen",
      prepare: () => rmSync(out("sfapi-gen"), { recursive: true, force: true }),
      command: { script: join(projectRoot, "bin/sfapi-gen.js"), args: ["generate", "--file", input.file, ...input.ourFlags, "--out", out("sfapi-gen")], cwd },
    },
    {
      name: PEER_NAMES[0],
      prepare: fresh("openapi-typescript"),
      command: { script: join(projectRoot, "node_modules/openapi-typescript/bin/cli.js"), args: [input.file, "-o", join(out("openapi-typescript"), "schema.d.ts")], cwd },
    },
    {
      name: PEER_NAMES[1],
      prepare: fresh("hey-api"),
      command: { script: peerPath("@hey-api/openapi-ts", "bin", "run.js"), args: ["-i", input.file, "-o", out("hey-api")], cwd },
    },
    {
      name: PEER_NAMES[2],
      prepare: fresh("codegen"),
      command: { script: peerPath("openapi-typescript-codegen", "bin", "index.js"), args: ["-i", input.file, "-o", out("codegen")], cwd },
    },
  ];
}

export async function benchGeneration(outRoot: string, rounds: number, log: (line: string) => void): Promise<Section> {
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const [i, input] of INPUTS().entries()) {
    const dir = join(outRoot, `input-${i}`);
    mkdirSync(dir, { recursive: true });
    log(`generation: ${input.label}, ${rounds} rounds after a warm-up`);
    const series = await interleaved(contenders(input, dir), rounds, (name, round) => log(`  ${round === 0 ? "warm-up" : `round ${round}`}: ${name}`));
    rows.push(...inputRows(input, series));
    for (const s of series) if (s.error) notes.push(`${input.label}: ${s.name} failed: ${s.error}`);
  }
  notes.unshift(
    `Each figure is the median of ${rounds} runs after one warm-up run, every run a cold \`node\` process, contenders interleaved (A B C D A B C D ...).`,
    "Wall time from spawn to exit. CPU time is user + system, added up over every node process of the run (it counts V8's parallel GC threads; " +
      "@hey-api/openapi-ts's CLI is a launcher that runs the generator in a second node process); peak RSS is the largest maxRSS among them.",
    "Commands: `sfapi-gen generate --file <description> --out <dir>` (built dist, with `--policy method` for GitHub, which has no scope field); " +
      "`openapi-typescript <description> -o <file>` (its CLI: types only, the floor we build on); " +
      "`openapi-ts -i <description> -o <dir>` (types + SDK + client); `openapi -i <description> -o <dir>` (models + services + core).",
  );
  return {
    title: "Generation",
    peerColumns: [`openapi-typescript ${installedVersion("openapi-typescript", join(projectRoot, "node_modules"))}`, `@hey-api/openapi-ts ${PEERS["@hey-api/openapi-ts"]}`, `openapi-typescript-codegen ${PEERS["openapi-typescript-codegen"]}`],
    rows,
    notes,
  };
}

function inputRows(input: GenerationInput, series: Series[]): Row[] {
  const figure = (s: Series, pick: (x: Series["samples"][number]) => number) => (s.samples.length > 0 && !s.error ? median(s.samples.map(pick)) : Number.NaN);
  const wall = series.map((s) => figure(s, (x) => x.wallMs));
  const cpu = series.map((s) => figure(s, (x) => x.cpuMs));
  const rss = series.map((s) => figure(s, (x) => x.maxRssMb));
  const vsOts = (v: number[]) => ratio(v[0]!, v[1]!);
  const cells = (v: number[], fmt: (n: number) => string) => v.slice(1).map(fmt);
  const otsRatio = vsOts(wall);
  const fullGenerators = [wall[2]!, wall[3]!];
  const beatsFull = fullGenerators.every((w) => Number.isFinite(w)) ? fullGenerators.every((w) => wall[0]! < w) : undefined;
  const short = input.targets ? "GitHub" : "v1.2";
  return [
    {
      figure: `${input.label}: wall time`,
      ours: seconds(wall[0]!),
      peers: cells(wall, seconds),
      ratio: times(otsRatio),
      target: input.targets ? "≤ 1.10x openapi-typescript" : "",
      verdict: input.targets ? verdict(Number.isFinite(otsRatio) ? otsRatio <= 1.1 : undefined) : "",
    },
    {
      figure: `${short}: wall time vs the full generators`,
      ours: seconds(wall[0]!),
      peers: ["", seconds(wall[2]!), seconds(wall[3]!)],
      ratio: fullGenerators.map((w) => times(ratio(wall[0]!, w))).join(" / "),
      target: input.targets ? "< 1.00x each (faster)" : "",
      verdict: input.targets ? verdict(beatsFull) : "",
    },
    { figure: `${short}: CPU time (user + sys)`, ours: seconds(cpu[0]!), peers: cells(cpu, seconds), ratio: times(vsOts(cpu)), target: "", verdict: "" },
    { figure: `${short}: peak RSS`, ours: megabytes(rss[0]!), peers: cells(rss, megabytes), ratio: times(vsOts(rss)), target: "", verdict: "" },
  ];
}
