/**
 * The facility driven by a client written to the official Python client's wire (NERSC/sfapi_client, read from its
 * source, not copied): its key-file loader (mode 0600, 13-character client ID, `.pem` or `{client_id, secret}` JSON),
 * authlib's PrivateKeyJWT assertion and client-credentials form, `Authorization: Bearer <token>`, its form and
 * multipart bodies, the query its job monitor sends, and its pydantic models' reading of every answer (required
 * fields, enums, Optional). Then the same outcomes through our generated client, which sends the bare token.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import type { JWK } from "jose";
import { importJWK, importPKCS8, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, waitForTask } from "../../../generated/index.js";
import type { Facility } from "../../../generator/facility/index.js";
import { startFacility, writeClientFiles } from "../../../generator/facility/index.js";
import { sharedKeyClient } from "../../support/facility.js";
import { tempDir } from "../../support/project.js";

/** A field of a pydantic model: its type, whether it must be present (`Field(...)`), whether None is allowed. */
type FieldSpec = {
  type: "str" | "int" | "float" | "bool" | "list" | "dict" | readonly string[];
  required?: boolean;
  optional?: boolean;
};
type ModelSpec = Record<string, FieldSpec>;

class ValidationError extends Error {}
class SfApiError extends Error {}

/** pydantic's model_validate, for the types these models use: missing required fields, wrong types, enum values. */
function validate(model: string, spec: ModelSpec, value: unknown): Record<string, any> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ValidationError(`${model}: not an object: ${JSON.stringify(value)}`);
  const record = value as Record<string, unknown>;
  for (const [name, field] of Object.entries(spec)) {
    if (!(name in record)) {
      if (field.required) throw new ValidationError(`${model}.${name}: Field required`);
      continue;
    }
    const v = record[name];
    if (v === null) {
      if (!field.optional) throw new ValidationError(`${model}.${name}: None is not allowed`);
      continue;
    }
    const ok = Array.isArray(field.type)
      ? field.type.includes(v as string)
      : {
          str: typeof v === "string",
          int: Number.isInteger(v),
          float: typeof v === "number",
          bool: typeof v === "boolean",
          list: Array.isArray(v),
          dict: typeof v === "object" && !Array.isArray(v),
        }[field.type as string];
    if (!ok) throw new ValidationError(`${model}.${name}: ${JSON.stringify(v)} is not ${JSON.stringify(field.type)}`);
  }
  return record;
}

// The models, as the official client's _models/__init__.py and _compute.py declare them.
const STATUS = ["OK", "ERROR"] as const;
const str = (o: Partial<FieldSpec> = {}): FieldSpec => ({ type: "str", ...o });
const M = {
  Token: { access_token: str({ required: true }), token_type: str({ required: true }), expires_in: { type: "int" } },
  Status: {
    name: str({ required: true }),
    status: { type: ["active", "unavailable", "degraded", "other"], required: true },
  },
  CommandOutput: {
    task_id: str({ required: true }),
    status: { type: STATUS, required: true },
    error: str({ optional: true }),
  },
  // _compute.py: `error: Optional[str]` without a default is required in pydantic v2.
  SubmitJobResponse: {
    task_id: str({ required: true }),
    status: { type: STATUS, required: true },
    error: str({ required: true, optional: true }),
  },
  Task: {
    id: str({ required: true }),
    status: { type: ["new", "completed", "cancelled", "failed"], required: true, optional: true },
    result: str({ required: true, optional: true }),
  },
  CommandTaskResult: {
    status: str({ optional: true }),
    output: str({ optional: true }),
    error: str({ optional: true }),
    exit_code: { type: "int", optional: true },
  },
  JobStateResponse: { status: str({ optional: true }), output: { type: "list", optional: true } },
  DirectoryOutput: {
    status: { type: STATUS, required: true },
    entries: { type: "list", required: true },
    error: str({ optional: true }),
    file: str({ optional: true }),
    is_binary: { type: "bool", optional: true },
  },
  DirectoryEntry: {
    perms: str({ optional: true }),
    size: { type: "float", optional: true },
    name: str({ optional: true }),
  },
  UploadResult: {
    status: { type: STATUS, required: true },
    output: str({ optional: true }),
    error: str({ optional: true }),
  },
  FileDownload: {
    status: { type: STATUS, required: true },
    file: str({ optional: true }),
    is_binary: { type: "bool", optional: true },
    error: str({ optional: true }),
  },
  // _models/__init__.py: GroupStats { gid, name, users: Optional[List[UserStats { uid, name }]] }.
  GroupStats: {
    gid: { type: "int", required: true },
    name: str({ required: true }),
    users: { type: "list", optional: true },
  },
  UserStats: { uid: { type: "int", required: true }, name: str({ required: true }) },
  GlobusTransfer: {
    transfer_id: str({ required: true }),
    status: { type: STATUS, required: true },
    reason: str({ required: true, optional: true }),
  },
  GlobusTransferResult: {
    status: { type: STATUS, required: true },
    reason: str({ required: true, optional: true }),
    globus_status: { type: ["ACTIVE", "SUCCEEDED", "FAILED", "CANCELED"], optional: true },
    bytes_transferred: { type: "int", optional: true },
  },
} satisfies Record<string, ModelSpec>;

