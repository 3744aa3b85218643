/**
 * Retries, polls and token fetches are observable (`onRetry`, `onPoll`, `onToken`: what, attempt, delay; never a
 * token) and `debug` logs each request's method, path, status and duration, against the local facility on 127.0.0.1
 * with its faults on demand and one virtual clock for the facility and the client.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, type PollEvent, type RetryEvent, type TokenEvent } from "../../generated/index.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility } from "../../generator/facility/index.js";
import { virtualTime } from "../support/clock.js";
import { type TestClient, testClient } from "../support/facility.js";

const time = virtualTime();
let facility: Facility;
let key: TestClient;

beforeAll(async () => {
  facility = await startFacility({ levels: ["green", "yellow", "red"], taskDelayMs: 2_000, now: time.now });
  key = await testClient(facility, "red");
  return () => facility.close();
});

function client(watch: {
  onRetry?: (e: RetryEvent) => void;
  onPoll?: (e: PollEvent) => void;
  onToken?: (e: TokenEvent) => void;
  debug?: (line: string) => void;
  fetch?: (request: Request) => Promise<Response>;
}) {
  return createClient({
    color: "red",
    clientId: key.clientId,
    privateKey: key.privateKeyPem,
    baseUrl: facility.baseUrl,
    tokenUrl: facility.tokenUrl,
    clock: time,
    callRetry: { attempts: 5, baseDelayMs: 100, maxDelayMs: 1_000 },
    retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
    ...watch,
  });
}

describe("hooks", () => {
  it("onRetry sees each retry of a read: what, the attempt that failed, its status, the delay", async () => {
    const events: RetryEvent[] = [];
    const red = client({ onRetry: (e) => events.push(e) });
    await red.readTasks();
    facility.faults.add({ path: "/tasks", status: 503, times: 2 });
    await red.readTasks();
    expect(events.map(({ what, attempt, status }) => ({ what, attempt, status }))).toEqual([
      { what: "GET /api/v1.2/tasks", attempt: 1, status: 503 },
      { what: "GET /api/v1.2/tasks", attempt: 2, status: 503 },
    ]);
    for (const e of events) expect(e.delay).toBeGreaterThanOrEqual(0);
  });

  it("onToken sees the token fetched and a token request retried, never the token", async () => {
    const events: TokenEvent[] = [];
    facility.faults.add({ target: "token", status: 503, times: 1 });
    const red = client({ onToken: (e) => events.push(e) });
    await red.readTasks();
    await red.readTasks();
    expect(events.map(({ what, attempt }) => ({ what, attempt }))).toEqual([
      { what: "retry", attempt: 1 },
      { what: "fetched", attempt: 2 },
    ]);
    expect(Object.keys(events[0]!).sort()).toEqual(["attempt", "delay", "what"]);
  });

  it("onPoll sees each wait of a task's poll and a job's; a hook that throws changes nothing", async () => {
    const events: PollEvent[] = [];
    const red = client({
      onPoll: (e) => {
        events.push(e);
        throw new Error("a broken watcher");
      },
    });
    const perlmutter = red.compute("perlmutter");
    expect(await perlmutter.run("echo hi", { interval: 1_000 })).toBe("hi\n");
    const taskPolls = events.filter((e) => e.what.startsWith("task "));
    expect(taskPolls.length).toBeGreaterThan(0);
    expect(taskPolls.map((e) => e.attempt)).toEqual(taskPolls.map((_, i) => i + 1));
    expect(taskPolls.every((e) => e.delay === 1_000)).toBe(true);
    expect(taskPolls[0]!.status).toBe("new");
    const job = await perlmutter.submitJob("#!/bin/bash\nsrun hostname\n", { interval: 1_000 });
    await job.complete({ interval: 3_000 });
    const jobPolls = events.filter((e) => e.what === `jobs ${job.id} on perlmutter`);
    expect(jobPolls.length).toBeGreaterThan(0);
    expect(jobPolls.every((e) => e.delay === 3_000)).toBe(true);
  });
});

describe("debug", () => {
  it("logs method, path, status and duration of every request, token requests included, with no secret", async () => {
    const lines: string[] = [];
    let token = "";
    const red = client({
      debug: (line) => lines.push(line),
      fetch: (request) => {
        token = request.headers.get("authorization") ?? token;
        return fetch(request);
      },
    });
    facility.faults.add({ path: "/tasks", status: 502, times: 1 });
    await red.readTasks({ query: { tags: "x" } } as never);
    expect(lines).toEqual([
      "sfapi: POST /token 200 0ms",
      "sfapi: GET /api/v1.2/tasks 502 0ms",
      "sfapi: GET /api/v1.2/tasks 200 0ms",
    ]);
    expect(token.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain("tags=");
    }
  });
});
