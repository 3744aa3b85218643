/**
 * Routes and literal siblings (generator/model/routes.ts), as the guard, `needs`, the mock, the audit and the types
 * read them. Templates no request path tells apart under one method are one route, which needs every operation it may
 * be; under two methods they are not ambiguous at all; a `#` key's discriminator counts only where the request carries
 * it; a call that may fall on a literal sibling needs the most demanding of the two.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { Router } from "../../../generator/facility/routes.js";
import { fallsOn, routesOf } from "../../../generator/model/routes.js";
import { subjectOf } from "../../../generator/model/subject.js";
import { tableEntries } from "../../../generator/output/manifest.js";
import {
  buildAudit,
  buildLevelAudit,
  renderAudit,
  type ScopeAuditReport,
} from "../../../generator/reports/audit/audit.js";
import { lookupOf, resolveUse } from "../../../generator/usage/resolve.js";
import type { FoundUse } from "../../../generator/usage/uses.js";
import { ScopeError } from "../../../templates/runtime/errors.js";
import { createGuard, grantPermission } from "../../../templates/runtime/guard.js";
import { compileTable } from "../../../templates/runtime/matcher.js";
import type { OperationEntry } from "../../../templates/runtime/table.js";
import { runCli } from "../../support/cli.js";
import { description, modelOf, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";

const LADDER = ["green", "yellow", "red"];
const BASE = "https://api.example.test/api";
const green = { ...secured, "x-nersc-scope": "green" };
const red = { ...secured, "x-nersc-scope": "red" };
const param = (name: string, where = "path", schema: object = { type: "string" }) => ({
  name,
  in: where,
  required: true,
  schema,
});
const target = (value: string) => param("X-Amz-Target", "header", { type: "string", enum: [value] });

const doc = description({
  // One method, equal but for names: one route.
  "GET /things/{aid}": { ...green, operationId: "readThingA", parameters: [param("aid")] },
  "GET /things/{zname}": { ...red, operationId: "readThingZ", parameters: [param("zname")] },
  // GitHub's attestations: two methods, no route.
  "GET /orgs/{org}/att/{digest}": { ...green, operationId: "listAtt", parameters: [param("org"), param("digest")] },
  "DELETE /orgs/{org}/att/{id}": { ...red, operationId: "deleteAtt", parameters: [param("org"), param("id")] },
  // AWS: one URL, told apart by a header the caller sets.
  "POST /#X-Amz-Target=Svc.Read": { ...green, operationId: "svcRead", parameters: [target("Svc.Read")] },
  "POST /#X-Amz-Target=Svc.Delete": { ...red, operationId: "svcDelete", parameters: [target("Svc.Delete")] },
  // Azure: a dummy discriminator no request carries.
  "GET /roles/{roleId}": { ...green, operationId: "roleA", parameters: [param("roleId")] },
  "GET /roles/{roleId}#disambiguation_dummy": { ...red, operationId: "roleB", parameters: [param("roleId")] },
  // Literal siblings.
  "GET /items/{id}": { ...green, operationId: "readItem", parameters: [param("id")] },
  "GET /items/secret": { ...red, operationId: "readSecret" },
});
const model = modelOf(doc, "routes.json");
const byName = (name: string) => model.operations.find((op) => op.name === name)!;
const entries = tableEntries(model.operations);
const table: Record<string, OperationEntry> = Object.fromEntries(
  entries.map((e) => [e.name, { name: e.name, method: e.method, path: e.path, scope: e.scope }]),
);
const greenGuard = createGuard({ table: compileTable(table), ladder: LADDER, color: "green", baseUrl: BASE });

/** The operation the green guard's refusal names, or null when it lets the request through. */
function refusedFor(method: string, path: string, headers?: Record<string, string>): string | null {
  try {
    greenGuard.check(method, `${BASE}${path}`, headers ? new Headers(headers) : undefined);
    return null;
  } catch (error) {
    if (!(error instanceof ScopeError)) throw error;
    return error.operation ?? "(unknown path)";
  }
}