/** _jobs.py's TERMINAL_STATES: what `job.complete()` waits for. */
const TERMINAL_STATES = ["CANCELLED", "COMPLETED", "PREEMPTED", "OUT_OF_MEMORY", "FAILED", "TIMEOUT"];

/** The official client's AsyncClient, as far as these calls go, with `tick` standing in for its sleeps. */
class OfficialClient {
  #token: string | undefined;
  private constructor(
    private readonly clientId: string,
    private readonly secret: string | JWK,
    private readonly baseUrl: string,
    private readonly tokenUrl: string,
    private readonly tick: () => void,
  ) {}

  /**
   * `_read_client_secret_from_file`: mode exactly 0o100600; `.json` holds `{client_id, secret}`; else line 1 is the ID.
   */
  static fromKeyFile(path: string, baseUrl: string, tokenUrl: string, tick: () => void): OfficialClient {
    if (statSync(path).mode !== 0o100600)
      throw new Error(`Incorrect permissions on the key. To fix run: chmod 600 ${path}`);
    const text = readFileSync(path, "utf8");
    let clientId: string;
    let secret: string | JWK;
    if (extname(path) === ".json") {
      const key = JSON.parse(text);
      [clientId, secret] = [key.client_id, key.secret];
    } else {
      secret = text;
      clientId = text.split("\n")[0]!;
    }
    clientId = clientId.replace(/^ +| +$/g, "");
    if (clientId.length !== 13) throw new Error(`client_id not found in file ${path}`);
    return new OfficialClient(clientId, secret, baseUrl, tokenUrl, tick);
  }

