// A red workflow on Perlmutter: run a command, submit a job and wait for it, see a failed job fail, list a folder.
// `node dist/main.js <key file>`: a key file of the facility's, or mock-clients/red.json from `npm run mock` (it holds
// the mock's URLs too, so the same code runs against the local facility).
import { createClient, JobError } from "./sfapi/index.js";

const keyFile = process.argv[2] ?? "~/.superfacility/red.json";
const folder = process.env["SFAPI_FOLDER"] ?? "/global/homes/m/mockuser"; // the mock user's home; yours at NERSC
const interval = Number(process.env["SFAPI_POLL_MS"] ?? 10_000); // between polls; the official client's 10 s

const red = createClient({ color: "red", keyFile });
const perlmutter = red.compute("perlmutter");

// A command: its output, or a CommandError carrying the exit code and stderr.
const host = await perlmutter.run("hostname", { interval });

// A job: submitJob resolves once sbatch accepted it; complete() resolves with the final record when it COMPLETED.
const job = await perlmutter.submitJob("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 5\nsrun hostname\n", { interval });
const done = await job.complete({ interval, timeout: 30 * 60_000 });

// A job that fails (on the mock, the #SFAPI-MOCK line picks its end; at NERSC, `exit 1` does): a JobError, not a state.
const failing = await perlmutter.submitJob("#!/bin/bash\n#SFAPI-MOCK state=FAILED\nexit 1\n", { interval });
const failed = await failing.complete({ interval }).then(
  (record) => `unexpected: ${record.state}`,
  (error: unknown) => (JobError.is(error) ? `${error.reason}: ${error.state}` : String(error)),
);

// Files: typed directory entries (without . and ..).
const entries = await perlmutter.ls(folder);

console.log(JSON.stringify({ host, job: { id: job.id, state: done.state }, failed, entries: entries.length }));
