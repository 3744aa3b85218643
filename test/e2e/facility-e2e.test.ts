/**
 * End to end, all on 127.0.0.1: the local facility serves its description, `generate --url` builds a client from it
 * into a temp folder, and the generated client (real runtime, real keys from the facility's key files, real tokens)
 * runs a workflow against the facility. The facility's request log shows what reached the network.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/commands/generate.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility, writeClientFiles } from "../../generator/facility/index.js";
import { sharedKeyClient } from "../support/facility.js";
import { root, tempDir } from "../support/project.js";

const LEVELS = ["green", "yellow", "red"] as const;
const TASK_DELAY_MS = 300;

/** The generated client's module, loaded at run time (its types are the generated ones, checked by tsc elsewhere). */
interface GeneratedModule {
  createClient(options: Record<string, unknown>): any;
  waitForTask(
    client: unknown,
    id: string,
    options?: { interval?: number; timeout?: number },
  ): Promise<{ id: string; status: string; result: { output: string } | null }>;
  ScopeError: new (...args: any[]) => Error & { operation?: string; required?: string; color: string };
  operations: Record<string, { scope: string; path: string; method: string }>;
  description: { sha256: string };
}

let facility: Facility;
let generated: GeneratedModule;
let keys: string;

/** Log entries since `from` (an index into the facility's request log). */
const since = (from: number) => facility.requests.slice(from).map((r) => `${r.method} ${r.path} ${r.status}`);

async function loadClient(dir: string): Promise<GeneratedModule> {
  return (await import(pathToFileURL(join(dir, "index.js")).href)) as GeneratedModule;
}

beforeAll(async () => {
  facility = await startFacility({ levels: LEVELS, taskDelayMs: TASK_DELAY_MS });
  const out = join(tempDir("e2e-"), "client");
  await generate({ url: facility.baseUrl, out, levels: LEVELS });
  generated = await loadClient(out);
  keys = tempDir("e2e-keys-");
  for (const color of ["green", "red"]) await writeClientFiles(keys, sharedKeyClient(facility, color), facility);
});
afterAll(() => facility.close());

describe("generated client against the local facility", () => {
  it("was generated from the facility's own description", () => {
    expect(
      facility.requests.some((r) => r.method === "GET" && r.path === "/api/v1.2/openapi.json" && r.status === 200),
    ).toBe(true);
    expect(generated.operations.runCommand).toMatchObject({
      scope: "red",
      method: "POST",
      path: "/utilities/command/{machine}",
    });
    // The facility serves the file's own bytes, so the client records the bundled description's SHA-256.
    const bundled = readFileSync(join(root, "generator/descriptions/v1.2.json"));
    expect(generated.description.sha256).toBe(createHash("sha256").update(bundled).digest("hex"));
  });

  it("red (key file red.pem): runs a command, waits for its task, lists tasks with a blank tag filter", async () => {
    const red = generated.createClient({
      color: "red",
      privateKey: { file: join(keys, "red.pem") },
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
    });
    const started = await red.POST("/utilities/command/{machine}", {
      params: { path: { machine: "dtn01" } },
      body: { executable: "hostname -f" },
    });
    expect(started.response.status).toBe(200);
    expect(started.data).toEqual({ task_id: expect.any(String), status: "OK", error: null });
    const id = started.data.task_id as string;

    const task = await generated.waitForTask(red, id, { interval: 100, timeout: 10_000 });
    expect(task.status).toBe("completed");
    // The task's `result` is JSON text in the description: waitForTask hands it over parsed.
    expect(task.result!.output).toContain("`hostname -f` on dtn01");

    const listed = await red.GET("/tasks", { params: { query: { tags: "" } } });
    expect(listed.response.status).toBe(200);
    expect(listed.data.tasks).toContainEqual({ id, status: "completed", result: JSON.stringify(task.result) });
    // One token served every call.
    expect(facility.requests.filter((r) => r.path === "/token")).toHaveLength(1);
  });

  it("green (key file green.json): the command is refused locally and nothing reaches the facility; GET /tasks works", async () => {
    const green = generated.createClient({
      color: "green",
      privateKey: { file: join(keys, "green.json") },
      baseUrl: facility.baseUrl,
      tokenUrl: facility.tokenUrl,
    });
    const before = facility.requests.length;
    const refused = green.POST("/utilities/command/{machine}", {
      params: { path: { machine: "dtn01" } },
      body: { executable: "hostname" },
    });
    await expect(refused).rejects.toBeInstanceOf(generated.ScopeError);
    await expect(refused).rejects.toMatchObject({
      name: "ScopeError",
      operation: "runCommand",
      required: "red",
      color: "green",
    });
    // Not the command, and not even a token request.
    expect(since(before)).toEqual([]);

    const tasks = await green.GET("/tasks", { params: { query: { tags: "" } } });
    expect(tasks.response.status).toBe(200);
    // Tasks are the user's: green lists red's earlier command (`hostname -f`), and nothing of the refused one.
    const results: string[] = (tasks.data as { tasks: { result: unknown }[] }).tasks.map((t) => String(t.result));
    expect(results.some((r) => r.includes("`hostname -f`"))).toBe(true);
    expect(results.some((r) => r.includes("`hostname` "))).toBe(false);
    expect(since(before)).toEqual(["POST /token 200", "GET /api/v1.2/tasks 200"]);
  });

  it("a client without credentials calls public operations and sends no token", async () => {
    const anonymous = generated.createClient({ color: "green", baseUrl: facility.baseUrl });
    const before = facility.requests.length;
    const status = await anonymous.GET("/status/");
    expect(status.response.status).toBe(200);
    expect(Array.isArray(status.data)).toBe(true);
    expect(since(before)).toEqual(["GET /api/v1.2/status/ 200"]);
  });
});

