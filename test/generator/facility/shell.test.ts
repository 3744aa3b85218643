/**
 * The facility's shell (generator/facility/shell.ts): commands and job scripts run in just-bash over the machine's file
 * tree, as the account that sent them, with the tree's permissions; nothing of the host is reachable and a runaway loop
 * is stopped. Jobs run their script when they start and write their output file. The clock is moved; nothing waits.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OptionError } from "../../../generator/errors.js";
import { FileTree } from "../../../generator/facility/files.js";
import { loadShell } from "../../../generator/facility/shell.js";
import { api, form, testClient, useFacility } from "../../support/facility.js";

const DELAY_MS = 2_000;
const fixture = useFacility({ taskDelayMs: DELAY_MS, shell: true });
const HOME = "/global/homes/m/mockuser";
const SCRATCH = "/pscratch/sd/m/mockuser";
const tokens = { mockuser: "", alice: "" };
type Who = keyof typeof tokens;

beforeAll(async () => {
  const top = fixture.facility.ladder.at(-1)!;
  tokens.mockuser = await fixture.token(await testClient(fixture.facility, top));
  tokens.alice = await fixture.token(await testClient(fixture.facility, top, { user: "alice" }));
});

const call = async (path: string, init: RequestInit = {}, who: Who = "mockuser") => {
  const { status, body } = await api(fixture.facility, path, { ...init, token: tokens[who] });
  expect(status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};

/** Run `executable` through the command endpoint; the task's status and its result. */
async function run(executable: string, who: Who = "mockuser", machine = "perlmutter") {
  const { task_id } = await call(`/utilities/command/${machine}`, form({ executable }), who);
  fixture.clock.advance(DELAY_MS);
  const task = await call(`/tasks/${task_id}`, {}, who);
  return { task: task.status as string, ...JSON.parse(task.result) };
}

const names = async (path: string, who: Who = "mockuser") =>
  (await call(`/utilities/ls/perlmutter/${path}`, {}, who)).entries.map((e: { name: string }) => e.name);
const download = async (path: string, who: Who = "mockuser") => call(`/utilities/download/perlmutter/${path}`, {}, who);

describe("commands run in a shell", () => {
  it("mkdir -p, a heredoc and a pipe act on the machine's file tree, as the API then shows it", async () => {
    expect(fixture.facility.shell).toBe(true);
    const outcome = await run(`mkdir -p $SCRATCH/demo/empty && cat > $SCRATCH/demo/f.txt << EOF
hello
world
EOF
cat $SCRATCH/demo/f.txt | wc -l`);
    expect(outcome).toEqual({ task: "completed", status: "ok", output: "2\n", error: null, exit_code: 0 });
    expect(await names(`${SCRATCH}/demo`)).toEqual([".", "..", "empty", "f.txt"]);
    expect((await download(`${SCRATCH}/demo/f.txt`)).file).toBe("hello\nworld\n");
    // What the API uploads, the shell reads.
    const body = new FormData();
    body.append("file", new Blob(["from the API\n"]), "f");
    await call(`/utilities/upload/perlmutter/${HOME}/up.txt`, { method: "PUT", body });
    expect((await run("cat up.txt; pwd; whoami; hostname")).output).toBe(`from the API\n${HOME}\nmockuser\nlogin01\n`);
  });

  it("keeps accounts apart: another account's home can be neither read nor written", async () => {
    expect((await run("echo mine > secret.txt; cat secret.txt", "alice")).output).toBe("mine\n");
    // just-bash's cat and ls say "No such file or directory" for what they may not read; the content stays unread.
    const read = await run("cat /global/homes/a/alice/secret.txt");
    expect(read).toMatchObject({ status: "error", exit_code: 1, output: "" });
    expect((await run("wc -c < /global/homes/a/alice/secret.txt")).output).toBe("");
    const write = await run("echo x > /global/homes/a/alice/planted.txt");
    expect(write).toMatchObject({ status: "error", exit_code: 1, error: expect.stringContaining("Permission denied") });
    const listed = await run("ls /global/homes/a/alice");
    expect(listed).toMatchObject({ status: "error", output: "" });
    expect(await names("/global/homes/a/alice", "alice")).toEqual([".", "..", "secret.txt"]);
  });

  it("reaches nothing of the host: its files, the network, node or python", async () => {
    const passwd = await run("cat /etc/passwd");
    expect(passwd).toMatchObject({ exit_code: 1, error: expect.stringContaining("No such file or directory") });
    expect((await run("ls /")).output).toBe("global\npscratch\n");
    const origin = new URL(fixture.facility.baseUrl).origin;
    for (const command of [`curl -s ${origin}/`, "wget http://example.org/", "node -e 'process.exit(0)'"]) {
      expect(await run(command), command).toMatchObject({ status: "error", exit_code: 127 });
    }
    for (const command of ["python -c 'print(1)'", "python3 -c 'print(1)'"]) {
      const outcome = await run(command);
      expect(outcome, command).toMatchObject({ status: "error", output: "", exit_code: 127 });
      expect(outcome.error, command).toContain("runs no Python");
    }
  });

  it("stops a runaway loop at a limit and answers a failed command naming it", async () => {
    const outcome = await run("while true; do :; done");
    expect(outcome).toMatchObject({ task: "completed", status: "error", error: expect.stringMatching(/too many/) });
    expect(outcome.exit_code).not.toBe(0);
    // The facility is still answering.
    expect((await run("echo still here")).output).toBe("still here\n");
  });

  it("keeps the documented failure shapes: false, exit N and sfapi-mock task-failed", async () => {
    expect(await run("false")).toMatchObject({ task: "completed", status: "error", exit_code: 1 });
    expect(await run("exit 7")).toMatchObject({ status: "error", exit_code: 7 });
    expect(await run("true")).toEqual({ task: "completed", status: "ok", output: "", error: null, exit_code: 0 });
    expect(await run("sfapi-mock task-failed")).toMatchObject({ task: "failed", status: "error" });
  });
});

