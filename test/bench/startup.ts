/**
 * Start-up: `sfapi-gen --help` against node starting an empty file, on one core and on two, each a cold `node`,
 * interleaved, median after a warm-up. What our start-up adds to node's own.
 *
 * Measured twice when the environment sets NODE_EXTRA_CA_CERTS: as the environment is, and without that variable.
 * It makes every node process read and parse a CA bundle before running anything (on this machine about 60 to 100 ms
 * per start, whatever the program); the target is judged without it, as the issue's own baseline (node alone 0.05 s)
 * was measured.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { coreSets } from "./generation.js";
import { interleaved } from "./measure.js";
import { projectRoot } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median, seconds } from "./stats.js";

const HELP_TARGET_MS = 150;
const CA_VARIABLE = "NODE_EXTRA_CA_CERTS";

export async function benchStartup(dir: string, rounds: number, log: (line: string) => void): Promise<Section> {
  mkdirSync(dir, { recursive: true });
  const empty = join(dir, "empty.mjs");
  writeFileSync(empty, "");
  const runs = rounds * 4;
  const environments: { label: string; env?: Record<string, undefined>; judged: boolean }[] = process.env[CA_VARIABLE]
    ? [
        { label: `without ${CA_VARIABLE}`, env: { [CA_VARIABLE]: undefined }, judged: true },
        { label: `with this machine's ${CA_VARIABLE}`, judged: false },
      ]
    : [{ label: "environment as is", judged: true }];
  const rows: Row[] = [];
  for (const environment of environments) {
    for (const core of coreSets()) {
      log(`startup: sfapi-gen --help, ${core.label}, ${environment.label}, ${runs} rounds after a warm-up`);
      const command = (script: string, args: string[]) => ({
        script,
        args,
        cwd: dir,
        cpus: core.cpus,
        env: environment.env,
      });
      const series = await interleaved(
        [
          { name: "sfapi-gen --help", command: command(join(projectRoot, "bin/sfapi-gen.js"), ["--help"]) },
          { name: "node", command: command(empty, []) },
        ],
        runs,
      );
      const [help, node] = series.map((s) => (s.error ? Number.NaN : median(s.samples.map((x) => x.wallMs)))) as [
        number,
        number,
      ];
      rows.push({
        figure: `\`sfapi-gen --help\`, ${core.label}, ${environment.label}: wall time (node alone: ${seconds(node)}; ours adds ${seconds(help - node)})`,
        ours: seconds(help),
        peers: [],
        ratio: "",
        target: environment.judged ? `< ${HELP_TARGET_MS} ms` : "(reference)",
        verdict: environment.judged ? verdict(Number.isFinite(help) ? help < HELP_TARGET_MS : undefined) : "",
      });
    }
  }
  return {
    title: "Start-up",
    peerColumns: [],
    rows,
    notes: [
      `\`sfapi-gen --help\` (the built dist/) against \`node\` running an empty file: ${runs} runs each after a warm-up, interleaved, every run a cold process pinned with \`taskset -c\`; medians of wall time from spawn to exit. ` +
        "Both load the same rusage preload (measure.ts), so its cost is in both figures.",
      process.env[CA_VARIABLE]
        ? `This machine sets ${CA_VARIABLE}, which makes every node process load a CA bundle at start-up: the target is judged without it (the issue's baseline, node alone 0.05 s, has no such cost); the rows with it are shown for reference.`
        : `${CA_VARIABLE} is not set here.`,
    ],
  };
}
