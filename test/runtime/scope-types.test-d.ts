/**
 * Compile-time color restriction, proven against the generated client for every level of its ladder and both call
 * styles: path-style (`client.POST(path, ...)`) and by name (`client.runCommand(...)`). A color typed as plain
 * `string` falls back to run-time checks only; a `levels` override re-ranks the types. Type-checked only, never run.
 */
import type { ClientPathsWithMethod } from "openapi-fetch";
import { describe, expectTypeOf, test } from "vitest";
import { createClient as createCoreClient } from "../../generated/core.js";
import {
  createClient,
  type FinishedTask,
  type GreenClient,
  type paths,
  type Task,
  waitForTask,
} from "../../generated/index.js";
import { createClient as createPageClient } from "../../generated/page.js";

const commandInit = { params: { path: { machine: "dtn01" as const } }, body: { executable: "hostname" } };
const command = { path: { machine: "dtn01" as const }, body: { executable: "hostname" } };

describe("green", () => {
  const green = createClient({ color: "green" });

  test("is the generated GreenClient", () => {
    expectTypeOf(green).toEqualTypeOf<GreenClient>();
  });

  test("path style: the command operation is a type error, reads are fine", () => {
    // @ts-expect-error green may not run commands
    void green.POST("/utilities/command/{machine}", commandInit);
    // @ts-expect-error cancelling a task needs yellow
    void green.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    // @ts-expect-error listing a directory needs yellow
    void green.GET("/utilities/ls/{machine}/{path}", { params: { path: { machine: "dtn01", path: "/" } } });
    void green.GET("/tasks", { params: { query: { tags: "" } } });
    void green.GET("/status/");
  });

  test("by name: only green and public operations are callable on a green client", () => {
    // @ts-expect-error runCommand is red: on a green client it is NeedsColor<"runCommand", "red">, not callable
    void green.runCommand(command);
    // @ts-expect-error cancelTask is yellow
    void green.cancelTask({ path: { id: "1" } });
    void green.readTasks({ query: { tags: "" } });
    void green.readTasks();
    void green.readStatuses();
  });

  test("green's POST and DELETE admit no path; its GET paths are exactly the green and public reads", () => {
    expectTypeOf<ClientPathsWithMethod<GreenClient, "post">>().toEqualTypeOf<never>();
    expectTypeOf<ClientPathsWithMethod<GreenClient, "delete">>().toEqualTypeOf<never>();
    expectTypeOf<ClientPathsWithMethod<GreenClient, "get">>().toEqualTypeOf<
      | "/account/"
      | "/account/clients"
      | "/account/groups"
      | "/account/groups/{group}"
      | "/account/projects"
      | "/account/roles"
      | "/compute/jobs/{machine}"
      | "/compute/jobs/{machine}/{jobid}"
      | "/meta/changelog"
      | "/meta/config"
      | "/status/"
      | "/status/notes"
      | "/status/notes/{name}"
      | "/status/outages"
      | "/status/outages/planned"
      | "/status/outages/planned/{name}"
      | "/status/outages/{name}"
      | "/status/{name}"
      | "/storage/globus/transfer/{globus_uuid}"
      | "/tasks"
      | "/tasks/{id}"
    >();
  });

  test("responses keep their schema types; named calls resolve to the data, JSON text parsed", async () => {
    const { data } = await green.GET("/tasks/{id}", { params: { path: { id: "1" } } });
    expectTypeOf(data).toEqualTypeOf<
      paths["/tasks/{id}"]["get"]["responses"][200]["content"]["application/json"] | undefined
    >();
    const task = await green.readTask({ path: { id: "1" } });
    expectTypeOf(task).toEqualTypeOf<Task>();
    expectTypeOf(task.id).toEqualTypeOf<string>();
    expectTypeOf(task.result).not.toEqualTypeOf<string | null>();
    expectTypeOf(await green.waitForTask("1")).toEqualTypeOf<FinishedTask>();
    expectTypeOf(await waitForTask(green, "1")).toEqualTypeOf<FinishedTask>();
    // A finished task's result is typed (no cast): the object's fields, its text, or null.
    const finished = await green.waitForTask("1");
    if (typeof finished.result === "object" && finished.result !== null) {
      expectTypeOf(finished.result.jobid).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(finished.result.exit_code).toEqualTypeOf<number | null | undefined>();
      expectTypeOf(finished.result.output).toEqualTypeOf<string | null | undefined>();
    } else expectTypeOf(finished.result).toEqualTypeOf<string | null>();
    const result = await green.readTask.safe({ path: { id: "1" } });
    if (result.error === undefined) expectTypeOf(result.data).toEqualTypeOf<Task>();
  });
});

describe("yellow", () => {
  const yellow = createClient({ color: "yellow" });
  test("yellow may cancel tasks and list directories, not run commands or submit jobs", () => {
    void yellow.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    void yellow.cancelTask({ path: { id: "1" } });
    void yellow.readDirectory({ path: { machine: "dtn01", path: "/" } });
    // @ts-expect-error runCommand is red
    void yellow.POST("/utilities/command/{machine}", commandInit);
    // @ts-expect-error runCommand is red
    void yellow.runCommand(command);
    // @ts-expect-error submitJob is red
    void yellow.submitJob({ path: { machine: "perlmutter" }, body: { job: "#!/bin/bash", isPath: false } });
    // green's operations are still there
    void yellow.readUser();
  });
});

