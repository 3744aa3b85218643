/**
 * Issue 34's targets 1 to 3, side by side in one run, every process pinned to one core:
 *  - the regeneration loop on v1.2: `generate`, `generate --check`, `audit` and `--help` against
 *    openapi-typescript-codegen and `node` running an empty file (the floor of any node CLI);
 *  - large descriptions: GitHub's against codegen, and synthetic descriptions (synthetic.ts) up to 20,000 operations
 *    against openapi-typescript, with the growth exponent between the two largest;
 *  - large code bases (codebase.ts): `needs` and `diff --code` against `tsc --noEmit` on the same files.
 * Cold processes, interleaved, medians of wall time and of CPU time (user + sys), peak RSS (measure.ts). The targets
 * are judged on CPU time where the machine is shared (wall time waits for the other work), and both are shown.
 * NODE_EXTRA_CA_CERTS is removed from every process, as in startup.ts: it costs every node start the same, ours or not.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeCodebase } from "./codebase.js";
import type { Contender, NodeCommand, Series } from "./measure.js";
import { canPinCpus, interleaved } from "./measure.js";
import { githubDescription, githubVersion, PEERS, peerPath, projectRoot, userNode, userNodeVersion } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median, megabytes, ratio, seconds, times } from "./stats.js";
import { writeSyntheticDescription } from "./synthetic.js";

const V12 = join(projectRoot, "generator/descriptions/v1.2.json");
const CLI = join(projectRoot, "bin/sfapi-gen.js");
/** openapi-typescript's part of `generate` alone (schema-floor.mjs): what the design card leaves no way to skip. */
const FLOOR = join(projectRoot, "test/bench/schema-floor.mjs");
const SIZES = (process.env.BENCH_OPERATIONS ?? "2500,5000,10000,20000").split(",").map(Number);
const FILES = (process.env.BENCH_FILES ?? "100,1000").split(",").map(Number);
// Which row groups run (all by default): BENCH_LOOP=v12,github times only the regeneration loop and GitHub's rows.
const GROUPS = ["v12", "github", "synthetic", "code"] as const;
const LOOP = (process.env.BENCH_LOOP ?? GROUPS.join(",")).split(",").map((s) => s.trim());
const unknownGroup = LOOP.find((g) => !(GROUPS as readonly string[]).includes(g));
if (unknownGroup !== undefined)
  throw new Error(`BENCH_LOOP: unknown group ${unknownGroup} (known: ${GROUPS.join(", ")})`);
/** Whether this run needs the peers (openapi-typescript-codegen, GitHub's description): not for the code bases. */
export const loopNeedsPeers = LOOP.some((group) => group !== "code");

