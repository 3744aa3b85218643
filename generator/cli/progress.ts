/**
 * Progress for runs that take a while: after a second, one line on stderr that says what is running and for how
 * long, rewritten in place, and erased when the run ends. Only on a terminal: piped or redirected stderr (CI logs,
 * `2> file`, tests) gets nothing, so output stays byte-for-byte the same there.
 */
import type { Writable } from "./io.js";

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  setInterval(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

const systemTimers: Timers = {
  setTimeout: (run, ms) => {
    const t = setTimeout(run, ms);
    t.unref?.();
    return t;
  },
  setInterval: (run, ms) => {
    const t = setInterval(run, ms);
    t.unref?.();
    return t;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export const PROGRESS_DELAY_MS = 1000;
const REFRESH_MS = 250;

export interface Progress {
  /** What is running now (`reading the description`, `writing files`). */
  phase(text: string): void;
  /** Erase the line for other output to take its place (the next refresh draws it again below). */
  clear(): void;
  /** Erase the line; later calls do nothing. */
  end(): void;
}

/** A progress line for `label` on `stream` when it is a terminal; a no-op otherwise. */
export function startProgress(
  stream: Writable & { isTTY?: boolean },
  label: string,
  timers: Timers = systemTimers,
): Progress {
  if (stream.isTTY !== true) return { phase: () => undefined, clear: () => undefined, end: () => undefined };
  const started = timers.now();
  let phase = "";
  let shown = false;
  let ended = false;
  let refresh: unknown;
  const draw = () => {
    const seconds = Math.floor((timers.now() - started) / 1000);
    if (ended) return;
    stream.write(`\r\x1b[Ksfapi-gen: ${label}${phase ? `: ${phase}` : ""} (${seconds} s)`);
    shown = true;
  };
  const delay = timers.setTimeout(() => {
    if (ended) return;
    draw();
    refresh = timers.setInterval(draw, REFRESH_MS);
  }, PROGRESS_DELAY_MS);
  return {
    phase(text) {
      phase = text;
      if (shown && !ended) draw();
    },
    clear() {
      if (shown) stream.write("\r\x1b[K");
      shown = false;
    },
    end() {
      if (ended) return;
      ended = true;
      timers.clear(delay);
      if (refresh !== undefined) timers.clear(refresh);
      if (shown) stream.write("\r\x1b[K");
    },
  };
}
