// The needs report by color, for tests of color clients: buildNeeds returns either report, by the client's policy.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { NeedsReport } from "../../generator/reports/needs/needs.js";
import { buildNeeds, NEEDS_FORMAT_ID } from "../../generator/reports/needs/needs.js";
import { root, tempDir } from "./project.js";

/** `buildNeeds` of `code` against `client`; throws when the client ranks calls by OAuth2 scopes, not colors. */
export function colorNeeds(code: string, client: string | undefined, cwd: string): NeedsReport {
  const report = buildNeeds({ code, client }, { cwd });
  if (report.format !== NEEDS_FORMAT_ID) throw new Error(`${report.client.dir}: a grant client, not a color client`);
  return report;
}

let preDialog: Promise<string> | undefined;

/**
 * A client of the bundled description in which cancelling a job and uploading are red and reading the job list
 * green, as they stood before Iris's dialog (the facility's levels make them green, orange and yellow): there a
 * job-helper call the scan misses shows as a lower color, so the tests of job tracing and of call shapes prove the
 * count by the report's color too. Made once per worker; its folder relative to the project root.
 */
export function preDialogClient(): Promise<string> {
  preDialog ??= (async () => {
    const dir = tempDir("needs-pre-dialog-");
    const doc = JSON.parse(readFileSync(join(root, "generator/descriptions/v1.2.json"), "utf8"));
    doc.paths["/compute/jobs/{machine}/{jobid}"].delete["x-nersc-scope"] = "red";
    doc.paths["/compute/jobs/{machine}"].get["x-nersc-scope"] = "green";
    doc.paths["/utilities/upload/{machine}/{path}"].put["x-nersc-scope"] = "red";
    writeFileSync(join(dir, "v1.2.json"), JSON.stringify(doc));
    const { generate } = await import("../../generator/commands/generate.js");
    await generate({ file: join(dir, "v1.2.json"), out: join(dir, "client"), levels: "green,yellow,orange,red" });
    return relative(root, join(dir, "client")).split("\\").join("/");
  })();
  return preDialog;
}
