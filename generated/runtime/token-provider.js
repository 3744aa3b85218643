// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { TokenError } from "./errors.js";
import { jwtClaims } from "./jwt.js";
import { notify } from "./observe.js";
import { refreshAt } from "./refresh.js";
/** What an Authorization header may carry: visible ASCII, no spaces (RFC 6750's b64token and every JWT fit). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;
export function providedTokenSource(input, clock, refreshSkewMs = 5_000, onToken, 
/** A client of OAuth2 scopes: the check that a JWT's scope claim lacks none of its grant (grants.ts). */
grantCheck = (token) => token) {
    const checked = (token) => grantCheck(headerSafe(token));
    if (typeof input === "string") {
        const token = checked(input);
        return { current: () => token, get: () => Promise.resolve(token), invalidate: () => undefined };
    }
    let cached;
    let pending;
    const current = () => (cached !== undefined && clock.now() < cached.refreshAt ? cached.token : undefined);
    const ask = async () => {
        let token;
        notify(onToken, { what: "asked", attempt: 1, delay: 0 });
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
        const good = checked(token);
        const expiresAt = expiryMs(good);
        if (expiresAt !== undefined) {
            cached = { token: good, refreshAt: refreshAt(clock.now(), expiresAt, refreshSkewMs) };
        }
        return good;
    };
    return {
        current,
        get() {
            const fresh = current();
            if (fresh !== undefined)
                return Promise.resolve(fresh);
            pending ??= ask().finally(() => {
                pending = undefined;
            });
            return pending;
        },
        invalidate(token) {
            if (cached?.token === token)
                cached = undefined;
        },
    };
}
/** A JWT's `exp` in milliseconds, or undefined (an opaque token, or no `exp`). */
function expiryMs(token) {
    const exp = jwtClaims(token)?.exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined;
}
/** A token an Authorization header can carry; never shown in the error. */
function headerSafe(token) {
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
