// Every helper of the generated client is counted by `needs` with the operations it calls: each callable member
// (or named refusal) of every helper interface of generated/index.d.ts, inherited ones included, is read with the
// TypeScript API and must be in usage/uses.ts's HELPER_CALLS under the kind of the interface that declares it, and
// each call listed must be an operation of the client's table (a member missing there would make `needs` say top).
// Then a few new helpers in a code base: green reads stay green, a red one is red, an unknown member is the top.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { ts } from "../../../generator/usage/typescript.js";
import { HELPER_CALLS, helperKind } from "../../../generator/usage/uses.js";
import { colorNeeds } from "../../support/needs.js";
import { root, tempDir } from "../../support/project.js";
import { sharedHost } from "../../support/typecheck.js";

const generated = join(root, "generated");
const manifest = JSON.parse(readFileSync(join(generated, "manifest.json"), "utf8")) as {
  operations: { method: string; path: string; name: string }[];
};
/** Members of helper objects that make no request (they read what the object holds). */
const READS_ONLY = new Set(["path.isDirectory", "path.isFile", "path.isSymlink"]);

function helperMembers(): { iface: string; member: string; owner: string }[] {
  const options: TS.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const program = ts.createProgram([join(generated, "index.d.ts")], options, sharedHost(options));
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(generated, "index.d.ts"))!;
  const out: { iface: string; member: string; owner: string }[] = [];
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement) || helperKind(statement.name.text) === undefined) continue;
    const type = checker.getTypeAtLocation(statement.name);
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(property);
      const refusal = checker.typeToString(propertyType).startsWith("NeedsColor<");
      if (propertyType.getCallSignatures().length === 0 && !refusal) continue;
      const declaration = property.declarations?.[0];
      const owner = declaration && ts.isInterfaceDeclaration(declaration.parent) ? declaration.parent.name.text : "?";
      out.push({ iface: statement.name.text, member: property.name, owner });
    }
  }
  return out;
}

describe("needs knows every helper of the generated client", () => {
  const members = helperMembers();

  it("finds the helper interfaces of every color", () => {
    const ifaces = new Set(members.map((m) => m.iface));
    for (const id of ["Green", "Yellow", "Red"])
      for (const name of ["Compute", "Job", "Task", "RemotePath", "UserMethods", "GroupMethods", "ProjectMethods"])
        expect(ifaces).toContain(`${id}${name}`);
    for (const id of ["Green", "Yellow", "Red"])
      for (const name of ["Resources", "Api", "Globus", "ClientHelpers"]) expect(ifaces).toContain(`${id}${name}`);
    expect(members.length).toBeGreaterThan(90);
  });

  it("classifies each callable member with the operations it calls, all of them the client's", () => {
    const problems: string[] = [];
    for (const { iface, member, owner } of members) {
      const kind = helperKind(owner);
      const calls = kind === undefined ? undefined : HELPER_CALLS[kind]?.[member];
      if (calls === undefined) {
        problems.push(`${iface}.${member} (declared in ${owner}): not in HELPER_CALLS`);
        continue;
      }
      if (calls.length === 0 && !READS_ONLY.has(`${kind}.${member}`)) problems.push(`${iface}.${member}: no calls`);
      for (const call of calls) {
        const has = ([method, path]: readonly [string, string]) =>
          manifest.operations.some((op) => op.method === method && op.path === path);
        // `either`: several calls that each do the job (a job read); every one of them must be the client's.
        const known =
          call === "wait" ? has(["GET", "/tasks/{id}"]) : "either" in call ? call.either.every(has) : has(call);
        if (!known) problems.push(`${iface}.${member}: ${JSON.stringify(call)} is no operation of the client`);
      }
    }
    expect(problems).toEqual([]);
  });
});

const rel = (path: string) => relative(root, path).split("\\").join("/");

function codeBase(body: Record<string, string>): string {
  const dir = join(tempDir("helpers-needs-"), "src");
  const from = relative(dir, join(generated, "index.js")).split("\\").join("/");
  mkdirSync(dir, { recursive: true });
  const head = [
    `import { createClient } from "${from}";`,
    'const green = createClient({ color: "green", accessToken: "t" });',
    'const red = createClient({ color: "red", accessToken: "t" });',
    "void green; void red;",
    "",
  ].join("\n");
  for (const [name, text] of Object.entries(body)) writeFileSync(join(dir, name), head + text + "\n");
  return dir;
}

