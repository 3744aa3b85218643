/** Time as the runtime reads it: the system clock by default; tests inject their own to move time without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds of this clock's time. */
  sleep(ms: number): Promise<void>;
  /**
   * Calls `wake` once `ms` milliseconds of this clock's time have passed, without making time pass (a deadline, which
   * waits on whatever else is under way); returns what cancels it. Optional: a clock without it has its deadlines
   * kept by the system's timers (setTimeout), for the same number of milliseconds.
   */
  after?(ms: number, wake: () => void): () => void;
}

/** setTimeout's longest delay (about 24.8 days); a longer one is waited in steps. */
const MAX_DELAY = 2 ** 31 - 1;

/** `wake` after `ms` milliseconds of the system's timers; what cancels it. */
export function systemAfter(ms: number, wake: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = (left: number) => {
    timer = setTimeout(() => (left > MAX_DELAY ? arm(left - MAX_DELAY) : wake()), Math.min(left, MAX_DELAY));
  };
  arm(Math.max(0, ms));
  return () => clearTimeout(timer);
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  after: systemAfter,
};
