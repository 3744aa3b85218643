/**
 * NERSC's 2025 training notebook (repository NERSC/sfapi_training, folder SF-API-Training-NERSC-May-2025,
 * sfapi_client_demo_completed.ipynb), ported step by step from the official Python client to the checked-in
 * generated client, against the local facility in-process with its shell (commands and job scripts run). Each `it` is
 * one of the notebook's cells, in its order (they share state, as the notebook's cells do), asserting what the
 * notebook expects of it. One virtual clock is the facility's `now` and the client's `clock`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../generated/index.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";
import { sharedKeyClient } from "../support/facility.js";
import { tempDir } from "../support/project.js";

const DELAY_MS = 2_000;
const time = virtualTime();
let facility: Facility;
/** The notebook's `~/.superfacility`, in the layout Iris's download gives. */
const keyDir = join(tempDir("training-"), ".superfacility");

beforeAll(async () => {
  facility = await startFacility({ taskDelayMs: DELAY_MS, now: time.now, shell: true });
  const created = sharedKeyClient(facility, facility.ladder.at(-1)!);
  mkdirSync(keyDir, { mode: 0o700 });
  writeFileSync(join(keyDir, "clientid.txt"), created.clientId, { mode: 0o600 });
  writeFileSync(join(keyDir, "priv_key.jwk"), JSON.stringify(created.privateKeyJwk), { mode: 0o600 });
  writeFileSync(join(keyDir, "priv_key.pem"), created.privateKeyPem, { mode: 0o600 });
});
afterAll(() => facility?.close());

/** `Client()`: no credentials, public operations only. */
const publicClient = () => createClient({ color: "green", baseUrl: facility.baseUrl, clock: time });
/** `Client(client_id, client_secret)`, with the two read from the key folder as the notebook reads them. */
function authenticated() {
  const clientId = readFileSync(join(keyDir, "clientid.txt"), "utf8");
  const privateKey = JSON.parse(readFileSync(join(keyDir, "priv_key.jwk"), "utf8"));
  return createClient({
    color: "red",
    clientId,
    privateKey,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
    clock: time,
  });
}

// What later cells use, as the notebook's variables.
let userName = "";
let scratch = "";
let account = "";
let jobId = "";

/** The notebook's job script; its one Python line is replaced (see the step that runs it as written). */
const N = 10_000;
const jobScript = (compute: string) => `#!/bin/bash

#SBATCH -q debug
#SBATCH -A ${account}
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -C cpu
#SBATCH -t 00:02:00
#SBATCH -J sfapi-demo
#SBATCH --chdir=${scratch}/sfapi-demo
#SBATCH --output=${scratch}/sfapi-demo/sfapi-demo-%j.out
#SBATCH --error=${scratch}/sfapi-demo/sfapi-demo-%j.error

module load python
# Prints N random numbers to form a normal disrobution
${compute}
`;
const PYTHON = `python -c "import numpy as np; numbers = np.random.normal(size=${N}); [print(n) for n in numbers]"`;
/** The same numbers without Python (the local facility runs no engine): Box-Muller in awk. */
const AWK =
  `awk 'BEGIN { srand(42); for (i = 0; i < ${N}; i++) ` +
  `print sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand()) }'`;

