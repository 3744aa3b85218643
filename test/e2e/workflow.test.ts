/**
 * The workflow helpers (`client.compute(machine)`) of the checked-in generated client against the local facility, all
 * on 127.0.0.1 with real keys and tokens: every helper's success and each failure outcome the facility can act out.
 * One virtual clock is the facility's `now` and the client's `clock`, so polls move time instead of waiting for it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  CommandError,
  createClient,
  FileError,
  JobError,
  type Level,
  ladder,
  ResponseError,
  ScopeError,
} from "../../generated/index.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";
import { type TestClient, testClient } from "../support/facility.js";

const DELAY_MS = 2_000;
const HOME = "/global/homes/m/mockuser";
const time = virtualTime();
let facility: Facility;
const keys = new Map<string, TestClient>();

beforeAll(async () => {
  // The facility enforces the bundled levels: the generated client's own ladder.
  facility = await startFacility({ levels: ladder, taskDelayMs: DELAY_MS, now: time.now });
  for (const color of ladder) keys.set(color, await testClient(facility, color));
  return () => facility.close();
});

function client<C extends Level>(color: C) {
  const key = keys.get(color)!;
  return createClient({
    color,
    clientId: key.clientId,
    privateKey: key.privateKeyPem,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
    clock: time,
  });
}

/** The facility's log of API calls (not token requests) since `from`, as `METHOD path status`. */
const since = (from: number) =>
  facility.requests
    .slice(from)
    .filter((r) => r.path !== "/token")
    .map((r) => `${r.method} ${r.path.replace("/api/v1.2", "")} ${r.status}`);

const script = (state?: string) =>
  `#!/bin/bash\n#SBATCH -J wf\n${state ? `#SFAPI-MOCK state=${state}\n` : ""}srun hostname\n`;

describe("compute.run", () => {
  it("resolves with the command's output", async () => {
    const perlmutter = client("red").compute("perlmutter");
    expect(await perlmutter.run("echo hello   world")).toBe("hello world\n");
    expect(await perlmutter.run(["echo", "a", "b"])).toBe("a b\n");
  });

  it("a non-zero exit is a CommandError with the exit code and the facility's message", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const failed = await perlmutter.run("false").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CommandError);
    expect(failed).toMatchObject({
      code: "ERR_COMMAND",
      exitCode: 1,
      error: expect.stringContaining("exited with status 1"),
      machine: "perlmutter",
      command: "false",
      taskStatus: "completed",
    });
    await expect(perlmutter.run("exit 3")).rejects.toMatchObject({ name: "CommandError", exitCode: 3 });
  });

  it("a failed task and a cancelled one are CommandErrors naming the task's status", async () => {
    const red = client("red");
    const perlmutter = red.compute("perlmutter");
    await expect(perlmutter.run("sfapi-mock task-failed")).rejects.toMatchObject({
      name: "CommandError",
      taskStatus: "failed",
      error: expect.stringContaining("task-failed"),
      exitCode: undefined,
    });
    // Cancel the task while it is still new: at the first pause of the wait, from the task id the facility logged.
    time.onSleep = async () => {
      time.onSleep = undefined;
      const polled = [...facility.requests].reverse().find((r) => r.path.startsWith("/api/v1.2/tasks/"))!;
      await red.cancelTask({ path: { id: polled.path.split("/").pop()! } });
    };
    await expect(perlmutter.run("sleep 600")).rejects.toMatchObject({
      name: "CommandError",
      taskStatus: "cancelled",
    });
  });

  it("is red only: not in a yellow client's type, a ScopeError at run time, nothing sent", async () => {
    const yellow = client("yellow").compute("perlmutter");
    const before = facility.requests.length;
    // @ts-expect-error run needs red: its type is NeedsColor<"run", "red">
    const refused = yellow.run("hostname") as Promise<string>;
    await expect(refused).rejects.toBeInstanceOf(ScopeError);
    await expect(refused).rejects.toMatchObject({ required: "red", color: "yellow", operation: "runCommand" });
    expect(facility.requests.length).toBe(before);
  });
});