export async function benchLoop(dir: string, rounds: number, log: (line: string) => void): Promise<Section> {
  mkdirSync(dir, { recursive: true });
  const cpus = canPinCpus() ? "0" : undefined;
  const env = { NODE_EXTRA_CA_CERTS: undefined };
  const command = (script: string, args: string[], cwd = dir, node?: string): NodeCommand => ({
    script,
    args,
    cwd,
    cpus,
    env,
    ...((node ?? userNode()) ? { node: node ?? userNode() } : {}),
  });
  const rows: Row[] = [];
  const notes: string[] = [];
  const pick = (s: Series, f: (x: Series["samples"][number]) => number) =>
    s.error || s.samples.length === 0 ? Number.NaN : median(s.samples.map(f));
  const stats = (s: Series) => ({
    wall: pick(s, (x) => x.wallMs),
    cpu: pick(s, (x) => x.cpuMs),
    rss: pick(s, (x) => x.maxRssMb),
  });
  const run = async (label: string, contenders: Contender[], n: number) => {
    log(`loop: ${label}, ${n} rounds after a warm-up`);
    const series = await interleaved(contenders, n);
    for (const s of series) if (s.error) notes.push(`${label}: ${s.name} failed: ${s.error}`);
    return Object.fromEntries(series.map((s) => [s.name, stats(s)]));
  };
  const row = (
    figure: string,
    ours: ReturnType<typeof stats>,
    base: ReturnType<typeof stats>,
    limit: number,
    baseName: string,
  ): Row => {
    const byCpu = ratio(ours.cpu, base.cpu);
    const byWall = ratio(ours.wall, base.wall);
    return {
      figure,
      ours: `${seconds(ours.wall)} wall, ${seconds(ours.cpu)} CPU, ${megabytes(ours.rss)}`,
      peers: [`${baseName}: ${seconds(base.wall)} wall, ${seconds(base.cpu)} CPU, ${megabytes(base.rss)}`],
      ratio: `${times(byCpu)} CPU (${times(byWall)} wall, ${times(ratio(ours.rss, base.rss))} RSS)`,
      target: `≤ ${limit.toFixed(2)}x`,
      verdict: verdict(Number.isFinite(byCpu) ? byCpu <= limit : undefined),
    };
  };

  const codegen = `openapi-typescript-codegen ${PEERS["openapi-typescript-codegen"]}`;

  // ---- 1. the regeneration loop on v1.2 ----------------------------------------------------------------------------
  if (LOOP.includes("v12")) {
    const empty = join(dir, "empty.mjs");
    writeFileSync(empty, "");
    const out = join(dir, "v12-client");
    const checked = join(dir, "v12-checked");
    rmSync(checked, { recursive: true, force: true });
    const codegenOut = join(dir, "v12-codegen");
    const levels = ["--levels", "green,yellow,orange,red"];
    const v12Flags = ["--file", V12, ...levels];
    // The live description as users fetch it: the same content, re-serialised (other bytes, as a server writes them),
    // so neither the build's schema.d.ts nor the skipped validation of the bundled bytes applies (issue 47).
    const live = join(dir, "v12-live.json");
    writeFileSync(live, JSON.stringify(JSON.parse(readFileSync(V12, "utf8"))));
    const liveFlags = ["--file", live, ...levels];
    const liveOut = join(dir, "v12-live-client");
    const made = await interleaved(
      [
        { name: "setup", command: command(CLI, ["generate", ...v12Flags, "--out", checked]) },
        { name: "setup-live", command: command(CLI, ["generate", ...liveFlags, "--out", `${checked}-live`]) },
      ],
      0,
    );
    for (const m of made) if (m.error) notes.push(`${m.name} of generate --check failed: ${m.error}`);
    const loop = await run(
      "v1.2, 1 core",
      [
        {
          name: "generate",
          prepare: () => rmSync(out, { recursive: true, force: true }),
          command: command(CLI, ["generate", ...v12Flags, "--out", out]),
        },
        {
          name: "live",
          prepare: () => rmSync(liveOut, { recursive: true, force: true }),
          command: command(CLI, ["generate", ...liveFlags, "--out", liveOut]),
        },
        { name: "check", command: command(CLI, ["generate", ...liveFlags, "--out", `${checked}-live`, "--check"]) },
        { name: "audit", command: command(CLI, ["audit", ...liveFlags]) },
        { name: "help", command: command(CLI, ["--help"]) },
        { name: "node", command: command(empty, []) },
        { name: "floor", command: command(FLOOR, [live]) },
        {
          name: "codegen",
          prepare: () => rmSync(codegenOut, { recursive: true, force: true }),
          command: command(peerPath("openapi-typescript-codegen", "bin", "index.js"), ["-i", live, "-o", codegenOut]),
        },
      ],
      rounds * 2,
    );
    rows.push(
      row("`generate` v1.2 live (re-serialised), 1 core", loop.live!, loop.codegen!, 1.5, codegen),
      row("`generate --check` v1.2 live, 1 core", loop.check!, loop.codegen!, 1.5, codegen),
      {
        ...row(
          "openapi-typescript's part of `generate` alone on v1.2 live (load, transform, print), 1 core",
          loop.floor!,
          loop.codegen!,
          1.5,
          codegen,
        ),
        target: "(reference: the floor under the two rows above)",
        verdict: "",
      },
      row("`audit` v1.2 live, 1 core", loop.audit!, loop.node!, 3, "`node -e 0` (an empty file)"),
      row(
        "`generate` v1.2, the bundled bytes (cached schema.d.ts), 1 core",
        loop.generate!,
        loop.codegen!,
        1.5,
        codegen,
      ),
      row("`--help`, 1 core", loop.help!, loop.node!, 1.3, "`node` (empty file)"),
    );
    const [floor, whole, base] = [loop.floor!.cpu, loop.live!.cpu, loop.codegen!.cpu];
    if ([floor, whole, base].every(Number.isFinite))
      notes.push(
        `The floor row runs schema-floor.mjs: generate's own call of openapi-typescript (loading it and TypeScript, the transform, the printer) and nothing else, ${Math.round(floor)} ms CPU. ` +
          `The 1.5x target (${Math.round(1.5 * base)} ms) leaves ${Math.round(1.5 * base - floor)} ms for all the rest of generate on the live description (read, validate, model, emit, write the client's files), which took ${Math.round(whole - floor)} ms in this run.`,
      );
  }

  // ---- 2. large descriptions ---------------------------------------------------------------------------------------
  if (LOOP.includes("github")) {
    const github = await run(
      "GitHub, 1 core",
      [
        {
          name: "ours",
          prepare: () => rmSync(join(dir, "gh-ours"), { recursive: true, force: true }),
          command: command(CLI, [
            "generate",
            "--file",
            githubDescription(),
            "--policy",
            "method",
            "--out",
            join(dir, "gh-ours"),
          ]),
        },
        {
          name: "codegen",
          prepare: () => rmSync(join(dir, "gh-codegen"), { recursive: true, force: true }),
          command: command(peerPath("openapi-typescript-codegen", "bin", "index.js"), [
            "-i",
            githubDescription(),
            "-o",
            join(dir, "gh-codegen"),
          ]),
        },
      ],
      rounds,
    );
    rows.push(row(`\`generate\` GitHub ${githubVersion()}, 1 core`, github.ours!, github.codegen!, 1, codegen));
  }
  if (LOOP.includes("synthetic")) {
    const growth: { n: number; ours: ReturnType<typeof stats>; ots: ReturnType<typeof stats> }[] = [];
    for (const n of SIZES) {
      const file = writeSyntheticDescription(n, join(dir, `synthetic-${n}.json`));
      const r = await run(
        `${n} synthetic operations, 1 core`,
        [
          {
            name: "ours",
            prepare: () => rmSync(join(dir, `syn-ours-${n}`), { recursive: true, force: true }),
            command: command(CLI, [
              "generate",
              "--file",
              file,
              "--levels",
              "green,yellow,orange,red",
              "--out",
              join(dir, `syn-ours-${n}`),
            ]),
          },
          {
            name: "ots",
            command: command(join(projectRoot, "node_modules/openapi-typescript/bin/cli.js"), [
              file,
              "-o",
              join(dir, `syn-ots-${n}.d.ts`),
            ]),
          },
        ],
        Math.min(rounds, 2),
      );
      growth.push({ n, ours: r.ours!, ots: r.ots! });
      rows.push({
        ...row(
          `\`generate\` ${n.toLocaleString("en")} synthetic operations, 1 core`,
          r.ours!,
          r.ots!,
          0.6,
          "openapi-typescript",
        ),
        target: "≤ 0.60x (issue; reported)",
      });
    }
    if (growth.length >= 2) {
      const [a, b] = [growth[growth.length - 2]!, growth[growth.length - 1]!];
      const exponent = (x: number, y: number) => Math.log(y / x) / Math.log(b.n / a.n);
      const ours = exponent(a.ours.cpu, b.ours.cpu);
      rows.push({
        figure: `growth from ${a.n.toLocaleString("en")} to ${b.n.toLocaleString("en")} operations (CPU time ~ n^k)`,
        ours: `k = ${ours.toFixed(2)} (memory k = ${exponent(a.ours.rss, b.ours.rss).toFixed(2)})`,
        peers: [`openapi-typescript: k = ${exponent(a.ots.cpu, b.ots.cpu).toFixed(2)}`],
        ratio: "",
        target: "linear (k ≤ 1.05)",
        verdict: verdict(Number.isFinite(ours) ? ours <= 1.05 : undefined),
      });
    }
  }

  // ---- 3. large code bases -----------------------------------------------------------------------------------------
  if (LOOP.includes("code")) {
    const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");
    for (const n of FILES) {
      const base = join(projectRoot, "test", ".tmp", "bench-codebase", String(n));
      writeCodebase(base, n);
      // The new description: v1.2 without one operation the code does not call, so the client's types change.
      const description = JSON.parse(readFileSync(V12, "utf8"));
      delete description.paths["/meta/changelog"];
      const changed = join(base, "new.json");
      writeFileSync(changed, JSON.stringify(description, null, 2));
      const r = await run(
        `code base of ${n} files, 1 core`,
        [
          { name: "tsc", command: command(tsc, ["--noEmit", "-p", base], base) },
          { name: "needs", command: command(CLI, ["needs", "src", "--client", "src/sfapi"], base) },
          { name: "diff", command: command(CLI, ["diff", "src/sfapi", "new.json", "--code", "src"], base) },
        ],
        Math.min(rounds, 3),
      );
      rows.push(
        row(`\`needs\`, ${n.toLocaleString("en")} files, 1 core`, r.needs!, r.tsc!, 1, "`tsc --noEmit`"),
        row(`\`diff --code\`, ${n.toLocaleString("en")} files, 1 core`, r.diff!, r.tsc!, 1.5, "`tsc --noEmit`"),
      );
    }
  }

  notes.unshift(
    "Every process pinned to one core (`taskset -c 0`), cold, interleaved with the others of its row group, after one warm-up; medians " +
      `(${rounds * 2} rounds for v1.2, ${rounds} for GitHub, ${Math.min(rounds, 2)} per synthetic size, ${Math.min(rounds, 3)} per code base). ` +
      "The ratio is judged on CPU time (user + sys, every node process of the run): the machine is shared with other work, which wall time also waits for; wall time and peak RSS are shown beside it.",
    "NODE_EXTRA_CA_CERTS removed from every process (each node start would otherwise pay for loading a CA bundle).",
    "`generate --check` compares with a client generated before the timed runs; the synthetic descriptions are synthetic.ts's (GET and POST operations, each with its own component schema); the code bases are codebase.ts's (one file in ten calls the client; `diff --code` against v1.2 without `/meta/changelog`).",
  );
  notes.unshift(
    `Every process of this section runs on Node ${userNodeVersion()} (BENCH_NODE, else the peers' Node 24).`,
  );
  return { title: "Regeneration loop and scale", peerColumns: ["baseline"], rows, notes };
}