const lookup = lookupOf(LADDER, entries);
const needs = (use: Record<string, unknown>) => {
  const resolved = resolveUse({ file: "a.ts", line: 1, column: 1, ...use } as unknown as FoundUse, lookup)!;
  return { level: resolved.level, operations: resolved.operations.map((op) => op.name) };
};

describe("routes", () => {
  test("routesOf: one method's templates equal but for names, or sharing a request path; not two methods", () => {
    const routes = routesOf(model.operations).map((r) => ({
      method: r.method,
      path: r.path,
      operations: r.operations.map((op) => op.name).sort(),
      discriminator: r.discriminator,
    }));
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: "GET", path: "/things/{aid}", operations: ["readThingA", "readThingZ"], discriminator: null },
        { method: "POST", path: "/", operations: ["svcDelete", "svcRead"], discriminator: "x-amz-target" },
        { method: "GET", path: "/roles/{roleId}", operations: ["roleA", "roleB"], discriminator: null },
      ]),
    );
    expect(routes).toHaveLength(3);
  });

  test("the guard: a route's request needs every operation; two methods are two operations", () => {
    expect(refusedFor("GET", "/things/1")).toBe("readThingZ");
    expect(refusedFor("GET", "/roles/r1")).toBe("roleB");
    expect(refusedFor("GET", "/orgs/o/att/sha256:1")).toBeNull();
    expect(refusedFor("DELETE", "/orgs/o/att/1")).toBe("deleteAtt");
  });

  test("the guard uses a # key's discriminator only where the request carries it", () => {
    expect(refusedFor("POST", "/", { "X-Amz-Target": "Svc.Read" })).toBeNull();
    expect(refusedFor("POST", "/?x-amz-target=Svc.Read")).toBeNull();
    expect(refusedFor("POST", "/", { "X-Amz-Target": "Svc.Delete" })).toBe("svcDelete");
    // Not carried, or carried both ways: it may be either.
    expect(refusedFor("POST", "/")).toBe("svcDelete");
    expect(refusedFor("POST", "/?X-Amz-Target=Svc.Delete", { "X-Amz-Target": "Svc.Read" })).toBe("svcDelete");
    // A value no operation names rules every one out: an unknown request, the top level's only.
    expect(refusedFor("POST", "/", { "X-Amz-Target": "Svc.Other" })).toBe("(unknown path)");
    // A header is judged per request, never kept with the URL's decision.
    expect(refusedFor("POST", "/", { "X-Amz-Target": "Svc.Read" })).toBeNull();
    expect(refusedFor("POST", "/", { "X-Amz-Target": "Svc.Delete" })).toBe("svcDelete");
  });

  test("needs: the route's highest level, by name, template or path", () => {
    expect(needs({ kind: "named", entry: "readThingA" })).toEqual({
      level: "red",
      operations: ["readThingA", "readThingZ"],
    });
    expect(needs({ kind: "call", method: "GET", path: "/things/{aid}" }).level).toBe("red");
    expect(needs({ kind: "call", method: "GET", path: "/things/42" }).level).toBe("red");
    expect(needs({ kind: "named", entry: "roleA" }).level).toBe("red");
    expect(needs({ kind: "named", entry: "listAtt" })).toEqual({ level: "green", operations: ["listAtt"] });
    // A # key's discriminator is the caller's to send, and needs does not read headers: the whole route.
    expect(needs({ kind: "named", entry: "svcRead" })).toEqual({ level: "red", operations: ["svcRead", "svcDelete"] });
    expect(needs({ kind: "call", method: "POST", path: "/#X-Amz-Target=Svc.Read" }).level).toBe("red");
    expect(needs({ kind: "call", method: "POST", path: "/" }).level).toBe("red");
  });

  test("the mock asks the token for every operation a request may be", () => {
    const router = new Router(model.operations);
    const routed = (method: string, path: string, carried: Record<string, string> = {}) => {
      const match = router.match(method, path, (name) => (carried[name] === undefined ? [] : [carried[name]!]));
      return match.kind === "operation" ? [match.operation.name, ...match.also.map((op) => op.name)] : [match.kind];
    };
    expect(routed("GET", "/things/1").sort()).toEqual(["readThingA", "readThingZ"]);
    expect(routed("POST", "/", { "x-amz-target": "Svc.Read" })).toEqual(["svcRead"]);
    expect(routed("POST", "/").sort()).toEqual(["svcDelete", "svcRead"]);
    expect(routed("DELETE", "/orgs/o/att/1")).toEqual(["deleteAtt"]);
    expect(routed("GET", "/items/secret")).toEqual(["readSecret", "readItem"]);
  });
});

