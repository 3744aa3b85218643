// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Access tokens obtained elsewhere: a browser session, a token service, one process that shares its token with many
 * workers. `accessToken` is the token itself or a function returning one (called for every call that needs a token,
 * and again after a 401, so it decides what to cache). The guard still decides every call before a token is asked for.
 */
import { TokenError } from "./errors.js";
/** What an Authorization header may carry: visible ASCII, no spaces (RFC 6750's b64token and every JWT fit). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;
export function providedTokenSource(input) {
    if (typeof input === "string") {
        const token = checked(input);
        return { current: () => token, get: () => Promise.resolve(token), invalidate: () => undefined };
    }
    return {
        current: () => undefined,
        async get() {
            let token;
            try {
                token = await input();
            }
            catch (error) {
                throw new TokenError({
                    message: `The accessToken function failed: ${error instanceof Error ? error.message : String(error)}`,
                    error: "token_source",
                    attempts: 1,
                    cause: error,
                });
            }
            return checked(token);
        },
        invalidate: () => undefined,
    };
}
/** A token an Authorization header can carry; never shown in the error. */
function checked(token) {
    if (typeof token !== "string" || !HEADER_SAFE.test(token)) {
        throw new TokenError({
            message: typeof token === "string" && token !== ""
                ? "accessToken holds characters an Authorization header cannot carry"
                : "accessToken gave no token (an empty or non-string value)",
            error: "invalid_token_source",
            attempts: 1,
        });
    }
    return token;
}