describe("red", () => {
  const red = createClient({ color: "red" });
  test("red may call everything, in both styles", () => {
    void red.POST("/utilities/command/{machine}", commandInit);
    void red.DELETE("/compute/jobs/{machine}/{jobid}", { params: { path: { machine: "perlmutter", jobid: "1" } } });
    void red.runCommand(command);
    void red.cancelJob({ path: { machine: "perlmutter", jobid: "1" } });
    expectTypeOf<ClientPathsWithMethod<typeof red, "post">>().toEqualTypeOf<
      "/account/groups" | "/compute/jobs/{machine}" | "/storage/globus/transfer" | "/utilities/command/{machine}"
    >();
  });

  test("request-body fields with a default are optional (submitJob's args)", () => {
    void red.submitJob({ path: { machine: "perlmutter" }, body: { job: "/home/me/job.sh", isPath: true } });
    void red.submitJob({
      path: { machine: "perlmutter" },
      body: { job: "/home/me/job.sh", isPath: true, args: ["-n", "4"] },
    });
    // @ts-expect-error job is required
    void red.submitJob({ path: { machine: "perlmutter" }, body: { isPath: true } });
    // @ts-expect-error the path parameter is required
    void red.submitJob({ body: { job: "x", isPath: false } });
  });
});

describe("a wider color type", () => {
  test("color: string falls back to run-time checks only", () => {
    const color: string = process.env.SFAPI_COLOR ?? "green";
    const any = createClient({ color });
    void any.POST("/utilities/command/{machine}", commandInit);
    void any.runCommand(command);
  });

  test("a literal color off the ladder is a type error", () => {
    // @ts-expect-error "gren" is not a level
    createClient({ color: "gren" });
  });
});

describe("levels override", () => {
  test("the types follow the ladder given, in both styles", () => {
    const green = createClient({ color: "green", levels: ["yellow", "green", "red"] });
    void green.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    void green.cancelTask({ path: { id: "1" } });
    // @ts-expect-error still not red
    void green.POST("/utilities/command/{machine}", commandInit);
    // @ts-expect-error still not red
    void green.runCommand(command);
    const twoLevels = createClient({ color: "green", levels: ["green", "red"] });
    // @ts-expect-error yellow is off this ladder: top level only
    void twoLevels.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    // @ts-expect-error yellow is off this ladder: top level only
    void twoLevels.cancelTask({ path: { id: "1" } });
  });
});

describe("core.js: the same clients without index.js's helpers", () => {
  const green = createCoreClient({ color: "green" });

  test("has the green client's operations and refusals, not waitForTask or compute", () => {
    expectTypeOf(green.readTasks).toEqualTypeOf<GreenClient["readTasks"]>();
    expectTypeOf(green.GET).toEqualTypeOf<GreenClient["GET"]>();
    // @ts-expect-error runCommand is red: on a green client it is NeedsColor<"runCommand", "red">, not callable
    void green.runCommand(command);
    // @ts-expect-error core.js has no waitForTask
    void green.waitForTask("1");
    // @ts-expect-error core.js has no compute
    void green.compute("perlmutter");
  });

  test("takes no keyFile: core.js reads no files", () => {
    // @ts-expect-error keyFile is index.js's
    createCoreClient({ color: "green", keyFile: "~/.superfacility/green.json" });
  });

  test("a plain string color and a levels override type-check as in index.js, helpers left out", () => {
    const anyColor = createCoreClient({ color: "red" as string });
    void anyColor.runCommand(command);
    // @ts-expect-error core.js has no waitForTask
    void anyColor.waitForTask("1");
    const ranked = createCoreClient({ color: "ops", levels: ["green", "ops"] });
    void ranked.runCommand(command);
    // @ts-expect-error core.js has no compute
    void ranked.compute("perlmutter");
  });
});

describe("page.js: core.js's clients, tokens from accessToken only", () => {
  const green = createPageClient({ color: "green", accessToken: async () => "token" });

  test("has the green client's operations and refusals, not waitForTask", () => {
    expectTypeOf(green.readTasks).toEqualTypeOf<GreenClient["readTasks"]>();
    // @ts-expect-error runCommand is red: on a green client it is NeedsColor<"runCommand", "red">, not callable
    void green.runCommand(command);
    // @ts-expect-error page.js has no waitForTask
    void green.waitForTask("1");
  });

  test("takes no key options", () => {
    // @ts-expect-error privateKey is core.js's and index.js's
    createPageClient({ color: "green", clientId: "id", privateKey: "-----BEGIN PRIVATE KEY-----" });
    // @ts-expect-error clientId too
    createPageClient({ color: "green", clientId: "id" });
    // @ts-expect-error keyFile is index.js's
    createPageClient({ color: "green", keyFile: "~/.superfacility/green.json" });
  });
});
