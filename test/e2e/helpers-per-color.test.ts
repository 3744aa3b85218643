/**
 * For every color of the bundled ladder, every helper its types offer works against the local facility, the facility
 * enforcing the bundled levels (real keys, tokens and HTTP on 127.0.0.1, one virtual clock). What a color's types
 * offer is read from the table the generated types are written from (generator/emit/workflow.ts's helperMembers), so
 * a helper added there without a scenario here fails this test rather than being skipped.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, ladder } from "../../generated/index.js";
import { emitContext } from "../../generator/commands/generate.js";
import { type HelperMember, helperMembers } from "../../generator/emit/workflow.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { loadModel } from "../../generator/model/model.js";
import { virtualTime } from "../support/clock.js";
import { type TestClient, testClient } from "../support/facility.js";
import { root } from "../support/project.js";

const DELAY_MS = 2_000;
const HOME = "/global/homes/m/mockuser";
const script = "#!/bin/bash\n#SBATCH -J each\nsrun hostname\n";
const time = virtualTime();
let facility: Facility;
const keys = new Map<string, TestClient>();
let offered: Map<string, ReturnType<typeof helperMembers>>;

beforeAll(async () => {
  const ctx = emitContext(await loadModel({ file: join(root, "generator/descriptions/v1.2.json") }));
  expect(ctx.ladder).toEqual([...ladder]);
  offered = new Map(ladder.map((level) => [level, helperMembers(ctx, level)]));
  facility = await startFacility({ levels: ladder, taskDelayMs: DELAY_MS, now: time.now });
  // Every key may call Globus (the facility's option), so a color's Globus helpers are checked by its level alone.
  for (const color of ladder) keys.set(color, await testClient(facility, color, { globus: true }));
  return () => facility.close();
});

// The clients are driven by the color's name at run time: their types are checked by the type tests and the docs.
type Loose = any;

function client(color: string): Loose {
  const key = keys.get(color)!;
  return createClient({
    color: color as "red",
    clientId: key.clientId,
    privateKey: key.privateKeyPem,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
    clock: time,
  });
}

type Objects = ReturnType<typeof helperMembers>;
type ObjectName = keyof Objects;

/** What a scenario gets: the color's client, a red one to set the stage, and a fresh object of the kind tested. */
interface Stage {
  color: string;
  client: Loose;
  red: Loose;
  /** Unique per scenario: file names, group names. */
  tag: string;
}

/**
 * How a client reaches each kind of object: the helpers (`Object.member`) that give one, any of which will do. An
 * object none of whose sources a color may use is out of that color's reach: its members are not called for it.
 */
const SOURCES: Record<ObjectName, readonly string[]> = {
  ClientHelpers: [],
  Compute: [],
  Resources: [],
  Api: [],
  Globus: [],
  Job: ["Compute.job", "Compute.submitJob"],
  Task: ["Compute.runTask"],
  RemotePath: ["Compute.ls"],
  UserMethods: ["ClientHelpers.user"],
  GroupMethods: ["ClientHelpers.group", "UserMethods.groups"],
  ProjectMethods: ["UserMethods.projects"],
};

const usable = (objects: Objects, helper: string) => {
  const [object, name] = helper.split(".") as [ObjectName, string];
  return objects[object].some((m) => m.name === name && m.usable);
};

/** A fresh object of each kind for `stage`, by the first source the color may use. */
async function objectOf(object: ObjectName, stage: Stage, objects: Objects): Promise<Loose> {
  const { client, red, tag } = stage;
  const compute = client.compute("perlmutter");
  const source = SOURCES[object].find((s) => usable(objects, s));
  switch (object) {
    case "ClientHelpers":
      return client;
    case "Compute":
      return compute;
    case "Resources":
      return client.resources;
    case "Api":
      return client.api;
    case "Globus":
      return client.globus;
    case "Job": {
      if (source === "Compute.submitJob") return compute.submitJob(script);
      const { id } = await red.compute("perlmutter").submitJob(script);
      return compute.job(id);
    }
    case "Task":
      return compute.runTask("sleep 600");
    case "RemotePath": {
      await red.compute("perlmutter").upload(`${HOME}/each/${tag}.txt`, `content of ${tag}`);
      const entries = await compute.ls(`${HOME}/each`);
      return entries.find((e: Loose) => e.name === `${tag}.txt`);
    }
    case "UserMethods":
      return client.user();
    case "GroupMethods":
      return source === "ClientHelpers.group" ? client.group("m1234") : (await (await client.user()).groups())[0];
    case "ProjectMethods":
      return (await (await client.user()).projects())[0];
  }
}

