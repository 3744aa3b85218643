/**
 * The workflow layer: (1) what waiting on many jobs costs the facility: `job.complete()` on 1, 10 and 100 jobs of one
 * machine at once, counted in the local facility's request log, per poll (target 1 whatever the count); (2) what it
 * costs the type checker: `tsc --noEmit` on a consumer of `compute(machine)` against a consumer making the same calls
 * by name (target <= 1.10x).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "../../generated/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";
import { testClient } from "../support/facility.js";
import type { Series } from "./measure.js";
import { interleaved, runCold } from "./measure.js";
import { installedVersion, projectRoot } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";
import { median, ratio, seconds, times } from "./stats.js";
import { CONSUMER_TSCONFIG, diagnostics } from "./typecheck.js";

const DELAY_MS = 10_000;
const COUNTS = [1, 10, 100];

interface PollCount {
  jobs: number;
  polls: number;
  queries: number;
  /** Requests of the largest single poll. */
  worst: number;
}

/** Submit `n` jobs at once, wait on all of them together, and count the job queries each poll made. */
async function pollCost(n: number): Promise<PollCount> {
  const time = virtualTime();
  const facility = await startFacility({ levels: ["green", "yellow", "red"], taskDelayMs: DELAY_MS, now: time.now });
  try {
    const key = await testClient(facility, "red");
    const red = createClient({
      color: "red",
      clientId: key.clientId,
      privateKey: key.privateKeyPem,
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
      clock: time,
    });
    const machine = "perlmutter" as const;
    // Set-up, not counted: n submissions, their tasks once completed, the jobs as handles.
    const acks = await Promise.all(
      Array.from({ length: n }, () =>
        red.submitJob({ path: { machine }, body: { job: "#!/bin/bash\nsrun hostname\n", isPath: false } }),
      ),
    );
    time.advance(DELAY_MS);
    const ids = await Promise.all(
      acks.map(async ({ task_id }) => {
        const task = await red.waitForTask(task_id);
        return typeof task.result === "object" && task.result !== null ? String(task.result.jobid) : "";
      }),
    );
    const perlmutter = red.compute(machine);
    const jobs = await perlmutter.jobs(ids);
    if (jobs.length !== n) throw new Error(`expected ${n} jobs, found ${jobs.length}`);
    // The request log's length at each pause of the wait: the requests between two pauses are one poll's.
    const marks = [facility.requests.length];
    time.onSleep = () => {
      marks.push(facility.requests.length);
    };
    await Promise.all(jobs.map((job) => job.complete({ interval: DELAY_MS })));
    time.onSleep = undefined;
    marks.push(facility.requests.length);
    const perPoll = marks
      .slice(1)
      .map(
        (mark, i) =>
          facility.requests.slice(marks[i], mark).filter((r) => r.path === "/api/v1.2/compute/jobs/perlmutter").length,
      );
    const queries = perPoll.reduce((a, b) => a + b, 0);
    return { jobs: n, polls: perPoll.length, queries, worst: Math.max(...perPoll) };
  } finally {
    await facility.close();
  }
}

const SCRIPT = '"#!/bin/bash\\nsrun hostname\\n"';

const WORKFLOW_CONSUMER = `// The workflow through compute(machine).
import { createClient } from "./client/index.js";

const client = createClient({ color: "red", clientId: "bench", privateKey: { file: "bench-key.pem" } });
const perlmutter = client.compute("perlmutter");

export async function flow() {
  const host = await perlmutter.run("hostname");
  const job = await perlmutter.submitJob(${SCRIPT});
  const done = await job.complete({ timeout: 600_000 });
  const entries = await perlmutter.ls("/global/homes/u/user");
  const text = await perlmutter.download("/global/homes/u/user/out.txt");
  await perlmutter.upload("/global/homes/u/user/in.txt", "data");
  return { host, state: done.state, names: entries.map((e) => e.name), text };
}
`;

const NAMED_CONSUMER = `// The same calls by name (and waitForTask), reading the answers as the helpers do.
import { createClient } from "./client/index.js";

const client = createClient({ color: "red", clientId: "bench", privateKey: { file: "bench-key.pem" } });

export async function flow() {
  const machine = "perlmutter" as const;
  const ran = await client.waitForTask((await client.runCommand({ path: { machine }, body: { executable: "hostname" } })).task_id);
  const host = typeof ran.result === "object" && ran.result !== null ? ran.result.output : undefined;
  const submitted = await client.submitJob({ path: { machine }, body: { job: ${SCRIPT}, isPath: false } });
  const task = await client.waitForTask(submitted.task_id);
  const jobid = typeof task.result === "object" && task.result !== null ? String(task.result.jobid) : "";
  const jobs = await client.readJobs({ path: { machine }, query: { kwargs: [\`jobid=\${jobid}\`], sacct: true } });
  const listing = await client.readDirectory({ path: { machine, path: "/global/homes/u/user" } });
  const file = await client.downloadFile({ path: { machine, path: "/global/homes/u/user/out.txt" } });
  await client.uploadFile({ path: { machine, path: "/global/homes/u/user/in.txt" }, body: { file: "data" } });
  return { host, state: jobs.output[0]?.state, names: listing.entries.map((e) => e.name), text: file.file };
}
`;

