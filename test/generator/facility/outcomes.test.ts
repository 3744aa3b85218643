/**
 * The facility's outcome contract, which workflow code is tested against (see docs/mock.md): commands
 * with exit codes, failed and cancelled tasks, every Slurm terminal state a script can ask for, sbatch refusing a
 * script, batched job queries as the official client makes them, a file tree per machine, Globus failures. The clock
 * is moved by the test; nothing waits.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, form, testClient, useFacility } from "../../support/facility.js";

const DELAY_MS = 2_000;
const fixture = useFacility({ taskDelayMs: DELAY_MS });
let red: string;

beforeAll(async () => {
  red = await fixture.token(await testClient(fixture.facility, "red", { globus: true }));
});

const call = async (path: string, init: RequestInit = {}) => {
  const { status, body } = await api(fixture.facility, path, { ...init, token: red });
  expect(status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const run = async (executable: string) => (await call("/utilities/command/perlmutter", form({ executable }))).task_id;
const task = (id: string) => call(`/tasks/${id}`);
const finished = async (id: string) => {
  fixture.clock.advance(DELAY_MS);
  const body = await task(id);
  return { status: body.status, result: body.result === null ? null : JSON.parse(body.result) };
};

describe("commands", () => {
  it("a command is new for one task delay, then completed with status, output, error and exit_code", async () => {
    const id = await run("hostname");
    expect(await task(id)).toEqual({ id, status: "new", result: null });
    const { status, result } = await finished(id);
    expect(status).toBe("completed");
    expect(result).toEqual({
      status: "ok",
      output: expect.stringContaining("`hostname` on perlmutter"),
      error: null,
      exit_code: 0,
    });
  });

  it("false exits 1, exit N exits N, echo prints its words, true prints nothing", async () => {
    const [no, three, zero, echo, yes] = await Promise.all(
      ["false", "exit 3", "exit 0", "echo hello   big world", "/usr/bin/true"].map(run),
    );
    fixture.clock.advance(DELAY_MS);
    const results = await Promise.all(
      [no, three, zero, echo, yes].map(async (id) => JSON.parse((await task(id!)).result)),
    );
    expect(results).toEqual([
      { status: "error", output: "", error: expect.stringContaining("exited with status 1"), exit_code: 1 },
      { status: "error", output: "", error: expect.stringContaining("exited with status 3"), exit_code: 3 },
      { status: "ok", output: "", error: null, exit_code: 0 },
      { status: "ok", output: "hello big world\n", error: null, exit_code: 0 },
      { status: "ok", output: "", error: null, exit_code: 0 },
    ]);
    for (const id of [no, three]) expect((await task(id!)).status).toBe("completed");
  });

  it("`sfapi-mock task-failed` ends the task failed; DELETE on a new task cancels it", async () => {
    const failing = await run("sfapi-mock task-failed");
    const cancelled = await run("sleep 600");
    expect((await call(`/tasks/${cancelled}`, { method: "DELETE" })).status).toBe("cancelled");
    expect(await finished(failing)).toEqual({
      status: "failed",
      result: { status: "error", error: expect.stringContaining("task-failed") },
    });
    expect(await task(cancelled)).toEqual({ id: cancelled, status: "cancelled", result: null });
  });

  it("cat reads the machine's file tree, and exits 1 for a missing file", async () => {
    await upload("perlmutter", "/global/homes/m/mockuser/notes.txt", "line one\n");
    const [ok, missing] = await Promise.all([
      run("cat /global/homes/m/mockuser/notes.txt"),
      run("cat /global/homes/m/mockuser/none.txt"),
    ]);
    fixture.clock.advance(DELAY_MS);
    expect(JSON.parse((await task(ok)).result)).toMatchObject({ status: "ok", output: "line one\n", exit_code: 0 });
    expect(JSON.parse((await task(missing)).result)).toMatchObject({
      status: "error",
      error: "cat: /global/homes/m/mockuser/none.txt: No such file or directory",
      exit_code: 1,
    });
  });
});

/** Submit a script and let the submission complete; the submit task's result. */
async function submit(job: string, isPath = false, machine = "perlmutter") {
  const accepted = await call(`/compute/jobs/${machine}`, form({ job, isPath: String(isPath) }));
  expect(accepted).toEqual({ task_id: expect.stringMatching(/^\d+$/), status: "OK", error: null });
  return (await finished(accepted.task_id)).result;
}
const script = (...lines: string[]) => ["#!/bin/bash", ...lines, "srun hostname", ""].join("\n");
const jobs = async (machine: string, ids: readonly string[], sacct: boolean) =>
  (await call(`/compute/jobs/${machine}?kwargs=jobid%3D${ids.join(",")}&sacct=${sacct}&cached=false`)).output as Record<
    string,
    string
  >[];

