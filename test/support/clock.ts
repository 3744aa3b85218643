/**
 * The tests' one clock: virtual time shared by the facility (`now`) and a client (`clock`), for the runtime's unit
 * tests as for the end-to-end ones: a `sleep` registers a wake-up, and once the event loop has nothing else to run
 * this tick (setImmediate), time jumps to the earliest wake-up and those sleepers resume. Concurrent sleepers of the same length wake together, as they would in real time; nothing waits for real.
 * Deadlines (`after`) fire when time passes them (by a sleep's jump or `advance`) and never make time jump: a request
 * in flight is not timed out by an idle event loop.
 */
import type { Clock } from "../../templates/runtime/clock.js";

export interface VirtualTime extends Clock {
  /** Every sleep asked for, in milliseconds, in order. */
  readonly slept: number[];
  /** Move time by hand (a test's "later"). */
  advance(ms: number): void;
  /** Called with each sleep's length before it is scheduled (a test's hook into a poll loop). */
  onSleep: ((ms: number) => void | Promise<void>) | undefined;
  after(ms: number, wake: () => void): () => void;
}

export function virtualTime(start = Math.floor(Date.now() / 1000) * 1000): VirtualTime {
  let now = start;
  const timers: { at: number; wake: () => void }[] = [];
  const deadlines = new Set<{ at: number; wake: () => void }>();
  const passed = () => {
    for (const d of [...deadlines]) {
      if (d.at > now) continue;
      deadlines.delete(d);
      d.wake();
    }
  };
  let scheduled = false;
  const tick = () => {
    scheduled = false;
    if (timers.length === 0) return;
    now = Math.max(now, Math.min(...timers.map((t) => t.at)));
    const due = timers.filter((t) => t.at <= now);
    for (const t of due) timers.splice(timers.indexOf(t), 1);
    passed();
    for (const t of due) t.wake();
    schedule();
  };
  const schedule = () => {
    if (scheduled || timers.length === 0) return;
    scheduled = true;
    setImmediate(tick);
  };
  const time: VirtualTime = {
    slept: [],
    onSleep: undefined,
    now: () => now,
    advance(ms) {
      now += ms;
      passed();
    },
    after(ms, wake) {
      const deadline = { at: now + ms, wake };
      deadlines.add(deadline);
      if (ms <= 0) queueMicrotask(passed);
      return () => deadlines.delete(deadline);
    },
    async sleep(ms) {
      time.slept.push(ms);
      await time.onSleep?.(ms);
      await new Promise<void>((wake) => {
        timers.push({ at: now + ms, wake });
        schedule();
      });
    },
  };
  return time;
}
