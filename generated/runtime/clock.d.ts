// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
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
/** `wake` after `ms` milliseconds of the system's timers; what cancels it. */
export declare function systemAfter(ms: number, wake: () => void): () => void;
export declare const systemClock: Clock;
