// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The token endpoint's retry policy (`retry`): how many token requests, and the bounds of the wait between them.
 * Which answers are worth another try and how long to wait are backoff.ts's rules, shared with call-retry.ts.
 */
import { ConfigError } from "./errors.js";
export function retryPolicy(options) {
    const attempts = Math.floor(options?.attempts ?? 4);
    const baseDelayMs = options?.baseDelayMs ?? 500;
    const maxDelayMs = options?.maxDelayMs ?? 30_000;
    if (!(attempts >= 1 && attempts <= 20))
        throw new ConfigError({ message: "retry.attempts must be between 1 and 20" });
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0))
        throw new ConfigError({ message: "retry delays must be non-negative numbers of milliseconds" });
    return { attempts, baseDelayMs, maxDelayMs };
}
