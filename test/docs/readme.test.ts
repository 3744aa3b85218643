/**
 * The README and docs/ cannot go stale: every TypeScript block in README.md and in every page under docs/ is compiled (one
 * program for all of them), as a user's module beside a generated client in `src/sfapi/`, under the flags the docs themselves
 * promise (read from their text); every `npx sfapi-gen` line in them is run in-process from a user's project (the
 * installed package's files under node_modules/sfapi-gen, the user's own files where a line names them), and every
 * synopsis line names only flags its command has. Every relative link (and #anchor) in README.md, CHANGELOG.md (one
 * line per change, each pointing into the docs), docs/ and the examples' READMEs resolves, to a file the npm package
 * ships. The test reads whatever blocks the pages hold; a block,
 * line or link that breaks names its page and line.
 *
 * Not run: lines that reach a host other than 127.0.0.1 (the facility's own URL), and npm's own commands.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, normalize } from "node:path";
import type * as TS from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/commands/generate.js";
import { ts } from "../../generator/usage/typescript.js";
import { type CliRun, runCli } from "../support/cli.js";
import { root, tempDir } from "../support/project.js";

/** The pages checked: the README, the CHANGELOG, every page under docs/, and the examples' READMEs (links only there). */
function markdownUnder(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md") && !f.split("/").includes("node_modules"))
    .map((f) => `${dir}/${f}`)
    .sort();
}
const pages = ["README.md", "CHANGELOG.md", ...markdownUnder("docs"), ...markdownUnder("examples")];
const texts = new Map(pages.map((page) => [page, readFileSync(join(root, page), "utf8")]));
/** All the pages' text, for the few facts that may sit on any page. */
const allText = [...texts.values()].join("\n");

interface Block {
  page: string;
  /** Line of the opening fence in its page. */
  line: number;
  lang: string;
  body: string[];
}

const blocks: Block[] = [];
for (const [page, text] of texts) {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(lines[i]!);
    blocks.push({ page, line: start + 1, lang: open[1]!, body });
  }
}