/** Each helper's call, and what it must give: `it` is a fresh object of the helper's kind. */
const SCENARIOS: Record<string, (it: Loose, stage: Stage) => Promise<void>> = {
  "Compute.job": async (compute, { red }) => {
    const { id } = await red.compute("perlmutter").submitJob(script);
    const job = await compute.job(id);
    expect(job.record).toMatchObject({ jobid: id });
  },
  "Compute.jobs": async (compute, { red }) => {
    const a = (await red.compute("perlmutter").submitJob(script)).id;
    const b = (await red.compute("perlmutter").submitJob(script)).id;
    const jobs = await compute.jobs([b, a, "31415926"]);
    expect(jobs.map((j: Loose) => j.record.jobid)).toEqual([b, a]);
  },
  "Compute.run": async (compute, { tag }) => expect(await compute.run(`echo ${tag}`)).toBe(`${tag}\n`),
  "Compute.runTask": async (compute, { tag }) => {
    const task = await compute.runTask(`echo ${tag}`);
    expect(await task.result({ interval: 1_000 })).toBe(`${tag}\n`);
  },
  "Compute.submitJob": async (compute) => {
    const job = await compute.submitJob(script);
    await expect(job.complete({ interval: DELAY_MS })).resolves.toMatchObject({ jobid: job.id, state: "COMPLETED" });
  },
  "Compute.ls": async (compute, { red, tag }) => {
    await red.compute("perlmutter").upload(`${HOME}/ls-${tag}/a.txt`, "a");
    const entries = await compute.ls(`${HOME}/ls-${tag}`);
    expect(entries.map((e: Loose) => e.name)).toEqual(["a.txt"]);
  },
  "Compute.download": async (compute, { red, tag }) => {
    await red.compute("perlmutter").upload(`${HOME}/${tag}.txt`, `text ${tag}`);
    expect(await compute.download(`${HOME}/${tag}.txt`)).toBe(`text ${tag}`);
  },
  "Compute.upload": async (compute, { red, tag }) => {
    await compute.upload(`${HOME}/${tag}-up.txt`, `up ${tag}`);
    expect(await red.compute("perlmutter").download(`${HOME}/${tag}-up.txt`)).toBe(`up ${tag}`);
  },
  "Compute.outages": async (compute) => expect(await compute.outages()).toBeInstanceOf(Array),
  "Compute.plannedOutages": async (compute) => expect(await compute.plannedOutages()).toBeInstanceOf(Array),
  "Job.state": async (job) => {
    const state = await job.state();
    expect(["PENDING", "RUNNING", "COMPLETED"]).toContain(state);
    expect(job.record.state).toBe(state);
  },
  "Job.complete": async (job) =>
    expect(job.complete({ interval: DELAY_MS })).resolves.toMatchObject({ jobid: job.id, state: "COMPLETED" }),
  "Job.update": async (job) => expect(job.update()).resolves.toMatchObject({ jobid: job.id }),
  "Job.running": async (job) =>
    expect(job.running({ interval: DELAY_MS / 4 })).resolves.toMatchObject({ jobid: job.id, state: "RUNNING" }),
  "Job.cancel": async (job) =>
    expect(job.cancel({ wait: true, interval: DELAY_MS })).resolves.toMatchObject({
      jobid: job.id,
      state: expect.stringMatching(/^CANCELLED/),
    }),
  "Task.cancel": async (task) => {
    await task.cancel();
    await expect(task.result()).rejects.toMatchObject({ name: "CommandError", taskStatus: "cancelled" });
  },
  "RemotePath.ls": async (path, { tag }) => expect((await path.ls()).map((e: Loose) => e.name)).toEqual([`${tag}.txt`]),
  "RemotePath.download": async (path, { tag }) => expect(await path.download()).toBe(`content of ${tag}`),
  "RemotePath.upload": async (path, { red, tag }) => {
    await path.upload(`new ${tag}`);
    expect(await red.compute("perlmutter").download(`${HOME}/each/${tag}.txt`)).toBe(`new ${tag}`);
  },
  "RemotePath.open": async (path, { color, red, tag }) => {
    if (usable(offered.get(color)!, "RemotePath.download")) {
      expect(await (await path.open("r")).read()).toBe(`content of ${tag}`);
      return;
    }
    const writer = await path.open("w");
    await writer.write(`written ${tag}`);
    await writer.close();
    expect(await red.compute("perlmutter").download(`${HOME}/each/${tag}.txt`)).toBe(`written ${tag}`);
  },
  "UserMethods.groups": async (user) => expect((await user.groups()).map((g: Loose) => g.name)).toContain("m1234"),
  "UserMethods.projects": async (user) => expect((await user.projects()).length).toBeGreaterThan(0),
  "UserMethods.roles": async (user) => expect(await user.roles()).toBeInstanceOf(Array),
  "UserMethods.clients": async (user) => expect((await user.clients()).length).toBeGreaterThan(0),
  "GroupMethods.members": async (group) => expect(group.members.map((m: Loose) => m.name)).toContain("mockuser"),
  "GroupMethods.update": async (group) => {
    await group.update();
    expect(group.name).toBe("m1234");
  },
  "GroupMethods.add": async (group, { red, tag }) => {
    await group.add(`add${tag}`);
    expect((await red.group("m1234")).members.map((m: Loose) => m.name)).toContain(`add${tag}`);
  },
  "GroupMethods.remove": async (group, { red, tag }) => {
    await (await red.group("m1234")).add(`rm${tag}`);
    await group.remove(`rm${tag}`);
    expect((await red.group("m1234")).members.map((m: Loose) => m.name)).not.toContain(`rm${tag}`);
  },
  "ProjectMethods.createGroup": async (project, { color }) =>
    // The facility's group names are at most 8 characters.
    expect(project.createGroup(`g${color.slice(0, 4)}`)).resolves.toMatchObject({ name: `g${color.slice(0, 4)}` }),
  "Resources.status": async (resources) =>
    expect((await resources.status()).perlmutter).toMatchObject({ name: "perlmutter" }),
  "Resources.notes": async (resources) => expect((await resources.notes()).perlmutter).toBeInstanceOf(Array),
  "Resources.outages": async (resources) => expect((await resources.outages()).perlmutter).toBeInstanceOf(Array),
  "Resources.plannedOutages": async (resources) =>
    expect(await resources.plannedOutages("perlmutter")).toBeInstanceOf(Array),
  "Api.changelog": async (api) => expect((await api.changelog()).length).toBeGreaterThan(0),
  "Api.config": async (api) => expect((await api.config()).base_url).toBe(facility.baseUrl),
  "Globus.startTransfer": async (globus) => {
    const transfer = await globus.startTransfer({
      sourceMachine: "perlmutter",
      targetMachine: "dtns",
      sourceDir: `${HOME}/a`,
      targetDir: "/global/cfs/cdirs/m0000/a",
    });
    expect(transfer.record.globus_status).toBe("ACTIVE");
  },
  "Globus.transfer": async (globus, { red }) => {
    const started = await red.globus.startTransfer({
      sourceMachine: "perlmutter",
      targetMachine: "dtns",
      sourceDir: `${HOME}/b`,
      targetDir: "/global/cfs/cdirs/m0000/b",
    });
    const read = await globus.transfer(started.id);
    expect(read.id).toBe(started.id);
    expect(read.record.globus_status).toBe("ACTIVE");
  },
  "ClientHelpers.user": async (client) => expect((await client.user()).name).toBe("mockuser"),
  "ClientHelpers.group": async (client) => expect((await client.group("m1234")).name).toBe("m1234"),
};