describe("jobs", () => {
  const STATES = [
    "COMPLETED",
    "FAILED",
    "TIMEOUT",
    "CANCELLED",
    "PREEMPTED",
    "OUT_OF_MEMORY",
    "NODE_FAIL",
    "BOOT_FAIL",
    "DEADLINE",
  ];

  it("a script's `#SFAPI-MOCK state=` line chooses its terminal state; squeue lists only queued jobs, sacct all", async () => {
    const ids: string[] = [];
    for (const state of STATES) {
      const outcome = await submit(script("#SBATCH -J s", `#SFAPI-MOCK state=${state}`));
      expect(outcome).toEqual({ status: "ok", jobid: expect.stringMatching(/^\d+$/), error: null });
      ids.push(outcome.jobid);
    }
    // Each submission moved the clock a delay; the last job is pending, so the batch is read at one instant below.
    const states = async (sacct: boolean) =>
      Object.fromEntries((await jobs("perlmutter", ids, sacct)).map((row) => [row.jobid, row.state]));
    fixture.clock.advance(DELAY_MS);
    fixture.clock.advance(DELAY_MS);
    const done = await states(true);
    expect(ids.map((id) => done[id])).toEqual(STATES.map((s) => (s === "CANCELLED" ? "CANCELLED by 12345" : s)));
    expect(await states(false)).toEqual({});
    const failed = (await jobs("perlmutter", [ids[1]!], true))[0]!;
    expect(failed).toMatchObject({ state: "FAILED", exitcode: "1:0" });
  });

  it("a job is PENDING for one delay, RUNNING for another, then terminal; one batched query answers for all", async () => {
    const a = (await submit(script("#SFAPI-MOCK state=TIMEOUT"))).jobid;
    const b = (await submit(script())).jobid;
    // a was queued a delay before b.
    expect((await jobs("perlmutter", [a, b], false)).map((r) => [r.jobid, r.state, r.st])).toEqual([
      [a, "RUNNING", "R"],
      [b, "PENDING", "PD"],
    ]);
    fixture.clock.advance(DELAY_MS);
    expect((await jobs("perlmutter", [a, b], false)).map((r) => [r.jobid, r.state])).toEqual([[b, "RUNNING"]]);
    expect((await jobs("perlmutter", [a, b], true)).map((r) => [r.jobid, r.state])).toEqual([
      [a, "TIMEOUT"],
      [b, "RUNNING"],
    ]);
    fixture.clock.advance(DELAY_MS);
    expect(await jobs("perlmutter", [a, b], false)).toEqual([]);
    expect((await call(`/compute/jobs/perlmutter/${b}?sacct=true&cached=false`)).output).toEqual([
      expect.objectContaining({ jobid: b, state: "COMPLETED" }),
    ]);
  });

  it("`#SFAPI-MOCK submit=error` makes sbatch refuse the script: no job id", async () => {
    expect(await submit(script("#SFAPI-MOCK submit=error"))).toEqual({
      status: "error",
      jobid: null,
      error: expect.stringMatching(/^sbatch: error: /),
    });
    expect(await submit(script("#SFAPI-MOCK state=EXPLODED"))).toMatchObject({ status: "error", jobid: null });
  });

  it("DELETE cancels a queued job: sacct shows CANCELLED by the user", async () => {
    const id = (await submit(script())).jobid;
    await call(`/compute/jobs/perlmutter/${id}`, { method: "DELETE" });
    expect(await jobs("perlmutter", [id], false)).toEqual([]);
    expect((await jobs("perlmutter", [id], true))[0]).toMatchObject({ state: "CANCELLED by 12345" });
  });

  it("a script submitted by path is read from the file tree for its directives", async () => {
    await upload("perlmutter", "/pscratch/sd/m/mockuser/oom.sh", script("#SFAPI-MOCK state=OUT_OF_MEMORY"));
    const id = (await submit("/pscratch/sd/m/mockuser/oom.sh", true)).jobid;
    fixture.clock.advance(3 * DELAY_MS);
    expect((await jobs("perlmutter", [id], true))[0]).toMatchObject({ state: "OUT_OF_MEMORY", jobname: "oom.sh" });
  });
});

/** A multipart upload, as the official client's `files={"file": ...}` sends it. */
async function upload(machine: string, path: string, text: string) {
  const body = new FormData();
  body.append("file", new Blob([text]), path.split("/").pop());
  return call(`/utilities/upload/${machine}/${path}`, { method: "PUT", body });
}

