// The checked-in client for the bundled description: every operation, with the level the description gives.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ladder, operations } from "../../../generated/operations.js";
import { table } from "../../../generated/packed-table.js";
import { unpackTable } from "../../../templates/runtime/table.js";
import { root } from "../../support/project.js";

const spec = JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));
const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** Straight from the JSON, without the generator's model: (METHOD path) -> expected table scope. */
const expected = new Map<string, string>();
for (const [path, item] of Object.entries<any>(spec.paths)) {
  for (const m of methods) {
    const op = item[m];
    if (!op) continue;
    const scope = op["x-nersc-scope"];
    const secured = (op.security ?? spec.security ?? []).length > 0;
    expected.set(
      `${m.toUpperCase()} ${path}`,
      typeof scope === "string" && scope !== "" ? scope : secured ? "unranked" : "public",
    );
  }
}

describe("generated/operations.js and .d.ts", () => {
  const entries = Object.values(operations);

  it("has one entry per operation of the bundled description (31)", () => {
    expect(expected.size).toBe(31);
    expect(entries).toHaveLength(31);
    expect(new Set(entries.map((e) => `${e.method} ${e.path}`))).toEqual(new Set(expected.keys()));
  });

  it("gives each entry the scope the description names", () => {
    for (const entry of entries)
      expect(entry.scope, `${entry.method} ${entry.path}`).toBe(expected.get(`${entry.method} ${entry.path}`));
  });

  it("keeps operationIds and derives friendly names from FastAPI's ids", () => {
    for (const entry of entries) {
      const op = spec.paths[entry.path][entry.method.toLowerCase()];
      expect(entry.operationId).toBe(op.operationId);
      expect(entry.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    expect(operations.runCommand).toMatchObject({
      method: "POST",
      path: "/utilities/command/{machine}",
      scope: "red",
      operationId: "run_command_utilities_command__machine__post",
    });
    expect(operations.runCommand.requestMediaType).toBe("application/x-www-form-urlencoded");
  });

  it("marks the status endpoints public", () => {
    const status = entries.filter((e) => e.path.startsWith("/status"));
    expect(status.length).toBe(8);
    for (const e of status) expect(e.scope).toBe("public");
  });

  it("uses the facility's ladder green < yellow < orange < red (Iris's dialog)", () => {
    expect(ladder).toEqual(["green", "yellow", "orange", "red"]);
  });

  it("declares each entry on one line, its level in the TSDoc of the client's method (said once)", () => {
    const source = readFileSync(join(root, "generated/operations.d.ts"), "utf8");
    const index = readFileSync(join(root, "generated/index.d.ts"), "utf8");
    const js = readFileSync(join(root, "generated/operations.js"), "utf8");
    expect(js.split("\n").filter((line) => line.includes('scope: "red"'))).toHaveLength(
      entries.filter((e) => e.scope === "red").length,
    );
    expect(source.split("\n").filter((line) => line.includes('scope: "red"'))).toHaveLength(
      entries.filter((e) => e.scope === "red").length,
    );
    expect(source).not.toContain("/**\n");
    for (const entry of entries) {
      expect(source).toContain(`export declare const ${entry.name}: Readonly<{ name: ${JSON.stringify(entry.name)}; `);
      const at = index.indexOf(`\n  ${entry.name}: `);
      expect(at, entry.name).toBeGreaterThan(0);
      const doc = index.slice(index.lastIndexOf("/**", at), at);
      expect(doc).toContain(`@scope ${entry.scope}`);
      if (entry.scope === "public") expect(doc).toContain("@public");
    }
  });

  it("types GET /tasks with a `tags` query parameter in schema.d.ts", () => {
    const schema = readFileSync(join(root, "generated/schema.d.ts"), "utf8");
    const readTasks = schema.slice(schema.indexOf("read_tasks_tasks_get: {"));
    expect(readTasks.slice(0, readTasks.indexOf("header?"))).toMatch(/query\?: \{[^}]*tags\?: string/);
  });

  it("packs the same table for the runtime (packed-table.js): operations.js's entries without operationIds and tags", () => {
    const unpacked = Object.values(unpackTable(table));
    expect(unpacked).toEqual(entries.map(({ operationId, tags, ...rest }) => rest));
    // And what needs, diff --code and generate --check read (manifest.json) agrees with it.
    const manifest = JSON.parse(readFileSync(join(root, "generated/manifest.json"), "utf8"));
    expect(manifest.operations).toEqual(
      unpacked.map((e, i) => ({
        name: e.name,
        operationId: entries[i]!.operationId ?? null,
        method: e.method,
        path: e.path,
        scope: e.scope,
        ...(e.wholePath === undefined ? {} : { wholePath: e.wholePath }),
        ...(e.security === undefined ? {} : { security: e.security }),
      })),
    );
    // A few bytes per operation, where operations.js spends about 200.
    expect(table.length / entries.length).toBeLessThan(40);
  });

  it("records the description's version and hash in manifest.json", () => {
    const manifest = JSON.parse(readFileSync(join(root, "generated/manifest.json"), "utf8"));
    const sha = createHash("sha256")
      .update(readFileSync(join(root, "generator/descriptions/v1.2.json")))
      .digest("hex");
    expect(manifest.description).toMatchObject({ version: "1.2", api: "v1.2", sha256: sha });
    expect(manifest.scope).toEqual({
      vendor: "nersc",
      field: "x-nersc-scope",
      ladder: ["green", "yellow", "orange", "red"],
      policy: "scope",
    });
  });
});