describe("every helper a color's types offer works against the facility's levels", () => {
  it("the scenarios are exactly the helpers the table declares, and every color reaches some", () => {
    const declared = new Set(
      [...offered.values()].flatMap((objects) =>
        Object.entries(objects).flatMap(([object, members]) => members.map((m: HelperMember) => `${object}.${m.name}`)),
      ),
    );
    expect(Object.keys(SCENARIOS).sort()).toEqual([...declared].sort());
    // The least color is offered the job reads: the reason the helpers pick the one-job operation.
    for (const helper of ["Compute.job", "Compute.jobs", "Job.complete", "Job.state", "Job.cancel"])
      expect(usable(offered.get(ladder[0])!, helper), helper).toBe(true);
  });

  it.each([...ladder])("%s: each offered helper succeeds, none is refused", async (color) => {
    const objects = offered.get(color)!;
    const red = client(ladder[ladder.length - 1]!);
    const ran: string[] = [];
    const unreachable: string[] = [];
    for (const [object, members] of Object.entries(objects) as [ObjectName, HelperMember[]][]) {
      const reachable = SOURCES[object].length === 0 || SOURCES[object].some((s) => usable(objects, s));
      for (const member of members.filter((m) => m.usable)) {
        const helper = `${object}.${member.name}`;
        if (!reachable) {
          unreachable.push(helper);
          continue;
        }
        const stage: Stage = { color, client: client(color), red, tag: `${color}${ran.length}` };
        const target = await objectOf(object, stage, objects);
        expect(target, `${color}: no ${object} to call ${member.name} on`).toBeDefined();
        try {
          await SCENARIOS[helper]!(target, stage);
        } catch (error) {
          throw new Error(`${color}: ${helper} failed: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
        }
        ran.push(helper);
      }
    }
    // What is offered but out of reach is so because every way to get its object needs a higher color.
    for (const helper of unreachable) {
      const object = helper.split(".")[0] as ObjectName;
      expect(
        SOURCES[object].every((s) => !usable(objects, s)),
        helper,
      ).toBe(true);
    }
    expect(ran.length).toBeGreaterThan(0);
  });
});
