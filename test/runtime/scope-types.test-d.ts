/**
 * Compile-time color restriction, proven against the generated client: a green client's types admit only what green
 * may call (the command operation is a type error), red admits everything, a plain `string` color falls back to
 * run-time checks only, and a `levels` override re-ranks the types. Type-checked only, never run.
 */
import type { ClientPathsWithMethod } from "openapi-fetch";
import { describe, expectTypeOf, test } from "vitest";
import { createClient, type paths } from "../../generated/index.js";

const commandInit = { params: { path: { machine: "dtn01" as const } }, body: { executable: "hostname" } };

describe("green", () => {
  const green = createClient({ color: "green" });

  test("the command operation is a type error, reads are fine", () => {
    // @ts-expect-error green may not run commands
    void green.POST("/utilities/command/{machine}", commandInit);
    // @ts-expect-error cancelling a task needs yellow
    void green.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    // @ts-expect-error listing a directory needs yellow
    void green.GET("/utilities/ls/{machine}/{path}", { params: { path: { machine: "dtn01", path: "/" } } });
    void green.GET("/tasks", { params: { query: { tags: "" } } });
    void green.GET("/status/");
  });

  test("green's POST admits no path at all; its GET paths are exactly the green and public reads", () => {
    expectTypeOf<ClientPathsWithMethod<typeof green, "post">>().toEqualTypeOf<never>();
    expectTypeOf<ClientPathsWithMethod<typeof green, "delete">>().toEqualTypeOf<never>();
    expectTypeOf<ClientPathsWithMethod<typeof green, "get">>().toEqualTypeOf<
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
      | "/storage/globus/transfer/{transfer_id}"
      | "/tasks"
      | "/tasks/{id}"
    >();
  });

  test("responses keep their schema types", async () => {
    const { data } = await green.GET("/tasks/{id}", { params: { path: { id: "1" } } });
    expectTypeOf(data).toEqualTypeOf<paths["/tasks/{id}"]["get"]["responses"][200]["content"]["application/json"] | undefined>();
  });
});

describe("yellow", () => {
  const yellow = createClient({ color: "yellow" });
  test("yellow may cancel tasks, not run commands", () => {
    void yellow.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    // @ts-expect-error runCommand is red
    void yellow.POST("/utilities/command/{machine}", commandInit);
  });
});

describe("red", () => {
  const red = createClient({ color: "red" });
  test("red may call everything", () => {
    void red.POST("/utilities/command/{machine}", commandInit);
    void red.DELETE("/compute/jobs/{machine}/{jobid}", { params: { path: { machine: "perlmutter", jobid: "1" } } });
    expectTypeOf<ClientPathsWithMethod<typeof red, "post">>().toEqualTypeOf<
      "/account/groups" | "/compute/jobs/{machine}" | "/storage/globus/transfer" | "/storage/transfer" | "/utilities/command/{machine}"
    >();
  });
});

describe("a wider color type", () => {
  test("color: string falls back to run-time checks only", () => {
    const color: string = process.env.SFAPI_COLOR ?? "green";
    const any = createClient({ color });
    void any.POST("/utilities/command/{machine}", commandInit);
  });
});

describe("levels override", () => {
  test("the types follow the ladder given", () => {
    const green = createClient({ color: "green", levels: ["yellow", "green", "red"] });
    void green.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
    // @ts-expect-error still not red
    void green.POST("/utilities/command/{machine}", commandInit);
    const twoLevels = createClient({ color: "green", levels: ["green", "red"] });
    // @ts-expect-error yellow is off this ladder: top level only
    void twoLevels.DELETE("/tasks/{id}", { params: { path: { id: "1" } } });
  });
});
