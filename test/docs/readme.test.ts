/**
 * The README cannot go stale: every TypeScript block in it is compiled, as a user's module beside a generated client
 * in `src/sfapi/`, under the flags the README itself promises (read from its text); every `npx sfapi-gen` line in it is
 * run in-process from a user's project (the installed package's files under node_modules/sfapi-gen, the user's own
 * files where a line names them), and every synopsis line names only flags its command has. The test reads whatever
 * blocks the README holds; a block or line that breaks names its README line.
 *
 * Not run: lines that reach a host other than 127.0.0.1 (the facility's own URL), and npm's own commands.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { type CliRun, root, runCli, tempDir } from "../helpers.js";

const readme = await import("node:fs").then((fs) => fs.readFileSync(join(root, "README.md"), "utf8"));
const lines = readme.split("\n");

interface Block {
  /** README line of the opening fence. */
  line: number;
  lang: string;
  body: string[];
}

const blocks: Block[] = [];
for (let i = 0; i < lines.length; i++) {
  const open = /^```(\w*)\s*$/.exec(lines[i]!);
  if (!open) continue;
  const start = i;
  const body: string[] = [];
  while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(lines[i]!);
  blocks.push({ line: start + 1, lang: open[1]!, body });
}

/** The flags of the README's promise ("It compiles under `strict`, ... with `skipLibCheck` off"), as it words them. */
function promisedFlags(): ts.CompilerOptions {
  const at = readme.indexOf("It compiles under");
  const sentence = readme.slice(at, readme.indexOf("with `skipLibCheck` off", at));
  const names = [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
  const booleans = new Set(
    (ts as unknown as { optionDeclarations: { name: string; type: string }[] }).optionDeclarations
      .filter((o) => o.type === "boolean")
      .map((o) => o.name),
  );
  expect(names.length, "the README's list of flags").toBeGreaterThan(5);
  expect(names.filter((n) => !booleans.has(n))).toEqual([]);
  return Object.fromEntries(names.map((n) => [n, true]));
}

const project = tempDir("readme-");
afterAll(() => undefined); // left for inspection; the next run's setup empties test/.tmp

/** A user's project: package.json (ESM), the installed package, a generated client in src/sfapi. */
function setUpProject(): void {
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "readme-user", private: true, type: "module" }));
  mkdirSync(join(project, "node_modules"), { recursive: true });
  symlinkSync(root, join(project, "node_modules", "sfapi-gen"));
  cpSync(join(root, "generated"), join(project, "src", "sfapi"), { recursive: true });
}
setUpProject();

const tsBlocks = blocks.filter((b) => b.lang === "ts" || b.lang === "typescript");

describe("README.md", () => {
  it("has TypeScript blocks and sfapi-gen command lines to check", () => {
    expect(tsBlocks.length).toBeGreaterThan(2);
    expect(commandLines().length).toBeGreaterThan(3);
  });

  it("every TypeScript block compiles under the README's strict flags, as a module beside src/sfapi", () => {
    const files = tsBlocks.map((block) => {
      const file = join(project, "src", `readme-line-${block.line}.ts`);
      writeFileSync(file, `${block.body.join("\n")}\n`);
      return file;
    });
    const options: ts.CompilerOptions = {
      ...promisedFlags(),
      // The blocks are what is checked here; the declarations they use are checked with skipLibCheck off, under every
      // @types/node and TypeScript, by the pack test (doing it again here would double this test's time).
      skipLibCheck: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts"],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ["node"],
      typeRoots: [join(root, "node_modules", "@types")],
    };
    const program = ts.createProgram({ rootNames: files, options });
    const problems = [...program.getOptionsDiagnostics(), ...ts.getPreEmitDiagnostics(program)]
      .filter((d) => !d.file || !/\/node_modules\/(typescript|@types\/node|undici-types)\//.test(d.file.fileName))
      .map((d) => {
        const text = ts.flattenDiagnosticMessageText(d.messageText, " ");
        if (!d.file) return text;
        const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
        const block = /readme-line-(\d+)\.ts$/.exec(d.file.fileName);
        return block
          ? `README.md:${Number(block[1]) + 1 + line}: ${text}`
          : `${d.file.fileName.replace(project, "<project>")}: ${text}`;
      });
    expect(problems.join("\n")).toBe("");
  });

  it("the CSV header it names is the one `audit --format csv` prints", async () => {
    const named = /`csv`: [^`]*a header\s+`([^`]+)`/.exec(readme)?.[1];
    const csv = await runCli(["audit", "--format", "csv"]);
    expect(named).toBe(csv.stdout.split("\r\n")[0]?.split("\n")[0]);
  });

  // A block of several synopses is the CLI overview: there every flag a command has must be listed too.
  const synopses = blocks.flatMap((b) => {
    const found = b.body
      .map((text, i) => ({ text, line: b.line + 1 + i }))
      .filter(({ text }) => /^sfapi-gen \w+ /.test(text));
    return found.map((s) => ({ ...s, overview: found.length > 2 }));
  });
  it.each(synopses)("synopsis at README.md:$line names only flags its command has", async ({ text, overview }) => {
    const command = text.split(/\s+/)[1]!;
    const help = await runCli([command, "--help"]);
    expect(help.code).toBe(0);
    const flagsIn = (t: string) => [...new Set([...t.matchAll(/(?<![\w-])--[a-z][\w-]*/g)].map((m) => m[0]))];
    expect(flagsIn(text).filter((flag) => !help.stdout.includes(flag))).toEqual([]);
    if (overview) expect(flagsIn(help.stdout).filter((f) => f !== "--help" && !text.includes(f))).toEqual([]);
  });

  it.each(commandLines())("runs README.md:$line: $command", async ({ command }) => {
    const args = words(command).slice(2);
    // Files a line names that a user would have made: a description (a copy of the bundled one), or a source folder.
    for (const arg of args) {
      const path = join(project, arg);
      if (arg.startsWith("-") || existsSync(path) || /^https?:/.test(arg)) continue;
      if (/\.(json|ya?ml)$/.test(arg)) {
        mkdirSync(dirname(path), { recursive: true });
        copyFileSync(join(root, "generator", "descriptions", "v1.2.json"), path);
      }
    }
    let run: CliRun;
    if (args[0] === "mock") {
      const stop = new AbortController();
      run = await runCli(args, {
        cwd: project,
        signal: stop.signal,
        onStdout: (soFar) => {
          if (/stop with/i.test(soFar)) stop.abort();
        },
      });
    } else run = await runCli(args, { cwd: project });
    // 0, or 1 where the line asks to fail on findings; never 2 (could not run).
    const findings = args.some((a) => ["--fail-on", "--strict", "--check", "--fail-above"].includes(a));
    expect([0, ...(findings ? [1] : [])], `${run.stderr}`).toContain(run.code);
  });
});

/** Every `npx sfapi-gen ...` line (in shell blocks, or after `$ ` in transcripts), without comments or redirection. */
function commandLines(): { line: number; command: string }[] {
  const found: { line: number; command: string }[] = [];
  for (const block of blocks) {
    block.body.forEach((text, i) => {
      const shell = block.lang === "sh" || block.lang === "bash" || text.startsWith("$ ");
      if (!shell) return;
      for (const part of text.replace(/^\$ /, "").split("&&")) {
        const command = part
          .replace(/\s#.*$/, "")
          .replace(/\s>\s*\S+\s*$/, "")
          .trim();
        if (!command.startsWith("npx sfapi-gen ")) continue;
        // The facility's own host is not reached from tests.
        if (/https?:\/\/(?!127\.0\.0\.1)/.test(command)) continue;
        found.push({ line: block.line + 1 + i, command });
      }
    });
  }
  return found;
}

/** Shell words: spaces split, double and single quotes group. */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}
