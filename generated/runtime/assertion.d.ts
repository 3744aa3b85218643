// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { LoadedKey } from "./keys.js";
/** Seconds an assertion stays valid: long enough for a slow token endpoint, short enough to be useless later. */
export declare const ASSERTION_LIFETIME_S = 300;
export declare function signClientAssertion(key: LoadedKey, clientId: string, tokenUrl: string, nowMs?: number): Promise<string>;
