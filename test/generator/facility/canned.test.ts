/**
 * The stateless answers echo what they were asked (the system, user, group, machine and path named) and take their
 * times from the facility's clock; where the facility knows the truth (its clients, its URLs) they tell it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../support/facility.js";
import { api, form, testClient, useFacility } from "../../support/facility.js";

const fixture = useFacility({ levels: ["green", "yellow", "red"] });
const startedAt = () => new Date(fixture.clock.now()).toISOString().replace(".000Z", "Z");
let red: TestClient;
let token: string;

beforeAll(async () => {
  red = await testClient(fixture.facility, "red");
  token = await fixture.token(red);
});

const get = async (path: string, init: RequestInit = {}) => {
  const { status, body } = await api(fixture.facility, path, { ...init, token });
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};

describe("status", () => {
  it("GET /status/{name} names that system, known or not, updated when the facility started", async () => {
    expect(await get("/status/perlmutter")).toEqual({
      name: "perlmutter",
      full_name: "Perlmutter",
      description: "System is active",
      system_type: "compute",
      notes: [],
      status: "active",
      updated_at: startedAt(),
    });
    expect(await get("/status/newsystem")).toMatchObject({ name: "newsystem", status: "active" });
    const all = await get("/status/");
    // The official client's Resource model: 33 systems, with their kinds.
    expect(all).toHaveLength(33);
    const kind = (name: string) => all.find((s: { name: string }) => s.name === name)?.system_type;
    expect(["perlmutter", "community_filesystem", "dtns", "globus", "archive", "ssh-proxy", "int"].map(kind)).toEqual([
      "compute",
      "filesystem",
      "filesystem",
      "service",
      "storage",
      "service",
      "service",
    ]);
    expect(all.map((s: { name: string }) => s.name)).not.toContain("cfs");
  });

  it("outages and notes name their system; planned ones lie ahead of the clock, past ones behind", async () => {
    const [planned] = await get("/status/outages/planned/archive");
    expect(planned).toMatchObject({ name: "archive", status: "Planned" });
    expect(Date.parse(planned.start_at)).toBeGreaterThan(fixture.clock.now());
    const [past] = await get("/status/outages/community_filesystem");
    expect(past).toMatchObject({ name: "community_filesystem", status: "Completed" });
    expect(Date.parse(past.end_at)).toBeLessThan(fixture.clock.now());
    expect(await get("/status/notes/spin")).toEqual([expect.objectContaining({ name: "spin" })]);
    expect((await get("/status/outages")).every((outages: { name: string }[]) => outages.length === 1)).toBe(true);
  });
});

describe("account", () => {
  it("shows the caller (the mock user) or the user asked for", async () => {
    expect(await get("/account/")).toMatchObject({ name: "mockuser", uid: 12345 });
    const alice = await get("/account/?username=alice");
    expect(alice).toMatchObject({ name: "alice", email: "alice@example.org" });
    expect((await get("/account/?username=alice")).uid).toBe(alice.uid);
  });

  it("lists the facility's registered clients with their IDs, levels and expiry", async () => {
    const clients = await get("/account/clients");
    expect(clients).toContainEqual({
      name: "red client",
      clientId: red.clientId,
      expiresAt: red.expiresAt.toISOString().replace(".000Z", "Z"),
      comments: "level red, local facility; IP ranges 127.0.0.0/8, ::1/128 (2 of at most 2)",
    });
  });

  it("groups are kept: created for the user's project, members added and removed, read back as changed", async () => {
    const created = await get("/account/groups", form({ name: "mygrp", repo_name: "m1234" }));
    expect(created).toMatchObject({ name: "mygrp", users: [{ name: "mockuser", uid: 12345 }] });
    expect((await get("/account/groups/mygrp")).gid).toBe(created.gid);
    const added = await get("/account/groups/mygrp", form({ usernames: "alice, bob", action: "batch_add" }, "PUT"));
    expect(added.users.map((u: { name: string }) => u.name)).toEqual(["mockuser", "alice", "bob"]);
    const removed = await get("/account/groups/mygrp", form({ usernames: "mockuser", action: "batch_remove" }, "PUT"));
    expect(removed.users.map((u: { name: string }) => u.name)).toEqual(["alice", "bob"]);
    expect((await get("/account/groups/mygrp")).users.map((u: { name: string }) => u.name)).toEqual(["alice", "bob"]);
    expect((await get("/account/groups")).groups.map((g: { name: string }) => g.name)).toEqual(["m1234", "mygrp"]);
    const wrong = await api(fixture.facility, "/account/groups/mygrp", {
      ...form({ usernames: "alice", action: "add" }, "PUT"),
      token,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0]).toMatchObject({ loc: ["body", "action"], type: "type_error.enum" });
  });

  it("refuses what the facility refuses: a taken or long name (422), another project or an unknown group (404)", async () => {
    const post = (fields: Record<string, string>) =>
      api(fixture.facility, "/account/groups", { ...form(fields), token });
    const taken = await post({ name: "m1234", repo_name: "m1234" });
    expect([taken.status, taken.body.detail[0].msg]).toEqual([422, "a group of that name already exists"]);
    expect((await post({ name: "ninechars", repo_name: "m1234" })).status).toBe(422);
    const other = await post({ name: "theirs", repo_name: "m9999" });
    expect([other.status, other.body.detail]).toEqual([404, expect.stringContaining("project not found")]);
    expect((await api(fixture.facility, "/account/groups/nosuch", { token })).status).toBe(404);
    const put = form({ usernames: "alice", action: "batch_add" }, "PUT");
    expect((await api(fixture.facility, "/account/groups/nosuch", { ...put, token })).status).toBe(404);
  });
});

describe("metadata", () => {
  it("meta/config tells the facility's own URLs and the description's version", async () => {
    expect(await get("/meta/config")).toEqual([
      { key: "api_version", value: "1.2" },
      { key: "base_url", value: fixture.facility.baseUrl },
      { key: "token_url", value: fixture.facility.tokenUrl },
    ]);
  });
});

describe("isoTime", () => {
  it("formats to the second, whichever instant of a second it is given, and in any order", async () => {
    const { isoTime } = await import("../../../generator/facility/canned.js");
    const at = Date.UTC(2025, 5, 1, 9, 0, 0);
    expect(isoTime(at + 999)).toBe("2025-06-01T09:00:00Z");
    expect(isoTime(at)).toBe("2025-06-01T09:00:00Z");
    expect(isoTime(at + 1000)).toBe("2025-06-01T09:00:01Z");
    expect(isoTime(at - 1)).toBe("2025-06-01T08:59:59Z");
    expect(isoTime(at + 1000)).toBe("2025-06-01T09:00:01Z");
  });
});
