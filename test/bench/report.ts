/** The benchmark report: one Markdown table per section, and the machine it ran on. */
import { cpus, loadavg, totalmem } from "node:os";

export type Verdict = "met" | "missed" | "";

export interface Row {
  figure: string;
  ours: string;
  /** One cell per peer column of the section, in order; "" where the peer has no such figure. */
  peers: string[];
  ratio: string;
  target: string;
  verdict: Verdict;
}

export interface Section {
  title: string;
  /** Column headers for the peers, e.g. "openapi-typescript 7.13.0". */
  peerColumns: string[];
  rows: Row[];
  /** What was measured and how, in a sentence or two, under the table. */
  notes: string[];
  /**
   * When the section was measured and how long it took (set by run.ts), so a section kept from an earlier run keeps its
   * date.
   */
  measured?: { at: string; minutes: number };
}

const escapeCell = (cell: string) => cell.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function renderSection(section: Section): string {
  const header = ["figure", "ours", ...section.peerColumns, "ratio", "target", "verdict"];
  const lines = [`### ${section.title}`, ""];
  if (section.measured) lines.push(`Measured ${section.measured.at} (${section.measured.minutes.toFixed(1)} min).`, "");
  lines.push(
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...section.rows.map(
      (r) =>
        `| ${[r.figure, r.ours, ...section.peerColumns.map((_, i) => r.peers[i] ?? ""), r.ratio, r.target, r.verdict].map(escapeCell).join(" | ")} |`,
    ),
  );
  if (section.notes.length > 0) lines.push("", ...section.notes.map((n) => `- ${n}`));
  return lines.join("\n") + "\n";
}

export function verdict(ok: boolean | undefined): Verdict {
  return ok === undefined ? "" : ok ? "met" : "missed";
}

export interface Machine {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  /** 1-minute load average when the run started and ended: other work on the machine shows here. */
  load: [number, number];
}

export function machineNow(startLoad: number): Machine {
  const list = cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    node: process.version,
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    load: [startLoad, loadavg()[0]!],
  };
}

export const currentLoad = (): number => loadavg()[0]!;

export function renderResults(machine: Machine, sections: Section[], extra: string[] = []): string {
  return [
    "# Benchmark results",
    "",
    "Measured by `npm run bench` (test/bench/run.ts). Benchmarks report; they do not assert. Ratios are ours divided by",
    "the first peer column, measured in the same run. How each figure is measured, the hot spots found and the known",
    "gaps: [README.md](README.md).",
    "",
    `- date: ${machine.date}`,
    `- Node: ${machine.node}`,
    `- machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB memory`,
    `- 1-minute load average: ${machine.load[0].toFixed(2)} at the start, ${machine.load[1].toFixed(2)} at the end`,
    ...extra.map((e) => `- ${e}`),
    "",
    ...sections.map(renderSection),
  ].join("\n");
}
