// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The OAuth2 scope rules, in one place: a client of an API whose description lists scopes per operation (the
 * generator's `security` policy) holds a grant, a set of scope strings; it may call an operation when every scope of
 * one of the operation's alternatives is granted. The guard, `createClient`, the token sources and the generator
 * (which reads descriptions by the same scope-token rule) import them from here.
 */
import { ConfigError } from "./errors.js";
/** TokenError's `error` when a token lacks a scope of the client's grant (RFC 6750 section 3.1's word for it). */
export const INSUFFICIENT_SCOPE = "insufficient_scope";
/** RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), no space, quote or backslash. */
export function isScopeToken(value) {
    if (typeof value !== "string" || value.length === 0 || value.length > 256)
        return false;
    for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        if (c < 0x21 || c > 0x7e || c === 0x22 || c === 0x5c)
            return false;
    }
    return true;
}
/**
 * What a grant lacks for an operation that needs one of `anyOf` (each a list of scopes, all needed): undefined when
 * some alternative is wholly granted, else the scopes of the alternative that lacks fewest (the first such, in the
 * table's order), in its order. An empty `anyOf` is no alternative at all: everything in `fallback` is then needed.
 */
export function missingScopes(grant, anyOf, fallback) {
    const alternatives = anyOf !== undefined && anyOf.length > 0 ? anyOf : [fallback];
    let fewest;
    for (const scopes of alternatives) {
        const lacking = scopes.filter((s) => !grant.has(s));
        if (lacking.length === 0)
            return undefined;
        if (fewest === undefined || lacking.length < fewest.length)
            fewest = lacking;
    }
    return fewest;
}
/**
 * `scopes` as a client's grant: a list of scope-tokens (RFC 6749), each one the API names (`known`); a frozen copy
 * without repeats, in the order given. Anything else is a ConfigError naming the entry: a misspelt scope would
 * otherwise be asked of the token endpoint and refuse, much later, every call that needs the real one.
 */
export function checkGrant(scopes, known) {
    if (!Array.isArray(scopes))
        throw new ConfigError({
            message: 'createClient: `scopes` is required: the OAuth2 scopes this client is granted (e.g. ["read"]; [] for none)',
        });
    const names = new Set(known);
    const out = [];
    for (const [i, scope] of scopes.entries()) {
        if (!isScopeToken(scope))
            throw new ConfigError({
                message: `scopes[${i}]: ${JSON.stringify(scope)} is not an OAuth2 scope (RFC 6749 scope-token)`,
            });
        if (!names.has(scope))
            throw new ConfigError({ message: `scopes[${i}]: "${scope}" is not a scope of this API` });
        if (!out.includes(scope))
            out.push(scope);
    }
    return Object.freeze(out);
}
/**
 * The scopes a token answer's `scope` field or a JWT's `scope`/`scp` claim states: a space-separated string (RFC 6749
 * section 3.3, RFC 8693's `scope` claim) or a list of strings (as some servers write `scp`); undefined when `value` is
 * neither.
 */
export function statedScopes(value) {
    if (typeof value === "string")
        return value.split(" ").filter((s) => s !== "");
    if (Array.isArray(value) && value.every((s) => typeof s === "string"))
        return value;
    return undefined;
}
/** The granted scopes that `stated` lacks, in the grant's order. */
export function lackedScopes(grant, stated) {
    const have = new Set(stated);
    return grant.filter((s) => !have.has(s));
}