export async function benchWorkflow(outRoot: string, rounds: number, log: (line: string) => void): Promise<Section> {
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const n of COUNTS) {
    log(`workflow: waiting on ${n} job(s) together against the local facility`);
    const cost = await pollCost(n);
    const perPoll = cost.queries / cost.polls;
    rows.push({
      figure: `job queries per poll, ${n} job${n === 1 ? "" : "s"} (${cost.polls} polls)`,
      ours: `${perPoll.toFixed(2)} (${cost.queries} in all, at most ${cost.worst} in one poll)`,
      peers: [`${n} (one read per job)`],
      ratio: times(ratio(perPoll, n)),
      target: "1",
      verdict: verdict(cost.worst === 1 && perPoll === 1),
    });
  }
  notes.push(
    `Requests per poll: the local facility (task delay ${DELAY_MS / 1000} s: a job is PENDING for one delay, RUNNING for another, then COMPLETED) on one virtual clock with the client; n jobs submitted at once, then \`Promise.all(jobs.map((j) => j.complete({ interval: ${DELAY_MS / 1000}_000 })))\`. Counted: \`GET /compute/jobs/perlmutter\` in the facility's request log during the wait, and the wait's polls. The peer column is a loop reading each job (\`GET /compute/jobs/{machine}/{jobid}\`) per poll, which the official client's monitor and ours avoid. The queue is read until the jobs leave it, then accounting (sacct): one poll more than the official client, which asks accounting in the same poll (two requests in that poll).`,
  );

  log("workflow: generating the client for the type-check consumers (not timed)");
  const dir = (name: string) => join(outRoot, name);
  for (const [name, consumer] of [
    ["workflow", WORKFLOW_CONSUMER],
    ["by-name", NAMED_CONSUMER],
  ] as const) {
    rmSync(dir(name), { recursive: true, force: true });
    mkdirSync(dir(name), { recursive: true });
    writeFileSync(join(dir(name), "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG, null, 2) + "\n");
    writeFileSync(join(dir(name), "consumer.ts"), consumer);
  }
  await runCold({
    script: join(projectRoot, "bin/sfapi-gen.js"),
    args: ["generate", "--out", join(dir("workflow"), "client")],
    cwd: dir("workflow"),
  });
  cpSync(join(dir("workflow"), "client"), join(dir("by-name"), "client"), { recursive: true });
  const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");
  log(`workflow: tsc --noEmit, ${rounds} rounds after a warm-up`);
  const series = await interleaved(
    ["by-name", "workflow"].map((name) => ({
      name,
      command: { script: tsc, args: ["-p", dir(name)], cwd: dir(name) },
    })),
    rounds,
    (name, round) => log(`  ${round === 0 ? "warm-up" : `round ${round}`}: tsc on ${name}`),
  );
  for (const s of series) if (s.error) notes.push(`tsc on ${s.name} failed: ${s.error}`);
  const med = (s: Series | undefined) => (!s || s.error ? Number.NaN : median(s.samples.map((x) => x.wallMs)));
  const [named, ours] = [series.find((s) => s.name === "by-name"), series.find((s) => s.name === "workflow")];
  const wall = ratio(med(ours), med(named));
  const [dw, dn] = [diagnostics(dir("workflow")), diagnostics(dir("by-name"))];
  rows.push(
    {
      figure: "v1.2, red: tsc wall time, workflow consumer",
      ours: seconds(med(ours)),
      peers: [seconds(med(named))],
      ratio: times(wall),
      target: "≤ 1.10x",
      verdict: verdict(Number.isFinite(wall) ? wall <= 1.1 : undefined),
    },
    {
      figure: "v1.2, red: type instantiations / check time",
      ours: `${dw.instantiations.toLocaleString("en-US")} / ${seconds(dw.checkMs)}`,
      peers: [`${dn.instantiations.toLocaleString("en-US")} / ${seconds(dn.checkMs)}`],
      ratio: times(ratio(dw.instantiations, dn.instantiations)),
      target: "",
      verdict: "",
    },
  );
  notes.push(
    `Type-check: \`tsc --noEmit\` (TypeScript ${installedVersion("typescript", join(projectRoot, "node_modules"))}, strict NodeNext, skipLibCheck) on a red client's run, submitJob + complete, ls, download and upload through \`compute("perlmutter")\`, against the same operations by name with \`waitForTask\` and the reads of their results the helpers do. Median of ${rounds} cold runs after a warm-up, interleaved.`,
  );
  return {
    title: "Workflow layer",
    peerColumns: ["without it (reads per job; the same calls by name)"],
    rows,
    notes,
  };
}
