/**
 * Batch jobs as a client sees them: a submission's task completes with a job id, the job then shows in the queue
 * (PENDING, RUNNING, COMPLETED on the facility's clock) and cancelling it shows CANCELLED in sacct. Jobs belong to the
 * account that submitted them (every client of that user). The clock is moved by the test; nothing waits.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accessToken, api, form, testClient, useFacility, withFacility } from "../../support/facility.js";

const DELAY_MS = 2_000;
const fixture = useFacility({ levels: ["green", "yellow", "red"], taskDelayMs: DELAY_MS });
let red: string;
let green: string;
let yellow: string;
let collab: string;

beforeAll(async () => {
  const [r, g, y, c] = await Promise.all([
    testClient(fixture.facility, "red"),
    testClient(fixture.facility, "green"),
    testClient(fixture.facility, "yellow"),
    // Yellow: the least color that reads the job list (Iris's dialog).
    testClient(fixture.facility, "yellow", { user: "c_collab" }),
  ]);
  [red, green, yellow, collab] = (await Promise.all([r, g, y, c].map((client) => fixture.token(client!)))) as [
    string,
    string,
    string,
    string,
  ];
});

const call = async (path: string, init: RequestInit = {}, token = red) => {
  const { status, body } = await api(fixture.facility, path, { ...init, token });
  expect(status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const result = async (taskId: string) => {
  const task = await call(`/tasks/${taskId}`);
  expect(task.status).toBe("completed");
  return JSON.parse(task.result);
};
const squeue = async (jobid: string) => (await call(`/compute/jobs/perlmutter/${jobid}`)).output[0];
const sacct = async (jobid: string) => (await call(`/compute/jobs/perlmutter/${jobid}?sacct=true`)).output[0];

/** Submit and let the submission complete; the job id. */
async function submitted(fields: Record<string, string | string[]>, machine = "perlmutter"): Promise<string> {
  const task = (await call(`/compute/jobs/${machine}`, form(fields))).task_id;
  fixture.clock.advance(DELAY_MS);
  return (await result(task)).jobid;
}

