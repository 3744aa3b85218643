/**
 * The facility's router on the runtime's path reader: the template a concrete path means (the most literal one), its
 * parameter values, whole file paths, and the not-found / method-not-allowed / bad-encoding answers.
 */
import { describe, expect, it } from "vitest";
import type { RouteMatch } from "../../../generator/facility/routes.js";
import { Router } from "../../../generator/facility/routes.js";
import { loadModel } from "../../../generator/model/model.js";
import { templateParams } from "../../../templates/runtime/matcher.js";

const router = new Router((await loadModel({})).operations);
const route = (method: string, path: string) => summary(router.match(method, path));

function summary(match: RouteMatch): unknown {
  return match.kind === "operation" ? { name: match.operation.name, params: match.params } : match;
}

describe("templateParams", () => {
  it("gives each parameter its decoded segment, including parameters inside a segment", () => {
    expect(templateParams("/compute/jobs/{machine}/{jobid}", ["compute", "jobs", "perlmutter", "12345678"])).toEqual({
      machine: "perlmutter",
      jobid: "12345678",
    });
    expect(templateParams("/files/{name}.{ext}", ["files", "run.log.gz"])).toEqual({ name: "run", ext: "log.gz" });
    expect(templateParams("/status/", ["status", ""])).toEqual({});
  });

  it("is undefined when the segments do not fit the template", () => {
    expect(templateParams("/status/{name}", ["status", ""])).toBeUndefined();
    expect(templateParams("/status/{name}", ["status", "a", "b"])).toBeUndefined();
    expect(templateParams("/status/outages", ["status", "notes"])).toBeUndefined();
    expect(templateParams("/files/{name}.json", ["files", "x.yaml"])).toBeUndefined();
  });
});

describe("facility router", () => {
  it("routes a concrete path to the most literal template and names its parameters", () => {
    expect(route("GET", "/status/outages")).toEqual({ name: "readOutages", params: {} });
    expect(route("GET", "/status/outages/planned")).toEqual({ name: "readPlannedOutages", params: {} });
    expect(route("GET", "/status/outages/perlmutter")).toEqual({ name: "readOutage", params: { name: "perlmutter" } });
    expect(route("GET", "/status/perlmutter")).toEqual({ name: "readStatus", params: { name: "perlmutter" } });
    expect(route("DELETE", "/compute/jobs/perlmutter/12345678")).toEqual({
      name: "cancelJob",
      params: { machine: "perlmutter", jobid: "12345678" },
    });
  });

  it("decodes parameters and takes a whole file path in the file operations' last parameter, and only there", () => {
    expect(route("GET", "/utilities/ls/perlmutter//global/homes/u/user")).toEqual({
      name: "readDirectory",
      params: { machine: "perlmutter", path: "/global/homes/u/user" },
    });
    expect(route("PUT", "/utilities/upload/dtn01//a//b/")).toEqual({
      name: "uploadFile",
      params: { machine: "dtn01", path: "/a//b/" },
    });
    expect(route("GET", "/utilities/ls/dtn01/")).toEqual({ kind: "not-found" });
    expect(route("GET", "/tasks/42/43")).toEqual({ kind: "not-found" });
    expect(route("GET", "/compute/jobs/perlmutter/1/2")).toEqual({ kind: "not-found" });
    expect(route("GET", "/utilities/ls/dtn01/%2Fglobal%2Fhomes")).toEqual({
      name: "readDirectory",
      params: { machine: "dtn01", path: "/global/homes" },
    });
    expect(route("GET", "/utilities/ls/dtn01/global/homes/m")).toEqual({
      name: "readDirectory",
      params: { machine: "dtn01", path: "global/homes/m" },
    });
    expect(route("GET", "/status/caf%C3%A9")).toEqual({ name: "readStatus", params: { name: "café" } });
  });

  it("answers not-found, method-not-allowed (with the methods that fit) and bad-encoding", () => {
    expect(route("GET", "/nope")).toEqual({ kind: "not-found" });
    expect(route("POST", "/account/groups/m1234")).toEqual({ kind: "method-not-allowed", allowed: ["GET", "PUT"] });
    expect(route("GET", "/tasks/")).toEqual({ kind: "not-found" });
    expect(route("POST", "/tasks")).toEqual({ kind: "method-not-allowed", allowed: ["GET"] });
    expect(route("PUT", "/tasks/42")).toEqual({ kind: "method-not-allowed", allowed: ["GET", "DELETE"] });
    expect(route("GET", "/status/%E0%A4%A")).toEqual({ kind: "bad-encoding" });
    // Dot-segments, also inside a whole path, reach no operation, as the guard refuses them.
    expect(route("GET", "/utilities/ls/dtn01//global/../etc")).toEqual({ kind: "not-found" });
    expect(route("GET", "/utilities/ls/dtn01/%2Fglobal%2F..%2Fetc")).toEqual({ kind: "not-found" });
    expect(route("GET", "/tasks/..")).toEqual({ kind: "not-found" });
  });
});
