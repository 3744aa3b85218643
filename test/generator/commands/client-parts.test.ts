// A client carries the runtime its entries import: no workflow helpers' code without their operations, all of it with.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { description, secured, writeJson } from "../../support/descriptions.js";
import { root, tempDir } from "../../support/project.js";

/** The runtime modules only the workflow helpers (`compute`, `user`, `waitForTask`, ...) use. */
const HELPERS_ONLY = ["account.js", "deadline.js", "jobs.js", "remote-path.js", "tasks.js", "workflow.js"];

describe("the runtime a client carries", () => {
  it("a description without the helpers' operations: no helper modules, and the client still makes its calls", async () => {
    const dir = tempDir("parts-");
    const doc = description({
      "GET /things": { operationId: "readThings", "x-nersc-scope": "green", ...secured },
      "POST /things": { operationId: "makeThing", "x-nersc-scope": "red", ...secured },
    });
    const out = join(dir, "client");
    const run = await runCli(["generate", "--file", writeJson(dir, "api.json", doc), "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    const js = readdirSync(join(out, "runtime")).filter((name) => name.endsWith(".js"));
    expect(js.filter((name) => HELPERS_ONLY.includes(name))).toEqual([]);
    expect(js).toContain("client.js");
    // Every .d.ts stays: the public option types name the helpers' (RemoteFileReader, WatchOptions).
    for (const name of HELPERS_ONLY)
      expect(existsSync(join(out, "runtime", name.replace(/\.js$/, ".d.ts")))).toBe(true);
    expect(readFileSync(join(out, "index.js"), "utf8")).not.toContain("workflow.js");
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as { files: Record<string, string> };
    expect(Object.keys(manifest.files).filter((path) => path.startsWith("runtime/") && path.endsWith(".js"))).toEqual(
      js.map((name) => `runtime/${name}`).sort(),
    );
    // Loads and refuses by color with nothing missing: every import of every module it reaches resolves.
    const client = await import(pathToFileURL(join(out, "index.js")).href);
    const green = client.createClient({ color: "green", accessToken: async () => "t", baseUrl: "http://127.0.0.1:9" });
    await expect(green.makeThing({})).rejects.toMatchObject({ code: "ERR_SCOPE" });
    expect(green.waitForTask).toBeUndefined();
  });

  it("the bundled description's client carries every helper module", () => {
    const js = readdirSync(join(root, "generated", "runtime"));
    for (const name of HELPERS_ONLY) expect(js).toContain(name);
    expect(readFileSync(join(root, "generated", "index.js"), "utf8")).toContain(
      'import { clientHelpers } from "./runtime/workflow.js";',
    );
  });
});