describe("the 2025 training notebook, cell by cell", () => {
  it("1. status of Perlmutter without credentials (cell 5)", async () => {
    const status = await publicClient().resources.status("perlmutter");
    expect(status.status).toBe("active");
  });

  it("2. status of every system, each with a description and a status (cell 7)", async () => {
    const all = await publicClient().resources.status();
    expect(Object.keys(all).length).toBeGreaterThan(10);
    for (const [name, status] of Object.entries(all)) {
      expect(typeof status.description, name).toBe("string");
      expect(typeof status.status, name).toBe("string");
    }
  });

  it("3. outages, by system, Perlmutter's with start times (cells 9-10)", async () => {
    const outages = await publicClient().resources.outages();
    expect(Array.isArray(outages.perlmutter)).toBe(true);
    for (const outage of outages.perlmutter!) expect(Number.isNaN(Date.parse(String(outage.start_at)))).toBe(false);
  });

  it("4. the user without credentials is an error (cell 12)", async () => {
    const client = publicClient() as unknown as { user(): Promise<unknown> };
    await expect(client.user()).rejects.toThrow();
  });

  it("5. the key folder: clientid.txt and priv_key.jwk read, files owner-only (cells 15-16)", () => {
    expect(readFileSync(join(keyDir, "clientid.txt"), "utf8")).toMatch(/^[a-z0-9]{13}$/);
    expect(JSON.parse(readFileSync(join(keyDir, "priv_key.jwk"), "utf8"))).toMatchObject({ kty: "RSA" });
  });

  it("6. who the API thinks I am (cells 18-20)", async () => {
    const user = await authenticated().user();
    expect(user.name).toBe("mockuser");
    userName = user.name!;
    expect(JSON.parse(JSON.stringify(user))).toMatchObject({ name: "mockuser" });
  });

  it("7. projects with hours, groups and API clients (cells 22-23)", async () => {
    const user = await authenticated().user();
    const [projects, groups, clients] = await Promise.all([user.projects(), user.groups(), user.clients()]);
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      expect(typeof project.repo_name).toBe("string");
      expect(project.hours_given! - project.hours_used!).toBeGreaterThanOrEqual(0);
    }
    account = projects[0]!.repo_name!;
    expect(Array.isArray(groups)).toBe(true);
    expect(clients.length).toBeGreaterThan(0);
  });

  it("8. home and scratch from the user's name (cell 26)", () => {
    scratch = `/pscratch/sd/${userName[0]}/${userName}`;
    expect(scratch).toBe("/pscratch/sd/m/mockuser");
  });

  it("9. mkdir -p on the DTNs makes the demo folder, a directory (cell 28)", async () => {
    const dtns = authenticated().compute("dtns");
    await dtns.run(`mkdir -p ${scratch}/sfapi-demo`);
    const [outputDir] = (await dtns.ls(scratch)).filter((entry) => entry.name === "sfapi-demo");
    expect(outputDir?.isDirectory()).toBe(true);
  });

  it("9b. ls(path, { directory: true }) gives the folder itself (cell 28, as written)", async () => {
    const [outputDir] = await authenticated().compute("dtns").ls(`${scratch}/sfapi-demo`, { directory: true });
    expect(outputDir?.name).toBe("sfapi-demo");
    expect(outputDir?.isDirectory()).toBe(true);
  });

  it("10. upload hello.txt into the folder: 0 files, then 1 (cell 30)", async () => {
    const dtns = authenticated().compute("dtns");
    expect(await dtns.ls(`${scratch}/sfapi-demo`)).toHaveLength(0);
    const [inputFileDir] = (await dtns.ls(scratch)).filter((entry) => entry.name === "sfapi-demo");
    await inputFileDir!.upload("hello world!", { name: "hello.txt" });
    expect(await dtns.ls(`${scratch}/sfapi-demo`)).toHaveLength(1);
  });

  it("11. find the file with ls and download it (cell 32)", async () => {
    const [outFile] = await authenticated().compute("dtns").ls(`${scratch}/sfapi-demo/hello.txt`);
    expect(await outFile!.download()).toBe("hello world!");
  });

  it("12. upload again overwrites the file (cell 34)", async () => {
    const [inputFile] = await authenticated().compute("dtns").ls(`${scratch}/sfapi-demo/hello.txt`);
    await inputFile!.upload("\n\nHello from the API!\n\n");
    expect(await inputFile!.download()).toBe("\n\nHello from the API!\n\n");
  });

  it("13. squeue: no job of mine is running yet (cell 38)", async () => {
    const current = await authenticated().compute("perlmutter").jobs(undefined, { user: userName });
    expect(current.filter((job) => job.record?.state === "RUNNING")).toHaveLength(0);
  });

  it("14. submit the job script (cells 41-42)", async () => {
    const job = await authenticated().compute("perlmutter").submitJob(jobScript(AWK));
    expect(job.id).toMatch(/^\d+$/);
    jobId = job.id;
  });

  it("15. the job's state (cell 43)", async () => {
    const job = await authenticated().compute("perlmutter").job(jobId);
    expect(["PENDING", "RUNNING", "COMPLETED"]).toContain(await job.state());
  });

  it("16. complete() waits until it is done (cell 45)", async () => {
    const job = await authenticated().compute("perlmutter").job(jobId);
    const record = await job.complete();
    expect(record.state).toBe("COMPLETED");
  });

  it("17. the output file is there and holds N numbers (cells 47-49)", async () => {
    const [outputFile] = await authenticated()
      .compute("perlmutter")
      .ls(`${scratch}/sfapi-demo/sfapi-demo-${jobId}.out`);
    expect(outputFile?.isFile()).toBe(true);
    const numbers = (await outputFile!.download()).split("\n").slice(0, -1).map(Number);
    expect(numbers).toHaveLength(N);
    expect(numbers.every(Number.isFinite)).toBe(true);
    const mean = numbers.reduce((a, b) => a + b, 0) / N;
    expect(Math.abs(mean)).toBeLessThan(0.1);
  });

  it("18. the script as written: the mock has no Python, so the job FAILS and says why in its error file", async () => {
    const perlmutter = authenticated().compute("perlmutter");
    const job = await perlmutter.submitJob(jobScript(PYTHON));
    await expect(job.complete()).rejects.toThrow(/FAILED/);
    const error = await perlmutter.download(`${scratch}/sfapi-demo/sfapi-demo-${job.id}.error`);
    expect(error).toMatch(/python/);
  });
});
