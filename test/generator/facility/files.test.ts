/**
 * A file tree per account, as the facility's permissions make it: each account has its own home
 * (`/global/homes/<l>/<user>`) and scratch (`/pscratch/sd/<l>/<user>`), relative paths start there, and another
 * account's folders and files answer "Permission denied" to ls, download, upload, `cat` and sbatch; a project's CFS
 * folder is its group's. Two accounts, mockuser and alice, each with a client of its own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../generated/index.js";
import type { TestClient } from "../../support/facility.js";
import { api, form, testClient, useFacility } from "../../support/facility.js";

const fixture = useFacility({ taskDelayMs: 1000 });
const HOME = "/global/homes/m/mockuser";
const ALICE = "/global/homes/a/alice";
const tokens = { mockuser: "", alice: "" };
let aliceKey: TestClient;

beforeAll(async () => {
  tokens.mockuser = await fixture.token(await testClient(fixture.facility, "red"));
  aliceKey = await testClient(fixture.facility, "red", { user: "alice" });
  tokens.alice = await fixture.token(aliceKey);
});

type Who = keyof typeof tokens;
const call = async (who: Who, path: string, init: RequestInit = {}) => {
  const { status, body } = await api(fixture.facility, path, { ...init, token: tokens[who] });
  expect(status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const upload = (who: Who, machine: string, path: string, text: string) => {
  const body = new FormData();
  body.append("file", new Blob([text]), "f");
  return call(who, `/utilities/upload/${machine}/${path}`, { method: "PUT", body });
};
const ls = (who: Who, path: string) => call(who, `/utilities/ls/perlmutter/${path}`);
const download = async (who: Who, path: string) => call(who, `/utilities/download/perlmutter/${path}`);
/** A task's result, once the clock has passed its delay. */
const result = async (who: Who, ack: { task_id: string }) => {
  fixture.clock.advance(1000);
  return JSON.parse((await call(who, `/tasks/${ack.task_id}`)).result);
};
const denied = (what: string) => expect.objectContaining({ status: "ERROR", error: what });

describe("each account's own folders", () => {
  it("alice has her home and scratch, listed as hers; a relative path starts in the caller's home", async () => {
    for (const path of [ALICE, "/pscratch/sd/a/alice"]) {
      const { status, entries } = await ls("alice", path);
      expect(status, path).toBe("OK");
      expect(entries[0]).toMatchObject({ name: ".", user: "alice", group: "alice" });
    }
    expect((await ls("alice", "/global/homes/a")).entries.map((e: { name: string }) => e.name)).toContain("alice");
    await upload("alice", "perlmutter", "notes.txt", "hers\n");
    await upload("mockuser", "perlmutter", "notes.txt", "his\n");
    expect((await download("alice", `${ALICE}/notes.txt`)).file).toBe("hers\n");
    expect((await download("mockuser", `${HOME}/notes.txt`)).file).toBe("his\n");
    expect((await ls("alice", `${ALICE}/notes.txt`)).entries).toEqual([
      expect.objectContaining({ name: `${ALICE}/notes.txt`, user: "alice", perms: "-rw-r-----" }),
    ]);
  });
});

