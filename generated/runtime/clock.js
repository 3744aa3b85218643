// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** setTimeout's longest delay (about 24.8 days); a longer one is waited in steps. */
const MAX_DELAY = 2 ** 31 - 1;
/** `wake` after `ms` milliseconds of the system's timers; what cancels it. */
export function systemAfter(ms, wake) {
    let timer;
    const arm = (left) => {
        timer = setTimeout(() => (left > MAX_DELAY ? arm(left - MAX_DELAY) : wake()), Math.min(left, MAX_DELAY));
    };
    arm(Math.max(0, ms));
    return () => clearTimeout(timer);
}
export const systemClock = {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    after: systemAfter,
};
