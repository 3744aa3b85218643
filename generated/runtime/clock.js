// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const MAX_DELAY = 2 ** 31 - 1;
function systemAfter(ms, wake) {
  let timer;
  const arm = (left) => {
    timer = setTimeout(() => left > MAX_DELAY ? arm(left - MAX_DELAY) : wake(), Math.min(left, MAX_DELAY));
  };
  arm(Math.max(0, ms));
  return () => clearTimeout(timer);
}
const systemClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  after: systemAfter
};
export {
  systemAfter,
  systemClock
};