describe("job submission", () => {
  it("answers with a task that completes with the job id; only then is the job in the queue", async () => {
    const accepted = await call(
      "/compute/jobs/perlmutter",
      form({ job: "#!/bin/bash\n#SBATCH -J hello\n#SBATCH --time=10:00\nsrun hostname\n", isPath: "false" }),
    );
    expect(accepted).toEqual({ task_id: expect.stringMatching(/^\d+$/), status: "OK", error: null });
    expect(await call(`/tasks/${accepted.task_id}`)).toEqual({ id: accepted.task_id, status: "new", result: null });
    const before = (await call("/compute/jobs/perlmutter")).output.length;

    fixture.clock.advance(DELAY_MS);
    const outcome = await result(accepted.task_id);
    expect(outcome).toEqual({ status: "ok", jobid: expect.stringMatching(/^\d{8}$/), error: null });
    const queue = (await call("/compute/jobs/perlmutter")).output;
    expect(queue).toHaveLength(before + 1);
    expect(queue.at(-1)).toMatchObject({
      jobid: outcome.jobid,
      name: "hello",
      time_limit: "10:00",
      user: "mockuser",
      state: "PENDING",
      st: "PD",
      start_time: "N/A",
    });
    expect(await call(`/tasks?tags=job,perlmutter`)).toEqual({
      tasks: expect.arrayContaining([expect.objectContaining({ id: accepted.task_id })]),
    });
  });

  it("moves PENDING -> RUNNING -> COMPLETED, with squeue's and sacct's fields and times from the facility's clock", async () => {
    const jobid = await submitted({ job: "/global/homes/m/mockuser/run.sh", isPath: "true", args: ["--steps", "10"] });
    const queuedAt = fixture.clock.now();
    expect(await squeue(jobid)).toMatchObject({
      jobid,
      name: "run.sh",
      command: "/global/homes/m/mockuser/run.sh --steps 10",
      state: "PENDING",
    });
    expect(await sacct(jobid)).toMatchObject({
      jobid,
      jobname: "run.sh",
      state: "PENDING",
      submit: new Date(queuedAt).toISOString().slice(0, 19),
      start: "Unknown",
      end: "Unknown",
    });

    fixture.clock.advance(DELAY_MS + 1_500);
    expect(await squeue(jobid)).toMatchObject({
      state: "RUNNING",
      st: "R",
      time: "00:00:01",
      start_time: new Date(queuedAt + DELAY_MS).toISOString().slice(0, 19),
    });
    fixture.clock.advance(DELAY_MS);
    expect(await sacct(jobid)).toMatchObject({
      state: "COMPLETED",
      exitcode: "0:0",
      elapsed: "00:00:02",
      end: new Date(queuedAt + 2 * DELAY_MS).toISOString().slice(0, 19),
    });
  });

  it("a submission cancelled before it completes never becomes a job", async () => {
    const task = (
      await call("/compute/jobs/perlmutter", form({ job: "/global/homes/m/mockuser/never.sh", isPath: "true" }))
    ).task_id;
    expect((await call(`/tasks/${task}`, { method: "DELETE" })).status).toBe("cancelled");
    fixture.clock.advance(3 * DELAY_MS);
    expect(
      (await call("/compute/jobs/perlmutter?sacct=true")).output.map((row: { jobname: string }) => row.jobname),
    ).not.toContain("never.sh");
  });

  it("refuses a form that does not fit the description with FastAPI's 422s", async () => {
    const bad = await api(fixture.facility, "/compute/jobs/perlmutter", {
      ...form({ job: "/x.sh", isPath: "maybe" }),
      token: red,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { loc: ["body", "isPath"], msg: "value could not be parsed to a boolean", type: "type_error.bool" },
    ]);
    const missing = await api(fixture.facility, "/compute/jobs/perlmutter", { ...form({}), token: red });
    expect(missing.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([
      ["body", "isPath"],
      ["body", "job"],
    ]);
    const query = await api(fixture.facility, "/compute/jobs/perlmutter?limit=ten", { token: red });
    expect(query.status).toBe(422);
    expect(query.body.detail).toEqual([
      { loc: ["query", "limit"], msg: "value is not a valid integer", type: "type_error.integer" },
    ]);
  });
});

describe("job cancellation", () => {
  it("DELETE cancels a running job (its state shows it) and answers with a task that completes with scancel's answer", async () => {
    const jobid = await submitted({ job: "/global/homes/m/mockuser/long.sh", isPath: "true" });
    fixture.clock.advance(DELAY_MS + 500);
    expect((await squeue(jobid)).state).toBe("RUNNING");
    const cancel = await call(`/compute/jobs/perlmutter/${jobid}`, { method: "DELETE" });
    expect(cancel).toEqual({ task_id: expect.stringMatching(/^\d+$/), status: "OK", error: null });
    // Out of the queue: squeue no longer lists it, sacct has its final state.
    expect(await squeue(jobid)).toBeUndefined();
    expect(await sacct(jobid)).toMatchObject({ state: "CANCELLED by 12345", exitcode: "0:15", elapsed: "00:00:00" });
    expect((await call(`/tasks/${cancel.task_id}`)).status).toBe("new");

    fixture.clock.advance(DELAY_MS);
    expect(await result(cancel.task_id)).toEqual({ status: "ok", output: "", error: null });
    // It stays cancelled: the run it was due to finish never comes.
    fixture.clock.advance(10 * DELAY_MS);
    expect((await sacct(jobid)).state).toBe("CANCELLED by 12345");
  });

  it("cancelling a finished job or an unknown one completes with scancel's error", async () => {
    const jobid = await submitted({ job: "/global/homes/m/mockuser/short.sh", isPath: "true" });
    fixture.clock.advance(2 * DELAY_MS);
    const late = (await call(`/compute/jobs/perlmutter/${jobid}`, { method: "DELETE" })).task_id;
    const unknown = (await call("/compute/jobs/perlmutter/99999999", { method: "DELETE" })).task_id;
    fixture.clock.advance(DELAY_MS);
    expect(await result(late)).toMatchObject({
      status: "error",
      error: expect.stringContaining(`job id ${jobid}: Job/step already completing or completed`),
    });
    expect(await result(unknown)).toMatchObject({
      status: "error",
      error: expect.stringContaining("job id 99999999: Invalid job id specified"),
    });
    expect((await sacct(jobid)).state).toBe("COMPLETED");
  });
});

describe("job queries", () => {
  it("a job id the user never submitted has no row, in squeue or sacct (no made-up finished job)", async () => {
    expect((await call("/compute/jobs/perlmutter/31415926?sacct=true")).output).toEqual([]);
    expect((await call("/compute/jobs/perlmutter/31415926")).output).toEqual([]);
  });

  it("lists the user's jobs on that machine, narrowed by kwargs and paged by index/limit", async () => {
    const a = await submitted({ job: "/a.sh", isPath: "true" }, "dtns");
    const b = await submitted({ job: "/b.sh", isPath: "true" }, "dtns");
    const ids = async (query: string, token = red) =>
      (await call(`/compute/jobs/dtns${query}`, {}, token)).output.map((row: { jobid: string }) => row.jobid);
    expect(await ids("")).toEqual([a, b]);
    expect(await ids("", yellow)).toEqual([a, b]);
    expect(await ids("", collab)).toEqual([]);
    expect(await ids(`?kwargs=jobid%3D${b}`)).toEqual([b]);
    expect(await ids(`?kwargs=jobid%3D${a},${b}&kwargs=user%3Dmockuser`)).toEqual([a, b]);
    expect(await ids("?kwargs=user%3Dalice")).toEqual([]);
    expect(await ids("?index=1&limit=1")).toEqual([b]);
    expect(await ids("?limit=1&sacct=true")).toEqual([a]);
    // Another client of the user reads it; another account's client finds no such job.
    expect((await call(`/compute/jobs/dtns/${a}?sacct=true`, {}, green)).output[0]).toMatchObject({ jobid: a });
    expect((await call(`/compute/jobs/dtns/${a}?sacct=true`, {}, collab)).output).toEqual([]);
  });
});

/** squeue's fields, as the official Python client's model of its rows lists them (less its unnamed `field_`). */
const SQUEUE = [
  ...["account", "tres_per_node", "min_cpus", "min_tmp_disk", "end_time", "features", "group", "over_subscribe"],
  ...["jobid", "name", "comment", "time_limit", "min_memory", "req_nodes", "command", "priority", "qos", "reason"],
  ...["st", "user", "reservation", "wckey", "exc_nodes", "nice", "s:c:t", "exec_host", "cpus", "nodes", "dependency"],
  ...["array_job_id", "sockets_per_node", "cores_per_socket", "threads_per_core", "array_task_id", "time_left"],
  ...["time", "nodelist", "contiguous", "partition", "nodelist(reason)", "start_time", "state", "uid", "submit_time"],
  ...["licenses", "core_spec", "schednodes", "work_dir"],
];

describe("the facility's full rows", () => {
  it("squeue rows carry squeue's 48 named fields, sacct rows sacct's 107, every value a string", async () => {
    const jobid = await submitted({ job: "#!/bin/bash\n#SBATCH -t 1:00:00\n", isPath: "false" });
    const queued = await squeue(jobid);
    expect(Object.keys(queued).sort()).toEqual([...SQUEUE].sort());
    expect(queued).toMatchObject({ jobid, st: "PD", time_limit: "1:00:00", time_left: "01:00:00", user: "mockuser" });
    const accounted = await sacct(jobid);
    expect(Object.keys(accounted)).toHaveLength(107);
    expect(accounted).toMatchObject({ jobid, jobidraw: jobid, timelimitraw: "60", maxrss: "", tresusageintot: "" });
    for (const row of [queued, accounted]) expect(Object.values(row).every((v) => typeof v === "string")).toBe(true);
  });
});

describe("command tasks", () => {
  it("finish as fast as the caller polls by default; a task delay given makes them wait it", async () => {
    const firstRead = async (taskDelayMs?: number) =>
      withFacility({ taskDelayMs, now: () => 1_750_000_000_000 }, async (facility) => {
        const token = await accessToken(facility, await testClient(facility, "red"), 1_750_000_000);
        const started = await api(facility, "/utilities/command/perlmutter", { ...form({ executable: "id" }), token });
        return (await api(facility, `/tasks/${started.body.task_id}`, { token })).body.status;
      });
    expect(await firstRead()).toBe("completed");
    expect(await firstRead(2000)).toBe("new");
  });
});
