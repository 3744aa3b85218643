// `sfapi-gen --help` into a pipe prints dist/help.txt, which the build captures from the CLI itself, without loading
// the CLI (commander and our modules): it must be exactly what the CLI prints.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, spawnCli } from "../../support/cli.js";
import { root } from "../../support/project.js";

describe("sfapi-gen --help", () => {
  it("saved by the build, is the CLI's own help text, and the command prints it into a pipe", async () => {
    const own = await runCli(["--help"]);
    expect(own.code).toBe(0);
    expect(own.stdout).toMatch(/^Usage: sfapi-gen /);
    expect(readFileSync(join(root, "dist", "help.txt"), "utf8")).toBe(own.stdout);
    for (const flag of ["--help", "-h"]) {
      const spawned = await spawnCli([flag]);
      expect([spawned.code, spawned.stdout, spawned.stderr]).toEqual([0, own.stdout, ""]);
    }
  });
});