describe("literal siblings", () => {
  test("readItem may fall on readSecret: the guard judges the value, needs the literal or every sibling", () => {
    const falls = fallsOn(model.operations, LADDER);
    expect(falls.get(byName("readItem"))).toMatchObject({ reach: "red", more: 0 });
    expect(falls.get(byName("readItem"))!.onto.map((op) => op.name)).toEqual(["readSecret"]);
    // And back: a request to /items/secret fits /items/{id} too, which needs less: nothing raised.
    expect(falls.get(byName("readSecret"))).toEqual({ reach: "red", onto: [], more: 0 });
    expect(refusedFor("GET", "/items/secret")).toBe("readSecret");
    expect(refusedFor("GET", "/items/1")).toBeNull();
    expect(needs({ kind: "call", method: "GET", path: "/items/1" })).toEqual({
      level: "green",
      operations: ["readItem"],
    });
    expect(needs({ kind: "call", method: "GET", path: "/items/secret" }).level).toBe("red");
    // A value it cannot see may be "secret": every sibling.
    expect(needs({ kind: "named", entry: "readItem" })).toEqual({
      level: "red",
      operations: ["readItem", "readSecret"],
    });
    expect(needs({ kind: "call", method: "GET", path: "/items/{id}" }).level).toBe("red");
  });
});

describe("a value spanning segments from a mixed segment", () => {
  // POST /a/x{p0}y{p1} with p1 = "a/b" sends /a/x1ya%2Fb, which the guard also reads split: /a/x1ya/b, a request to
  // POST /{p0}/{p1}/b. The last segment of the span is the rest of the value: any text, not the mixed pattern again.
  const spanDoc = description({
    "POST /a/x{p0}y{p1}": { ...green, operationId: "mixed", parameters: [param("p0"), param("p1")] },
    "POST /{p0}/{p1}/b": { ...red, operationId: "deeper", parameters: [param("p0"), param("p1")] },
  });
  const spanModel = modelOf(spanDoc, "span.json");
  const spanLookup = lookupOf(LADDER, tableEntries(spanModel.operations));

  test("a call by name may fall on the deeper template, as the guard reads the request", () => {
    const falls = fallsOn(spanModel.operations, LADDER);
    const mixed = spanModel.operations.find((op) => op.name === "mixed")!;
    expect(falls.get(mixed)!.onto.map((op) => op.name)).toEqual(["deeper"]);
    const byName = resolveUse(
      { file: "a.ts", line: 1, column: 1, kind: "named", entry: "mixed" } as FoundUse,
      spanLookup,
    )!;
    expect([byName.level, byName.operations.map((op) => op.name)]).toEqual(["red", ["mixed", "deeper"]]);
  });
});