describe("compute.submitJob and job.complete", () => {
  it("a script ends COMPLETED: complete() resolves with the final record", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const job = await perlmutter.submitJob(script());
    expect(job.id).toMatch(/^\d+$/);
    expect(job.machine).toBe("perlmutter");
    const done = await job.complete({ interval: DELAY_MS, timeout: 600_000 });
    expect(done).toMatchObject({ jobid: job.id, state: "COMPLETED", jobname: "wf" });
    expect(job.record).toBe(done);
  });

  it.each(["FAILED", "TIMEOUT", "CANCELLED", "PREEMPTED", "OUT_OF_MEMORY", "NODE_FAIL", "BOOT_FAIL", "DEADLINE"])(
    "a job ending %s makes complete() reject with a JobError in that state",
    async (state) => {
      const job = await client("red").compute("perlmutter").submitJob(script(state));
      const error = await job.complete({ interval: DELAY_MS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobError);
      expect(error).toMatchObject({ code: "ERR_JOB", reason: "state", state, jobId: job.id, machine: "perlmutter" });
      expect((error as JobError).record).toMatchObject({ jobid: job.id });
    },
  );

  it("a script on the machine, with arguments", async () => {
    const perlmutter = client("red").compute("perlmutter");
    await perlmutter.upload(`${HOME}/run.sh`, script());
    const job = await perlmutter.submitJob({ path: `${HOME}/run.sh`, args: ["--fast", "2"] });
    expect(await job.state()).toBe("PENDING");
    expect(job.record).toMatchObject({ command: `${HOME}/run.sh --fast 2` });
    await expect(job.complete({ interval: DELAY_MS })).resolves.toMatchObject({ state: "COMPLETED" });
  });

  it("sbatch refusing the script is a JobError with reason submit and sbatch's message", async () => {
    const refused = client("red").compute("perlmutter").submitJob("#!/bin/bash\n#SFAPI-MOCK submit=error\n");
    await expect(refused).rejects.toBeInstanceOf(JobError);
    await expect(refused).rejects.toMatchObject({
      reason: "submit",
      jobId: undefined,
      error: expect.stringContaining("sbatch: error"),
    });
  });

  it("complete() gives up at its timeout with the last state seen", async () => {
    const job = await client("red").compute("perlmutter").submitJob(script());
    const error = await job.complete({ interval: 500, timeout: 1_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "JobError", reason: "timeout", state: "PENDING", jobId: job.id });
  });

  it("an aborted signal ends the wait with its reason", async () => {
    const job = await client("red").compute("perlmutter").submitJob(script());
    const controller = new AbortController();
    time.onSleep = () => {
      time.onSleep = undefined;
      controller.abort(new Error("stop"));
    };
    await expect(job.complete({ interval: DELAY_MS, signal: controller.signal })).rejects.toThrow("stop");
  });
});