describe("needs on the new helpers", () => {
  // Reading one group (a group's update()) is orange in Iris's dialog. Which operation a job's reads use is the job
  // helpers' own matter (issue 42): a job's update() and running() are not here, nor a transfer's complete(), which the
  // scan counts as a job's complete() (assumed), the job list, yellow.
  it("green reads stay green: user, groups, resources, api, a transfer", () => {
    const dir = codeBase({
      "reads.ts": [
        "export async function f() {",
        "  const me = await green.user();",
        "  await me.groups();",
        "  await me.projects(); await me.roles(); await me.clients();",
        '  await green.resources.status("perlmutter"); await green.resources.outages(); await green.api.config();',
        '  const t = await green.globus.transfer("id"); await t.update();',
        '  await green.compute("perlmutter").outages();',
        "}",
      ].join("\n"),
    });
    const report = colorNeeds(rel(dir), "generated", root);
    expect(report.summary.unknown).toBe(0);
    expect(report.uses.filter((u) => u.level !== "green" && u.level !== "public").map((u) => u.code)).toEqual([]);
    expect(report.color).toBe("green");
    const paths = new Set(report.uses.flatMap((u) => u.operations.map((op) => `${op.method} ${op.path}`)));
    for (const p of [
      "GET /account/",
      "GET /account/groups",
      "GET /status/{name}",
      "GET /meta/config",
      "GET /storage/globus/transfer/{globus_uuid}",
    ])
      expect(paths).toContain(p);
  });

  it("a red helper is red, an orange one orange; an unknown member of a helper object is the top level", () => {
    const red = colorNeeds(
      rel(codeBase({ "run.ts": 'export const go = () => red.compute("perlmutter").run("id");' })),
      "generated",
      root,
    );
    expect(red.color).toBe("red");
    // Starting a Globus transfer and reading and changing a group are orange (Iris's dialog).
    const orange = colorNeeds(
      rel(
        codeBase({
          "go.ts":
            'export const go = () => red.globus.startTransfer({ sourceMachine: "a", targetMachine: "b", ' +
            'sourceDir: "/a", targetDir: "/b" });',
        }),
      ),
      "generated",
      root,
    );
    expect(orange.color).toBe("orange");
    const group = colorNeeds(
      rel(codeBase({ "g.ts": 'export const go = async () => (await red.group("g")).add("alice");' })),
      "generated",
      root,
    );
    expect(group.color).toBe("orange");
    // A member named by a string: which helper is unknown, so the top level.
    const unknown = colorNeeds(
      rel(
        codeBase({
          "u.ts":
            'const k: string = process.argv[2] ?? "status";\n' +
            "export const go = () => (green.resources as typeof green.resources & Record<string, () => 0>)[k]!();",
        }),
      ),
      "generated",
      root,
    );
    expect(unknown.summary.unknown).toBeGreaterThan(0);
    expect(unknown.color).toBe("red");
  });
});

describe("needs on a path's open(mode)", () => {
  const colorOf = (line: string) => {
    const dir = codeBase({
      "o.ts": [
        "export async function f(mode: string) {",
        '  const [e] = await red.compute("perlmutter").ls("/global/homes/m/mockuser/a.txt");',
        `  ${line}`,
        "}",
      ].join("\n"),
    });
    const report = colorNeeds(rel(dir), "generated", root);
    const paths = report.uses.flatMap((u) => u.operations.map((op) => `${op.method} ${op.path}`));
    return { color: report.color, unknown: report.summary.unknown, paths };
  };

  it("reading counts the download (yellow), writing the upload (orange), a mode not known both", () => {
    const read = colorOf('await (await e!.open("r")).read(); await e!.open("rb");');
    expect(read).toMatchObject({ color: "yellow", unknown: 0 });
    expect(read.paths).toContain("GET /utilities/download/{machine}/{path}");
    expect(read.paths).not.toContain("PUT /utilities/upload/{machine}/{path}");
    const write = colorOf('await (await e!.open("w")).close();');
    expect(write).toMatchObject({ color: "orange", unknown: 0 });
    expect(write.paths).toContain("PUT /utilities/upload/{machine}/{path}");
    expect(write.paths).not.toContain("GET /utilities/download/{machine}/{path}");
    const either = colorOf('await (e!.open as (m: string) => Promise<unknown>)(mode); await e!.open(mode as "r");');
    expect(either.color).toBe("orange");
    expect(either.paths).toEqual(
      expect.arrayContaining(["GET /utilities/download/{machine}/{path}", "PUT /utilities/upload/{machine}/{path}"]),
    );
  });
});
