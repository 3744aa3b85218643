/**
 * The API behind the token: authentication (bare token or `Bearer`), the ladder's color rules, the command/task
 * behaviour and routing. The facility runs on a clock the test moves, so expiry and task completion need no waiting.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { accessToken, api, form, testClient, useFacility, withFacility } from "../../support/facility.js";
import { tempDir } from "../../support/project.js";

const TASK_DELAY_MS = 5_000;
const main = useFacility({ levels: ["green", "yellow", "red"], taskDelayMs: TASK_DELAY_MS, tokenLifetimeSeconds: 60 });
// A second facility: its own signing key, and it takes only the bare token.
const bare = useFacility({ levels: ["green", "yellow", "red"], authorization: "bare" });
let redToken: string;
let yellowToken: string;
let greenToken: string;

beforeAll(async () => {
  const clients = await Promise.all(["red", "yellow", "green"].map((color) => testClient(main.facility, color)));
  [redToken, yellowToken, greenToken] = (await Promise.all(clients.map((client) => main.token(client)))) as [
    string,
    string,
    string,
  ];
});

describe("authentication", () => {
  it("a public operation needs no token", async () => {
    const { status, body } = await api(main.facility, "/status/");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
  });

  it("missing token -> 401 naming the level needed", async () => {
    const { status, body } = await api(main.facility, "/tasks");
    expect(status).toBe(401);
    expect(body.detail).toContain('level "green"');
  });

  it('takes the bare token and "Bearer <token>" (as the facility does: its clients all send the prefix)', async () => {
    expect((await api(main.facility, "/tasks", { token: `Bearer ${greenToken}` })).status).toBe(200);
    expect((await api(main.facility, "/tasks", { token: `bearer  ${greenToken}` })).status).toBe(200);
    expect((await api(main.facility, "/tasks", { token: greenToken })).status).toBe(200);
    // The prefix is not a token: "Bearer" alone, or another scheme, is refused.
    expect((await api(main.facility, "/tasks", { token: "Bearer " })).status).toBe(401);
    expect((await api(main.facility, "/tasks", { token: `Basic ${greenToken}` })).status).toBe(401);
  });

  it('authorization "bare" refuses the prefix, "bearer" requires it (to check what a client sends)', async () => {
    const token = await bare.token(await testClient(bare.facility, "green"));
    const prefixed = await api(bare.facility, "/tasks", { token: `Bearer ${token}` });
    expect(prefixed.status).toBe(401);
    expect(prefixed.body.detail).toContain("--strict-authorization bare");
    expect((await api(bare.facility, "/tasks", { token })).status).toBe(200);
    await withFacility({ authorization: "bearer" }, async (strict) => {
      const t = await accessToken(strict, await testClient(strict, "green"));
      expect((await api(strict, "/tasks", { token: t })).status).toBe(401);
      expect((await api(strict, "/tasks", { token: `Bearer ${t}` })).status).toBe(200);
    });
  });

  it("a token another facility signed -> 401", async () => {
    const foreign = await bare.token(await testClient(bare.facility, "red"));
    const { status, body } = await api(main.facility, "/tasks", { token: foreign });
    expect(status).toBe(401);
    expect(body.detail).toContain("not one this facility issued");
    expect(body.detail).not.toContain(foreign);
  });

  it("garbage -> 401", async () => {
    expect((await api(main.facility, "/tasks", { token: "not.a.token" })).status).toBe(401);
  });

  it("an expired token -> 401; a fresh one works again", async () => {
    const client = await testClient(main.facility, "green");
    const token = await main.token(client);
    expect((await api(main.facility, "/tasks", { token })).status).toBe(200);
    main.clock.advance(61_000);
    try {
      const { status, body } = await api(main.facility, "/tasks", { token });
      expect(status).toBe(401);
      expect(body.detail).toContain("expired");
      expect((await api(main.facility, "/tasks", { token: await main.token(client) })).status).toBe(200);
    } finally {
      main.clock.advance(-61_000);
    }
  });
});

describe("colors", () => {
  it("a green token on a red operation -> 403 naming red, and nothing is recorded", async () => {
    const { status, body } = await api(main.facility, "/utilities/command/dtn01", {
      ...form({ executable: "hostname" }),
      token: greenToken,
    });
    expect(status).toBe(403);
    expect(body.detail).toContain('needs level "red"');
    expect(body.detail).toContain('"green"');
    expect((await api(main.facility, "/tasks", { token: greenToken })).body.tasks).toEqual([]);
  });

  it("yellow operations: refused to green, allowed to yellow and red", async () => {
    // The job list is yellow (Iris's dialog).
    expect((await api(main.facility, "/compute/jobs/dtn01", { token: greenToken })).status).toBe(403);
    expect((await api(main.facility, "/compute/jobs/dtn01", { token: yellowToken })).status).toBe(200);
    expect((await api(main.facility, "/compute/jobs/dtn01", { token: redToken })).status).toBe(200);
  });

  it("on a green,red ladder, an operation named yellow (off the ladder) is for red only", async () => {
    await withFacility({ levels: "green,red" }, async (twoLevels) => {
      const [g, r] = await Promise.all([testClient(twoLevels, "green"), testClient(twoLevels, "red")]);
      const denied = await api(twoLevels, "/compute/jobs/dtn01", { token: await accessToken(twoLevels, g) });
      expect(denied.status).toBe(403);
      expect(denied.body.detail).toContain('"red" (the top level: its scope "yellow" is not on the ladder)');
      expect((await api(twoLevels, "/compute/jobs/dtn01", { token: await accessToken(twoLevels, r) })).status).toBe(
        200,
      );
    });
  });
});

describe("commands and tasks", () => {
  it("a command becomes a task that is new, then completed after the delay with a result naming the command", async () => {
    const started = await api(main.facility, "/utilities/command/perlmutter", {
      ...form({ executable: "ls -la /tmp" }),
      token: redToken,
    });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ task_id: expect.any(String), status: "OK", error: null });
    const id = started.body.task_id as string;

    const before = await api(main.facility, `/tasks/${id}`, { token: redToken });
    expect(before.body).toEqual({ id, status: "new", result: null });

    main.clock.advance(TASK_DELAY_MS);
    const after = await api(main.facility, `/tasks/${id}`, { token: redToken });
    expect(after.body.status).toBe("completed");
    const result = JSON.parse(after.body.result);
    expect(result).toMatchObject({ status: "ok", error: null });
    expect(result.output).toContain("`ls -la /tmp` on perlmutter");
  });

  it("GET /tasks lists only the caller's account's tasks; a blank tags= means no filter; tags narrow", async () => {
    const first = (
      await api(main.facility, "/utilities/command/dtn01", { ...form({ executable: "date" }), token: redToken })
    ).body.task_id;
    const ids = async (query: string, token = redToken) =>
      (await api(main.facility, `/tasks${query}`, { token })).body.tasks.map((t: { id: string }) => t.id);
    expect(await ids("?tags=")).toContain(first);
    expect(await ids("")).toContain(first);
    expect(await ids("?tags=command,dtn01")).toContain(first);
    expect(await ids("?tags=perlmutter")).not.toContain(first);
    // Another client of the same user sees it; another account's client does not, even by id.
    expect(await ids("?tags=", yellowToken)).toContain(first);
    const collab = await main.token(await testClient(main.facility, "yellow", { user: "c_other" }));
    expect(await ids("?tags=", collab)).toEqual([]);
    expect((await api(main.facility, `/tasks/${first}`, { token: collab })).status).toBe(404);
  });

  it("DELETE /tasks/{id} cancels an unfinished task (yellow)", async () => {
    const id = (
      await api(main.facility, "/utilities/command/dtn01", { ...form({ executable: "sleep 60" }), token: redToken })
    ).body.task_id;
    expect((await api(main.facility, `/tasks/${id}`, { method: "DELETE", token: redToken })).body).toEqual({
      id,
      status: "cancelled",
      result: null,
    });
    main.clock.advance(TASK_DELAY_MS);
    expect((await api(main.facility, `/tasks/${id}`, { token: redToken })).body.status).toBe("cancelled");
  });

  it("a command without executable, or sent as JSON -> 422 in FastAPI's shape", async () => {
    const empty = await api(main.facility, "/utilities/command/dtn01", { ...form({}), token: redToken });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ loc: ["body", "executable"], type: "value_error.missing" });
    const json = await api(main.facility, "/utilities/command/dtn01", {
      method: "POST",
      body: JSON.stringify({ executable: "hostname" }),
      headers: { "content-type": "application/json" },
      token: redToken,
    });
    expect(json.status).toBe(422);
  });

  it("a machine outside the description's enum -> 422", async () => {
    const { status, body } = await api(main.facility, "/utilities/command/laptop", {
      ...form({ executable: "hostname" }),
      token: redToken,
    });
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ loc: ["path", "machine"], type: "type_error.enum" });
  });
});

describe("routing", () => {
  it("unknown paths -> 404; a known path with another method -> 405 with Allow", async () => {
    expect((await api(main.facility, "/nope", { token: redToken })).status).toBe(404);
    const wrong = await api(main.facility, "/tasks", { method: "POST", token: redToken });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("literal paths win over templates; file paths may keep their slashes or encode them", async () => {
    const planned = await api(main.facility, "/status/outages/planned");
    expect(planned.body.length).toBeGreaterThan(1);
    for (const outages of planned.body) expect(outages).toEqual([expect.objectContaining({ status: "Planned" })]);
    expect((await api(main.facility, "/status/outages/planned/perlmutter")).body).toEqual([
      expect.objectContaining({ name: "perlmutter", status: "Planned" }),
    ]);
    const file = new FormData();
    file.append("file", new Blob(["log\n"]), "run.log");
    const put = { method: "PUT", body: file, token: redToken };
    expect((await api(main.facility, "/utilities/upload/dtn01//home/user/run.log", put)).body.status).toBe("OK");
    const slashes = await api(main.facility, "/utilities/ls/dtn01//home/user/run.log", { token: yellowToken });
    expect(slashes.body.entries).toEqual([expect.objectContaining({ name: "/home/user/run.log" })]);
    const encoded = await api(main.facility, "/utilities/ls/dtn01/%2Fhome%2Fuser%2Frun.log", { token: yellowToken });
    expect(encoded.body.entries).toEqual([expect.objectContaining({ name: "/home/user/run.log" })]);
    expect((await api(main.facility, "/utilities/ls/dtn01/%E0%A4%A", { token: yellowToken })).status).toBe(400);
  });
});

describe("parameters, from the model's one merge", () => {
  it("an operation-level parameter overrides the path item's of the same name (it is not checked twice)", async () => {
    const dir = tempDir("params-");
    const file = join(dir, "api.json");
    const machine = (values: string[]) => ({ name: "machine", in: "path", required: true, schema: { enum: values } });
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: {
          "/m/{machine}": {
            parameters: [machine(["a", "b"])],
            get: {
              parameters: [machine(["a", "b", "c"]), { name: "n", in: "query", schema: { type: "integer" } }],
              responses: { 200: { description: "ok" } },
              security: [],
            },
            delete: { responses: { 200: { description: "ok" } }, security: [] },
          },
        },
      }),
    );
    await withFacility({ file }, async (facility) => {
      // "c" is allowed by the operation's own declaration; the path item's narrower enum no longer applies to GET.
      expect((await api(facility, "/m/c")).status).toBe(200);
      expect((await api(facility, "/m/d")).status).toBe(422);
      expect((await api(facility, "/m/c?n=x")).body.detail[0]).toMatchObject({ loc: ["query", "n"] });
      // DELETE has only the path item's.
      expect((await api(facility, "/m/c", { method: "DELETE" })).status).toBe(422);
      expect((await api(facility, "/m/b", { method: "DELETE" })).status).toBe(200);
    });
  });
});
