/**
 * `timeout` is a deadline for the whole operation (`waitForTask`, `run`, `submitJob`, `job.complete()`): when it passes
 * on the client's clock, the request or the wait in flight is aborted and the operation ends with its coded timeout
 * error (TaskError, JobError `reason: "timeout"`). Against a real loopback server that never answers (a hung
 * connection) and one that answers slowly; time is the injected clock's, moved by the test or by the server as it
 * "takes" time to answer, never slept.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type VirtualTime, virtualTime } from "../support/clock.js";
import { listenLocal } from "../support/http.js";
import { type LooseClient, variants } from "../support/variants.js";

/** What the server does with one request: hang (never answer), or take `takes` ms of the clock and answer `body`. */
type Script = "hang" | { takes?: number; body: unknown };

interface Arrival {
  method: string;
  path: string;
  /** Resolves when the client closes the connection before an answer (an abort). */
  closed: Promise<void>;
}

describe.each(variants)("timeout is a deadline ($name)", ({ createClient, errors }) => {
  let server: Awaited<ReturnType<typeof listenLocal>>;
  let clock: VirtualTime;
  let script: (method: string, path: string) => Script;
  let arrivals: Arrival[];
  let arrived: ((arrival: Arrival) => void) | undefined;

  beforeAll(async () => {
    server = await listenLocal((request: IncomingMessage, response: ServerResponse) => {
      const path = (request.url ?? "").replace(/\?.*$/, "");
      let answered = false;
      const closed = new Promise<void>((resolve) =>
        response.on("close", () => {
          if (!answered) resolve();
        }),
      );
      const arrival = { method: request.method ?? "", path, closed };
      arrivals.push(arrival);
      request.resume();
      request.on("end", () => {
        const what = script(arrival.method, path);
        arrived?.(arrival);
        if (what === "hang") return;
        if (what.takes) clock.advance(what.takes);
        answered = true;
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(what.body));
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    clock = virtualTime();
    arrivals = [];
    arrived = undefined;
    script = () => "hang";
  });

  const red = (): LooseClient =>
    createClient({
      color: "red",
      baseUrl: `${server.origin}/api/v1.2`,
      accessToken: "tok",
      clock,
      callRetry: false,
    } as never);
  const compute = (client: LooseClient) =>
    (client as unknown as { compute(m: string): Record<string, (...a: unknown[]) => Promise<any>> }).compute(
      "perlmutter",
    );
  /** The next request to arrive at the server. */
  const nextArrival = () =>
    new Promise<Arrival>((resolve) => {
      arrived = (arrival) => {
        arrived = undefined;
        resolve(arrival);
      };
    });
  const task = (status: string, result: unknown = null) => ({ id: "t1", status, result: JSON.stringify(result) });

  test("waitForTask on a hung connection: the clock passing the deadline aborts the poll, a TaskError", async () => {
    const arrival = nextArrival();
    const waiting = red()
      .waitForTask("t1", { interval: 100, timeout: 1000 })
      .catch((e: unknown) => e);
    const poll = await arrival;
    clock.advance(999);
    clock.advance(1);
    const error = await waiting;
    expect(error).toBeInstanceOf(errors.TaskError);
    expect(error).toMatchObject({ code: "ERR_TASK", taskId: "t1", status: undefined });
    await poll.closed; // the connection was given up, not left open
    expect(arrivals.map((a) => `${a.method} ${a.path}`)).toEqual(["GET /api/v1.2/tasks/t1"]);
  });

  test("waitForTask on a slow facility: an answer that comes after the deadline is not taken", async () => {
    let polls = 0;
    // Each poll takes 600 ms; the second one would say "completed", at 1 300 ms, past the 1 000 ms deadline.
    script = () => ({ takes: 600, body: task(++polls === 1 ? "running" : "completed") });
    const error = await red()
      .waitForTask("t1", { interval: 100, timeout: 1000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TaskError", code: "ERR_TASK", taskId: "t1", lastStatus: "running" });
    expect(polls).toBe(2);
  });

  test("run: the command's own request counts against the deadline (slow), and a hung one is aborted", async () => {
    script = (method) =>
      method === "POST"
        ? { takes: 1500, body: { task_id: "t1", status: "ok" } }
        : { body: task("completed", { status: "ok", output: "hello", exit_code: 0 }) };
    const slow = await compute(red()).run!("echo hello", { timeout: 1000 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ name: "TaskError", code: "ERR_TASK", taskId: "" });
    expect((slow as Error).message).toContain("within 1000 ms");
    expect(arrivals.map((a) => a.method)).toEqual(["POST"]);

    arrivals = [];
    script = () => "hang";
    const arrival = nextArrival();
    const hung = compute(red()).run!("echo hello", { timeout: 1000 }).catch((e: unknown) => e);
    const post = await arrival;
    clock.advance(1000);
    expect(await hung).toMatchObject({ name: "TaskError", code: "ERR_TASK", taskId: "" });
    await post.closed;
  });

  test("submitJob: the submission and the wait for its task share one deadline", async () => {
    // The submission takes 600 ms and the task read 600 more: the job id comes at 1 200 ms, past the deadline.
    script = (method) =>
      method === "POST"
        ? { takes: 600, body: { task_id: "t1", status: "ok" } }
        : { takes: 600, body: task("completed", { status: "ok", jobid: "42" }) };
    const error = await compute(red()).submitJob!("#!/bin/bash\nsleep 1\n", { timeout: 1000, interval: 100 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: "TaskError", code: "ERR_TASK", taskId: "t1" });
    expect(arrivals.map((a) => a.method)).toEqual(["POST", "GET"]);
  });

  test("job.complete: a hung poll is aborted at the deadline, and a late COMPLETED is not taken", async () => {
    script = () => ({ body: { status: "OK", output: [{ jobid: "42", state: "RUNNING" }] } });
    const running = (await compute(red()).job!("42")) as { complete(o: object): Promise<unknown> };

    arrivals = [];
    script = () => "hang";
    const arrival = nextArrival();
    const hung = running.complete({ interval: 100, timeout: 1000 }).catch((e: unknown) => e);
    const poll = await arrival;
    clock.advance(1000);
    expect(await hung).toMatchObject({ name: "JobError", code: "ERR_JOB", reason: "timeout", jobId: "42" });
    await poll.closed;

    script = () => ({ takes: 1500, body: { status: "OK", output: [{ jobid: "42", state: "COMPLETED" }] } });
    const late = await running.complete({ interval: 100, timeout: 1000 }).catch((e: unknown) => e);
    expect(late).toMatchObject({ name: "JobError", reason: "timeout", jobId: "42" });
  });
});
