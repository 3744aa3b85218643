/**
 * The workflow layer's types, proven against the generated client: `compute(machine)` per color, helpers a color may
 * not use not callable (their type names the color needed), typed results (outputs, job records, directory entries),
 * and the machine typed from the description. Type-checked only (by `tsc -p tsconfig.json`), never run.
 */
import { describe, expectTypeOf, test } from "vitest";
import {
  createClient,
  type DirectoryEntry,
  type GreenCompute,
  type GreenEntry,
  type JobRecord,
  type Machine,
  type RedApi,
  type RedClientHelpers,
  type RedCompute,
  type RedEntry,
  type RedGlobus,
  type RedJob,
  type RedReadJob,
  type RedResources,
  type UploadAnswer,
  type YellowCompute,
  type YellowEntry,
} from "../../generated/index.js";
import type { NeedsColor, RemoteFileReader, RemoteFileWriter } from "../../templates/runtime/index.js";
import type { ClientHelpers, ComputeHelpers } from "../../templates/runtime/workflow.js";

const script = "#!/bin/bash\nsrun hostname\n";

describe("compute(machine) by color", () => {
  test("red: every helper, typed results", async () => {
    const perlmutter = createClient({ color: "red" }).compute("perlmutter");
    expectTypeOf(perlmutter).toEqualTypeOf<RedCompute>();
    expectTypeOf(await perlmutter.run("hostname")).toEqualTypeOf<string>();
    const job = await perlmutter.submitJob(script);
    expectTypeOf(job).toEqualTypeOf<RedJob>();
    expectTypeOf(
      await perlmutter.submitJob({ path: "/global/homes/u/user/run.sh", args: ["1"] }),
    ).toEqualTypeOf<RedJob>();
    expectTypeOf(await job.complete({ timeout: 600_000 })).toEqualTypeOf<JobRecord>();
    expectTypeOf((await job.complete()).state).toEqualTypeOf<string>();
    expectTypeOf(await job.state()).toEqualTypeOf<string>();
    expectTypeOf(job.cancel).toBeFunction();
    // Just submitted, a job has no record yet; one read by job() or jobs() has.
    expectTypeOf(job.record).toEqualTypeOf<JobRecord | undefined>();
    expectTypeOf(await perlmutter.job("1")).toEqualTypeOf<RedReadJob>();
    expectTypeOf((await perlmutter.job("1")).record).toEqualTypeOf<JobRecord>();
    expectTypeOf(await perlmutter.jobs(["1", 2])).toEqualTypeOf<RedReadJob[]>();
    expectTypeOf((await perlmutter.jobs(undefined, { user: "me" }))[0]!.record.jobid).toEqualTypeOf<string>();
    const entries = await perlmutter.ls("/global/homes/u/user");
    expectTypeOf(entries).toEqualTypeOf<RedEntry[]>();
    expectTypeOf(entries[0]!.name).toEqualTypeOf<string>();
    expectTypeOf(entries[0]!.perms).toEqualTypeOf<DirectoryEntry["perms"]>();
    expectTypeOf(entries[0]!.isDirectory()).toEqualTypeOf<boolean>();
    expectTypeOf(await entries[0]!.parent.ls()).toEqualTypeOf<RedEntry[]>();
    expectTypeOf(await perlmutter.download("/x")).toEqualTypeOf<string>();
    expectTypeOf(await perlmutter.download("/x", { binary: true })).toEqualTypeOf<Uint8Array>();
    await perlmutter.upload("/x", "data");
    await perlmutter.upload("/x", new Uint8Array(1));
    // open(mode), as the official client's RemotePath.open: read through download, write uploading on close.
    const file = entries[0]!;
    expectTypeOf(await file.open("r")).toEqualTypeOf<RemoteFileReader<string>>();
    expectTypeOf((await file.open("rb")).read(4)).toEqualTypeOf<Uint8Array>();
    const writer = await file.open("w");
    expectTypeOf(writer).toEqualTypeOf<RemoteFileWriter<string, UploadAnswer>>();
    expectTypeOf(await writer.close()).toEqualTypeOf<UploadAnswer>();
    // @ts-expect-error a text file takes strings
    (await file.open("w")).write(new Uint8Array(1));
    expectTypeOf(await file.parent.open("wb")).toEqualTypeOf<RemoteFileWriter<Uint8Array, UploadAnswer>>();
    // @ts-expect-error not a mode of open
    void file.open("a");
  });

  test("the machine is the description's host enum", () => {
    expectTypeOf<Machine>().toEqualTypeOf<"dtn01" | "dtns" | "perlmutter">();
    // @ts-expect-error not a host of this API
    createClient({ color: "red" }).compute("laptop");
  });

  test("yellow: files to read, jobs to list and watch; no run, submitJob or upload", async () => {
    const perlmutter = createClient({ color: "yellow" }).compute("perlmutter");
    expectTypeOf(perlmutter).toEqualTypeOf<YellowCompute>();
    expectTypeOf(await perlmutter.ls("/")).toEqualTypeOf<YellowEntry[]>();
    const [entry] = await perlmutter.ls("/");
    expectTypeOf(await entry!.download()).toEqualTypeOf<string>();
    // @ts-expect-error an entry's upload needs orange
    void entry!.upload("x");
    expectTypeOf((await entry!.open("r")).read()).toEqualTypeOf<string>();
    // @ts-expect-error opening for writing needs orange: its overload names NeedsColor<"open for writing", "orange">
    void entry!.open("w");
    // @ts-expect-error the same for bytes
    void entry!.parent.open("wb");
    expectTypeOf(perlmutter.run).toEqualTypeOf<NeedsColor<"run", "red">>();
    expectTypeOf(perlmutter.upload).toEqualTypeOf<NeedsColor<"upload", "orange">>();
    // @ts-expect-error run needs red: "This expression is not callable. Type 'NeedsColor<"run", "red">' ..."
    void perlmutter.run("hostname");
    // @ts-expect-error submitJob needs red
    void perlmutter.submitJob(script);
    const job = await perlmutter.job("1");
    expectTypeOf(await job.cancel({ wait: true })).toEqualTypeOf<JobRecord>();
    expectTypeOf(await job.complete()).toEqualTypeOf<JobRecord>();
    // Yellow may call the job list: its filters too.
    expectTypeOf(await perlmutter.jobs(undefined, { user: "me", partition: "regular" })).toBeArray();
  });

  test("green: jobs to find, watch and cancel one by one, directories to list", async () => {
    const perlmutter = createClient({ color: "green" }).compute("perlmutter");
    expectTypeOf(perlmutter).toEqualTypeOf<GreenCompute>();
    expectTypeOf(await perlmutter.ls("/")).toEqualTypeOf<GreenEntry[]>();
    expectTypeOf(await perlmutter.ls("/", { directory: true })).toEqualTypeOf<GreenEntry[]>();
    expectTypeOf(perlmutter.download).toEqualTypeOf<NeedsColor<"download", "yellow">>();
    expectTypeOf(perlmutter.upload).toEqualTypeOf<NeedsColor<"upload", "orange">>();
    expectTypeOf(perlmutter.submitJob).toEqualTypeOf<NeedsColor<"submitJob", "red">>();
    // @ts-expect-error downloading needs yellow
    void perlmutter.download("/x");
    expectTypeOf<GreenEntry["open"]>().toEqualTypeOf<NeedsColor<"open", "yellow">>();
    const [job] = await perlmutter.jobs(["1"]);
    expectTypeOf(job!.record).toEqualTypeOf<JobRecord>();
    expectTypeOf(await job!.state()).toEqualTypeOf<string>();
    expectTypeOf(await job!.complete()).toEqualTypeOf<JobRecord>();
    expectTypeOf(await job!.update()).toEqualTypeOf<JobRecord>();
    expectTypeOf(await job!.cancel({ wait: true })).toEqualTypeOf<JobRecord>();
    // The list's filters need yellow: green's jobs() takes ids only.
    // @ts-expect-error no ids: the job list
    void perlmutter.jobs(undefined);
    // @ts-expect-error a user filter: the job list
    void perlmutter.jobs(["1"], { user: "me" });
  });

  test("a color typed as string admits every helper (the guard decides at run time)", async () => {
    const color: string = "green";
    const any = createClient({ color }).compute("perlmutter");
    expectTypeOf(await any.run("hostname")).toEqualTypeOf<string>();
  });
});

describe("the runtime builds what the generated types offer", () => {
  test("each helper a red client is offered is a member of the runtime's own helper types", () => {
    // The runtime's records are typed (ClientHelpers, ComputeHelpers): a helper the generated types name but the
    // runtime's types lack, or of another shape, fails here or in the runtime's own type check.
    expectTypeOf<keyof RedClientHelpers>().toMatchTypeOf<keyof ClientHelpers>();
    expectTypeOf<keyof RedResources>().toMatchTypeOf<keyof NonNullable<ClientHelpers["resources"]>>();
    expectTypeOf<keyof RedApi>().toMatchTypeOf<keyof NonNullable<ClientHelpers["api"]>>();
    expectTypeOf<keyof RedGlobus>().toMatchTypeOf<keyof NonNullable<ClientHelpers["globus"]>>();
    expectTypeOf<keyof RedCompute>().toMatchTypeOf<keyof ComputeHelpers>();
    expectTypeOf<ReturnType<NonNullable<ClientHelpers["compute"]>>>().toEqualTypeOf<ComputeHelpers>();
  });
});
