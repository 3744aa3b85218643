// `needs` reads the code base once: one TypeScript Program, whose files the syntax rules read and whose checker both
// analyses ask (usage/scan.ts, usage/follow.ts); ts-morph, a second compiler that parsed every file again, is not
// loaded.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../../support/cli.js";
import { tempDir } from "../../support/project.js";

describe("needs", () => {
  it("loads no second compiler (ts-morph) and still finds every use", async () => {
    const project = tempDir("needs-one-program-");
    mkdirSync(join(project, "src"), { recursive: true });
    // The whole client: an import the analysis cannot resolve would be an unknown use itself.
    cpSync("generated", join(project, "src", "sfapi"), { recursive: true });
    writeFileSync(
      join(project, "src", "app.ts"),
      [
        'import { createClient } from "./sfapi/index.js";',
        'const red = createClient({ color: "red" });',
        'const path = "/tasks";',
        "await red.GET(path);",
        'await red.runCommand({ path: { machine: "dtn01" }, body: { executable: "hostname" } });',
        "",
      ].join("\n"),
    );
    const probe = join(project, "probe.cjs");
    const out = join(project, "loaded.json");
    writeFileSync(
      probe,
      'process.on("exit", () => require("node:fs").writeFileSync(process.env.PROBE_OUT, ' +
        "JSON.stringify(Object.keys(require.cache).filter((k) => /[\\\\/]ts-morph[\\\\/]|@ts-morph/.test(k)))));\n",
    );
    const run = await spawnCli(["needs", "src", "--format", "json"], {
      cwd: project,
      env: { NODE_OPTIONS: `--require ${probe}`, PROBE_OUT: out },
    });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.color).toBe("red");
    expect(
      report.uses.map((u: { line: number; operations: { method: string; path: string }[] }) => [
        u.line,
        u.operations.map((o) => `${o.method} ${o.path}`),
      ]),
    ).toEqual([
      [4, ["GET /tasks"]],
      [5, ["POST /utilities/command/{machine}"]],
    ]);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([]);
  });
});
