/**
 * A yellow client of the checked-in generated/ against the local facility, on 127.0.0.1: listing a directory by its
 * whole path, by name and as the official client writes the URL, reaches the facility as
 * `/utilities/ls/perlmutter//global/homes/u/user` and is answered; a dot-segment in the path never leaves the client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../generated/index.js";
import type { Facility } from "../../generator/facility/index.js";
import { startFacility, writeClientFiles } from "../../generator/facility/index.js";
import { sharedKeyClient } from "../support/facility.js";
import { tempDir } from "../support/project.js";

let facility: Facility;
let keyFile: string;

beforeAll(async () => {
  facility = await startFacility({ levels: ["green", "yellow", "red"], taskDelayMs: 0 });
  [keyFile] = (await writeClientFiles(tempDir("whole-keys-"), sharedKeyClient(facility, "yellow"), facility)) as [
    string,
  ];
});
afterAll(() => facility.close());

describe("whole paths against the facility", () => {
  it("a yellow client lists /global/homes/u/user by name and by the official client's URL", async () => {
    const yellow = createClient({ color: "yellow", keyFile });
    const from = facility.requests.length;
    await yellow.readDirectory({ path: { machine: "perlmutter", path: "/global/homes/u/user" } });
    const raw = await (yellow as unknown as { GET(path: string): Promise<{ response: Response }> }).GET(
      "/utilities/ls/perlmutter//global/homes/u/user",
    );
    expect(raw.response.status).toBe(200);
    await expect(
      yellow.readDirectory({ path: { machine: "perlmutter", path: "/global/homes/u/../../../etc" } }),
    ).rejects.toMatchObject({ name: "ScopeError" });
    expect(
      facility.requests
        .slice(from)
        .filter((r) => r.path.includes("/utilities/"))
        .map((r) => `${r.method} ${r.path} ${r.status}`),
    ).toEqual([
      "GET /api/v1.2/utilities/ls/perlmutter//global/homes/u/user 200",
      "GET /api/v1.2/utilities/ls/perlmutter//global/homes/u/user 200",
    ]);
  });
});