describe("another account's files", () => {
  it("ls, download and upload in another's home or scratch answer Permission denied; nothing changes", async () => {
    await upload("mockuser", "perlmutter", `${HOME}/secret.txt`, "mine\n");
    await upload("mockuser", "perlmutter", "/pscratch/sd/m/mockuser/run.log", "log\n");
    expect(await ls("alice", HOME)).toEqual(denied(`ls: cannot open directory '${HOME}': Permission denied`));
    expect(await ls("alice", `${HOME}/secret.txt`)).toEqual(
      denied(`ls: cannot access '${HOME}/secret.txt': Permission denied`),
    );
    expect(await download("alice", `${HOME}/secret.txt`)).toEqual(denied(`${HOME}/secret.txt: Permission denied`));
    expect(await download("alice", "/pscratch/sd/m/mockuser/run.log")).toEqual(
      denied("/pscratch/sd/m/mockuser/run.log: Permission denied"),
    );
    // Missing or present, the answer is the same: alice learns nothing of what lies there.
    expect(await download("alice", `${HOME}/none.txt`)).toEqual(denied(`${HOME}/none.txt: Permission denied`));
    expect(await upload("alice", "perlmutter", `${HOME}/secret.txt`, "overwritten")).toEqual(
      denied(`${HOME}/secret.txt: Permission denied`),
    );
    expect(await upload("alice", "perlmutter", `${HOME}/new.txt`, "planted")).toEqual(
      denied(`${HOME}/new.txt: Permission denied`),
    );
    expect((await download("mockuser", `${HOME}/secret.txt`)).file).toBe("mine\n");
    expect((await ls("mockuser", `${HOME}/new.txt`)).error).toContain("No such file or directory");
    // And the other way round.
    expect(await ls("mockuser", `${ALICE}/notes.txt`)).toEqual(
      denied(`ls: cannot access '${ALICE}/notes.txt': Permission denied`),
    );
  });

  it("a file one account wrote elsewhere is listed but cannot be read or overwritten by another", async () => {
    await upload("mockuser", "dtn01", "/tmp/shared/only-mine.txt", "private\n");
    const listed = await call("alice", "/utilities/ls/dtn01//tmp/shared");
    expect(listed.entries).toContainEqual(expect.objectContaining({ name: "only-mine.txt", user: "mockuser" }));
    expect(await call("alice", "/utilities/download/dtn01//tmp/shared/only-mine.txt")).toEqual(
      denied("/tmp/shared/only-mine.txt: Permission denied"),
    );
    expect(await upload("alice", "dtn01", "/tmp/shared/only-mine.txt", "x")).toEqual(
      denied("/tmp/shared/only-mine.txt: Permission denied"),
    );
    expect(await upload("alice", "dtn01", "/tmp/shared/hers.txt", "x")).toMatchObject({ status: "OK" });
  });

  it("a command runs as its account: cat of another's file fails as cat does, one's own works", async () => {
    await upload("mockuser", "perlmutter", `${HOME}/data.txt`, "42\n");
    const cat = { executable: `cat ${HOME}/data.txt` };
    const hers = await result("alice", await call("alice", "/utilities/command/perlmutter", form(cat)));
    expect(hers).toMatchObject({ status: "error", exit_code: 1, error: `cat: ${HOME}/data.txt: Permission denied` });
    const his = await result("mockuser", await call("mockuser", "/utilities/command/perlmutter", form(cat)));
    expect(his).toMatchObject({ status: "ok", output: "42\n", exit_code: 0 });
  });

  it("sbatch of another's script by path is refused; one's own (relative to home) is queued", async () => {
    await upload("mockuser", "perlmutter", `${HOME}/job.sh`, "#!/bin/bash\nsrun hostname\n");
    await upload("alice", "perlmutter", "job.sh", "#!/bin/bash\nsrun hostname\n");
    const submit = (who: Who, job: string) =>
      call(who, "/compute/jobs/perlmutter", form({ job, isPath: "true" })).then((ack) => result(who, ack));
    expect(await submit("alice", `${HOME}/job.sh`)).toEqual({
      status: "error",
      jobid: null,
      error: `sbatch: error: Unable to open file ${HOME}/job.sh`,
    });
    expect(await submit("alice", "job.sh")).toMatchObject({ status: "ok", jobid: expect.any(String) });
    expect(await submit("mockuser", `${HOME}/job.sh`)).toMatchObject({ status: "ok", jobid: expect.any(String) });
  });

  it("the generated client surfaces the refusal as a FileError naming Permission denied", async () => {
    const alice = createClient({
      color: "red",
      clientId: aliceKey.clientId,
      privateKey: aliceKey.privateKeyPem,
      baseUrl: fixture.facility.baseUrl,
      tokenUrl: fixture.facility.tokenUrl,
      clock: { now: fixture.clock.now, sleep: async () => {} },
    });
    const refused = await alice
      .compute("perlmutter")
      .download(`${HOME}/secret.txt`)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "FileError", error: `${HOME}/secret.txt: Permission denied` });
  });
});

describe("a project's CFS folder is its group's", () => {
  it("closed to alice until she joins group m1234; then she reads the members' files and adds her own", async () => {
    const dir = "/global/cfs/cdirs/m1234";
    await upload("mockuser", "perlmutter", `${dir}/input.dat`, "shared\n");
    expect(await ls("alice", dir)).toEqual(denied(`ls: cannot open directory '${dir}': Permission denied`));
    expect(await upload("alice", "perlmutter", `${dir}/hers.dat`, "x")).toEqual(
      denied(`${dir}/hers.dat: Permission denied`),
    );
    await call("mockuser", "/account/groups/m1234", form({ usernames: "alice", action: "batch_add" }, "PUT"));
    expect((await ls("alice", dir)).entries.map((e: { name: string }) => e.name)).toContain("input.dat");
    expect((await download("alice", `${dir}/input.dat`)).file).toBe("shared\n");
    expect(await upload("alice", "perlmutter", `${dir}/hers.dat`, "x")).toMatchObject({ status: "OK" });
    // Group members read each other's files; only the owner overwrites one.
    expect(await upload("alice", "perlmutter", `${dir}/input.dat`, "changed")).toEqual(
      denied(`${dir}/input.dat: Permission denied`),
    );
    expect((await download("mockuser", `${dir}/hers.dat`)).file).toBe("x");
  });
});
