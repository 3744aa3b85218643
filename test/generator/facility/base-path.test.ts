/**
 * Where the facility serves the API: below the path of the default base URL that a client generated from the same
 * description gets (the model's one rule), whatever the description's server URL holds, so that `origin + path` is
 * where that client's calls land.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startFacility } from "../../../generator/facility/index.js";
import { tempDir } from "../../support/project.js";

/** A one-operation description (public: no scope field) with `servers[0].url` as given. */
function description(server: string | undefined): object {
  const ok = { description: "ok", content: { "application/json": { schema: { type: "object" } } } };
  return {
    openapi: "3.1.0",
    info: { title: "Base paths", version: "1" },
    ...(server === undefined ? {} : { servers: [{ url: server }] }),
    paths: { "/status": { get: { operationId: "read_status", responses: { "200": ok } } } },
  };
}

const dir = tempDir("base-path-");

describe("the facility's base path", () => {
  it.each([
    ["an https server URL: its path", "https://sfapi.example.org/api/v2", "/api/v2"],
    ["a relative server URL: its path", "/api/v3/", "/api/v3"],
    ["no server: the facility's own", undefined, "/api/v1.2"],
    // The generated client refuses these for its default base URL and takes the facility's own: so does the mock.
    ["an http server URL: the facility's own", "http://localhost:8000/api/v9", "/api/v1.2"],
    ["server variables: the facility's own", "https://{host}/api/v4", "/api/v1.2"],
    ["a path the router cannot hold: the facility's own", "https://sfapi.example.org/api/v%205", "/api/v1.2"],
  ])("%s", async (_, server, path) => {
    const file = join(dir, `${path.replace(/\W/g, "_")}-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(description(server)));
    const facility = await startFacility({ file, levels: ["green", "red"] });
    try {
      expect(facility.baseUrl).toBe(`${facility.origin}${path}`);
      const served = await fetch(`${facility.baseUrl}/status`);
      expect(served.status).toBe(200);
      if (server !== undefined && path === "/api/v1.2") {
        const elsewhere = new URL(server.replace("{host}", "h"), "https://h").pathname.replace(/\/+$/, "");
        expect((await fetch(`${facility.origin}${elsewhere}/status`)).status).toBe(404);
      }
    } finally {
      await facility.close();
    }
  });
});
