// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** Time as the runtime reads it: the system clock by default; tests inject their own to move time without waiting. */
export interface Clock {
    /** Milliseconds since the epoch. */
    now(): number;
    /** Resolves after `ms` milliseconds of this clock's time. */
    sleep(ms: number): Promise<void>;
}
export declare const systemClock: Clock;