describe("the audit and the types say the same", () => {
  test("the audit lists the routes and what may fall on what; --color green refuses a route's green operation", () => {
    const audit = buildLevelAudit(subjectOf(model), { color: "green" });
    const op = (name: string) => audit.operations.find((o) => o.name === name)!;
    expect(op("readItem")).toMatchObject({ level: "green", callable: true, fallsOn: ["readSecret"], reach: "red" });
    expect(op("readThingA")).toMatchObject({ level: "green", callable: false, reach: "red" });
    expect(op("listAtt")).toMatchObject({ callable: true, fallsOn: [], reach: "green" });
    // Told apart by a header the caller sets: callable with it (the types require it), the route's level without.
    expect(op("svcRead")).toMatchObject({ callable: true, fallsOn: ["svcDelete"], reach: "red" });
    expect(audit.routes.map((r) => [r.method, r.path, r.level])).toEqual(
      expect.arrayContaining([
        ["GET", "/things/{aid}", "red"],
        ["POST", "/", "red"],
      ]),
    );
    expect(audit.routes.find((r) => r.path === "/things/{aid}")!.why).toMatch(/equal but for their parameter names/);
    const md = renderAudit(audit, "md");
    expect(md).toContain("## Routes (3)");
    expect(md).toContain("| readItem | green | readSecret | red |");
  });

  test("the generated types keep a route's green operation from a green client, as the guard does", async () => {
    const dir = tempDir("routes-types-");
    const out = join(dir, "client");
    const run = await runCli(
      ["generate", "--file", writeJson(dir, "d.json", doc), "--levels", "green,yellow,red"].concat(["--out", out]),
    );
    expect(run.code, run.stderr).toBe(0);
    const types = readFileSync(join(out, "index.d.ts"), "utf8");
    const greenOps = types.slice(
      types.indexOf("export interface GreenOperations"),
      types.indexOf("export interface GreenClient"),
    );
    expect(greenOps).toContain("readItem:");
    expect(greenOps).toContain("svcRead:");
    expect(greenOps).toContain("listAtt:");
    expect(greenOps).not.toContain("readThingA:");
    expect(greenOps).not.toContain("roleA:");
    // The member and its continuation lines (wrapped at 120 characters, indented deeper).
    const lines = types.split("\n");
    const first = lines.findIndex((line) => line.includes('GET: Client<GreenPaths>["GET"]'));
    const more = lines.slice(first + 1).findIndex((line) => !line.startsWith("    "));
    const greenGet = lines.slice(first, first + 1 + more).join("\n");
    expect(greenGet).toContain('"/things/{aid}": "red"');
    expect(greenGet).toContain('"/roles/{roleId}": "red"');
    expect(greenGet).not.toContain('"/items/{id}"');
  });
});

describe("under the security policy (OAuth2 scopes)", () => {
  const oauth = (scope: string) => ({ security: [{ oauth: [scope] }] });
  const scoped = description({
    "GET /things/{aid}": { ...oauth("read"), operationId: "readThing", parameters: [param("aid")] },
    "GET /things/{zname}": { ...oauth("admin"), operationId: "adminThing", parameters: [param("zname")] },
  });
  const model = modelOf(scoped, "scoped.json", { policy: "security", levels: undefined });
  const table: Record<string, OperationEntry> = Object.fromEntries(
    tableEntries(model.operations).map((e) => [e.name, { ...e } as unknown as OperationEntry]),
  );
  const check = (scopes: string[]) => {
    const guard = createGuard({
      table: compileTable(table),
      grant: { scopes, all: ["admin", "read"] },
      baseUrl: BASE,
      grantPermission,
    });
    try {
      guard.check("GET", `${BASE}/things/1`);
      return null;
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      return error.missing;
    }
  };

  test("a route's request needs a grant that allows each of its operations; the scope audit lists it", () => {
    expect(check(["read"])).toEqual(["admin"]);
    expect(check(["admin"])).toEqual(["read"]);
    expect(check(["read", "admin"])).toBeNull();
    const audit = buildAudit(model) as ScopeAuditReport;
    expect(audit.routes).toEqual([
      {
        method: "GET",
        path: "/things/{aid}",
        operations: ["readThing", "adminThing"],
        discriminator: null,
        why: "templates equal but for their parameter names",
      },
    ]);
    expect(renderAudit(audit, "md")).toContain("## Routes (1)");
  });
});
