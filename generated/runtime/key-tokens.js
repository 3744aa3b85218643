// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The key-based token source, handed to the runtime by the entries that offer keys (the generated `index.js` and
 * `core.js`, in their spec): key parsing (keys.ts, der.ts), the client assertion (assertion.ts) and the
 * client-credentials request (token.ts). options.ts imports none of them, so that an entry that does not hand this in
 * (`page.js`, accessToken only) bundles without their code.
 */
import { loadPrivateKey } from "./keys.js";
import { createTokenSource } from "./token.js";
/** @internal The key-based token source, for the generated entries that offer keys. */
export const keyTokens = { loadPrivateKey, createTokenSource };