describe("jobs run their scripts", () => {
  it("sbatch from the command endpoint queues a job whose output lands in slurm-<id>.out", async () => {
    const outcome = await run(`mkdir -p $SCRATCH/batch && cd $SCRATCH/batch && sbatch << EOF
#!/bin/bash
#SBATCH -J from-shell
echo "job \\$SLURM_JOB_ID on \\$(hostname) in \\$(pwd)"
srun -n 2 --exclusive hostname
EOF`);
    expect(outcome).toMatchObject({ status: "ok", output: expect.stringMatching(/^Submitted batch job \d{8}\n$/) });
    const jobid = /(\d{8})/.exec(outcome.output)![1]!;
    // The command's task took one delay: the job has started, and ran its script when it was first seen running.
    expect((await run("squeue")).output).toContain(`${jobid} regular_milan_ss11 from-shell mockuser R`);
    expect((await download(`${SCRATCH}/batch/slurm-${jobid}.out`)).file).toBe(
      `job ${jobid} on nid001001 in ${SCRATCH}/batch\nnid001001\n`,
    );
    expect((await run(`sacct -j ${jobid}`)).output).toContain(`${jobid} from-shell`);
    expect((await run(`sacct -j ${jobid}`)).output).toContain("COMPLETED 0:0");
  });

  it("a submitted script writes to --output (%j) and --error in its --chdir; a failing one ends FAILED", async () => {
    const script = `#!/bin/bash
#SBATCH --chdir=${SCRATCH}/out
#SBATCH --output=${SCRATCH}/out/run-%j.out
#SBATCH --error=${SCRATCH}/out/run-%j.error
module load python
pwd
echo oops >&2
exit 3
`;
    await run(`mkdir -p ${SCRATCH}/out`);
    const { task_id } = await call("/compute/jobs/perlmutter", form({ job: script, isPath: "false" }));
    fixture.clock.advance(DELAY_MS);
    const { jobid } = JSON.parse((await call(`/tasks/${task_id}`)).result);
    fixture.clock.advance(2 * DELAY_MS);
    const row = (await call(`/compute/jobs/perlmutter/${jobid}?sacct=true`)).output[0];
    expect(row).toMatchObject({ state: "FAILED", exitcode: "3:0", workdir: `${SCRATCH}/out` });
    expect((await download(`${SCRATCH}/out/run-${jobid}.out`)).file).toBe(`${SCRATCH}/out\n`);
    expect((await download(`${SCRATCH}/out/run-${jobid}.error`)).file).toBe("oops\n");
  });

  it("a job cancelled before it starts never runs; scancel from the shell cancels", async () => {
    const job = `#!/bin/bash\necho ran > ${HOME}/should-not-exist.txt\n`;
    const { task_id } = await call("/compute/jobs/perlmutter", form({ job, isPath: "false" }));
    fixture.clock.advance(DELAY_MS);
    const { jobid } = JSON.parse((await call(`/tasks/${task_id}`)).result);
    expect(await run(`scancel ${jobid}`)).toMatchObject({ status: "ok", exit_code: 0 });
    fixture.clock.advance(3 * DELAY_MS);
    expect((await run(`sacct -j ${jobid}`)).output).toMatch(/CANCELLED/);
    expect(await names(HOME)).not.toContain("should-not-exist.txt");
    expect(await names(HOME)).not.toContain(`slurm-${jobid}.out`);
  });

  it("a job's script has its account's rights: writing another account's home fails the job", async () => {
    const outcome = await run(`sbatch << EOF
#!/bin/bash
echo planted > /global/homes/a/alice/from-a-job.txt
EOF`);
    const jobid = /(\d{8})/.exec(outcome.output)![1]!;
    fixture.clock.advance(2 * DELAY_MS);
    const row = (await call(`/compute/jobs/perlmutter/${jobid}?sacct=true`)).output[0];
    expect(row.state).toBe("FAILED");
    expect((await download(`${HOME}/slurm-${jobid}.out`)).file).toMatch(/Permission denied/);
    expect(await names("/global/homes/a/alice", "alice")).not.toContain("from-a-job.txt");
  });
});

describe("without the shell's package", () => {
  it("refuses with one message naming the package and how to install it", async () => {
    const jobs = { submit: () => ({ error: "" }), rows: () => [], cancelNow: () => undefined };
    const missing = loadShell(new FileTree(() => 0), jobs, "sfapi-gen-no-such-shell");
    await expect(missing).rejects.toThrow(OptionError);
    await expect(missing).rejects.toThrow(
      "needs the optional package sfapi-gen-no-such-shell, which is not installed (npm install sfapi-gen-no-such-shell)",
    );
  });
});