describe("a file tree per machine", () => {
  it("upload, ls and download round-trip, with the path's slashes sent raw or encoded", async () => {
    const home = "/global/homes/m/mockuser";
    expect(await upload("dtn01", `${home}/in/data.txt`, "payload\n")).toMatchObject({ status: "OK", error: null });
    // The official client's wire: utilities/ls/dtn01//global/homes/...
    const file = await call(`/utilities/ls/dtn01/${home}/in/data.txt`);
    expect(file).toMatchObject({
      status: "OK",
      entries: [{ name: `${home}/in/data.txt`, perms: "-rw-r-----", size: 8 }],
    });
    const dir = await call(`/utilities/ls/dtn01/${encodeURIComponent(`${home}/in`)}`);
    expect(dir.entries.map((e: { name: string; perms: string }) => [e.name, e.perms[0]])).toEqual([
      [".", "d"],
      ["..", "d"],
      ["data.txt", "-"],
    ]);
    expect((await call(`/utilities/ls/dtn01/${home}`)).entries.map((e: { name: string }) => e.name)).toContain("in");
    expect(await call(`/utilities/download/dtn01/${home}/in/data.txt`)).toEqual({
      status: "OK",
      file: "payload\n",
      is_binary: false,
      error: null,
    });
    const binary = await call(`/utilities/download/dtn01/${home}/in/data.txt?binary=true`);
    expect(Buffer.from(binary.file, "base64").toString()).toBe("payload\n");
  });

  it("machines hold separate trees; a missing path answers ERROR with No such file or directory", async () => {
    await upload("dtn01", "/global/cfs/cdirs/m1234/only-here.txt", "x");
    const missing = await call("/utilities/ls/perlmutter//global/cfs/cdirs/m1234/only-here.txt");
    expect(missing).toMatchObject({ status: "ERROR", entries: [], error: expect.stringContaining("No such file") });
    const download = await call("/utilities/download/perlmutter//global/cfs/cdirs/m1234/only-here.txt");
    expect(download).toMatchObject({ status: "ERROR", file: null, error: expect.stringContaining("No such file") });
    // The user's own folders exist before anything is uploaded.
    expect((await call("/utilities/ls/perlmutter//pscratch/sd/m/mockuser")).status).toBe("OK");
    // A relative path is read from the home folder; dot-segments (encoded, so no URL parser resolves them) are refused.
    await upload("perlmutter", "/global/homes/m/mockuser/rel.txt", "r");
    expect((await call("/utilities/download/perlmutter/rel.txt")).file).toBe("r");
    // Since the shared path reader, the router itself refuses them (as the client's guard does): no operation matches.
    const dots = await api(
      fixture.facility,
      `/utilities/ls/perlmutter/${encodeURIComponent("/global/homes/m/mockuser/../../etc")}`,
      { token: red },
    );
    expect(dots.status).toBe(404);
  });

  it("an upload over a directory or past the quota is refused with the facility's ERROR shape", async () => {
    await upload("perlmutter", "/global/homes/m/mockuser/dir/file", "x");
    expect(await upload("perlmutter", "/global/homes/m/mockuser/dir", "y")).toMatchObject({
      status: "ERROR",
      error: expect.stringContaining("Is a directory"),
    });
    expect(await upload("perlmutter", "/global/homes/m/mockuser/dir/file/below", "y")).toMatchObject({
      status: "ERROR",
      error: expect.stringContaining("Not a directory"),
    });
  });
});

describe("Globus transfers", () => {
  const start = async (label?: string) =>
    (
      await call(
        "/storage/globus/transfer",
        form({ source_uuid: "a", target_uuid: "b", source_dir: "/x", target_dir: "/y", ...(label ? { label } : {}) }),
      )
    ).transfer_id as string;
  const read = (id: string) => call(`/storage/globus/transfer/${id}`);

  it("ACTIVE for one task delay, then SUCCEEDED, or FAILED / CANCELED as the label asks", async () => {
    const [ok, failed, canceled] = [
      await start(),
      await start("#SFAPI-MOCK state=FAILED"),
      await start("nightly #SFAPI-MOCK state=CANCELED"),
    ];
    expect(await read(ok)).toMatchObject({ status: "OK", globus_status: "ACTIVE", completion_time: null });
    fixture.clock.advance(DELAY_MS);
    expect(await read(ok)).toMatchObject({ globus_status: "SUCCEEDED", bytes_transferred: 2 ** 30, reason: null });
    expect(await read(failed)).toMatchObject({
      globus_status: "FAILED",
      bytes_transferred: 0,
      reason: expect.any(String),
    });
    expect(await read(canceled)).toMatchObject({ globus_status: "CANCELED" });
  });

  it("needs the Globus option on the client: without it, starting or reading a transfer is a 403 saying so", async () => {
    const plain = await fixture.token(await testClient(fixture.facility, "red"));
    const id = await start();
    const body = { source_uuid: "a", target_uuid: "b", source_dir: "/x", target_dir: "/y" };
    for (const [path, init] of [
      ["/storage/globus/transfer", form(body)],
      [`/storage/globus/transfer/${id}`, {}],
    ] as const) {
      const refused = await api(fixture.facility, path, { ...init, token: plain });
      expect(refused.status, path).toBe(403);
      expect(refused.body.detail).toContain("without the Globus option");
    }
  });
});
