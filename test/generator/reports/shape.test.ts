// The three reports share one shape: build(source, options) returns a report whose `format` says which report it is,
// and render(report, format) writes each format the CLI's --format offers, exactly as the CLI prints it. One row per
// report and policy; a report whose build, renderer, formats or command drifted from the others fails here.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { auditCommand } from "../../../generator/cli/audit.js";
import type { Command } from "../../../generator/cli/commander.js";
import { diffCommand } from "../../../generator/cli/diff.js";
import type { CliIo } from "../../../generator/cli/io.js";
import { needsCommand } from "../../../generator/cli/needs.js";
import { buildDiff } from "../../../generator/commands/diff.js";
import { loadModel } from "../../../generator/model/model.js";
import {
  AUDIT_FORMAT_ID,
  AUDIT_FORMATS,
  buildAudit,
  renderAudit,
  SCOPE_AUDIT_FORMAT_ID,
} from "../../../generator/reports/audit/audit.js";
import { DIFF_FORMAT_ID, DIFF_FORMATS, renderDiff } from "../../../generator/reports/diff/diff.js";
import {
  buildNeeds,
  NEEDS_FORMAT_ID,
  NEEDS_FORMATS,
  renderNeeds,
  SCOPE_NEEDS_FORMAT_ID,
} from "../../../generator/reports/needs/needs.js";
import { runCli } from "../../support/cli.js";
import { root, tempDir } from "../../support/project.js";

interface Row<R extends { format: string }, F extends string> {
  /** The report's `format`: its JSON format id, which tells a report (and a policy's variant) apart. */
  kind: R["format"];
  formats: readonly F[];
  command: (io: CliIo) => Command;
  build: () => R | Promise<R>;
  render: (report: R, format: F) => string;
  /** The CLI command that prints the same report (without --format); a function, as some paths are made first. */
  argv: () => string[];
}

/** A row, typed by its own report and formats (so the table checks each build and render against the other). */
const row = <R extends { format: string }, F extends string>(r: Row<R, F>) => r as unknown as Row<any, string>;

const rel = (path: string) => relative(root, path).split("\\").join("/");
const spotify = "test/fixtures/oauth2/spotify.yml";
const history = "test/fixtures/diff/nersc-history";
const consumer = "test/fixtures/needs/consumer";
let grantClient: string;
let grantCode: string;

beforeAll(async () => {
  const work = tempDir("report-shape-");
  grantClient = rel(join(work, "spotify"));
  const generated = await runCli(["generate", "--file", spotify, "--out", grantClient]);
  expect(generated.code, generated.stderr).toBe(0);
  mkdirSync(join(work, "app"));
  writeFileSync(
    join(work, "app", "me.ts"),
    'import { createClient } from "../spotify/index.js";\n' +
      'const me = createClient({ scopes: ["user-read-email"], accessToken: "t" });\n' +
      "export const profile = () => me.getCurrentUsersProfile();\n",
  );
  grantCode = rel(join(work, "app"));
});

const rows: [string, Row<any, string>][] = [
  [
    "audit by level",
    row({
      kind: AUDIT_FORMAT_ID,
      formats: AUDIT_FORMATS,
      command: auditCommand,
      build: async () => buildAudit(await loadModel({}), { color: "green" }),
      render: renderAudit,
      argv: () => ["audit", "--color", "green"],
    }),
  ],
  [
    "audit by OAuth2 scopes",
    row({
      kind: SCOPE_AUDIT_FORMAT_ID,
      formats: AUDIT_FORMATS,
      command: auditCommand,
      build: async () => buildAudit(await loadModel({ file: spotify, cwd: root }), {}),
      render: renderAudit,
      argv: () => ["audit", "--file", spotify],
    }),
  ],
  [
    "diff",
    row({
      kind: DIFF_FORMAT_ID,
      formats: DIFF_FORMATS,
      command: diffCommand,
      build: () =>
        buildDiff(
          { old: { file: `${history}/old.json`, cwd: root }, new: { file: `${history}/new.json`, cwd: root } },
          { levels: "green,yellow,red", color: "green", cwd: root },
        ),
      render: renderDiff,
      argv: () => [
        "diff",
        `${history}/old.json`,
        `${history}/new.json`,
        "--levels",
        "green,yellow,red",
        "--color",
        "green",
      ],
    }),
  ],
  [
    "needs by color",
    row({
      kind: NEEDS_FORMAT_ID,
      formats: NEEDS_FORMATS,
      command: needsCommand,
      build: () => buildNeeds({ code: consumer }, { cwd: root }),
      render: renderNeeds,
      argv: () => ["needs", consumer],
    }),
  ],
  [
    "needs by OAuth2 scopes",
    row({
      kind: SCOPE_NEEDS_FORMAT_ID,
      formats: NEEDS_FORMATS,
      command: needsCommand,
      build: () => buildNeeds({ code: grantCode, client: grantClient }, { cwd: root }),
      render: renderNeeds,
      argv: () => ["needs", grantCode, "--client", grantClient],
    }),
  ],
];

const io: CliIo = { cwd: root, stdout: { write: () => true }, stderr: { write: () => true } };

describe.each(rows)("the %s report", (_name, r) => {
  it("is offered by its command in exactly the formats its renderer writes", () => {
    const format = r.command(io).options.find((option) => option.long === "--format");
    expect(format?.argChoices).toEqual([...r.formats]);
    expect(format?.defaultValue).toBe("md");
  });

  it("is built as its own kind, and renders every format as the CLI prints it", async () => {
    const report = await r.build();
    expect(report.format).toBe(r.kind);
    // JSON is the report verbatim.
    expect(JSON.parse(r.render(report, "json"))).toEqual(JSON.parse(JSON.stringify(report)));
    for (const format of r.formats) {
      const printed = await runCli([...r.argv(), "--format", format]);
      expect(printed.code, printed.stderr).toBe(0);
      expect(r.render(report, format), `${r.argv().join(" ")} --format ${format}`).toBe(printed.stdout);
    }
  });
});
