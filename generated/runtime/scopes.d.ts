// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** TokenError's `error` when a token lacks a scope of the client's grant (RFC 6750 section 3.1's word for it). */
export declare const INSUFFICIENT_SCOPE = "insufficient_scope";
/** RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), no space, quote or backslash. */
export declare function isScopeToken(value: unknown): value is string;
/**
 * What a grant lacks for an operation that needs one of `anyOf` (each a list of scopes, all needed): undefined when
 * some alternative is wholly granted, else the scopes of the alternative that lacks fewest (the first such, in the
 * table's order), in its order. An empty `anyOf` is no alternative at all: everything in `fallback` is then needed.
 */
export declare function missingScopes(grant: ReadonlySet<string>, anyOf: readonly (readonly string[])[] | undefined, fallback: readonly string[]): readonly string[] | undefined;
/**
 * `scopes` as a client's grant: a list of scope-tokens (RFC 6749), each one the API names (`known`); a frozen copy
 * without repeats, in the order given. Anything else is a ConfigError naming the entry: a misspelt scope would
 * otherwise be asked of the token endpoint and refuse, much later, every call that needs the real one.
 */
export declare function checkGrant(scopes: unknown, known: readonly string[]): readonly string[];
/**
 * The scopes a token answer's `scope` field or a JWT's `scope`/`scp` claim states: a space-separated string (RFC 6749
 * section 3.3, RFC 8693's `scope` claim) or a list of strings (as some servers write `scp`); undefined when `value` is
 * neither.
 */
export declare function statedScopes(value: unknown): string[] | undefined;
/** The granted scopes that `stated` lacks, in the grant's order. */
export declare function lackedScopes(grant: readonly string[], stated: readonly string[]): string[];
