// One rule for "the code base" (generator/usage/code-files.ts), read by all three analyses of a code base: the scan
// (needs, diff --code), the search for the client it imports, and diff --code's type check. A folder linked into the
// code, a dot-folder the code imports and a CommonJS file are the code's for each of them; a dot-folder nothing
// imports, node_modules and declaration files are nobody's.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../../generator/reports/diff/diff.js";
import type { NeedsReport } from "../../../generator/reports/needs/needs.js";
import { codeFiles } from "../../../generator/usage/code-files.js";
import { findClient } from "../../../generator/usage/find-client.js";
import { scanSources } from "../../../generator/usage/scan.js";
import { typeBreaks } from "../../../generator/usage/typecheck.js";
import { runCli } from "../../support/cli.js";
import { root, tempDir } from "../../support/project.js";

/** A call that needs red before and breaks after (the new description drops the machine "cori"). */
const BREAKING_CALL = 'await c.runCommand({ path: { machine: "cori" }, body: { executable: "hostname" } });';

let project: string;
beforeAll(async () => {
  // Inside the repository, so the client's imports (openapi-fetch, jose) resolve from its node_modules.
  project = tempDir("code-files-");
  for (const side of ["old", "new"])
    cpSync(join(root, `test/fixtures/diff/nersc-history/${side}.json`), join(project, `${side}.json`));
  // The client sits beside the code, not in it: only an import can name it.
  const made = await runCli(["generate", "--file", "old.json", "--out", "sfapi", "--levels", "green,yellow,red"], {
    cwd: project,
  });
  expect(made.code, made.stderr).toBe(0);
  const code = join(project, "code");
  mkdirSync(join(code, ".hooks"), { recursive: true });
  mkdirSync(join(code, ".unused"));
  mkdirSync(join(code, "node_modules", "dep"), { recursive: true });
  // A folder linked into the code from elsewhere, at the same depth, so that its imports read the same from both.
  mkdirSync(join(project, "vendor", "shared"), { recursive: true });
  symlinkSync(join(project, "vendor", "shared"), join(code, "shared"));
  const client = (to: string) =>
    `import { createClient } from "${to}sfapi/index.js";\nconst c = createClient({ color: "red" });\n`;
  writeFileSync(join(code, "app.ts"), 'import "./.hooks/hook.js";\nexport const app = 1;\n');
  writeFileSync(join(code, ".hooks", "hook.ts"), `${client("../../")}${BREAKING_CALL}\n`);
  writeFileSync(join(code, ".unused", "old.ts"), `${client("../../")}${BREAKING_CALL}\n`);
  writeFileSync(join(project, "vendor", "shared", "use.ts"), `${client("../../")}${BREAKING_CALL}\n`);
  writeFileSync(
    join(code, "legacy.cjs"),
    'const { createClient } = require("../sfapi/index.js");\ncreateClient({ color: "red" }).GET("/tasks");\n',
  );
  writeFileSync(join(code, "types.d.ts"), "declare const x: number;\n");
  writeFileSync(join(code, "node_modules", "dep", "index.ts"), `${client("../../../")}${BREAKING_CALL}\n`);
}, 60_000);

const THE_CODE_BASE = ["code/.hooks/hook.ts", "code/app.ts", "code/legacy.cjs", "code/shared/use.ts"];

describe("the code base, one rule for every analysis", () => {
  it("the walk: linked folders followed, dot-folders, node_modules and declarations left out, .cjs in", () => {
    const walked = codeFiles(join(project, "code")).files.map((f) => f.slice(project.length + 1));
    expect(walked).toEqual(["code/app.ts", "code/legacy.cjs", "code/shared/use.ts"]);
  });

  it("the scan and the type check read the same files: the walk's and the dot-folder the code imports", () => {
    const scan = scanSources("code", project);
    const check = typeBreaks("code", "sfapi", new Map(), project);
    expect(scan.files).toEqual(THE_CODE_BASE);
    expect(check.files).toEqual(THE_CODE_BASE);
  }, 60_000); // a program for the scan and two type checks

  it("the client search reads them too: an import from a linked folder, an imported dot-folder or a require()", () => {
    expect(findClient("code", project).found).toMatchObject({ dir: "sfapi", how: "import" });
    // Each alone: only the linked folder's file, only the imported dot-folder, only the CommonJS file.
    const only = (keep: string) => {
      const dir = tempDir("code-files-one-");
      mkdirSync(join(dir, "code"));
      symlinkSync(join(project, "sfapi"), join(dir, "sfapi"));
      if (keep === "shared") {
        mkdirSync(join(dir, "vendor"));
        symlinkSync(join(project, "vendor", "shared"), join(dir, "vendor", "shared"));
        symlinkSync(join(dir, "vendor", "shared"), join(dir, "code", "shared"));
      } else if (keep === "hooks") {
        cpSync(join(project, "code", "app.ts"), join(dir, "code", "app.ts"));
        cpSync(join(project, "code", ".hooks"), join(dir, "code", ".hooks"), { recursive: true });
      } else cpSync(join(project, "code", "legacy.cjs"), join(dir, "code", "legacy.cjs"));
      return findClient("code", dir).found;
    };
    expect(only("shared")).toMatchObject({ dir: "sfapi", how: "import" });
    expect(only("hooks")).toMatchObject({ dir: "sfapi", how: "import", from: "code/.hooks/hook.ts" });
    expect(only("cjs")).toMatchObject({ dir: "sfapi", how: "import" });
  });

  it("needs and diff --code agree: the same client, and diff's breaks lie in files whose uses needs reports", async () => {
    const needs = await runCli(["needs", "code", "--format", "json"], { cwd: project });
    expect(needs.code, needs.stderr).toBe(0);
    const report: NeedsReport = JSON.parse(needs.stdout);
    expect(report.client).toMatchObject({ dir: "sfapi", found: "import" });
    const used = [...new Set(report.uses.map((u) => u.file))].sort();
    expect(used).toEqual(["code/.hooks/hook.ts", "code/legacy.cjs", "code/shared/use.ts"]);

    const diff = await runCli(["diff", "old.json", "new.json", "--code", "code", "--format", "json"], { cwd: project });
    expect(diff.code, diff.stderr).toBe(0);
    const check = (JSON.parse(diff.stdout) as DiffReport).code!.typeCheck;
    expect(check.client).toBe("sfapi");
    // The TypeScript files needs reads break; the unchecked CommonJS file, the unimported dot-folder, node_modules: no.
    expect([...new Set(check.errors.map((e) => e.file))].sort()).toEqual(["code/.hooks/hook.ts", "code/shared/use.ts"]);
  }, 60_000);
});
