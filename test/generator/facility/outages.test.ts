/**
 * Outages: a system set down (or degraded) through the facility's API, from the start or while it runs, now or ahead,
 * shows in /status, /status/notes and /status/outages (planned ones in /status/outages/planned) on the facility's
 * clock; while a machine's system is unavailable, its jobs, commands and file operations are refused with the
 * facility's `{"status": "ERROR", "error"}` answer, and a generated client reads the outage and surfaces the refusal.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../../generated/index.js";
import { OptionError } from "../../../generator/errors.js";
import { outagesFromJson, startFacility } from "../../../generator/facility/index.js";
import type { TestClient } from "../../support/facility.js";
import { api, form, TestClock, testClient, useFacility } from "../../support/facility.js";

const HOUR = 3_600_000;
const fixture = useFacility({ taskDelayMs: 1000 });
let red: TestClient;
let token: string;

beforeAll(async () => {
  red = await testClient(fixture.facility, "red");
});
// Tests move the clock by hours: a token of the facility's time for each.
beforeEach(async () => {
  token = await fixture.token(red);
});

const get = async (path: string, init: RequestInit = {}) => {
  const { status, body } = await api(fixture.facility, path, { ...init, token });
  expect(status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
const minute = (ms: number) => `${iso(ms).slice(0, 16).replace("T", " ")} UTC`;
/** Every test leaves the facility as it found it: no outage, whatever the clock. */
const fresh = () => fixture.facility.outages.clear();

describe("an outage set through the facility's API", () => {
  it("makes the system unavailable in /status, notes and outages until it ends, then Completed", async () => {
    fresh();
    const now = fixture.clock.now();
    fixture.facility.outages.add({ system: "perlmutter", notes: "Rolling reboots", end: now + 2 * HOUR });
    const line = `${minute(now)} -- ${minute(now + 2 * HOUR)}, System Unavailable, Rolling reboots`;
    expect(await get("/status/perlmutter")).toEqual({
      name: "perlmutter",
      full_name: "Perlmutter",
      description: "System Unavailable",
      system_type: "compute",
      notes: [line],
      status: "unavailable",
      updated_at: iso(now),
    });
    const all = await get("/status/");
    expect(all.filter((s: { status: string }) => s.status !== "active").map((s: { name: string }) => s.name)).toEqual([
      "perlmutter",
    ]);
    expect(await get("/status/notes/perlmutter")).toEqual([
      { name: "perlmutter", notes: line, active: true, timestamp: iso(now) },
    ]);
    const current = { name: "perlmutter", status: "Active", notes: "Rolling reboots", start_at: iso(now) };
    expect((await get("/status/outages/perlmutter")).at(-1)).toMatchObject({
      ...current,
      end_at: iso(now + 2 * HOUR),
      description: "System Unavailable",
    });
    fixture.clock.advance(2 * HOUR);
    expect(await get("/status/perlmutter")).toMatchObject({
      status: "active",
      notes: [],
      updated_at: iso(now + 2 * HOUR),
    });
    expect((await get("/status/outages/perlmutter")).at(-1)).toMatchObject({ ...current, status: "Completed" });
    expect((await get("/status/notes/perlmutter")).map((n: { active: boolean }) => n.active)).toEqual([false, false]);
  });

  it("a planned outage lies ahead, then takes the system down when it begins; end() brings it back", async () => {
    fresh();
    const now = fixture.clock.now();
    fixture.facility.outages.add({ system: "perlmutter", start: now + HOUR, end: now + 3 * HOUR });
    const [ahead] = await get("/status/outages/planned/perlmutter");
    expect(ahead).toMatchObject({ name: "perlmutter", status: "Planned", start_at: iso(now + HOUR) });
    expect(ahead.notes).toBe("Scheduled maintenance");
    expect((await get("/status/perlmutter")).status).toBe("active");
    // The whole page too, though nothing changed but the clock (the page's text is kept between changes).
    const perlmutter = async () => (await get("/status/")).find((s: { name: string }) => s.name === "perlmutter");
    expect((await perlmutter()).status).toBe("active");
    fixture.clock.advance(HOUR);
    expect((await perlmutter()).status).toBe("unavailable");
    expect((await get("/status/perlmutter")).status).toBe("unavailable");
    // No longer ahead: only the canned maintenance in two weeks is.
    const stillAhead = await get("/status/outages/planned/perlmutter");
    expect(stillAhead.map((o: { start_at: string }) => o.start_at)).not.toContain(iso(now + HOUR));
    expect(stillAhead).toHaveLength(1);
    fixture.facility.outages.end("perlmutter");
    expect((await get("/status/perlmutter")).status).toBe("active");
    expect(await perlmutter()).toMatchObject({ status: "active", updated_at: iso(now + HOUR) });
    expect((await get("/status/outages/perlmutter")).at(-1)).toMatchObject({
      status: "Completed",
      end_at: iso(now + HOUR),
    });
  });

  it("a degraded system says so (swo degr) and still takes work; the most severe outage in force wins", async () => {
    fresh();
    fixture.facility.outages.add({ system: "dtns", status: "degraded", notes: "Slow transfers" });
    expect(await get("/status/dtns")).toMatchObject({ status: "degraded", description: "System Degraded" });
    expect((await get("/status/outages/dtns")).at(-1)).toMatchObject({ swo: "degr", status: "Active" });
    expect((await get("/utilities/command/dtn01", form({ executable: "true" }))).status).toBe("OK");
    fixture.facility.outages.add({ system: "dtn01", notes: "Power work" });
    expect(await get("/status/dtns")).toMatchObject({ status: "unavailable", description: "System Unavailable" });
    fresh();
  });
});