/** The flags of the docs' promise ("It compiles under `strict`, ... with `skipLibCheck` off"), as they word them. */
function promisedFlags(): TS.CompilerOptions {
  const at = allText.indexOf("It compiles under");
  expect(at, "the sentence promising the compiler flags").toBeGreaterThan(-1);
  const sentence = allText.slice(at, allText.indexOf("with `skipLibCheck` off", at));
  const names = [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
  const booleans = new Set(
    (ts as unknown as { optionDeclarations: { name: string; type: string }[] }).optionDeclarations
      .filter((o) => o.type === "boolean")
      .map((o) => o.name),
  );
  expect(names.length, "the docs' list of flags").toBeGreaterThan(5);
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
// The OAuth2 example's client, from Spotify's description kept in the tests; its blocks live beside it, outside src/,
// so that the commands run on src/ see one client.
const OAUTH2 = join(root, "test", "fixtures", "oauth2");
await generate({ file: join(OAUTH2, "spotify.yml"), out: join(project, "oauth", "spotify") });

const tsBlocks = blocks.filter((b) => b.lang === "ts" || b.lang === "typescript");

describe("README.md and docs/", () => {
  it("has TypeScript blocks and sfapi-gen command lines to check", () => {
    expect(tsBlocks.length).toBeGreaterThan(2);
    expect(commandLines().length).toBeGreaterThan(3);
  });

  it("every TypeScript block compiles under the docs' strict flags, as a module beside src/sfapi", () => {
    const files = tsBlocks.map((block, i) => {
      const file = join(project, block.body.some((l) => l.includes('"./spotify/')) ? "oauth" : "src", `block-${i}.ts`);
      writeFileSync(file, `${block.body.join("\n")}\n`);
      return file;
    });
    const options: TS.CompilerOptions = {
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
        const index = /\/(?:src|oauth)\/block-(\d+)\.ts$/.exec(d.file.fileName)?.[1];
        const block = index === undefined ? undefined : tsBlocks[Number(index)];
        return block
          ? `${block.page}:${block.line + 1 + line}: ${text}`
          : `${d.file.fileName.replace(project, "<project>")}: ${text}`;
      });
    expect(problems.join("\n")).toBe("");
  });

  it("ships every page: README.md and docs/ are in the package's files", () => {
    expect(pages.filter((page) => !ships(page))).toEqual([]);
  });

  it.each(pages)("every relative link and #anchor in %s resolves, to a file the package ships", (page) => {
    expect(linkProblems(page)).toEqual([]);
  });

  it("the CSV header it names is the one `audit --format csv` prints", async () => {
    const named = /`csv`: [^`]*a header\s+`([^`]+)`/.exec(allText)?.[1];
    const csv = await runCli(["audit", "--format", "csv"]);
    expect(named).toBe(csv.stdout.split("\r\n")[0]?.split("\n")[0]);
  });

  // A block of several synopses is the CLI overview: there every flag a command has must be listed too.
  const synopses = blocks.flatMap((b) => {
    const found = b.body
      .map((text, i) => ({ text, page: b.page, line: b.line + 1 + i }))
      .filter(({ text }) => /^sfapi-gen \w+ /.test(text));
    return found.map((s) => ({ ...s, overview: found.length > 2 }));
  });
  it.each(synopses)("synopsis at $page:$line names only flags its command has", async ({ text, overview }) => {
    const command = text.split(/\s+/)[1]!;
    const help = await runCli([command, "--help"]);
    expect(help.code).toBe(0);
    const flagsIn = (t: string) => [...new Set([...t.matchAll(/(?<![\w-])--[a-z][\w-]*/g)].map((m) => m[0]))];
    expect(flagsIn(text).filter((flag) => !help.stdout.includes(flag))).toEqual([]);
    if (overview) expect(flagsIn(help.stdout).filter((f) => f !== "--help" && !text.includes(f))).toEqual([]);
  });

  it.each(commandLines())("runs $page:$line: $command", async ({ command }) => {
    const args = words(command).slice(2);
    // Files a line names that a user would have made: a description (a copy of the bundled one), or a source folder.
    for (const arg of args) {
      const path = join(project, arg);
      if (arg.startsWith("-") || existsSync(path) || /^https?:/.test(arg)) continue;
      if (/\.(json|ya?ml)$/.test(arg)) {
        mkdirSync(dirname(path), { recursive: true });
        // The OAuth2 descriptions by their names; an outage file empty; any other, a copy of the bundled description.
        if (arg === "outages.json") writeFileSync(path, "[]");
        else if (arg === "spotify.yml" || arg === "petstore.yaml") copyFileSync(join(OAUTH2, arg), path);
        else copyFileSync(join(root, "generator", "descriptions", "v1.2.json"), path);
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

describe("what the docs say the CLI does, against the CLI", () => {
  it("the README's commands table lists every command the CLI has, and no other", async () => {
    const help = await runCli(["--help"]);
    const section = help.stdout.slice(help.stdout.indexOf("Commands:"));
    const commands = [...section.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]!).filter((c) => c !== "help");
    expect(commands.length).toBeGreaterThan(4);
    const table = [...texts.get("README.md")!.matchAll(/^\| `sfapi-gen (\w+)[^`]*` \|/gm)].map((m) => m[1]!);
    expect(
      commands.filter((c) => !table.includes(c)),
      "commands the README's table leaves out",
    ).toEqual([]);
    expect(
      table.filter((c) => !commands.includes(c)),
      "rows naming no command",
    ).toEqual([]);
  });

  it.each(statedExits())("$page:$line: `$command` exits $code, as it says", async ({ command, code }) => {
    const run = await runCli(words(command).slice(1), { cwd: project });
    expect(run.code, run.stderr).toBe(code);
  });

  it("every sentence saying what bad input exits with states the CLI's own status", async () => {
    // Bad input to each command that reads one: a description or a folder that is not there.
    const runs = await Promise.all(
      [
        ["diff", "missing-old.json", "missing-new.json"],
        ["audit", "--file", "missing.json"],
        ["generate", "--file", "missing.json", "--out", "never"],
        ["needs", "missing-src"],
      ].map((args) => runCli(args, { cwd: project })),
    );
    const codes = [...new Set(runs.map((r) => r.code))];
    expect(codes, runs.map((r) => r.stderr).join("")).toEqual([2]);
    const stated = [...allText.replace(/\s+/g, " ").matchAll(/bad input[^.;:]*?\b(?:exits?|is also|is)\s+\**(\d)\b/gi)];
    expect(stated.length, "a sentence on bad input's exit status").toBeGreaterThan(0);
    expect(stated.map((m) => m[0]).filter((sentence) => !sentence.endsWith(String(codes[0])))).toEqual([]);
  });
});

/**
 * Commands the prose states an exit status for: an inline `sfapi-gen ...` (or `npx sfapi-gen ...`) followed at once by
 * "exits N", as docs/regenerating.md says of bad input to `diff`. Each is run in the user's project, as the shell
 * lines are.
 */
function statedExits(): { page: string; line: number; command: string; code: number }[] {
  const found: { page: string; line: number; command: string; code: number }[] = [];
  for (const [page, text] of texts) {
    let fenced = false;
    text.split("\n").forEach((line, i) => {
      if (line.startsWith("```")) fenced = !fenced;
      if (fenced) return;
      const joined = `${line} ${text.split("\n")[i + 1] ?? ""}`;
      for (const m of line.matchAll(/`(?:npx )?(sfapi-gen [^`]+)`/g)) {
        const after = joined.slice(joined.indexOf(m[0]) + m[0].length);
        const exits = /^ exits \**(\d)\b/.exec(after);
        if (exits) found.push({ page, line: i + 1, command: m[1]!, code: Number(exits[1]) });
      }
    });
  }
  return found;
}

/**
 * Every `npx sfapi-gen ...` line (in shell blocks, or after `$ ` in transcripts), without comments or redirection; a
 * command written on several pages is run once, named by its first place.
 */
function commandLines(): { page: string; line: number; command: string }[] {
  const found: { page: string; line: number; command: string }[] = [];
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
        if (!found.some((f) => f.command === command))
          found.push({ page: block.page, line: block.line + 1 + i, command });
      }
    });
  }
  return found;
}

/** Shell words: spaces split, double and single quotes group. */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** What package.json's "files" lists; npm always packs package.json, the README and the license besides. */
const files: string[] = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).files;
/** A "files" entry as a pattern: `*` stands for any name within one folder; a folder takes what is under it. */
function glob(pattern: string): RegExp {
  const literal = pattern.split("*").map((part) => part.replace(/[.+?^$()|[\]\\{}]/g, "\\$&"));
  return new RegExp(`^${literal.join("[^/]*")}(/.*)?$`);
}
const packed = files.map(glob);

/** Whether `npm pack` takes this repository path (a file, or a folder holding a file it takes). */
function ships(path: string): boolean {
  if (["package.json", "README.md", "LICENSE"].includes(path) || packed.some((re) => re.test(path))) return true;
  const full = join(root, path);
  if (!existsSync(full) || !statSync(full).isDirectory()) return false;
  return readdirSync(full, { recursive: true, encoding: "utf8" }).some(
    (f) => !f.split("/").includes("node_modules") && packed.some((re) => re.test(`${path}/${f}`)),
  );
}

/** The anchors GitHub gives a page's headings (outside code blocks): lower case, punctuation dropped, spaces to -. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every relative link of a page that does not resolve (file, #anchor) or points at what the package leaves out. */
function linkProblems(page: string): string[] {
  const problems: string[] = [];
  let fenced = false;
  texts
    .get(page)!
    .split("\n")
    .forEach((line, i) => {
      if (line.startsWith("```")) fenced = !fenced;
      if (fenced) return;
      for (const [, target] of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
        const [file = "", anchor] = target!.split("#");
        const path = file === "" ? page : normalize(join(dirname(page), file)).replace(/\/$/, "");
        const where = `${page}:${i + 1}: ${target}`;
        if (path.startsWith("..") || !existsSync(join(root, path))) problems.push(`${where}: no such file`);
        else if (!ships(path)) problems.push(`${where}: ${path} is not in the package (package.json "files")`);
        else if (anchor !== undefined) {
          const text = texts.get(path) ?? (path.endsWith(".md") ? readFileSync(join(root, path), "utf8") : "");
          if (!anchorsOf(text).has(anchor)) problems.push(`${where}: no heading #${anchor} in ${path}`);
        }
      }
    });
  return problems;
}
