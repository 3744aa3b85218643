/**
 * The paths each level's client may call (generator/emit/client-types.ts, `GreenPaths`): a path new at a level whose
 * every operation it may call is taken whole from openapi-typescript's `paths` (Pick, Omit or `paths` itself), the
 * others spelled out; read back as a compiler reads them, each level holds exactly the methods it may call, and a
 * method a path lacks (openapi-typescript's `put?: never`) is still no such path.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../generator/commands/generate.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { tempDir } from "../../support/project.js";
import { typeCheckClients } from "../../support/typecheck.js";

const at = (level: string) => ({ ...secured, "x-nersc-scope": level });

const leveled = description({
  "GET /a": at("green"),
  "PUT /a": at("red"), // partly green: spelled out at green, taken whole at no level (it is not new at red)
  "GET /b": at("green"), // wholly green
  "GET /c": at("yellow"),
  "POST /c": at("yellow"), // wholly yellow, new there
  "GET /d": at("red"),
});

const everyone = description({ "GET /x": {}, "POST /x": {}, "GET /y": {} });

const FILES = ["index.d.ts", "operations.d.ts", "packed-table.d.ts", "schema.d.ts", "probe.ts"];

let leveledOut = "";
let everyoneOut = "";
beforeAll(async () => {
  const dir = tempDir("level-paths-");
  leveledOut = join(dir, "leveled");
  everyoneOut = join(dir, "everyone");
  await generate({ file: writeJson(dir, "leveled.json", leveled), out: leveledOut, levels: "green,yellow,red" });
  await generate({ file: writeJson(dir, "everyone.json", everyone), out: everyoneOut, levels: "green,red" });
}, 60_000);

const SAME = "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;";

describe("a level's paths", () => {
  it("take wholly callable new paths from paths, spell out the rest, and hold exactly the methods allowed", () => {
    const text = readFileSync(join(leveledOut, "index.d.ts"), "utf8");
    expect(text).toContain('export interface GreenPaths\n  extends Pick<\n    paths,\n    | "/b"\n  > {');
    expect(text).toContain('  "/a": { get: GetAOp };');
    expect(text).toContain(
      'export interface YellowPaths\n  extends GreenPaths,\n    Pick<\n      paths,\n      | "/c"\n',
    );
    writeFileSync(
      join(leveledOut, "probe.ts"),
      [
        'import type { GreenPaths, YellowPaths } from "./index.js";',
        'import type { paths } from "./schema.js";',
        SAME,
        'export const a: Same<keyof GreenPaths, "/a" | "/b"> = true;',
        'export const b: Same<keyof GreenPaths["/a"], "get"> = true;',
        'export const c: Same<GreenPaths["/b"], paths["/b"]> = true;',
        'export const d: Same<keyof YellowPaths, "/a" | "/b" | "/c"> = true;',
        'export const e: Same<YellowPaths["/c"], paths["/c"]> = true;',
        // The comparison can fail: green may not call /c.
        'export const f: Same<keyof GreenPaths, "/a" | "/b" | "/c"> = false;',
      ].join("\n"),
    );
    expect(typeCheckClients([leveledOut], FILES)).toEqual([]);
  });

  it("are paths itself for a level that may call everything, and a method a path lacks is no such path", () => {
    const text = readFileSync(join(everyoneOut, "index.d.ts"), "utf8");
    expect(text).toContain("export interface GreenPaths extends paths {}");
    writeFileSync(
      join(everyoneOut, "probe.ts"),
      [
        'import { createClient } from "./index.js";',
        'const green = createClient({ color: "green", baseUrl: "https://api.example.test" });',
        "export async function calls() {",
        '  await green.GET("/y");',
        '  await green.POST("/x");',
        '  await green.PUT("/x");', // no PUT on /x, where openapi-typescript writes `put?: never`
        "}",
      ].join("\n"),
    );
    const problems = typeCheckClients([everyoneOut], FILES);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('NoSuchPath<"PUT /x">');
  });
});
