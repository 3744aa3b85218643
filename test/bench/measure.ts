/**
 * Timing whole processes: each run is a cold `node` (a fresh process, nothing cached in memory between runs), timed
 * from spawn to exit by the parent. CPU time and peak RSS come from the rusage.mjs preload, which every node process
 * of the run loads (some CLIs are a small launcher that spawns the real work in a second node process).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const preload = pathToFileURL(fileURLToPath(new URL("./rusage.mjs", import.meta.url))).href;

export interface RunSample {
  wallMs: number;
  /** User + system CPU time, added up over the node processes of the run. */
  cpuMs: number;
  /** The largest peak RSS among them. */
  maxRssMb: number;
  processes: number;
}

export interface NodeCommand {
  /** The script node runs (a CLI's bin file), then its arguments. */
  script: string;
  args: string[];
  cwd: string;
  /** Stop a run that hangs; a benchmark must end by itself. */
  timeoutMs?: number;
  /** Run on these CPUs only (`taskset -c`, e.g. "0" for one core): the process and every thread and child it starts. */
  cpus?: string;
  /** Changes to the inherited environment; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** The node binary (default: the one running the benchmark). */
  node?: string;
}

export class RunFailed extends Error {
  override name = "RunFailed";
}

/** Run `node <script> <args>` once (on `cpus`, when given); reject with the tail of stderr when it fails. */
export function runCold(command: NodeCommand): Promise<RunSample> {
  const dir = mkdtempSync(join(tmpdir(), "sfapi-bench-"));
  const nodeOptions = [process.env.NODE_OPTIONS, `--import=${preload}`].filter(Boolean).join(" ");
  return new Promise<RunSample>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const argv = [command.node ?? process.execPath, command.script, ...command.args];
    // taskset execs node in its own process: no extra process, and the affinity holds for all node starts.
    const [file, ...args] = command.cpus === undefined ? argv : ["taskset", "-c", command.cpus, ...argv];
    const child = spawn(file!, args, {
      cwd: command.cwd,
      env: withoutUndefined({
        ...process.env,
        ...command.env,
        NODE_OPTIONS: nodeOptions,
        BENCH_RUSAGE_DIR: dir,
        NO_COLOR: "1",
        FORCE_COLOR: "0",
      }),
      stdio: ["ignore", "ignore", "pipe"],
      timeout: command.timeoutMs ?? 300_000,
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      try {
        if (code !== 0) throw new RunFailed(`${command.script} exited ${code ?? signal}: ${lastLines(stderr)}`);
        const usages = readdirSync(dir).map(
          (f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { maxRssKb: number; cpuUs: number },
        );
        if (usages.length === 0) throw new Error("no process wrote its usage");
        const cpuUs = usages.reduce((sum, u) => sum + u.cpuUs, 0);
        resolve({
          wallMs,
          cpuMs: cpuUs / 1000,
          maxRssMb: Math.max(...usages.map((u) => u.maxRssKb)) / 1024,
          processes: usages.length,
        });
      } catch (error) {
        reject(
          error instanceof RunFailed
            ? error
            : new RunFailed(`${command.script}: no resource usage recorded (${String(error)})`),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Whether `taskset` can pin a process to CPU sets (Linux, util-linux installed). */
export function canPinCpus(): boolean {
  return spawnSync("taskset", ["-c", "0", process.execPath, "-e", "0"], { stdio: "ignore" }).status === 0;
}

function lastLines(text: string): string {
  return text.trim().split("\n").slice(-3).join(" | ") || "(no stderr)";
}

export interface Contender {
  name: string;
  /** Called before every run (not timed): e.g. clear the output folder. */
  prepare?: () => void;
  command: NodeCommand;
}

export interface Series {
  name: string;
  samples: RunSample[];
  /** Set when a run failed: the contender is then left out of later rounds. */
  error?: string;
}

/**
 * One warm-up round, then `rounds` rounds in which every contender runs once, in the same order (A B C A B C ...),
 * so that a slow spell of the machine hits every contender alike.
 */
export async function interleaved(
  contenders: Contender[],
  rounds: number,
  onRun?: (name: string, round: number) => void,
): Promise<Series[]> {
  const series = contenders.map((c): Series => ({ name: c.name, samples: [] }));
  for (let round = 0; round <= rounds; round++) {
    for (const [i, contender] of contenders.entries()) {
      const s = series[i]!;
      if (s.error) continue;
      onRun?.(contender.name, round);
      contender.prepare?.();
      try {
        const sample = await runCold(contender.command);
        if (round > 0) s.samples.push(sample); // round 0 is the warm-up (disk cache, lazy installs)
      } catch (error) {
        s.error = (error as Error).message;
      }
    }
  }
  return series;
}
