/**
 * Requests per workflow step, ours against the official Python client (NERSC/sfapi_client at af5c03d). Ours are
 * measured: each step runs through the checked-in generated client against the local facility in-process, on one
 * virtual clock, and the requests the facility's log received during the step are counted. The official client cannot
 * run here (no Python, no httpx), so its counts are data (OFFICIAL below), read from its source, each citing the file
 * and function that sends them; steps that poll are counted on the same facility timeline as ours (a task takes
 * DELAY_MS, a job is PENDING then RUNNING for DELAY_MS each, a Globus transfer is ACTIVE for DELAY_MS) with the
 * official client's own intervals (1 s for tasks, `wait_interval` = 10 s for jobs and transfers).
 */
import { createClient } from "../../generated/index.js";
import { type Facility, startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";
import { testClient } from "../support/facility.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";

/** The facility's task delay: long enough that every poll interval here matters (1 s, 2 s, 10 s). */
export const DELAY_MS = 10_000;
const HOME = "/global/homes/m/mockuser";

/** What the official client sends for a step, and where in its source that is. */
interface OfficialCount {
  requests: number;
  /** file: function — what it sends (and, for a poll, the timeline that gives the count). */
  source: string;
}

/**
 * The official client's requests per step, from src/sfapi_client/ at af5c03d (`git show af5c03d:<file>`). Every
 * `client.get/post/put/delete` is one request unless a 429/502/503/504 or a network error retries it (none here).
 */
export const OFFICIAL: Record<string, OfficialCount> = {
  token: {
    requests: 1,
    source:
      "_async/client.py: AsyncClient._http_client — fetch_token() once when the OAuth2 session is made, then " +
      "ensure_active_token() (no request until the token nears expiry)",
  },
  compute: {
    requests: 1,
    source: "_async/client.py: AsyncClient.compute — GET status/{machine} to build the Compute object",
  },
  user: { requests: 1, source: "_async/users.py: AsyncUser._fetch_user — GET account/" },
  groups: {
    requests: 2,
    source:
      "_async/users.py: AsyncUser.groups — client._user() (GET account/, the first time per client: cached in " +
      "_client_user) to check it is the caller's own user, then GET account/groups",
  },
  projects: {
    requests: 1,
    source: "_async/users.py: AsyncUser.projects — GET account/projects (client._user() cached by then)",
  },
  roles: { requests: 1, source: "_async/users.py: AsyncUser.roles — GET account/roles (client._user() cached)" },
  clients: { requests: 1, source: "_async/users.py: AsyncUser.clients — GET account/clients" },
  group: { requests: 1, source: "_async/groups.py: AsyncGroup._fetch_group — GET account/groups/{name}" },
  groupAdd: { requests: 1, source: "_async/groups.py: AsyncGroup._group_action — PUT account/groups/{name}" },
  groupUpdate: { requests: 1, source: "_async/groups.py: AsyncGroup.update — _fetch_group, GET account/groups/{name}" },
  createGroup: { requests: 1, source: "_async/projects.py: AsyncProject.create_group — POST account/groups" },
  status: { requests: 1, source: "_async/client.py: AsyncResources.status — GET status or status/{name}" },
  notes: { requests: 1, source: "_async/client.py: AsyncResources.notes — GET status/notes[/{name}]" },
  outages: { requests: 1, source: "_async/client.py: AsyncResources.outages — GET status/outages[/{name}]" },
  plannedOutages: {
    requests: 1,
    source: "_async/client.py: AsyncResources.planned_outages — GET status/outages/planned[/{name}]",
  },
  machineOutages: {
    requests: 1,
    source: "_async/compute.py: AsyncCompute.outages — client.resources.outages(name): GET status/outages/{name}",
  },
  changelog: { requests: 1, source: "_async/client.py: AsyncApi.changelog — GET meta/changelog" },
  config: { requests: 1, source: "_async/client.py: AsyncApi.config — GET meta/config" },
  run: {
    requests: 12,
    source:
      "_async/compute.py: AsyncCompute.run — _run_task: POST utilities/command/{machine}; AsyncCommandTask._wait: " +
      "GET tasks/{id}, then sleep 1 s, until terminal: reads at 0, 1, ..., 10 s = 11",
  },
  runTask: { requests: 1, source: "_async/compute.py: AsyncCompute.run_task — POST utilities/command/{machine}" },
  taskUpdate: { requests: 1, source: "_async/compute.py: AsyncCommandTask.update — GET tasks/{id}" },
  taskCancel: { requests: 1, source: "_async/compute.py: AsyncCommandTask.cancel — DELETE tasks/{id}" },
  submitJob: {
    requests: 12,
    source:
      "_async/compute.py: AsyncCompute.submit_job — POST compute/jobs/{machine}; _wait_for_task: GET tasks/{id} " +
      "every 1 s until completed: reads at 0, 1, ..., 10 s = 11",
  },
  submitJobPath: {
    requests: 13,
    source:
      "_async/compute.py: AsyncCompute.submit_job with a path — self.ls(script) (GET utilities/ls/..., is_file() " +
      "reads the listing's perms), then as submitJob",
  },
  complete: {
    requests: 4,
    source:
      "_async/jobs.py: AsyncJob._wait_until — update() then sleep wait_interval (10 s) while not terminal; " +
      "AsyncJobSqueue._fetch_state: squeue through _monitor.fetch_jobs, and sacct when the queue no longer lists " +
      "the job. From the job's submission task done: squeue PENDING (0 s), RUNNING (10 s), then at 20 s squeue " +
      "empty + sacct COMPLETED = 4",
  },
  jobById: {
    requests: 1,
    source: "_async/compute.py: AsyncCompute.job — command sacct by default: one _monitor.fetch_jobs query",
  },
  jobUpdate: {
    requests: 1,
    source: "_async/jobs.py: AsyncJobSqueue._fetch_state — one squeue query while the job is queued",
  },
  cancel: { requests: 1, source: "_async/jobs.py: AsyncJob.cancel — DELETE compute/jobs/{machine}/{jobid}" },
  cancelWait: {
    requests: 3,
    source:
      "_async/jobs.py: AsyncJob.cancel(wait=True) — DELETE, then update() until CANCELLED: the job has left the " +
      "queue at once, so squeue (empty) + sacct = 3",
  },
  ls: {
    requests: 1,
    source: "_async/paths.py: AsyncRemotePath._ls — GET utilities/ls/{machine}/{path} (AsyncCompute.ls)",
  },
  download: {
    requests: 1,
    source:
      "_async/paths.py: AsyncRemotePath.download — is_dir() reads the listing's perms (no request), then GET " +
      "utilities/download/{machine}/{path}",
  },
  downloadByPath: {
    requests: 2,
    source:
      "_async/paths.py: no download by path on Compute: compute.ls(path) (1), then the entry's download() (1); " +
      "or a bare AsyncRemotePath(path), whose is_dir() runs update() (an ls) first: 2 either way",
  },
  upload: {
    requests: 1,
    source: "_async/paths.py: AsyncRemotePath.upload — is_dir() from the listing's perms, then PUT utilities/upload",
  },
  uploadNew: {
    requests: 3,
    source:
      "_async/paths.py: AsyncRemotePath.upload on a new file's path — is_dir() runs update(): ls of the file " +
      '("No such file or directory"), then self.parent.is_dir(): ls of the parent, then PUT utilities/upload',
  },
  openRead: {
    requests: 1,
    source:
      "_async/paths.py: AsyncRemotePath.open('r') — is_dir() (perms known), then download(): GET utilities/download",
  },
  openWrite: {
    requests: 1,
    source:
      "_async/paths.py: AsyncRemotePath.open('w') — is_dir() (perms known), a temporary file, then upload() on " +
      "exit: PUT utilities/upload",
  },
  globus: {
    requests: 1,
    source: "_async/storage.py: AsyncStorage.globus — GET status/globus to build the Globus object",
  },
  startTransfer: {
    requests: 2,
    source:
      "_async/storage.py: AsyncGlobusStorage.start_transfer — POST storage/globus/transfer, then GET " +
      "storage/globus/transfer/{id}",
  },
  transfer: {
    requests: 1,
    source: "_async/storage.py: AsyncGlobusStorage.transfer — GET storage/globus/transfer/{id}",
  },
  transferComplete: {
    requests: 2,
    source:
      "_async/storage.py: AsyncGlobusTransfer._wait_until — update() then sleep wait_interval (10 s) while not " +
      "terminal: ACTIVE at 0 s, SUCCEEDED at 10 s = 2",
  },
};

interface Step {
  key: keyof typeof OFFICIAL;
  label: string;
  ours: string;
}

/** The API requests (not token requests) the facility received, as `METHOD path status`. */
const apiLines = (facility: Facility, from: number) =>
  facility.requests
    .slice(from)
    .filter((r) => !r.path.endsWith("/token"))
    .map((r) => `${r.method} ${r.path.replace(/^\/api\/v1\.2/, "")} ${r.status}`);

export interface StepCount {
  key: string;
  label: string;
  ours: string;
  requests: number;
  lines: string[];
}

/** Run every step once against a fresh facility and count what it received. */
export async function countSteps(): Promise<{ steps: StepCount[]; tokens: number }> {
  const time = virtualTime();
  const facility = await startFacility({ levels: ["green", "yellow", "red"], taskDelayMs: DELAY_MS, now: time.now });
  try {
    const key = await testClient(facility, "red", { globus: true });
    const red = createClient({
      color: "red",
      clientId: key.clientId,
      privateKey: key.privateKeyPem,
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
      clock: time,
    });
    const steps: StepCount[] = [];
    const step = async <T>(s: Step, work: () => Promise<T>): Promise<T> => {
      const from = facility.requests.length;
      const out = await work();
      const lines = apiLines(facility, from);
      steps.push({ ...s, requests: lines.length, lines });
      return out;
    };
    const script = "#!/bin/bash\nsrun hostname\n";

    const perlmutter = await step(
      { key: "compute", label: "a machine", ours: 'client.compute("perlmutter")' },
      async () => red.compute("perlmutter"),
    );
    const user = await step({ key: "user", label: "your user", ours: "client.user()" }, () => red.user());
    await step({ key: "groups", label: "your groups (first call)", ours: "user.groups()" }, () => user.groups());
    const [project] = await step({ key: "projects", label: "your projects", ours: "user.projects()" }, () =>
      user.projects(),
    );
    await step({ key: "roles", label: "your roles", ours: "user.roles()" }, () => user.roles());
    await step({ key: "clients", label: "your API clients", ours: "user.clients()" }, () => user.clients());
    const group = await step({ key: "group", label: "a group", ours: 'client.group("m1234")' }, () =>
      red.group("m1234"),
    );
    await step({ key: "groupAdd", label: "add members", ours: 'group.add(["alice"])' }, () => group.add(["alice"]));
    await step({ key: "groupUpdate", label: "read the group again", ours: "group.update()" }, () => group.update());
    await step({ key: "createGroup", label: "create a group", ours: 'project.createGroup("bench")' }, () =>
      project!.createGroup("bench"),
    );
    await step({ key: "status", label: "status of every resource", ours: "client.resources.status()" }, () =>
      red.resources.status(),
    );
    await step({ key: "notes", label: "notes of one resource", ours: 'client.resources.notes("perlmutter")' }, () =>
      red.resources.notes("perlmutter"),
    );
    await step({ key: "outages", label: "outages of every resource", ours: "client.resources.outages()" }, () =>
      red.resources.outages(),
    );
    await step(
      { key: "plannedOutages", label: "planned outages", ours: 'client.resources.plannedOutages("perlmutter")' },
      () => red.resources.plannedOutages("perlmutter"),
    );
    await step({ key: "machineOutages", label: "a machine's outages", ours: "perlmutter.outages()" }, () =>
      perlmutter.outages(),
    );
    await step({ key: "changelog", label: "the API's changelog", ours: "client.api.changelog()" }, () =>
      red.api.changelog(),
    );
    await step({ key: "config", label: "the API's configuration", ours: "client.api.config()" }, () =>
      red.api.config(),
    );
    await step({ key: "run", label: "run a command (10 s task)", ours: 'perlmutter.run("hostname")' }, () =>
      perlmutter.run("hostname"),
    );
    const task = await step({ key: "runTask", label: "start a command", ours: 'perlmutter.runTask("sleep 60")' }, () =>
      perlmutter.runTask("sleep 60"),
    );
    await step({ key: "taskUpdate", label: "read its task", ours: "task.update()" }, () => task.update());
    await step({ key: "taskCancel", label: "cancel its task", ours: "task.cancel()" }, () => task.cancel());
    const job = await step(
      { key: "submitJob", label: "submit a job (script text; 10 s task)", ours: "perlmutter.submitJob(script)" },
      () => perlmutter.submitJob(script),
    );
    await step({ key: "jobUpdate", label: "read a queued job", ours: "job.update()" }, () => job.update());
    await step(
      { key: "complete", label: "wait for the job (pending 10 s, running 10 s)", ours: "job.complete()" },
      () => job.complete(),
    );
    await step({ key: "jobById", label: "a finished job by id", ours: "perlmutter.job(id)" }, () =>
      perlmutter.job(job.id),
    );
    const queued = await perlmutter.submitJob(script);
    await step({ key: "cancel", label: "cancel a job", ours: "job.cancel()" }, () => queued.cancel());
    const other = await perlmutter.submitJob(script);
    await step({ key: "cancelWait", label: "cancel a job and wait", ours: "job.cancel({ wait: true })" }, () =>
      other.cancel({ wait: true }),
    );
    await step({ key: "uploadNew", label: "upload a new file by path", ours: "perlmutter.upload(path, data)" }, () =>
      perlmutter.upload(`${HOME}/bench/run.sh`, script),
    );
    await step(
      { key: "submitJobPath", label: "submit a job (script path; 10 s task)", ours: "perlmutter.submitJob({ path })" },
      () => perlmutter.submitJob({ path: `${HOME}/bench/run.sh` }),
    );
    const [entry] = await step({ key: "ls", label: "list a path", ours: "perlmutter.ls(path)" }, () =>
      perlmutter.ls(`${HOME}/bench/run.sh`),
    );
    await step({ key: "download", label: "download a listed file", ours: "entry.download()" }, () => entry!.download());
    await step({ key: "downloadByPath", label: "download a file by path", ours: "perlmutter.download(path)" }, () =>
      perlmutter.download(`${HOME}/bench/run.sh`),
    );
    await step({ key: "upload", label: "upload to a listed file", ours: "entry.upload(data)" }, () =>
      entry!.upload(script),
    );
    await step({ key: "openRead", label: "open a listed file, read", ours: 'entry.open("r")' }, async () =>
      (await entry!.open("r")).read(),
    );
    await step({ key: "openWrite", label: "open a listed file, write, close", ours: 'entry.open("w")' }, async () => {
      const file = await entry!.open("w");
      file.write(script);
      return file.close();
    });
    await step({ key: "globus", label: "the Globus object", ours: "client.globus" }, async () => red.globus);
    const transfer = await step(
      { key: "startTransfer", label: "start a Globus transfer", ours: "client.globus.startTransfer({...})" },
      () =>
        red.globus.startTransfer({
          sourceMachine: "perlmutter",
          targetMachine: "dtns",
          sourceDir: `${HOME}/bench`,
          targetDir: "/global/cfs/cdirs/m0000/bench",
        }),
    );
    await step({ key: "transferComplete", label: "wait for it (active 10 s)", ours: "transfer.complete()" }, () =>
      transfer.complete(),
    );
    await step({ key: "transfer", label: "a transfer by id", ours: "client.globus.transfer(id)" }, () =>
      red.globus.transfer(transfer.id),
    );
    const tokens = facility.requests.filter((r) => r.path.endsWith("/token")).length;
    return { steps, tokens };
  } finally {
    await facility.close();
  }
}

export async function benchRequests(log: (line: string) => void): Promise<Section> {
  log("requests: every workflow step against the local facility, on a virtual clock");
  const { steps, tokens } = await countSteps();
  const row = (label: string, ours: number, official: number, oursCode: string): Row => ({
    figure: `${label}: ${oursCode}`,
    ours: String(ours),
    peers: [String(official)],
    ratio: official === 0 ? "" : `${(ours / official).toFixed(2)}x`,
    target: "≤ official",
    verdict: verdict(ours <= official),
  });
  const rows: Row[] = [row("token (whole run, one client)", tokens, OFFICIAL.token!.requests, "createClient(...)")];
  for (const s of steps) rows.push(row(s.label, s.requests, OFFICIAL[s.key]!.requests, s.ours));
  const more = steps.filter((s) => s.requests > OFFICIAL[s.key]!.requests);
  const notes = [
    `The local facility in-process (\`startFacility\`, task delay ${DELAY_MS / 1000} s) on one virtual clock with a red client (the checked-in generated/ client, default intervals: tasks 2 s, jobs and transfers 10 s); the steps run in the order listed, each counted from the facility's request log (API requests; token requests in the first row). The official client's column is data in test/bench/requests.ts, each count citing the file and function of NERSC/sfapi_client (af5c03d) that sends it, polls counted on the same timeline with its intervals (tasks 1 s, jobs and transfers \`wait_interval\` 10 s).`,
    `Where ours sends fewer: \`client.compute()\` and \`client.globus\` are made without a request (the official client reads \`status/{machine}\` and \`status/globus\` first); task waits poll every 2 s, not 1 s; \`user.groups()\` does not re-read the user to check it is the caller's; a file is downloaded or uploaded by path without an \`ls\` first.`,
    more.length === 0
      ? "No step sends more requests than the official client."
      : `More than the official client: ${more.map((s) => `${s.label} (${s.requests} against ${OFFICIAL[s.key]!.requests}: ${s.lines.join(", ")})`).join("; ")}.`,
  ];
  return {
    title: "Requests per workflow step",
    peerColumns: ["official Python client (from its source)"],
    rows,
    notes,
  };
}
