// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { type KeyTokens } from "./options.js";
export type { KeyTokens } from "./options.js";
/** @internal The key-based token source, for the generated entries that offer keys. */
export declare const keyTokens: KeyTokens;