describe("job.state, job.cancel, compute.job, compute.jobs", () => {
  it("state() follows the job from the queue to accounting: PENDING, RUNNING, COMPLETED", async () => {
    const job = await client("red").compute("perlmutter").submitJob(script());
    const from = facility.requests.length;
    expect(await job.state()).toBe("PENDING");
    time.advance(DELAY_MS);
    expect(await job.state()).toBe("RUNNING");
    time.advance(DELAY_MS);
    expect(await job.state()).toBe("COMPLETED");
    // The last read found the job gone from the queue and asked accounting.
    expect(since(from)).toEqual(Array(4).fill("GET /compute/jobs/perlmutter 200"));
  });

  it("cancel() cancels a job: complete() then rejects with state CANCELLED", async () => {
    const job = await client("red").compute("perlmutter").submitJob(script());
    await job.cancel();
    await expect(job.complete({ interval: DELAY_MS })).rejects.toMatchObject({ reason: "state", state: "CANCELLED" });
  });

  it("compute.job reads a job, then watches it; a job nobody submitted is a JobError not-found", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const submitted = await perlmutter.submitJob(script());
    const job = await perlmutter.job(submitted.id);
    expect(job.record).toMatchObject({ jobid: submitted.id, state: "PENDING" });
    await expect(job.complete({ interval: DELAY_MS })).resolves.toMatchObject({ state: "COMPLETED" });
    // Jobs are the user's: green (which may read one job, not the list) sees red's, through the one-job operation.
    const from = facility.requests.length;
    const green = await client("green").compute("perlmutter").job(submitted.id);
    expect(green.id).toBe(submitted.id);
    expect(green.record).toMatchObject({ jobid: submitted.id, state: "COMPLETED" });
    expect(since(from)).toEqual([`GET /compute/jobs/perlmutter/${submitted.id} 200`]);
    await expect(perlmutter.job("31415926")).rejects.toMatchObject({
      name: "JobError",
      reason: "not-found",
      jobId: "31415926",
    });
  });

  it("jobs() keeps the order asked, leaves out unknown ids, and reads the queue once", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const a = await perlmutter.submitJob(script());
    const b = await perlmutter.submitJob(script());
    const from = facility.requests.length;
    const found = await perlmutter.jobs([b.id, a.id]);
    expect(found.map((j) => j.id)).toEqual([b.id, a.id]);
    expect(found.map((j) => j.record?.state)).toEqual(["PENDING", "RUNNING"]);
    expect(since(from)).toEqual(["GET /compute/jobs/perlmutter 200"]);
  });
});

describe("jobs watched together", () => {
  it("ten jobs waited on together cost one job query per poll, queue first, then accounting", async () => {
    const perlmutter = client("red").compute("perlmutter");
    // Submitted one after another (each submission waits a task delay): when the wait begins the first eight have
    // finished, the ninth runs and the tenth is queued.
    const jobs = [];
    for (let i = 0; i < 10; i++) jobs.push(await perlmutter.submitJob(script(i === 3 ? "FAILED" : undefined)));
    const from = facility.requests.length;
    const slept = time.slept.length;
    const outcomes = await Promise.allSettled(jobs.map((job) => job.complete({ interval: DELAY_MS })));
    const polls = time.slept.length - slept + 1;
    expect(outcomes.map((o) => o.status)).toEqual(jobs.map((_, i) => (i === 3 ? "rejected" : "fulfilled")));
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ jobId: jobs[3]!.id, state: "FAILED" });
    const queries = since(from);
    expect(queries.every((q) => q === "GET /compute/jobs/perlmutter 200")).toBe(true);
    expect(queries).toHaveLength(polls);
    expect(polls).toBe(3);
  });

  it("a green client waits on them through the one-job operation: one query per job per poll, none of the list", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await perlmutter.submitJob(script(i === 1 ? "FAILED" : undefined))).id);
    const green = client("green").compute("perlmutter");
    const from = facility.requests.length;
    const jobs = await green.jobs(ids);
    expect(jobs.map((j) => j.record.jobid)).toEqual(ids);
    const slept = time.slept.length;
    const outcomes = await Promise.allSettled(jobs.map((job) => job.complete({ interval: DELAY_MS })));
    const polls = time.slept.length - slept + 1;
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ jobId: ids[1], state: "FAILED" });
    const queries = since(from);
    const [a, b, c] = ids.map((id) => `GET /compute/jobs/perlmutter/${id} 200`);
    // jobs(ids): each from the queue, and the first (finished) from accounting; then each poll reads every job still
    // watched, one request each: the queue, then (the first has left it) accounting, until each has ended. The
    // requests of one poll go out together, so their order in the log is the network's: compared as counts.
    expect([...queries].sort()).toEqual([a, b, c, a, a, b, c, a, b, c, c].sort());
    expect(polls).toBe(3);
  });
});