  /** authlib's PrivateKeyJWT: RS256, typ JWT, iss = sub = client ID, aud = token URL, iat, exp an hour on, a jti. */
  async fetchToken(): Promise<void> {
    const key =
      typeof this.secret === "string"
        ? await importPKCS8(
            /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(this.secret)![0],
            "RS256",
          )
        : await importJWK(this.secret, "RS256");
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ jti: randomBytes(18).toString("base64url") })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(this.clientId)
      .setSubject(this.clientId)
      .setAudience(this.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const response = await fetch(this.tokenUrl, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: this.clientId,
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: assertion,
      }),
    });
    if (response.status !== 200) throw new Error(`token endpoint: ${response.status} ${await response.text()}`);
    const token = validate("OAuth2Token", M.Token, await response.json());
    expect(token.token_type.toLowerCase()).toBe("bearer");
    this.#token = token.access_token;
  }

  /**
   * httpx with authlib's auth: `Authorization: Bearer <token>`, `accept: application/json`; raise_for_status on
   * 4xx/5xx.
   */
  async request(
    method: string,
    path: string,
    init: { params?: [string, string][]; data?: Record<string, string>; files?: FormData } = {},
  ) {
    if (!this.#token) await this.fetchToken();
    const query = init.params ? `?${new URLSearchParams(init.params)}` : "";
    const response = await fetch(`${this.baseUrl}/${path}${query}`, {
      method,
      headers: { authorization: `Bearer ${this.#token}`, accept: "application/json" },
      body: init.files ?? (init.data ? new URLSearchParams(init.data) : undefined),
    });
    if (response.status >= 400)
      throw new Error(`HTTP ${response.status} for ${method} ${path}: ${await response.text()}`);
    return response.json();
  }

  async status(name: string) {
    return validate("Status", M.Status, await this.request("GET", `status/${name}`));
  }

  /** AsyncCompute._run_task + AsyncCommandTask._wait; `run` raises on `result.error`. */
  async runTask(machine: string, executable: string) {
    const started = validate(
      "CommandOutput",
      M.CommandOutput,
      await this.request("POST", `utilities/command/${machine}`, { data: { executable } }),
    );
    if (started.status === "ERROR") throw new SfApiError(started.error);
    return this.waitForTask(started.task_id);
  }

  async run(machine: string, executable: string): Promise<string> {
    const { result } = await this.runTask(machine, executable);
    if (result?.error) throw new SfApiError(result.error);
    return result!.output;
  }

  async waitForTask(id: string): Promise<{ status: string; result: Record<string, any> | null }> {
    for (;;) {
      const task = validate("Task", M.Task, await this.request("GET", `tasks/${id}`));
      const status = String(task.status).toUpperCase();
      const result =
        task.result === null ? null : validate("CommandTaskResult", M.CommandTaskResult, JSON.parse(task.result));
      if (["COMPLETED", "CANCELLED", "FAILED"].includes(status)) return { status, result };
      this.tick();
    }
  }

  /** AsyncCompute.submit_job with a script (`#!` and a newline: isPath false). */
  async submitJob(machine: string, script: string): Promise<string> {
    const answer = validate(
      "SubmitJobResponse",
      M.SubmitJobResponse,
      await this.request("POST", `compute/jobs/${machine}`, { data: { job: script, isPath: "False" } }),
    );
    if (answer.status === "ERROR") throw new SfApiError(answer.error);
    const { status, result } = await this.waitForTask(answer.task_id);
    if (status === "FAILED") throw new SfApiError(JSON.stringify(result));
    if (result?.status === "error") throw new SfApiError(result.error);
    if (result?.jobid == null) throw new SfApiError(`Unable to extract jobid if for task: ${answer.task_id}`);
    return result.jobid;
  }

  /** _fetch_raw_state: `sacct`, `cached=False`, `kwargs=jobid=1,2`; Python's requests-style booleans. */
  async jobStates(machine: string, jobids: readonly string[], sacct: boolean) {
    const params: [string, string][] = [
      ["sacct", sacct ? "True" : "False"],
      ["cached", "False"],
      ["kwargs", `jobid=${jobids.join(",")}`],
    ];
    const answer = validate(
      "JobStateResponse",
      M.JobStateResponse,
      await this.request("GET", `compute/jobs/${machine}`, { params }),
    );
    // The state validator: "CANCELLED by 123" reads CANCELLED.
    return (answer.output as Record<string, string>[]).map((row) => ({
      ...row,
      state: row.state?.startsWith("CANCELLED by") ? "CANCELLED" : row.state,
    }));
  }

  /** AsyncJobSqueue.complete(): squeue until the job leaves the queue, then its sacct state; until a terminal one. */
  async complete(machine: string, jobid: string): Promise<string> {
    for (;;) {
      let rows = await this.jobStates(machine, [jobid], false);
      if (rows.length === 0) rows = await this.jobStates(machine, [jobid], true);
      if (rows.length !== 1) throw new SfApiError(`Job not found: ${jobid}`);
      if (TERMINAL_STATES.includes(rows[0]!.state!)) return rows[0]!.state!;
      this.tick();
    }
  }

  /** AsyncRemotePath._ls: the path goes raw into the URL (`ls/perlmutter//global/...`). */
  async ls(machine: string, path: string) {
    const answer = validate(
      "DirectoryOutput",
      M.DirectoryOutput,
      await this.request("GET", `utilities/ls/${machine}/${path}`),
    );
    if (answer.status === "ERROR") throw new SfApiError(answer.error);
    return (answer.entries as unknown[]).map((e) => validate("DirectoryEntry", M.DirectoryEntry, e));
  }

  /**
   * AsyncRemotePath.upload to a new file: is_dir() fails with "No such file or directory", the parent must be a dir.
   */
  async upload(machine: string, path: string, content: string) {
    try {
      await this.ls(machine, path);
    } catch (error) {
      if (!(error instanceof SfApiError) || !error.message.includes("No such file or directory")) throw error;
      const parent = await this.ls(machine, path.slice(0, path.lastIndexOf("/")));
      if (parent.find((e) => e.name === ".")?.perms?.[0] !== "d") throw error;
    }
    const files = new FormData();
    files.append("file", new Blob([content]), path.split("/").pop());
    const answer = validate(
      "UploadResult",
      M.UploadResult,
      await this.request("PUT", `utilities/upload/${machine}/${path}`, { files }),
    );
    if (answer.status === "ERROR") throw new SfApiError(answer.error);
  }

  async download(machine: string, path: string): Promise<string> {
    const answer = validate(
      "FileDownload",
      M.FileDownload,
      await this.request("GET", `utilities/download/${machine}/${path}`, { params: [["binary", "False"]] }),
    );
    if (answer.status === "ERROR") throw new SfApiError(answer.error);
    return answer.file;
  }

  /** AsyncGroup: `_fetch_group` (GET account/groups/{name}), then `_group_action` (PUT with the usernames). */
  async groupMembers(name: string, action?: "batch_add" | "batch_remove", users: string[] = []): Promise<string[]> {
    const group = validate(
      "GroupStats",
      M.GroupStats,
      action
        ? await this.request("PUT", `account/groups/${name}`, {
            data: { group: name, action, usernames: users.join(",") },
          })
        : await this.request("GET", `account/groups/${name}`),
    );
    return (group.users as unknown[]).map((u) => validate("UserStats", M.UserStats, u).name as string);
  }

  async globus(label: string) {
    const data = { source_uuid: "src", target_uuid: "dst", source_dir: "/a", target_dir: "/b", label };
    const started = validate(
      "GlobusTransfer",
      M.GlobusTransfer,
      await this.request("POST", "storage/globus/transfer", { data }),
    );
    for (;;) {
      const t = validate(
        "GlobusTransferResult",
        M.GlobusTransferResult,
        await this.request("GET", `storage/globus/transfer/${started.transfer_id}`),
      );
      if (t.globus_status !== "ACTIVE") return t.globus_status as string;
      this.tick();
    }
  }
}

