// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { TokenError } from "./errors.js";
import { jwtClaims } from "./jwt.js";
import { notify } from "./observe.js";
import { INSUFFICIENT_SCOPE, lackedScopes, statedScopes } from "./scopes.js";
/** What an Authorization header may carry: visible ASCII, no spaces (RFC 6750's b64token and every JWT fit). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;
export function providedTokenSource(input, clock, refreshSkewMs = 5_000, onToken, 
/** A client of OAuth2 scopes: its grant, which a JWT's scope claim must not lack. */
scopes) {
    const checked = (token) => grantedBy(headerSafe(token), scopes);
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
            const life = expiresAt - clock.now();
            cached = { token: good, refreshAt: expiresAt - Math.min(refreshSkewMs, Math.max(0, life) / 10) };
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
/**
 * `token`, unless it is a JWT whose `scope` or `scp` claim lacks a scope of `grant` (or says nothing readable). The
 * token and its claims are never shown in the error: only the grant's own scope names.
 */
function grantedBy(token, grant) {
    if (grant === undefined || grant.length === 0)
        return token;
    const claims = jwtClaims(token);
    if (claims === undefined)
        return token; // no JWT: an opaque token
    const claim = claims.scope !== undefined ? "scope" : claims.scp !== undefined ? "scp" : undefined;
    if (claim === undefined)
        return token;
    const stated = statedScopes(claims[claim]);
    const lacking = stated === undefined ? undefined : lackedScopes(grant, stated);
    if (lacking !== undefined && lacking.length === 0)
        return token;
    throw new TokenError({
        message: lacking === undefined
            ? `accessToken's ${claim} claim is not a list of scopes; this client is granted ${grant.join(" ")}`
            : `accessToken's ${claim} claim lacks ${lacking.join(", ")} of this client's grant (${grant.join(" ")})`,
        error: INSUFFICIENT_SCOPE,
        attempts: 1,
    });
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
