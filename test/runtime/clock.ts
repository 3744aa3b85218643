/** A clock for tests: `sleep` moves time forward at once instead of waiting, and remembers how long each wait was. */
import type { Clock } from "../../templates/runtime/clock.js";

export interface VirtualClock extends Clock {
  /** Every `sleep` asked for, in milliseconds, in order. */
  readonly slept: number[];
  advance(ms: number): void;
}

export function virtualClock(start = Date.now()): VirtualClock {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep(ms) {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
    advance(ms) {
      now += ms;
    },
  };
}
