/**
 * Type-check cost of the output: `tsc --noEmit` on a small consumer of the generated client vs the same consumer over
 * openapi-typescript's types with plain openapi-fetch, for GitHub's description and the bundled v1.2 one, as a red
 * client, a green one, and one whose color is a plain `string`; on v1.2 also with `waitForTask` (against a hand-written
 * poll through openapi-fetch) and through the operations by name.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Contender, Series } from "./measure.js";
import { interleaved, runCold } from "./measure.js";
import { githubDescription, installedVersion, projectRoot } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median, megabytes, ratio, seconds, times } from "./stats.js";

const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");

/** The project's own compiler settings, so every consumer is checked as this project checks its code. */
export const CONSUMER_TSCONFIG = {
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

interface Api {
  key: string;
  label: string;
  file: string;
  flags: string[];
  /** Two reads (path, query) and one write (body) that only the top level may make, in the path style. */
  reads: string;
  write: string;
  result: string;
  /** The same, by name (ours only), and a task wait, when the API has tasks. */
  named?: string;
  wait?: { ours: string; plain: string };
}

const APIS = (): Api[] => [
  {
    key: "github",
    label: "GitHub",
    file: githubDescription(),
    flags: ["--policy", "method"],
    reads: `
  const path = { owner: "octocat", repo: "hello-world" };
  const repo = await client.GET("/repos/{owner}/{repo}", { params: { path } });
  const issues = await client.GET("/repos/{owner}/{repo}/issues", { params: { path, query: { state: "open", per_page: 10 } } });`,
    write: `client.POST("/repos/{owner}/{repo}/issues", { params: { path }, body: { title: "Found a bug", labels: ["bug"] } })`,
    result: "{ name: repo.data?.full_name, open: issues.data?.length }",
  },
  {
    key: "v1.2",
    label: "v1.2",
    file: join(projectRoot, "generator/descriptions/v1.2.json"),
    flags: [],
    reads: `
  const machine = "perlmutter" as const;
  const task = await client.GET("/tasks/{id}", { params: { path: { id: "1" } } });
  const job = { machine, jobid: "1" }; // one job: green (the list is yellow at the facility)
  const jobs = await client.GET("/compute/jobs/{machine}/{jobid}", { params: { path: job, query: { sacct: true } } });`,
    write: `client.POST("/utilities/command/{machine}", { params: { path: { machine } }, body: { executable: "hostname" } })`,
    result: "{ status: task.data?.status, jobs: jobs.data?.output?.length }",
    named: `
export async function byName() {
  const task = await client.readTask({ path: { id: "1" } });
  const jobs = await client.readJob({ path: { machine: "perlmutter", jobid: "1" }, query: { sacct: true } });
  return { status: task.status, jobs: jobs.output?.length };
}
`,
    wait: {
      ours: `
export async function waits(id: string) {
  const task = await client.waitForTask(id);
  return task.status;
}
`,
      plain: `
export async function waits(id: string) {
  for (;;) {
    const { data } = await client.GET("/tasks/{id}", { params: { path: { id } } });
    if (data && data.status !== "new") return data.status;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
`,
    },
  },
];

type Variant = "red" | "green" | "string" | "red+wait" | "red by name";

function ourConsumer(api: Api, variant: Variant): string {
  const color = variant === "green" ? '"green"' : variant === "string" ? 'process.env.SFAPI_COLOR ?? "red"' : '"red"';
  const mayWrite = variant !== "green";
  return `// Calls through sfapi-gen's client for ${api.label}'s description (${variant}).
import { createClient } from "./client/index.js";

const color: ${variant === "string" ? "string" : `${color}`} = ${color};
const client = createClient({ color, clientId: "bench", privateKey: { file: "bench-key.pem" } });

export async function calls() {${api.reads}
  ${mayWrite ? `const written = await ${api.write};\n  return { ...${api.result}, written: written.response.status };` : `// @ts-expect-error the write needs red\n  void ${api.write};\n  return ${api.result};`}
}
${variant === "red+wait" ? api.wait!.ours : ""}${variant === "red by name" ? api.named! : ""}`;
}

function plainConsumer(api: Api, withWait: boolean): string {
  return `// The same calls through openapi-fetch over openapi-typescript's types.
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

const client = createClient<paths>({ baseUrl: "https://api.example.test", headers: { Authorization: "token" } });

export async function calls() {${api.reads}
  const written = await ${api.write};
  return { ...${api.result}, written: written.response.status };
}
${withWait ? api.wait!.plain : ""}`;
}

export async function benchTypecheck(outRoot: string, rounds: number, log: (line: string) => void): Promise<Section> {
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const api of APIS()) {
    const dir = (name: string) => join(outRoot, api.key, name.replace(/[^a-z0-9.]+/gi, "-"));
    const variants: Variant[] = ["red", "green", "string", ...(api.wait ? (["red+wait", "red by name"] as const) : [])];
    log(`type-check (${api.label}): generating the clients (not timed)`);
    const plain = dir("openapi-fetch");
    const plainWait = dir("openapi-fetch+poll");
    prepareFolder(plain, plainConsumer(api, false));
    if (api.wait) prepareFolder(plainWait, plainConsumer(api, true));
    for (const v of variants) prepareFolder(dir(v), ourConsumer(api, v));
    try {
      await runCold({
        script: join(projectRoot, "bin/sfapi-gen.js"),
        args: ["generate", "--file", api.file, ...api.flags, "--out", join(dir("red"), "client")],
        cwd: dir("red"),
      });
      for (const v of variants.slice(1))
        cpSync(join(dir("red"), "client"), join(dir(v), "client"), { recursive: true });
      await runCold({
        script: join(projectRoot, "node_modules/openapi-typescript/bin/cli.js"),
        args: [api.file, "-o", join(plain, "schema.d.ts"), "--default-non-nullable", "false"],
        cwd: plain,
      });
      if (api.wait) cpSync(join(plain, "schema.d.ts"), join(plainWait, "schema.d.ts"));
    } catch (error) {
      notes.push(`${api.label}: could not generate the clients: ${(error as Error).message}`);
      continue;
    }
    const baselineOf = (v: Variant) => (v === "red+wait" ? plainWait : plain);
    const contenders: Contender[] = [
      { name: "openapi-fetch", command: { script: tsc, args: ["-p", plain], cwd: plain } },
      ...(api.wait
        ? [{ name: "openapi-fetch+poll", command: { script: tsc, args: ["-p", plainWait], cwd: plainWait } }]
        : []),
      ...variants.map((v) => ({ name: v, command: { script: tsc, args: ["-p", dir(v)], cwd: dir(v) } })),
    ];
    log(`type-check (${api.label}): tsc --noEmit, ${rounds} rounds after a warm-up`);
    const series = await interleaved(contenders, rounds, (name, round) =>
      log(`  ${round === 0 ? "warm-up" : `round ${round}`}: tsc on ${name}`),
    );
    for (const s of series) if (s.error) notes.push(`${api.label}: tsc on ${s.name} failed: ${s.error}`);
    const byName = new Map(series.map((s) => [s.name, s]));
    const med = (s: Series | undefined, pick: (x: Series["samples"][number]) => number) =>
      !s || s.error ? Number.NaN : median(s.samples.map(pick));
    for (const v of variants) {
      const ours = byName.get(v);
      const base = byName.get(v === "red+wait" ? "openapi-fetch+poll" : "openapi-fetch");
      const wall = ratio(
        med(ours, (x) => x.wallMs),
        med(base, (x) => x.wallMs),
      );
      const [da, db] = [diagnostics(dir(v)), diagnostics(baselineOf(v))];
      const label = `${api.label}, ${v === "string" ? "color: string" : v}`;
      rows.push(
        {
          figure: `${label}: tsc wall time`,
          ours: seconds(med(ours, (x) => x.wallMs)),
          peers: [seconds(med(base, (x) => x.wallMs))],
          ratio: times(wall),
          target: "≤ 1.10x",
          verdict: verdict(Number.isFinite(wall) ? wall <= 1.1 : undefined),
        },
        {
          figure: `${label}: type instantiations / check time`,
          ours: `${count(da.instantiations)} / ${seconds(da.checkMs)}`,
          peers: [`${count(db.instantiations)} / ${seconds(db.checkMs)}`],
          ratio: times(ratio(da.instantiations, db.instantiations)),
          target: "",
          verdict: "",
        },
      );
    }
    rows.push({
      figure: `${api.label}: tsc peak RSS, red`,
      ours: megabytes(med(byName.get("red"), (x) => x.maxRssMb)),
      peers: [megabytes(med(byName.get("openapi-fetch"), (x) => x.maxRssMb))],
      ratio: times(
        ratio(
          med(byName.get("red"), (x) => x.maxRssMb),
          med(byName.get("openapi-fetch"), (x) => x.maxRssMb),
        ),
      ),
      target: "",
      verdict: "",
    });
  }
  notes.push(
    `\`tsc --noEmit\` (TypeScript ${installedVersion("typescript", join(projectRoot, "node_modules"))}, the project's strict NodeNext settings, skipLibCheck) on a consumer making the same calls through each client: two reads (a path parameter; a query) and one write (a body). ` +
      'Ours as `color: "red"` (the top level), `"green"` (the write is a `@ts-expect-error`), and a color typed `string`; on v1.2 also red with `client.waitForTask(id)` (its baseline polls `GET /tasks/{id}` through openapi-fetch by hand) and red with the two reads by name (`client.readTask(...)`). ' +
      "openapi-typescript's types are generated with `--default-non-nullable false`, as ours are.",
    `Median of ${rounds} cold runs after a warm-up, interleaved. Instantiations and check time come from one extra run with \`--extendedDiagnostics\`; instantiations do not depend on the machine's load.`,
  );
  return {
    title: "Type-check cost of the output",
    peerColumns: [
      `openapi-fetch ${installedVersion("openapi-fetch", join(projectRoot, "node_modules"))} + openapi-typescript types`,
    ],
    rows,
    notes,
  };
}

function prepareFolder(dir: string, consumer: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG, null, 2) + "\n");
  writeFileSync(join(dir, "consumer.ts"), consumer);
}

interface Diagnostics {
  instantiations: number;
  checkMs: number;
}

/** Instantiations and check time as tsc itself reports them. */
export function diagnostics(dir: string): Diagnostics {
  const result = spawnSync(process.execPath, [tsc, "--noEmit", "--extendedDiagnostics", "-p", dir], {
    cwd: dir,
    encoding: "utf8",
    timeout: 300_000,
  });
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+([\\d.]+)`, "m").exec(result.stdout ?? "")?.[1] ?? Number.NaN);
  return { instantiations: field("Instantiations"), checkMs: field("Check time") * 1000 };
}

function count(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString("en-US") : "—";
}
