// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError } from "./errors.js";
function retryPolicy(options) {
  const attempts = Math.floor(options?.attempts ?? 4);
  const baseDelayMs = options?.baseDelayMs ?? 500;
  const maxDelayMs = options?.maxDelayMs ?? 3e4;
  if (!(attempts >= 1 && attempts <= 20))
    throw new ConfigError({ message: "retry.attempts must be between 1 and 20" });
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0))
    throw new ConfigError({ message: "retry delays must be non-negative numbers of milliseconds" });
  return { attempts, baseDelayMs, maxDelayMs };
}
export {
  retryPolicy
};
