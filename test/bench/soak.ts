/**
 * The facility under a red client that never stops: commands, job scripts and uploads near the body cap, Globus
 * transfers, task listings and token requests, far past the facility's bounds, on loopback. Measures the heap (after
 * a full collection) once the bounds are reached and again at the end, and checks the server still answers. Used by
 * test/generator/facility/soak.test.ts (a few seconds) and by `npm run bench --only soak` (longer). Stops by itself.
 */

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Facility, FacilityOptions } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import type { Section } from "./report.js";

export interface SoakOptions {
  /** Rounds of the mix (each: a command, a job, an upload, a transfer; every 25th a task listing and a token). */
  rounds: number;
  /** Size of each command, script and upload. */
  payloadBytes: number;
  concurrency: number;
  limits: NonNullable<FacilityOptions["limits"]>;
}

export interface SoakResult {
  requests: number;
  failures: number;
  seconds: number;
  /** Heap in use (MB, after a full collection) once the bounds were reached, and at the end. */
  heapAtBoundsMb: number;
  heapAtEndMb: number;
  held: ReturnType<Facility["held"]>;
  /** Tasks `GET /tasks` listed at the end. */
  tasksListed: number;
  /** Whether `GET /status/` still answered 200 at the end. */
  answers: boolean;
}

function collector(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

const heapMb = (gc: () => void) => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const gc = collector();
  const facility = await startFacility({ taskDelayMs: 0, limits: options.limits, maxBodyBytes: 1 << 20 });
  try {
    const key = await facility.createClient("red", { globus: true });
    const { SignJWT, importPKCS8 } = await import("jose");
    const privateKey = await importPKCS8(key.privateKeyPem, "RS256");
    const token = async () => {
      const assertion = await new SignJWT({ jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: "RS256" })
        .setIssuer(key.clientId)
        .setSubject(key.clientId)
        .setAudience(facility.tokenUrl)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      const answer = await fetch(facility.tokenUrl, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_assertion: assertion,
        }),
      });
      return answer.status === 200 ? ((await answer.json()) as { access_token: string }).access_token : undefined;
    };
    let access = (await token())!;
    const payload = "x".repeat(options.payloadBytes);
    let requests = 0;
    let failures = 0;
    const call = async (path: string, init: RequestInit = {}) => {
      requests++;
      const answer = await fetch(`${facility.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${access}` },
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) failures++;
    };
    const round = async (i: number) => {
      await call("/utilities/command/perlmutter", {
        method: "POST",
        body: new URLSearchParams({ executable: `echo ${payload}` }),
      });
      await call("/compute/jobs/perlmutter", {
        method: "POST",
        body: new URLSearchParams({ job: `#!/bin/bash\n#SBATCH -J soak\n# ${payload}\n`, isPath: "false" }),
      });
      const upload = new FormData();
      upload.append("file", new Blob([payload]), `f${i}.txt`);
      await call(`/utilities/upload/perlmutter//pscratch/sd/m/mockuser/soak/f${i}.txt`, {
        method: "PUT",
        body: upload,
      });
      await call("/storage/globus/transfer", {
        method: "POST",
        body: new URLSearchParams({ source_uuid: "a", target_uuid: "b", source_dir: "/a", target_dir: "/b" }),
      });
      if (i % 25 === 0) {
        await call("/tasks");
        await call("/compute/jobs/perlmutter?sacct=true");
        access = (await token()) ?? access;
        requests++;
      }
    };
    const started = performance.now();
    // Past every bound before the first measurement: the tasks bound takes longest (one command and one job a round).
    const warmup = Math.min(options.rounds, Math.ceil(options.limits.tasks ?? 0) * 2);
    let next = 0;
    const runTo = async (end: number) => {
      const work = async () => {
        while (next < end) await round(next++);
      };
      await Promise.all(Array.from({ length: options.concurrency }, work));
    };
    await runTo(warmup);
    const heapAtBoundsMb = heapMb(gc);
    await runTo(options.rounds);
    const seconds = (performance.now() - started) / 1000;
    const heapAtEndMb = heapMb(gc);
    const listed = await fetch(`${facility.baseUrl}/tasks`, { headers: { authorization: access } });
    const tasksListed = ((await listed.json()) as { tasks: unknown[] }).tasks.length;
    const answers = (await fetch(`${facility.baseUrl}/status/`)).status === 200;
    return {
      requests,
      failures,
      seconds,
      heapAtBoundsMb,
      heapAtEndMb,
      held: facility.held(),
      tasksListed,
      answers,
    };
  } finally {
    await facility.close();
  }
}

/** `npm run bench --only soak`: a longer run than the test's, reported, never asserted. */
export async function benchSoak(log: (line: string) => void): Promise<Section> {
  const options: SoakOptions = {
    rounds: 20_000,
    payloadBytes: 64 * 1024,
    concurrency: 8,
    limits: { tasks: 5000, jobs: 5000, transfers: 5000, files: 10_000, fileBytes: 64 << 20 },
  };
  log(`soak: ${options.rounds} rounds of 64 KiB commands, scripts and uploads against the default bounds`);
  const r = await runSoak(options);
  const mb = (n: number) => `${n.toFixed(1)} MB`;
  return {
    title: "Facility soak",
    peerColumns: [],
    rows: [
      { figure: "requests answered", ours: String(r.requests), peers: [], ratio: "", target: "", verdict: "" },
      {
        figure: "heap once bounded -> at the end",
        ours: `${mb(r.heapAtBoundsMb)} -> ${mb(r.heapAtEndMb)}`,
        peers: [],
        ratio: "",
        target: "flat (within 16 MB)",
        verdict: r.heapAtEndMb - r.heapAtBoundsMb <= 16 ? "met" : "missed",
      },
      {
        figure: "held at the end (tasks, jobs, transfers, files)",
        ours: `${r.held.tasks}, ${r.held.jobs}, ${r.held.transfers}, ${r.held.files}`,
        peers: [],
        ratio: "",
        target: "the bounds",
        verdict: "",
      },
      {
        figure: "still answering",
        ours: r.answers ? "yes" : "no",
        peers: [],
        ratio: "",
        target: "yes",
        verdict: r.answers ? "met" : "missed",
      },
    ],
    notes: [
      `${options.rounds} rounds at concurrency ${options.concurrency} in ${r.seconds.toFixed(1)} s, in-process on loopback; heap measured after two full collections.`,
    ],
  };
}
