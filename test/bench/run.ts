/**
 * `npm run bench`: build, install the peers if needed, run every benchmark, print the Markdown tables and write them
 * to test/bench/RESULTS.md. Reports, never asserts. Options:
 *   --only generation,startup,loop,typecheck,calls,guard,soak,workflow,helpertypes,requests,bundle,facility,corpus,
 *          graph,clientsize
 *                                              run some sections (RESULTS.md is then left alone unless --write, which
 *                                              replaces those sections in it and keeps the others)
 *   --rounds N                                 timed rounds per contender (default 5, after a warm-up round; the
 *                                              call-overhead section runs 16 sandwiches per round)
 *   --no-build                                 use dist/ as it is
 *   --write / --no-write                       force writing RESULTS.md, or not
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchBundle } from "./bundle.js";
import { benchCalls } from "./calls.js";
import { benchClientSize } from "./client-size.js";
import { benchCorpus } from "./corpus.js";
import { benchGeneration } from "./generation.js";
import { benchGraph } from "./graph.js";
import { benchGuard } from "./guard.js";
import { benchHelperTypes } from "./helper-types.js";
import { benchLoop, loopNeedsPeers } from "./loop.js";
import { benchMockStatus } from "./mock-status.js";
import { benchDir, ensurePeers, projectRoot } from "./peers.js";
import type { Section } from "./report.js";
import { currentLoad, machineNow, renderResults, renderSection } from "./report.js";
import { benchRequests } from "./requests.js";
import { benchSoak } from "./soak.js";
import { benchStartup } from "./startup.js";
import { benchTypecheck } from "./typecheck.js";
import { benchWorkflow } from "./workflow.js";

const SECTIONS = [
  "generation",
  "startup",
  "loop",
  "typecheck",
  "calls",
  "guard",
  "soak",
  "workflow",
  "helpertypes",
  "requests",
  "bundle",
  "facility",
  "corpus",
  "graph",
  "clientsize",
] as const;
type SectionName = (typeof SECTIONS)[number];

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        only: { type: "string" },
        rounds: { type: "string", default: "5" },
        "no-build": { type: "boolean", default: false },
        write: { type: "boolean" },
        "no-write": { type: "boolean", default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

const only = values.only ? values.only.split(",").map((s) => s.trim()) : [...SECTIONS];
const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length > 0) fail(`--only: unknown section ${unknown.join(", ")} (known: ${SECTIONS.join(", ")})`);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
  fail(`--rounds must be a whole number from 1 to 50, not ${values.rounds}`);
const write = values["no-write"] ? false : (values.write ?? only.length === SECTIONS.length);

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const outRoot = join(projectRoot, "test", ".tmp", "bench"); // inside the project, so generated clients resolve node_modules
mkdirSync(outRoot, { recursive: true });

const startLoad = currentLoad();
const started = Date.now();
if (!values["no-build"]) build();
// The requests section compares against data, the helper types against our own calls by name, the facility against a
// plain node:http server: no peers needed for them alone (the bundle section needs GitHub's description, the loop
// section all but its code-base rows).
const NO_PEERS: readonly string[] = ["requests", "helpertypes", "facility", "corpus", "graph", "clientsize"];
if (only.some((name) => !NO_PEERS.includes(name) && (name !== "loop" || loopNeedsPeers))) ensurePeers(log);

const sections: Section[] = [];
const runners: Record<SectionName, () => Promise<Section>> = {
  generation: () => benchGeneration(join(outRoot, "generation"), rounds, log),
  startup: () => benchStartup(join(outRoot, "startup"), rounds, log),
  loop: () => benchLoop(join(outRoot, "loop"), rounds, log),
  typecheck: () => benchTypecheck(join(outRoot, "typecheck"), rounds, log),
  calls: () => benchCalls(rounds, log),
  guard: () => benchGuard(join(outRoot, "guard"), log),
  soak: () => benchSoak(log),
  workflow: () => benchWorkflow(join(outRoot, "workflow"), rounds, log),
  helpertypes: () => benchHelperTypes(join(outRoot, "helper-types"), rounds, log),
  requests: () => benchRequests(log),
  bundle: () => benchBundle(join(outRoot, "bundle"), log),
  facility: () => benchMockStatus(rounds, log),
  corpus: () => benchCorpus(join(outRoot, "corpus"), log),
  graph: () => benchGraph(join(outRoot, "graph"), rounds, log),
  clientsize: () => benchClientSize(join(outRoot, "client-size"), log),
};
for (const name of SECTIONS) {
  if (!only.includes(name)) continue;
  const sectionStarted = Date.now();
  const section = await runners[name]();
  section.measured = {
    at: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    minutes: (Date.now() - sectionStarted) / 60_000,
  };
  sections.push(section);
  process.stdout.write("\n" + renderSection(section));
}

const machine = machineNow(startLoad);
const resultsFile = join(benchDir, "RESULTS.md");
const minutes = `${((Date.now() - started) / 60_000).toFixed(1)} min`;
if (write) {
  const partial = only.length < SECTIONS.length && existsSync(resultsFile);
  writeFileSync(
    resultsFile,
    partial
      ? mergeResults(readFileSync(resultsFile, "utf8"), sections, minutes)
      : renderResults(machine, sections, [`whole run: ${minutes}`]),
  );
  log(
    `wrote test/bench/RESULTS.md${partial ? ` (only the sections run: ${sections.map((s) => s.title).join(", ")})` : ""}`,
  );
}

/** A run of some sections replaces those in RESULTS.md and keeps the others, each with its own date. */
function mergeResults(previous: string, fresh: Section[], duration: string): string {
  const blocks = previous.split(/^(?=### )/m).slice(1);
  const titleOf = (block: string) => block.slice(4, block.indexOf("\n"));
  const byTitle = new Map(fresh.map((s) => [s.title, renderSection(s)]));
  const merged = blocks.map((block) => byTitle.get(titleOf(block)) ?? block.trimEnd() + "\n");
  for (const section of fresh)
    if (!blocks.some((b) => titleOf(b) === section.title)) merged.push(renderSection(section));
  const kept = blocks.map(titleOf).filter((t) => !byTitle.has(t));
  const extra = [
    `this run: ${fresh.map((s) => s.title).join(", ")} (${duration})${kept.length > 0 ? `; ${kept.join(", ")} kept from earlier runs (their dates are under their titles)` : ""}`,
  ];
  return renderResults(machine, [], extra).trimEnd() + "\n\n" + merged.join("\n");
}

function build(): void {
  log("building dist/ (npm run build)");
  const result = spawnSync("npm", ["run", "-s", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0)
    fail("npm run build failed: the CLI in dist/ would be stale (use --no-build to measure it anyway)");
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}
