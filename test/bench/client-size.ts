/**
 * The client a user reads (issue 46, item 1): the lines of a fresh v1.2 client folder, by part, against the folder the
 * issue measured (generated/ at BASELINE, 91 files and 13.2k lines, read from git). Then the arithmetic behind the
 * target: what 0.6x of the baseline leaves for the runtime once the parts no change of ours may shorten are counted
 * (openapi-typescript's schema.d.ts, kept byte-identical; index.d.ts, the TSDoc and named types item 2 asks for), set
 * against the runtime's code alone. Counts, not times: the figures do not depend on the machine.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { projectRoot } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";

/** The last commit before issue 46 was filed: its generated/ is the 13.2k lines the issue counts. */
const BASELINE = "068994c";
const TARGET = 0.6;

/** A folder's files as path -> bytes. */
type Folder = Map<string, Buffer>;

/** Newline characters; a binary file (the description copy in gzip) counts none. */
const lineCount = (bytes: Buffer): number =>
  bytes.includes(0) || (bytes[0] === 0x1f && bytes[1] === 0x8b) ? 0 : bytes.toString("utf8").split("\n").length - 1;

/** Lines that are only comment: what a .d.ts carries for hovers. */
const docLines = (bytes: Buffer): number =>
  bytes
    .toString("utf8")
    .split("\n")
    .filter((line) => /^\s*(?:\/\*\*|\*|\/\/)/.test(line)).length;

function freshClient(dir: string): Folder {
  rmSync(dir, { recursive: true, force: true });
  const made = spawnSync(process.execPath, [join(projectRoot, "bin/sfapi-gen.js"), "generate", "--out", dir], {
    encoding: "utf8",
  });
  if (made.status !== 0) throw new Error(`client size: generate failed: ${made.stderr}`);
  const files: Folder = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(relative(dir, path), readFileSync(path));
    }
  return files;
}

function baselineClient(): Folder {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectRoot, maxBuffer: 1 << 26 });
  const files: Folder = new Map();
  for (const path of git("ls-tree", "-r", "--name-only", BASELINE, "generated").toString("utf8").split("\n"))
    if (path !== "") files.set(path.slice("generated/".length), git("show", `${BASELINE}:${path}`));
  return files;
}

const sum = (folder: Folder, keep: (path: string) => boolean, count: (bytes: Buffer) => number = lineCount): number =>
  [...folder].reduce((total, [path, bytes]) => total + (keep(path) ? count(bytes) : 0), 0);

const isSchema = (p: string) => p === "schema.d.ts";
const isIndex = (p: string) => p === "index.d.ts";
const isRuntimeJs = (p: string) => /^runtime\/.*\.js$/.test(p);
const isRuntimeDts = (p: string) => /^runtime\/.*\.d\.ts$/.test(p);
const isCopy = (p: string) => p.startsWith("description.json");
/** Every file no other part takes: the entries, the tables, the manifest, scope-audit.md. */
const isRest = (p: string) => ![isSchema, isIndex, isRuntimeJs, isRuntimeDts, isCopy].some((part) => part(p));
const all = () => true;

export async function benchClientSize(dir: string, log: (line: string) => void): Promise<Section> {
  log("client size: the v1.2 client's lines, by part");
  const now = freshClient(join(dir, "v12"));
  const then = baselineClient();
  const parts: [string, (path: string) => boolean][] = [
    ["schema.d.ts (openapi-typescript's output, byte-identical)", isSchema],
    ["index.d.ts (the operations, their TSDoc and named types)", isIndex],
    ["runtime/*.js (the runtime's code; comments left out by the build)", isRuntimeJs],
    ["runtime/*.d.ts (its declarations and the docs editors show)", isRuntimeDts],
    ["description copy (description.json then, gzip now: no lines)", isCopy],
    ["the rest (entries, tables, manifest, scope-audit.md)", isRest],
  ];
  const total = sum(now, all);
  const baseline = sum(then, all);
  const rows: Row[] = [
    {
      figure: "the v1.2 client folder: lines (files)",
      ours: `${total.toLocaleString("en")} (${now.size})`,
      peers: [`${baseline.toLocaleString("en")} (${then.size})`],
      ratio: `${(total / baseline).toFixed(2)}x`,
      target: `≤ ${TARGET.toFixed(2)}x, every feature kept`,
      verdict: verdict(total <= TARGET * baseline),
    },
    ...parts.map(([name, keep]): Row => {
      const [ours, base] = [sum(now, keep), sum(then, keep)];
      return {
        figure: `of which ${name}`,
        ours: ours.toLocaleString("en"),
        peers: [base.toLocaleString("en")],
        ratio: base === 0 ? "" : `${(ours / base).toFixed(2)}x`,
        target: "",
        verdict: "",
      };
    }),
  ];
  const fixed = sum(now, (p) => isSchema(p) || isIndex(p) || isRest(p));
  const left = Math.floor(TARGET * baseline) - fixed;
  const runtimeCode = sum(now, isRuntimeJs);
  const runtimeDocs = sum(now, isRuntimeDts, docLines);
  rows.push({
    figure: "what 0.6x leaves for the whole runtime (.js and .d.ts), after schema.d.ts, index.d.ts and the rest",
    ours: `${left.toLocaleString("en")} lines`,
    peers: [""],
    ratio: `the runtime's .js alone: ${runtimeCode.toLocaleString("en")}; its .d.ts docs: ${runtimeDocs.toLocaleString("en")}`,
    target: "(reference)",
    verdict: "",
  });
  return {
    title: "The client a user reads (lines)",
    peerColumns: [`generated/ at ${BASELINE} (issue 46)`],
    rows,
    notes: [
      "A fresh `sfapi-gen generate` of the bundled v1.2 description; lines are newline characters in each file, a binary file (the gzip description copy) counting none. The baseline is the checked-in generated/ of the commit named, read with git.",
      "The last row is the arithmetic of the target: the lines 0.6x of the baseline allows, less the parts kept as they are (openapi-typescript's schema.d.ts, index.d.ts with the TSDoc issue 46 asks for, the entries and tables), is what the runtime could take; its code alone, with no declaration file at all, is set beside it.",
    ],
  };
}
