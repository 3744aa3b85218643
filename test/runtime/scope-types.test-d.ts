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
    // @ts-expect-error reading the job list needs yellow
    void green.GET("/compute/jobs/{machine}", { params: { path: { machine: "dtn01" } } });
    // @ts-expect-error downloading needs yellow
    void green.GET("/utilities/download/{machine}/{path}", { params: { path: { machine: "dtn01", path: "/x" } } });
    // Cancelling a task and listing a directory are green (Iris's dialog).
    void green.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    void green.GET("/utilities/ls/{machine}/{path}", { params: { path: { machine: "dtn01", path: "/" } } });
    void green.GET("/tasks", { params: { query: { tags: "" } } });
    void green.GET("/status/");
  });

  test("by name: only green and public operations are callable on a green client", () => {
    // @ts-expect-error runCommand is red: on a green client it is NeedsColor<"runCommand", "red">, not callable
    void green.runCommand(command);
    // @ts-expect-error readJobs is yellow
    void green.readJobs({ path: { machine: "dtn01" } });
    void green.cancelTask({ path: { id: "1" } });
    void green.readTasks({ query: { tags: "" } });
    void green.readTasks();
    void green.readStatuses();
  });

  test("green's POST and PUT admit no path, its DELETE the two cancels; its GET paths are the green and public reads", () => {
    expectTypeOf<ClientPathsWithMethod<GreenClient, "post">>().toEqualTypeOf<never>();
    expectTypeOf<ClientPathsWithMethod<GreenClient, "put">>().toEqualTypeOf<never>();
    expectTypeOf<ClientPathsWithMethod<GreenClient, "delete">>().toEqualTypeOf<
      "/compute/jobs/{machine}/{jobid}" | "/tasks/{id}"
    >();
    expectTypeOf<ClientPathsWithMethod<GreenClient, "get">>().toEqualTypeOf<
      | "/account/"
      | "/account/clients"
      | "/account/groups"
      | "/account/projects"
      | "/account/roles"
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
      | "/utilities/ls/{machine}/{path}"
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
  test("yellow may read the job list and download, not upload, run commands or submit jobs", () => {
    void yellow.GET("/compute/jobs/{machine}", { params: { path: { machine: "dtn01" } } });
    void yellow.readJobs({ path: { machine: "dtn01" } });
    void yellow.GET("/utilities/download/{machine}/{path}", { params: { path: { machine: "dtn01", path: "/x" } } });
    // @ts-expect-error uploading is orange
    void yellow.PUT("/utilities/upload/{machine}/{path}", { params: { path: { machine: "dtn01", path: "/x" } } });
    // @ts-expect-error createGroup is orange
    void yellow.createGroup({ body: { name: "g", repo_name: "m1" } });
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

describe("orange", () => {
  const orange = createClient({ color: "orange" });
  test("orange may upload, manage groups and start Globus transfers, not run commands or submit jobs", () => {
    expectTypeOf<ClientPathsWithMethod<typeof orange, "post">>().toEqualTypeOf<
      "/account/groups" | "/storage/globus/transfer"
    >();
    expectTypeOf<ClientPathsWithMethod<typeof orange, "put">>().toEqualTypeOf<
      "/account/groups/{group}" | "/utilities/upload/{machine}/{path}"
    >();
    void orange.readGroup({ path: { group: "g" } });
    // @ts-expect-error runCommand is red
    void orange.POST("/utilities/command/{machine}", commandInit);
    // @ts-expect-error runCommand is red
    void orange.runCommand(command);
    // @ts-expect-error submitJob is red
    void orange.submitJob({ path: { machine: "perlmutter" }, body: { job: "#!/bin/bash", isPath: false } });
    // yellow's operations are still there
    void orange.readJobs({ path: { machine: "dtn01" } });
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
    const green = createClient({ color: "green", levels: ["yellow", "green", "orange", "red"] });
    void green.GET("/compute/jobs/{machine}", { params: { path: { machine: "dtn01" } } });
    void green.readJobs({ path: { machine: "dtn01" } });
    // @ts-expect-error still not orange
    void green.createGroup({ body: { name: "g", repo_name: "m1" } });
    // @ts-expect-error still not red
    void green.POST("/utilities/command/{machine}", commandInit);
    // @ts-expect-error still not red
    void green.runCommand(command);
    const twoLevels = createClient({ color: "green", levels: ["green", "red"] });
    // @ts-expect-error yellow is off this ladder: top level only
    void twoLevels.GET("/compute/jobs/{machine}", { params: { path: { machine: "dtn01" } } });
    // @ts-expect-error yellow is off this ladder: top level only
    void twoLevels.readJobs({ path: { machine: "dtn01" } });
    // Green's own operations stay green.
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
