/**
 * Type-check cost of the output: `tsc --noEmit` on a small consumer that imports the generated client for GitHub's
 * description and makes three calls, vs the same consumer over openapi-typescript's types with plain openapi-fetch.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { interleaved, runCold } from "./measure.js";
import type { Contender, Series } from "./measure.js";
import { githubDescription, installedVersion, projectRoot } from "./peers.js";
import { verdict } from "./report.js";
import type { Row, Section } from "./report.js";
import { median, megabytes, ratio, seconds, times } from "./stats.js";

const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");

/** The project's own compiler settings, so both consumers are checked as this project checks its code. */
const tsconfig = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023", "DOM"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    types: ["node"],
    noEmit: true,
  },
  files: ["consumer.ts"],
};

/** The same three calls for all: two reads and one write, with path, query and body parameters. */
const reads = `
  const path = { owner: "octocat", repo: "hello-world" };
  const repo = await client.GET("/repos/{owner}/{repo}", { params: { path } });
  const issues = await client.GET("/repos/{owner}/{repo}/issues", { params: { path, query: { state: "open", per_page: 10 } } });`;
const write = `client.POST("/repos/{owner}/{repo}/issues", { params: { path }, body: { title: "Found a bug", labels: ["bug"] } })`;
const calls = `
export async function threeCalls() {${reads}
  const created = await ${write};
  return { name: repo.data?.full_name, open: issues.data?.length, number: created.data?.number };
}
`;

/** `color: "red"` (the top level, may call everything) or `"green"` (reads only: the write must be a type error). */
const ourConsumer = (color: "red" | "green") => `// Three calls through sfapi-gen's client for GitHub's description, as a ${color} client.
import { createClient } from "./client/index.js";

const client = createClient({ color: "${color}", clientId: "bench", privateKey: { file: "bench-key.pem" }, baseUrl: "https://api.github.com" });
${
  color === "red"
    ? calls
    : `
export async function threeCalls() {${reads}
  // @ts-expect-error green may not create issues (a write needs red under --policy method)
  void ${write};
  return { name: repo.data?.full_name, open: issues.data?.length };
}
`
}`;

const plainConsumer = `// The same three calls through openapi-fetch over openapi-typescript's types.
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

const client = createClient<paths>({ baseUrl: "https://api.github.com", headers: { Authorization: "token" } });
${calls}`;

