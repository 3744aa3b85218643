/**
 * A clock for tests: `sleep` moves time forward at once instead of waiting, and remembers how long each wait was;
 * deadlines (`after`) fire when time passes them, by a sleep or by `advance`, and never move time themselves.
 */
import type { Clock } from "../../templates/runtime/clock.js";

export interface VirtualClock extends Clock {
  /** Every `sleep` asked for, in milliseconds, in order. */
  readonly slept: number[];
  advance(ms: number): void;
  after(ms: number, wake: () => void): () => void;
}

export function virtualClock(start = Date.now()): VirtualClock {
  let now = start;
  const slept: number[] = [];
  const timers = new Set<{ at: number; wake: () => void }>();
  const moved = () => {
    for (const timer of [...timers]) {
      if (timer.at > now) continue;
      timers.delete(timer);
      timer.wake();
    }
  };
  return {
    slept,
    now: () => now,
    sleep(ms) {
      slept.push(ms);
      now += ms;
      moved();
      return Promise.resolve();
    },
    advance(ms) {
      now += ms;
      moved();
    },
    after(ms, wake) {
      const timer = { at: now + ms, wake };
      timers.add(timer);
      if (ms <= 0) queueMicrotask(moved);
      return () => timers.delete(timer);
    },
  };
}