describe("a green client at a facility whose squeue of a finished job fails", () => {
  it("reads it from accounting instead: jobs(), state() and complete() find the job, not an error", async () => {
    const key = keys.get("green")!;
    // The facility's one-job read runs `squeue -j <id>`, which fails for a job no longer queued: an error answer
    // where the local facility lists nothing.
    const squeueFails = async (request: Request) => {
      const url = new URL(request.url);
      const response = await fetch(request);
      if (!/\/compute\/jobs\/perlmutter\/\d+$/.test(url.pathname) || url.searchParams.get("sacct") !== "false")
        return response;
      const answer = await response.json();
      if (answer.output.length > 0) return Response.json(answer);
      return Response.json({ status: "ERROR", output: [], error: "slurm_load_jobs error: Invalid job id specified" });
    };
    const green = createClient({
      color: "green",
      clientId: key.clientId,
      privateKey: key.privateKeyPem,
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
      clock: time,
      fetch: squeueFails,
    }).compute("perlmutter");
    const red = client("red").compute("perlmutter");
    const finished = await red.submitJob(script());
    await finished.complete({ interval: DELAY_MS });
    const [read] = await green.jobs([finished.id]);
    expect(read!.record).toMatchObject({ jobid: finished.id, state: "COMPLETED" });
    expect(await read!.state()).toBe("COMPLETED");
    const queued = await red.submitJob(script());
    const [watched] = await green.jobs([queued.id]);
    await expect(watched!.complete({ interval: DELAY_MS })).resolves.toMatchObject({ state: "COMPLETED" });
  });
});

describe("files: ls, download, upload", () => {
  it("ls(path, { directory: true }) is the directory itself, one entry from one listing (the official client's)", async () => {
    const red = client("red").compute("perlmutter");
    await red.upload(`${HOME}/dirself/a.txt`, "a");
    await red.upload(`${HOME}/dirself/b.txt`, "b");
    const green = client("green").compute("perlmutter");
    expect((await green.ls(`${HOME}/dirself`)).map((e) => e.name)).toEqual(["a.txt", "b.txt"]);
    const from = facility.requests.length;
    const [self, ...more] = await green.ls(`${HOME}/dirself/`, { directory: true });
    expect(since(from)).toEqual([`GET /utilities/ls/perlmutter/${HOME}/dirself/ 200`]);
    expect(more).toEqual([]);
    expect(self).toMatchObject({ path: `${HOME}/dirself`, name: "dirself", machine: "perlmutter" });
    expect(self!.isDirectory()).toBe(true);
    expect(self!.perms).toMatch(/^d/);
    // Its own ls lists its contents, or (directory: true) itself again; a file is itself either way.
    expect((await self!.ls()).map((e) => e.name)).toEqual(["a.txt", "b.txt"]);
    expect((await self!.ls({ directory: true })).map((e) => e.path)).toEqual([`${HOME}/dirself`]);
    const [file] = await green.ls(`${HOME}/dirself/a.txt`, { directory: true });
    expect(file).toMatchObject({ path: `${HOME}/dirself/a.txt`, name: "a.txt" });
    expect(file!.isFile()).toBe(true);
  });

  it("upload, then ls lists it with typed entries and download returns what was uploaded", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const from = facility.requests.length;
    await perlmutter.upload(`${HOME}/wf/in.txt`, "data\n");
    // The whole path goes on the wire with its slashes, as the official client sends it.
    expect(since(from)).toEqual([`PUT /utilities/upload/perlmutter/${HOME}/wf/in.txt 200`]);
    await perlmutter.upload(`${HOME}/wf/raw.bin`, new Uint8Array([0, 1, 2, 255]));
    const entries = await perlmutter.ls(`${HOME}/wf`);
    expect(entries.map((e) => e.name)).toEqual(["in.txt", "raw.bin"]);
    expect(entries[0]).toMatchObject({ size: 5, perms: expect.stringMatching(/^-/) });
    expect(await perlmutter.download(`${HOME}/wf/in.txt`)).toBe("data\n");
    expect([...(await perlmutter.download(`${HOME}/wf/raw.bin`, { binary: true }))]).toEqual([0, 1, 2, 255]);
  });

  it("a missing path is a FileError with the facility's message", async () => {
    const perlmutter = client("yellow").compute("perlmutter");
    await expect(perlmutter.ls(`${HOME}/nothing-here`)).rejects.toMatchObject({
      name: "FileError",
      code: "ERR_FILE",
      operation: "readDirectory",
      error: expect.stringContaining("No such file or directory"),
    });
    const missing = await perlmutter.download(`${HOME}/nothing.txt`).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(FileError);
    expect((missing as FileError).message).toContain("No such file or directory");
  });

  it("yellow may list and download but not upload", async () => {
    const yellow = client("yellow").compute("perlmutter");
    await expect(yellow.ls(HOME)).resolves.toEqual(expect.any(Array));
    // @ts-expect-error upload needs orange
    const refused = (yellow.upload as (p: string, d: string) => Promise<unknown>)(`${HOME}/x.txt`, "x");
    await expect(refused).rejects.toMatchObject({ name: "ScopeError", required: "orange" });
  });
});