export async function benchTypecheck(outRoot: string, rounds: number, log: (line: string) => void): Promise<Section> {
  const red = join(outRoot, "sfapi-gen-red");
  const green = join(outRoot, "sfapi-gen-green");
  const plain = join(outRoot, "openapi-fetch");
  log("type-check: generating both clients for GitHub's description (not timed)");
  prepareFolder(red, ourConsumer("red"));
  prepareFolder(green, ourConsumer("green"));
  prepareFolder(plain, plainConsumer);
  const notes: string[] = [];
  try {
    await runCold({ script: join(projectRoot, "bin/sfapi-gen.js"), args: ["generate", "--file", githubDescription(), "--policy", "method", "--out", join(red, "client")], cwd: red });
    cpSync(join(red, "client"), join(green, "client"), { recursive: true });
    await runCold({ script: join(projectRoot, "node_modules/openapi-typescript/bin/cli.js"), args: [githubDescription(), "-o", join(plain, "schema.d.ts")], cwd: plain });
  } catch (error) {
    notes.push(`could not generate the clients: ${(error as Error).message}`);
  }
  const contenders: Contender[] = [
    { name: "sfapi-gen (red)", command: { script: tsc, args: ["--noEmit", "-p", red], cwd: red } },
    { name: "openapi-fetch", command: { script: tsc, args: ["--noEmit", "-p", plain], cwd: plain } },
    { name: "sfapi-gen (green)", command: { script: tsc, args: ["--noEmit", "-p", green], cwd: green } },
  ];
  log(`type-check: tsc --noEmit, ${rounds} rounds after a warm-up`);
  const series = await interleaved(contenders, rounds, (name, round) => log(`  ${round === 0 ? "warm-up" : `round ${round}`}: tsc on ${name}'s consumer`));
  for (const s of series) if (s.error) notes.push(`tsc on ${s.name}'s consumer failed: ${s.error}`);
  const [r, b, g] = series as [Series, Series, Series];
  const med = (s: Series, pick: (x: Series["samples"][number]) => number) => (s.error ? Number.NaN : median(s.samples.map(pick)));
  const [dr, db, dg] = [diagnostics(red), diagnostics(plain), diagnostics(green)];
  const rows = (label: string, a: Series, da: Diagnostics): Row[] => {
    const wallRatio = ratio(med(a, (x) => x.wallMs), med(b, (x) => x.wallMs));
    return [
      {
        figure: `${label}: tsc --noEmit wall time`,
        ours: seconds(med(a, (x) => x.wallMs)),
        peers: [seconds(med(b, (x) => x.wallMs))],
        ratio: times(wallRatio),
        target: "≤ 1.10x",
        verdict: verdict(Number.isFinite(wallRatio) ? wallRatio <= 1.1 : undefined),
      },
      { figure: `${label}: tsc peak RSS`, ours: megabytes(med(a, (x) => x.maxRssMb)), peers: [megabytes(med(b, (x) => x.maxRssMb))], ratio: times(ratio(med(a, (x) => x.maxRssMb), med(b, (x) => x.maxRssMb))), target: "", verdict: "" },
      { figure: `${label}: type instantiations`, ours: count(da.instantiations), peers: [count(db.instantiations)], ratio: times(ratio(da.instantiations, db.instantiations)), target: "", verdict: "" },
      { figure: `${label}: check time (tsc's own count)`, ours: seconds(da.checkMs), peers: [seconds(db.checkMs)], ratio: times(ratio(da.checkMs, db.checkMs)), target: "", verdict: "" },
    ];
  };
  notes.push(
    `\`tsc --noEmit\` (TypeScript ${installedVersion("typescript", join(projectRoot, "node_modules"))}, the project's strict NodeNext settings, skipLibCheck) on a consumer file making the same three calls ` +
      "(GET /repos/{owner}/{repo}, GET /repos/{owner}/{repo}/issues with a query, POST /repos/{owner}/{repo}/issues with a body). " +
      'Ours twice: `color: "red"` (the top level: every call allowed) and `color: "green"` (the POST is a `@ts-expect-error`: green may not write); both ratios are to the same openapi-fetch run.',
    `Median of ${rounds} cold runs after a warm-up, interleaved. Instantiations and check time come from one extra run with \`--extendedDiagnostics\`; instantiations do not depend on the machine's load.`,
  );
  return {
    title: "Type-check cost of the output (GitHub's description)",
    peerColumns: [`openapi-fetch ${installedVersion("openapi-fetch", join(projectRoot, "node_modules"))} + openapi-typescript types`],
    rows: [...rows("red", r, dr), ...rows("green", g, dg)],
    notes,
  };
}

function prepareFolder(dir: string, consumer: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2) + "\n");
  writeFileSync(join(dir, "consumer.ts"), consumer);
}

interface Diagnostics {
  instantiations: number;
  checkMs: number;
}

/** Instantiations and check time as tsc itself reports them. */
function diagnostics(dir: string): Diagnostics {
  const result = spawnSync(process.execPath, [tsc, "--noEmit", "--extendedDiagnostics", "-p", dir], { cwd: dir, encoding: "utf8", timeout: 300_000 });
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+([\\d.]+)`, "m").exec(result.stdout ?? "")?.[1] ?? Number.NaN);
  return { instantiations: field("Instantiations"), checkMs: field("Check time") * 1000 };
}

function count(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString("en-US") : "—";
}
