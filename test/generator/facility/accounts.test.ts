/**
 * State belongs to the account, not to the API client: a red workflow and a green dashboard of the same user see the
 * same jobs and tasks, each within its color; a collaboration account's clients see only theirs. And the facility
 * agrees with itself on every job id: `readJob` (squeue and sacct), `readJobs` and the batched query `kwargs=jobid=`
 * find a job the user submitted and none other.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, type Level, ladder } from "../../../generated/index.js";
import type { Facility } from "../../../generator/facility/index.js";
import { startFacility } from "../../../generator/facility/index.js";
import { virtualTime } from "../../support/clock.js";
import { accessToken, api, form, type TestClient, testClient } from "../../support/facility.js";

const DELAY_MS = 2_000;
const time = virtualTime();
let facility: Facility;
const keys = new Map<string, TestClient>();

beforeAll(async () => {
  facility = await startFacility({ levels: ladder, taskDelayMs: DELAY_MS, now: time.now });
  for (const color of ["green", "yellow", "red"]) keys.set(color, await testClient(facility, color));
  keys.set("collab-red", await testClient(facility, "red", { user: "c_project" }));
  keys.set("collab-green", await testClient(facility, "green", { user: "c_project" }));
  return () => facility.close();
});

function client<C extends Level>(color: C, key: string = color) {
  const { clientId, privateKeyPem } = keys.get(key)!;
  return createClient({
    color,
    clientId,
    privateKey: privateKeyPem,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
    clock: time,
  });
}

const script = "#!/bin/bash\n#SBATCH -J wf\nsrun hostname\n";

describe("a red workflow and a green dashboard of one user", () => {
  it("green sees the job red submitted by id (readJob), yellow in readJobs, as it moves through the queue", async () => {
    const job = await client("red").compute("perlmutter").submitJob(script);
    const green = client("green");
    const machine = "perlmutter" as const;
    const seen = await green.compute(machine).job(job.id);
    expect(seen.record).toMatchObject({ jobid: job.id, state: "PENDING", user: "mockuser" });
    const queued = await green.readJob({ path: { machine, jobid: job.id } });
    expect(queued.output?.map((row) => row.jobid)).toEqual([job.id]);
    // The job list is yellow: a green dashboard reads jobs one by one, a yellow one lists them.
    const listed = await client("yellow").readJobs({ path: { machine } });
    expect(listed.output?.map((row) => row.jobid)).toContain(job.id);
    await expect(seen.complete({ interval: DELAY_MS })).resolves.toMatchObject({ jobid: job.id, state: "COMPLETED" });
    const accounted = await green.readJob({ path: { machine, jobid: job.id }, query: { sacct: true } });
    expect(accounted.output).toContainEqual(expect.objectContaining({ jobid: job.id, state: "COMPLETED" }));
    const yellowAccounted = await client("yellow").readJobs({ path: { machine }, query: { sacct: true } });
    expect(yellowAccounted.output).toContainEqual(expect.objectContaining({ jobid: job.id, state: "COMPLETED" }));
  });

  it("a collaboration account's clients see their own jobs, not the user's, and the user's do not see theirs", async () => {
    const mine = await client("red").compute("perlmutter").submitJob(script);
    const theirs = await client("red", "collab-red").compute("perlmutter").submitJob(script);
    const collab = client("green", "collab-green").compute("perlmutter");
    expect((await collab.job(theirs.id)).record).toMatchObject({ jobid: theirs.id, user: "c_project" });
    await expect(collab.job(mine.id)).rejects.toMatchObject({ name: "JobError", reason: "not-found" });
    await expect(client("green").compute("perlmutter").job(theirs.id)).rejects.toMatchObject({
      reason: "not-found",
    });
  });
});

describe("tasks are the user's", () => {
  it("a task red started is read by green's token and listed for it; another account's is a 404", async () => {
    const token = (key: string) => accessToken(facility, keys.get(key)!, Math.floor(time.now() / 1000));
    const [red, green, collab] = await Promise.all([token("red"), token("green"), token("collab-green")]);
    const started = await api(facility, "/utilities/command/dtn01", {
      ...form({ executable: "hostname" }),
      token: red,
    });
    const id = started.body.task_id as string;
    expect((await api(facility, `/tasks/${id}`, { token: green })).body).toMatchObject({ id, status: "new" });
    const listed = (await api(facility, "/tasks", { token: green })).body.tasks.map((t: { id: string }) => t.id);
    expect(listed).toContain(id);
    expect((await api(facility, `/tasks/${id}`, { token: collab })).status).toBe(404);
    const theirs = (await api(facility, "/tasks", { token: collab })).body.tasks.map((t: { id: string }) => t.id);
    expect(theirs.length).toBeGreaterThan(0); // the collaboration account's own submission
    expect(theirs).not.toContain(id);
  });
});

describe("one answer per job id", () => {
  it("readJob (squeue and sacct), readJobs and the batched query agree on a known and an unknown id", async () => {
    const red = client("red");
    const known = (await red.compute("perlmutter").submitJob(script)).id;
    const machine = "perlmutter" as const;
    for (const jobid of [known, "999", "31415926"]) {
      const rows = [
        (await red.readJob({ path: { machine, jobid } })).output,
        (await red.readJob({ path: { machine, jobid }, query: { sacct: true } })).output,
        (await red.readJobs({ path: { machine }, query: { kwargs: [`jobid=${jobid}`] } })).output,
        (await red.readJobs({ path: { machine }, query: { kwargs: [`jobid=${jobid}`], sacct: true } })).output,
      ].map((output) => output?.map((row) => row.jobid));
      expect(rows, jobid).toEqual(Array(4).fill(jobid === known ? [known] : []));
    }
    await expect(red.compute("perlmutter").job("999")).rejects.toMatchObject({ reason: "not-found" });
  });
});