describe("a machine whose system is unavailable", () => {
  it("refuses jobs, commands and file operations in each answer's shape; another machine works", async () => {
    fresh();
    const tasksBefore = (await get("/tasks")).tasks;
    fixture.facility.outages.add({ system: "perlmutter", notes: "Emergency maintenance" });
    const error = expect.stringMatching(/^perlmutter is unavailable: .* System Unavailable, Emergency maintenance$/);
    const refused = (more: object) => ({ ...more, status: "ERROR", error });
    const file = new FormData();
    file.append("file", new Blob(["x"]), "x");
    const answers = [
      await get("/compute/jobs/perlmutter", form({ job: "#!/bin/bash\nsrun hostname\n", isPath: "false" })),
      await get("/utilities/command/perlmutter", form({ executable: "hostname" })),
      await get("/compute/jobs/perlmutter/12345678", { method: "DELETE" }),
      await get("/compute/jobs/perlmutter"),
      await get("/compute/jobs/perlmutter/12345678?sacct=true"),
      await get("/utilities/ls/perlmutter//global/homes/m/mockuser"),
      await get("/utilities/download/perlmutter//global/homes/m/mockuser/x"),
      await get("/utilities/upload/perlmutter//global/homes/m/mockuser/x", { method: "PUT", body: file }),
    ];
    expect(answers).toEqual([
      refused({ task_id: "" }),
      refused({ task_id: "" }),
      refused({ task_id: "" }),
      refused({ output: [] }),
      refused({ output: [] }),
      refused({ entries: [] }),
      refused({ file: null, is_binary: false }),
      refused({ output: null }),
    ]);
    // Nothing was done: no task, no file.
    expect((await get("/tasks")).tasks).toEqual(tasksBefore);
    expect((await get("/utilities/command/dtn01", form({ executable: "true" }))).status).toBe("OK");
    fresh();
    expect(
      (await get("/utilities/ls/perlmutter//global/homes/m/mockuser")).entries.map((e: { name: string }) => e.name),
    ).not.toContain("x");
  });
});