// The facility's clock, moved by the client's "sleeps", so nothing waits.
let clockMs = Math.floor(Date.now() / 1000) * 1000;
const tick = () => {
  clockMs += 1000;
};
let facility: Facility;
let dir: string;

beforeAll(async () => {
  facility = await startFacility({ taskDelayMs: 2000, now: () => clockMs });
  dir = tempDir("official-");
  await writeClientFiles(dir, sharedKeyClient(facility, "red", { globus: true }), facility);
});
afterAll(() => facility?.close());

describe("the official client's wire", () => {
  for (const keyFile of ["red.pem", "red.json"]) {
    it(`loads ${keyFile}, gets a token with authlib's assertion and calls with Bearer`, async () => {
      const client = OfficialClient.fromKeyFile(join(dir, keyFile), facility.baseUrl, facility.tokenUrl, tick);
      expect((await client.status("perlmutter")).status).toBe("active");
      expect(await client.run("perlmutter", "echo hello world")).toBe("hello world\n");
    });
  }

  it("a failing command raises with its error; a failed task ends FAILED", async () => {
    const client = OfficialClient.fromKeyFile(join(dir, "red.pem"), facility.baseUrl, facility.tokenUrl, tick);
    await expect(client.run("perlmutter", "false")).rejects.toThrow(/exited with status 1/);
    expect((await client.runTask("perlmutter", "exit 7")).result).toMatchObject({ status: "error", exit_code: 7 });
    expect((await client.runTask("perlmutter", "sfapi-mock task-failed")).status).toBe("FAILED");
  });

  it("submits jobs and waits for every terminal state it knows, through its batched squeue/sacct queries", async () => {
    const client = OfficialClient.fromKeyFile(join(dir, "red.json"), facility.baseUrl, facility.tokenUrl, tick);
    for (const state of TERMINAL_STATES) {
      const jobid = await client.submitJob("perlmutter", `#!/bin/bash\n#SFAPI-MOCK state=${state}\nsrun hostname\n`);
      expect(await client.complete("perlmutter", jobid)).toBe(state);
    }
    await expect(client.submitJob("perlmutter", "#!/bin/bash\n#SFAPI-MOCK submit=error\n")).rejects.toThrow(
      /^sbatch: error/,
    );
  });

  it("uploads a new file, lists and downloads it, with raw slashes in the path", async () => {
    const client = OfficialClient.fromKeyFile(join(dir, "red.pem"), facility.baseUrl, facility.tokenUrl, tick);
    const path = "/global/homes/m/mockuser/input.txt";
    await client.upload("perlmutter", path, "42\n");
    const [entry] = await client.ls("perlmutter", path);
    expect(entry).toMatchObject({ name: path, perms: "-rw-r-----", size: 3 });
    expect(await client.download("perlmutter", path)).toBe("42\n");
    await expect(client.ls("perlmutter", "/global/homes/m/mockuser/none")).rejects.toThrow("No such file or directory");
  });

  it("Globus transfers end SUCCEEDED, or FAILED or CANCELED as the label asks", async () => {
    const client = OfficialClient.fromKeyFile(join(dir, "red.pem"), facility.baseUrl, facility.tokenUrl, tick);
    expect(await client.globus("")).toBe("SUCCEEDED");
    expect(await client.globus("#SFAPI-MOCK state=FAILED")).toBe("FAILED");
    expect(await client.globus("#SFAPI-MOCK state=CANCELED")).toBe("CANCELED");
  });

  it("reads a group and changes its members; the change is there when read again", async () => {
    const client = OfficialClient.fromKeyFile(join(dir, "red.pem"), facility.baseUrl, facility.tokenUrl, tick);
    expect(await client.groupMembers("m1234")).toEqual(["mockuser"]);
    expect(await client.groupMembers("m1234", "batch_add", ["alice", "bob"])).toEqual(["mockuser", "alice", "bob"]);
    expect(await client.groupMembers("m1234", "batch_remove", ["bob"])).toEqual(["mockuser", "alice"]);
    expect(await client.groupMembers("m1234")).toEqual(["mockuser", "alice"]);
    await expect(client.groupMembers("nosuch")).rejects.toThrow("HTTP 404");
  });
});

