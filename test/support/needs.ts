// The needs report by color, for tests of color clients: buildNeeds returns either report, by the client's policy.
import type { NeedsReport } from "../../generator/reports/needs/needs.js";
import { buildNeeds, NEEDS_FORMAT_ID } from "../../generator/reports/needs/needs.js";

/** `buildNeeds` of `code` against `client`; throws when the client ranks calls by OAuth2 scopes, not colors. */
export function colorNeeds(code: string, client: string | undefined, cwd: string): NeedsReport {
  const report = buildNeeds({ code, client }, { cwd });
  if (report.format !== NEEDS_FORMAT_ID) throw new Error(`${report.client.dir}: a grant client, not a color client`);
  return report;
}
