import { oneLine } from "../emit/text.js";
import { printable } from "../printable.js";

/**
 * Where a command reads and writes: the process's streams and working directory for `sfapi-gen`, anything else for
 * tests and programs that run commands in-process (`main(argv, io)`).
 */
export interface Writable {
  write(text: string): unknown;
  /** A terminal (progress lines go only there). */
  isTTY?: boolean;
}

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  /** Relative paths in flags, and `sfapi-gen.config.json`, are read from here. */
  cwd: string;
  /** Ends a long-running command (`mock`) like SIGINT/SIGTERM does. */
  signal?: AbortSignal;
  /** Names what a long run is doing now, for its progress line on a terminal. */
  phase?: (text: string) => void;
  /** The clock a command's waits run on (the token request's retries); the system's unless a test gives one. */
  clock?: { now(): number; sleep(ms: number): Promise<void> };
  /** The environment (`SFAPI_DEBUG`); the process's unless given. */
  env?: Record<string, string | undefined>;
}

/** `--verbose`, or `SFAPI_DEBUG` set in the environment (and not `0`): say what long work is doing, on stderr. */
export function verbose(io: CliIo, flag: boolean | undefined): boolean {
  if (flag === true) return true;
  const debug = (io.env ?? process.env).SFAPI_DEBUG;
  return debug !== undefined && debug !== "" && debug !== "0";
}

/** One stderr line per retry (`sfapi-gen: POST /token: HTTP 503; retry 1 in 1.2 s`): method and path, no secret. */
export function retryLines(
  io: CliIo,
): (event: { what: string; attempt: number; delay: number; status: number | undefined; error?: string }) => void {
  return ({ what, attempt, delay, status, error }) => {
    const why = status !== undefined ? `HTTP ${status}` : error !== undefined ? `no answer (${error})` : "no answer";
    io.stderr.write(`sfapi-gen: ${what}: ${why}; retry ${attempt} in ${(delay / 1000).toFixed(1)} s\n`);
  };
}

/** Set once the process's streams have their closed-pipe handler: `main` runs many times in one process. */
let pipesHandled = false;

export function processIo(): CliIo {
  // A reader that stops early (`sfapi-gen audit | head -1`) closes the pipe: the output is no longer wanted, so stop
  // quietly with the status so far, as other command-line tools do, instead of dying on an unhandled EPIPE. Once per
  // process: a listener per run would pile up (Node warns past ten) in a program or a test calling `main` again.
  if (!pipesHandled) {
    pipesHandled = true;
    for (const stream of [process.stdout, process.stderr]) {
      stream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE") throw error;
        process.exit(process.exitCode ?? 0);
      });
    }
  }
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() };
}

export function printWarnings(io: CliIo, warnings: readonly string[]): void {
  for (const w of warnings) io.stderr.write(`sfapi-gen: warning: ${oneLine(w)}\n`);
}

/**
 * A stream that writes only printable text: description strings reach reports, warnings and errors, and an ESC or a
 * C1 control in them must not clear the screen, fake lines or set the terminal title (see `printable`).
 */
export function printing(stream: Writable): Writable {
  return { write: (text: string) => stream.write(printable(String(text))) };
}