describe("a generated client during an outage", () => {
  it("reads the outage from /status and its outages; its job submission is a JobError naming it", async () => {
    fresh();
    const now = fixture.clock.now();
    fixture.facility.outages.add({ system: "perlmutter", notes: "Slurm upgrade", end: now + HOUR });
    const client = createClient({
      color: "red",
      clientId: red.clientId,
      privateKey: red.privateKeyPem,
      baseUrl: fixture.facility.baseUrl,
      tokenUrl: fixture.facility.tokenUrl,
      clock: { now: fixture.clock.now, sleep: async (ms: number) => fixture.clock.advance(ms) },
    });
    const status = await client.resources.status("perlmutter");
    expect(status).toMatchObject({ status: "unavailable", notes: [expect.stringContaining("Slurm upgrade")] });
    const perlmutter = client.compute("perlmutter");
    expect(await perlmutter.outages()).toContainEqual(
      expect.objectContaining({ status: "Active", notes: "Slurm upgrade", end_at: iso(now + HOUR) }),
    );
    const refused = await perlmutter.submitJob("#!/bin/bash\nsrun hostname\n").catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "JobError", reason: "submit", machine: "perlmutter" });
    expect((refused as Error).message).toContain("perlmutter is unavailable");
    expect((refused as Error).message).toContain("Slurm upgrade");
    fixture.clock.advance(HOUR);
    expect((await perlmutter.submitJob("#!/bin/bash\nsrun hostname\n")).id).toMatch(/^\d+$/);
  });
});

describe("outages refused", () => {
  it("an unknown system, a bad status, an end before the start: one OptionError naming what", async () => {
    const add = fixture.facility.outages.add;
    expect(() => add({ system: "perlmuter" })).toThrow(OptionError);
    expect(() => add({ system: "perlmuter" })).toThrow(/outage system must be one of .*perlmutter.*not "perlmuter"/);
    expect(() => add({ system: "dtns", status: "down" as never })).toThrow('not "down"');
    expect(() => add({ system: "dtns", start: 10, end: 5 })).toThrow("its end must come after its start");
    await expect(startFacility({ outages: [{ system: "nowhere" }] })).rejects.toThrow('not "nowhere"');
  });

  it("an outage file: times ISO or relative; what is wrong is named by file and JSON pointer", () => {
    const now = Date.UTC(2025, 5, 1, 9);
    expect(
      outagesFromJson(
        '[{"system": "perlmutter", "start": "+10m", "end": "2025-06-01T12:00:00Z", "notes": "x"}, {"system": "dtns"}]',
        "outages.json",
        now,
      ),
    ).toEqual([
      { system: "perlmutter", start: now + 600_000, end: Date.UTC(2025, 5, 1, 12), notes: "x" },
      { system: "dtns" },
    ]);
    const wrong = (text: string) => () => outagesFromJson(text, "outages.json", now);
    expect(wrong("{")).toThrow(/^outages\.json: not JSON/);
    expect(wrong("{}")).toThrow("outages.json: /: must be an array of outages");
    expect(wrong('[{"system": "dtns"}, {"system": "dtns", "start": "soon"}]')).toThrow(
      'outages.json: /1/start: "soon" is not a time',
    );
    expect(wrong('[{"system": "dtnz"}]')).toThrow("outages.json: /0/system: outage system must be one of");
    expect(wrong('[{"system": "dtns", "status": "gone"}]')).toThrow("outages.json: /0/status:");
    expect(wrong('[{"system": "dtns", "start": "+2h", "end": "+1h"}]')).toThrow(
      "outages.json: /0/end: outage of dtns: its end must come after its start",
    );
    expect(wrong('[{"system": "dtns", "why": 1}]')).toThrow("outages.json: /0/why: unknown field");
  });

  it("an outage given at the start is in force from the facility's first answer", async () => {
    const clock = new TestClock();
    const facility = await startFacility({ now: clock.now, outages: [{ system: "archive", status: "degraded" }] });
    try {
      expect((await api(facility, "/status/archive")).body).toMatchObject({ status: "degraded" });
    } finally {
      await facility.close();
    }
  });
});
