// The package's "." export is the programmatic API only: the commands as functions that return reports, their
// renderers and errors. The CLI's `main` is not part of it: the `sfapi-gen` binary (bin/sfapi-gen.js, through the
// build's bundle of it) and the tests run it from the CLI module (generator/cli/main.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as cli from "../../generator/cli/main.js";
import * as api from "../../generator/index.js";
import { root } from "../support/project.js";

describe("the programmatic API", () => {
  it("exports the commands, their renderers and the errors, and nothing of the CLI", () => {
    // The API grows; what must hold is that the CLI is not part of it.
    expect(api).not.toHaveProperty("main");
    expect(Object.keys(api)).toEqual(
      expect.arrayContaining([
        "generate",
        "buildAudit",
        "renderAudit",
        "buildDiff",
        "renderDiff",
        "buildNeeds",
        "renderNeeds",
        "SfapiGenError",
      ]),
    );
    // Nothing of the CLI is re-exported, types included (CliIo is the CLI's io, meaningless without main).
    const index = readFileSync(join(root, "generator", "index.ts"), "utf8");
    expect(index).not.toMatch(/from "\.\/cli\//);
    expect(typeof cli.main).toBe("function");
  });

  it("is what the package's '.' export names; the binary runs the CLI module", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(pkg.exports["."]).toEqual({ types: "./dist/generator/index.d.ts", import: "./dist/generator/index.js" });
    const bin = readFileSync(join(root, "bin", "sfapi-gen.js"), "utf8");
    // The CLI module, bundled by the build (bin/build.mjs) with the modules it loads.
    expect(bin).toContain('new URL("../dist/cli/main.js", import.meta.url)');
    expect(readFileSync(join(root, "dist", "cli", "main.js"), "utf8")).toMatch(
      /^\/\/ dist\/generator\/cli\/main\.js$/m,
    );
    expect(bin).not.toMatch(/generator\/index\.js/);
  });
});