describe("transient faults at the facility", () => {
  it("job.complete() and run() ride out 503s and a 429 between polls; a POST is never repeated", async () => {
    const perlmutter = client("red").compute("perlmutter");
    const job = await perlmutter.submitJob(script());
    facility.faults.add({ path: "/compute/jobs", status: 503, times: 2 });
    facility.faults.add({ path: "/tasks", status: 429, retryAfterSeconds: 3, times: 1 });
    const from = facility.requests.length;
    const slept = time.slept.length;
    await expect(job.complete({ interval: DELAY_MS })).resolves.toMatchObject({ state: "COMPLETED" });
    expect(await perlmutter.run("echo still here")).toBe("still here\n");
    const log = since(from);
    expect(log.filter((l) => l.endsWith(" 503"))).toEqual(Array(2).fill("GET /compute/jobs/perlmutter 503"));
    expect(log.filter((l) => l.endsWith(" 429"))).toHaveLength(1);
    expect(log.filter((l) => l.startsWith("POST "))).toEqual(["POST /utilities/command/perlmutter 200"]);
    expect(time.slept.slice(slept)).toContain(3000); // the 429's Retry-After
  });

  it("a fault on the submission itself is not retried: the POST's 503 is the caller's ResponseError", async () => {
    facility.faults.add({ path: "/compute/jobs", status: 503, times: 1 });
    const from = facility.requests.length;
    await expect(client("red").compute("perlmutter").submitJob(script())).rejects.toMatchObject({
      name: "ResponseError",
      status: 503,
    });
    expect(since(from)).toEqual(["POST /compute/jobs/perlmutter 503"]);
  });

  it("with callRetry: false one failed poll ends the wait", async () => {
    const key = keys.get("red")!;
    const noRetry = createClient({
      color: "red",
      clientId: key.clientId,
      privateKey: key.privateKeyPem,
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
      clock: time,
      callRetry: false,
    }).compute("perlmutter");
    const job = await noRetry.submitJob(script());
    facility.faults.add({ path: "/compute/jobs", status: 502, times: 1 });
    await expect(job.complete({ interval: DELAY_MS })).rejects.toMatchObject({ name: "ResponseError", status: 502 });
  });
});

describe("what the facility said", () => {
  it("a 422 carries FastAPI's detail in the ResponseError's message and fields", async () => {
    const red = client("red");
    const error = await red
      .readJobs({ path: { machine: "perlmutter" }, query: { index: "first" as unknown as number } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).status).toBe(422);
    expect((error as ResponseError).detail).toMatch(/^query\.index: /);
    expect((error as ResponseError).message).toContain("query.index: ");
  });
});