describe("token expiry mid-run", () => {
  it("a token that expires between calls (1 s lifetime) is replaced without the caller noticing", async () => {
    // One still clock for both sides, moved only by the test: the facility's token expiry and the client's refresh
    // read the same time, and it starts on a whole second so the token lives its full second however slow the run.
    let shift = 0;
    const start = Math.floor(Date.now() / 1000) * 1000;
    const now = () => start + shift;
    const shortLived = await startFacility({ levels: LEVELS, tokenLifetimeSeconds: 1, now });
    try {
      const dir = tempDir("e2e-short-");
      await writeClientFiles(dir, sharedKeyClient(shortLived, "green"), shortLived);
      const clock = { now, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) };
      const green = generated.createClient({
        color: "green",
        privateKey: { file: join(dir, "green.pem") },
        baseUrl: shortLived.baseUrl,
        tokenUrl: shortLived.tokenUrl,
        clock,
      });
      expect((await green.GET("/tasks", { params: { query: { tags: "" } } })).response.status).toBe(200);
      // Past the first token's expiry for certain (the facility's exp is whole seconds, so at most 1 s after issue).
      shift = 1_200;
      expect((await green.GET("/tasks", { params: { query: { tags: "" } } })).response.status).toBe(200);
      const log = shortLived.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
      // Replaced before use: the second call never met a 401.
      expect(log).toEqual(["POST /token 200", "GET /api/v1.2/tasks 200", "POST /token 200", "GET /api/v1.2/tasks 200"]);
    } finally {
      await shortLived.close();
    }
  });

  it("a token the facility already considers expired gets a 401, and the runtime refreshes and retries once", async () => {
    let shift = 0;
    const shifted = await startFacility({ levels: LEVELS, tokenLifetimeSeconds: 60, now: () => Date.now() + shift });
    try {
      const dir = tempDir("e2e-shift-");
      await writeClientFiles(dir, sharedKeyClient(shifted, "green"), shifted);
      const green = generated.createClient({
        color: "green",
        privateKey: { file: join(dir, "green.pem") },
        baseUrl: shifted.baseUrl,
        tokenUrl: shifted.tokenUrl,
      });
      expect((await green.GET("/tasks")).response.status).toBe(200);
      // The facility's clock jumps past the token's expiry; the client still thinks its token is fresh.
      shift = 61_000;
      const after = await green.GET("/tasks");
      expect(after.response.status).toBe(200);
      expect(shifted.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        "POST /token 200",
        "GET /api/v1.2/tasks 200",
        "GET /api/v1.2/tasks 401",
        "POST /token 200",
        "GET /api/v1.2/tasks 200",
      ]);
    } finally {
      await shifted.close();
    }
  });
});
