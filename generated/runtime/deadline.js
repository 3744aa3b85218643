// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { systemAfter } from "./clock.js";
import { ConfigError } from "./errors.js";
class DeadlinePassed extends Error {
  name = "TimeoutError";
}
function startDeadline(clock, timeout, signal, what = "timeout") {
  if (timeout !== void 0 && (typeof timeout !== "number" || Number.isNaN(timeout)))
    throw new ConfigError({ message: `${what} must be a number of milliseconds` });
  if (timeout === void 0 || timeout === Number.POSITIVE_INFINITY)
    return { signal, at: Number.POSITIVE_INFINITY, passed: false, end: () => void 0 };
  const ms = Math.max(0, timeout);
  const at = clock.now() + ms;
  const controller = new AbortController();
  let passed = false;
  const wake = () => {
    passed = true;
    controller.abort(new DeadlinePassed(`no result within ${ms} ms`));
  };
  const cancel = clock.after ? clock.after(ms, wake) : systemAfter(ms, wake);
  return {
    signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
    at,
    get passed() {
      return passed;
    },
    end: cancel
  };
}
export {
  DeadlinePassed,
  startDeadline
};
