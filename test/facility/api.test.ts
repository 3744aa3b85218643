/**
 * The API behind the token: bare-token authentication, the ladder's color rules, and the scripted command/task
 * behaviour. The facility runs on a clock the test moves, so expiry and task completion need no waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFacility } from "../../generator/facility/index.js";
import type { CreatedClient, Facility } from "../../generator/facility/index.js";
import { accessToken, api } from "./support.js";

let clock = Date.now();
const nowS = () => Math.floor(clock / 1000);
let facility: Facility;
let other: Facility;
let red: CreatedClient;
let yellow: CreatedClient;
let green: CreatedClient;
let redToken: string;
let yellowToken: string;
let greenToken: string;

const TASK_DELAY_MS = 5_000;
const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

beforeAll(async () => {
  facility = await startFacility({ levels: ["green", "yellow", "red"], now: () => clock, taskDelayMs: TASK_DELAY_MS, tokenLifetimeSeconds: 60 });
  // A second facility: its own signing key, and it takes the `Bearer ` prefix.
  other = await startFacility({ levels: ["green", "yellow", "red"], acceptBearer: true });
  [red, yellow, green] = await Promise.all([facility.createClient("red"), facility.createClient("yellow"), facility.createClient("green")]);
  [redToken, yellowToken, greenToken] = await Promise.all([accessToken(facility, red, nowS()), accessToken(facility, yellow, nowS()), accessToken(facility, green, nowS())]);
});
afterAll(async () => {
  await facility.close();
  await other.close();
});

describe("authentication", () => {
  it("a public operation needs no token", async () => {
    const { status, body } = await api(facility, "/status/");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
  });

  it("missing token -> 401 naming the level needed", async () => {
    const { status, body } = await api(facility, "/tasks");
    expect(status).toBe(401);
    expect(body.detail).toContain('level "green"');
  });

  it('a "Bearer "-prefixed token -> 401 (the facility wants the bare token)', async () => {
    const { status, body } = await api(facility, "/tasks", { token: `Bearer ${greenToken}` });
    expect(status).toBe(401);
    expect(body.detail).toContain("Bearer");
    expect((await api(facility, "/tasks", { token: greenToken })).status).toBe(200);
  });

  it('a facility started with acceptBearer takes the "Bearer " prefix as well as the bare token', async () => {
    const client = await other.createClient("green");
    const token = await accessToken(other, client);
    expect((await api(other, "/tasks", { token: `Bearer ${token}` })).status).toBe(200);
    expect((await api(other, "/tasks", { token })).status).toBe(200);
  });

  it("a token another facility signed -> 401", async () => {
    const foreign = await accessToken(other, await other.createClient("red"));
    const { status, body } = await api(facility, "/tasks", { token: foreign });
    expect(status).toBe(401);
    expect(body.detail).toContain("not one this facility issued");
    expect(body.detail).not.toContain(foreign);
  });

  it("garbage -> 401", async () => {
    expect((await api(facility, "/tasks", { token: "not.a.token" })).status).toBe(401);
  });

  it("an expired token -> 401; a fresh one works again", async () => {
    const client = await facility.createClient("green");
    const token = await accessToken(facility, client, nowS());
    expect((await api(facility, "/tasks", { token })).status).toBe(200);
    clock += 61_000;
    try {
      const { status, body } = await api(facility, "/tasks", { token });
      expect(status).toBe(401);
      expect(body.detail).toContain("expired");
      expect((await api(facility, "/tasks", { token: await accessToken(facility, client, nowS()) })).status).toBe(200);
    } finally {
      clock -= 61_000;
    }
  });
});

describe("colors", () => {
  it("a green token on a red operation -> 403 naming red, and nothing is recorded", async () => {
    const { status, body } = await api(facility, "/utilities/command/dtn01", { ...form({ executable: "hostname" }), token: greenToken });
    expect(status).toBe(403);
    expect(body.detail).toContain('needs level "red"');
    expect(body.detail).toContain('"green"');
    expect((await api(facility, "/tasks", { token: greenToken })).body.tasks).toEqual([]);
  });

  it("yellow operations: refused to green, allowed to yellow and red", async () => {
    expect((await api(facility, "/utilities/ls/dtn01/home", { token: greenToken })).status).toBe(403);
    expect((await api(facility, "/utilities/ls/dtn01/home", { token: yellowToken })).status).toBe(200);
    expect((await api(facility, "/utilities/ls/dtn01/home", { token: redToken })).status).toBe(200);
  });

  it("on a green,red ladder, an operation named yellow (off the ladder) is for red only", async () => {
    const twoLevels = await startFacility({ levels: "green,red" });
    try {
      const [g, r] = await Promise.all([twoLevels.createClient("green"), twoLevels.createClient("red")]);
      const denied = await api(twoLevels, "/utilities/ls/dtn01/home", { token: await accessToken(twoLevels, g) });
      expect(denied.status).toBe(403);
      expect(denied.body.detail).toContain('"red" (the top level: its scope "yellow" is not on the ladder)');
      expect((await api(twoLevels, "/utilities/ls/dtn01/home", { token: await accessToken(twoLevels, r) })).status).toBe(200);
    } finally {
      await twoLevels.close();
    }
  });
});

describe("commands and tasks", () => {
  it("a command becomes a task that is new, then completed after the delay with a result naming the command", async () => {
    const started = await api(facility, "/utilities/command/perlmutter", { ...form({ executable: "ls -la /tmp" }), token: redToken });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ task_id: expect.any(String), status: "OK" });
    const id = started.body.task_id as string;

    const before = await api(facility, `/tasks/${id}`, { token: redToken });
    expect(before.body).toEqual({ id, status: "new", result: null });

    clock += TASK_DELAY_MS;
    const after = await api(facility, `/tasks/${id}`, { token: redToken });
    expect(after.body.status).toBe("completed");
    const result = JSON.parse(after.body.result);
    expect(result).toMatchObject({ status: "ok", error: null });
    expect(result.output).toContain("`ls -la /tmp` on perlmutter");
  });

  it("GET /tasks lists only the caller's tasks; a blank tags= means no filter; tags narrow", async () => {
    const first = (await api(facility, "/utilities/command/dtn01", { ...form({ executable: "date" }), token: redToken })).body.task_id;
    const ids = async (query: string, token = redToken) => (await api(facility, `/tasks${query}`, { token })).body.tasks.map((t: { id: string }) => t.id);
    expect(await ids("?tags=")).toContain(first);
    expect(await ids("")).toContain(first);
    expect(await ids("?tags=command,dtn01")).toContain(first);
    expect(await ids("?tags=perlmutter")).not.toContain(first);
    expect(await ids("?tags=", yellowToken)).toEqual([]);
    // Another client's task is invisible, even by id.
    expect((await api(facility, `/tasks/${first}`, { token: yellowToken })).status).toBe(404);
  });

  it("DELETE /tasks/{id} cancels an unfinished task (yellow)", async () => {
    const id = (await api(facility, "/utilities/command/dtn01", { ...form({ executable: "sleep 60" }), token: redToken })).body.task_id;
    expect((await api(facility, `/tasks/${id}`, { method: "DELETE", token: redToken })).body).toEqual({ id, status: "cancelled", result: null });
    clock += TASK_DELAY_MS;
    expect((await api(facility, `/tasks/${id}`, { token: redToken })).body.status).toBe("cancelled");
  });

  it("a command without executable, or sent as JSON -> 422 in FastAPI's shape", async () => {
    const empty = await api(facility, "/utilities/command/dtn01", { ...form({}), token: redToken });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ loc: ["body", "executable"], type: "value_error.missing" });
    const json = await api(facility, "/utilities/command/dtn01", { method: "POST", body: JSON.stringify({ executable: "hostname" }), headers: { "content-type": "application/json" }, token: redToken });
    expect(json.status).toBe(422);
  });

  it("a machine outside the description's enum -> 422", async () => {
    const { status, body } = await api(facility, "/utilities/command/laptop", { ...form({ executable: "hostname" }), token: redToken });
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ loc: ["path", "machine"], type: "type_error.enum" });
  });
});

describe("routing", () => {
  it("unknown paths -> 404; a known path with another method -> 405 with Allow", async () => {
    expect((await api(facility, "/nope", { token: redToken })).status).toBe(404);
    const wrong = await api(facility, "/tasks", { method: "POST", token: redToken });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("literal paths win over templates; file paths may keep their slashes or encode them", async () => {
    expect((await api(facility, "/status/outages/planned")).body).toEqual([[expect.objectContaining({ name: expect.any(String) })]]);
    expect((await api(facility, "/utilities/ls/dtn01/home/user/dir", { token: yellowToken })).status).toBe(200);
    expect((await api(facility, "/utilities/ls/dtn01/%2Fhome%2Fuser", { token: yellowToken })).status).toBe(200);
    expect((await api(facility, "/utilities/ls/dtn01/%E0%A4%A", { token: yellowToken })).status).toBe(400);
  });

  it("every other operation answers its example with the status its description gives", async () => {
    const scripted = new Set(["POST /utilities/command/{machine}", "GET /tasks", "GET /tasks/{id}", "DELETE /tasks/{id}"]);
    for (const op of facility.model.operations) {
      const method = op.method.toUpperCase();
      if (scripted.has(`${method} ${op.path}`)) continue;
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "machine" ? "perlmutter" : "x"));
      const { status, body } = await api(facility, path, { method, token: redToken });
      expect(status, `${method} ${op.path}`).toBe(200);
      expect(body, `${method} ${op.path}`).toBeDefined();
    }
  });
});