describe("our generated client, on the same facility (bare token)", () => {
  it("sees the same outcomes: a failing command and a job's terminal state", async () => {
    const red = createClient({
      color: "red",
      privateKey: { file: join(dir, "red.pem") },
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
    });
    const machine = "perlmutter" as const;
    const started = await red.POST("/utilities/command/{machine}", {
      params: { path: { machine } },
      body: { executable: "exit 3" },
    });
    tick();
    tick();
    const task = await waitForTask(red, started.data!.task_id, { interval: 1, timeout: 5_000 });
    expect([task.status, task.result]).toEqual([
      "completed",
      expect.objectContaining({ status: "error", exit_code: 3 }),
    ]);

    const submitted = await red.POST("/compute/jobs/{machine}", {
      params: { path: { machine } },
      body: { job: "#!/bin/bash\n#SFAPI-MOCK state=PREEMPTED\n", isPath: false, args: [] },
    });
    expect(submitted.data!.error).toBeNull();
    clockMs += 6000;
    const { jobid } = (await waitForTask(red, submitted.data!.task_id, { interval: 1, timeout: 5_000 })).result as {
      jobid: string;
    };
    const jobs = await red.GET("/compute/jobs/{machine}", {
      params: { path: { machine }, query: { sacct: true, kwargs: [`jobid=${jobid}`] } },
    });
    expect(jobs.data!.output).toEqual([expect.objectContaining({ jobid, state: "PREEMPTED" })]);
  });
});
