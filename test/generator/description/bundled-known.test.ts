// The bundled description's exact bytes are loaded without redocly (read.ts): what makes that sound is that redocly,
// run the full way on those bytes, finds no problem and nothing for its bundler to change. Any other text is linted.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundle, createConfig, unescapePointer as redoclyUnescape, Source } from "@redocly/openapi-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unescapePointer } from "../../../generator/description/document.js";
import { prepareLint } from "../../../generator/description/lint.js";
import { loadDescription } from "../../../generator/description/read.js";
import { bundledDescriptionPath } from "../../../generator/package-files.js";
import { spawnCli } from "../../support/cli.js";
import { tempDir } from "../../support/project.js";

const rules = { struct: "error", "no-unresolved-refs": "error" } as const;
const dir = tempDir("bundled-known-");

describe("the bundled description's bytes", () => {
  const text = readFileSync(bundledDescriptionPath, "utf8");

  it("pass redocly's lint with nothing for its bundler to change, so skipping both loads the same document", async () => {
    const report = await prepareLint({ text, absoluteRef: bundledDescriptionPath, json: true, rules }).run(
      JSON.parse(text),
    );
    expect(report.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(report.bundlerChanges).toEqual([]);
    const config = await createConfig({ rules });
    const bundled = await bundle({
      config,
      doc: { source: new Source(bundledDescriptionPath, text), parsed: JSON.parse(text) },
      dereference: false,
    });
    expect(bundled.problems.filter((p) => p.severity === "error")).toEqual([]);
    const loaded = await loadDescription({ file: bundledDescriptionPath });
    expect(JSON.stringify(loaded.document)).toBe(JSON.stringify(bundled.bundle.parsed));
  });

  // In a child process (this worker's other tests load redocly anyway): a preload lists the redocly modules loaded.
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    'process.on("exit", () => require("node:fs").writeFileSync(process.env.PROBE_OUT, ' +
      'JSON.stringify(Object.keys(require.cache).filter((k) => k.includes("@redocly/openapi-core")).length)));\n',
  );
  const redoclyModulesLoaded = async (args: string[], name: string) => {
    const out = join(dir, `${name}.json`);
    const run = await spawnCli(args, {
      cwd: dir,
      env: { NODE_OPTIONS: `--require ${probe}`, PROBE_OUT: out },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    return { count: JSON.parse(readFileSync(out, "utf8")) as number, stdout: run.stdout };
  };

  it("are audited without loading redocly, bundled or read from a file; one byte more and they are linted", async () => {
    writeFileSync(join(dir, "copy.json"), text);
    writeFileSync(join(dir, "changed.json"), `${text}\n`);
    const bundled = await redoclyModulesLoaded(["audit", "--format", "json"], "bundled");
    const copy = await redoclyModulesLoaded(["audit", "--format", "json", "--file", "copy.json"], "copy");
    const changed = await redoclyModulesLoaded(
      ["audit", "--format", "json", "--levels", "green,yellow,orange,red", "--file", "changed.json"],
      "changed",
    );
    expect(bundled.count).toBe(0);
    expect(copy.count).toBe(0);
    expect(changed.count).toBeGreaterThan(0);
    const operations = (stdout: string) =>
      (JSON.parse(stdout).operations as { method: string; path: string; level: string }[]).map(
        (op) => `${op.method} ${op.path} ${op.level}`,
      );
    expect(operations(bundled.stdout)).toHaveLength(31);
    expect(operations(copy.stdout)).toEqual(operations(bundled.stdout));
    expect(operations(changed.stdout)).toEqual(operations(bundled.stdout));
  });
});

describe("unescapePointer", () => {
  it("reads a segment as redocly's resolver does, failing where it fails", () => {
    const outcome = (f: (s: string) => string, s: string) => {
      try {
        return { value: f(s) };
      } catch (error) {
        return { error: (error as Error).name };
      }
    };
    const segment = fc.stringMatching(/^(~[0-2]|%[0-9a-fA-FzZ]{0,2}|[a-z/~%]){0,12}$/);
    fc.assert(
      fc.property(segment, (s) => {
        expect(outcome(unescapePointer, s)).toEqual(outcome(redoclyUnescape, s));
      }),
    );
    expect(unescapePointer("a~1b~0c%20d")).toBe("a/b~c d");
  });
});
