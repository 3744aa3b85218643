// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { CompiledTable } from "./matcher.js";
import type { OperationEntry } from "./table.js";
/** A color client's guard: its color on the ladder decides. */
export interface ColorGuardConfig {
    table: CompiledTable;
    ladder: readonly string[];
    color: string;
    /** The client's base URL, canonical (WHATWG-serialized) and without a trailing slash. */
    baseUrl: string;
    grant?: undefined;
}
/** A client of OAuth2 scopes: its grant decides, each operation by its table entry's `security`. */
export interface GrantGuardConfig {
    table: CompiledTable;
    grant: {
        /** The scopes the client was granted. */
        readonly scopes: readonly string[];
        /** Every scope the API names: what a path no operation has needs (and an entry without `security`). */
        readonly all: readonly string[];
    };
    /** The client's base URL, canonical (WHATWG-serialized) and without a trailing slash. */
    baseUrl: string;
    /** The grant's permission (this module's grantPermission), handed in (grants.ts): color clients bundle none of it. */
    grantPermission: typeof grantPermission;
    ladder?: undefined;
    color?: undefined;
}
export type GuardConfig = ColorGuardConfig | GrantGuardConfig;
export interface Guard {
    /**
     * Throws ScopeError unless `method url` (absolute, as sent) is allowed; returns whether it needs a token. `headers`,
     * the request's, may tell apart operations whose path keys share a request path (`/#X-Amz-Target=...`); without
     * them, such a request may be any of them.
     */
    check(method: string, url: string, headers?: Headers): boolean;
    /** Throws ScopeError when the call as written (path template or concrete path, path parameters) holds tricks. */
    checkWritten(method: string, written: string, pathParams: Record<string, unknown> | undefined): void;
    /**
     * Throws ScopeError unless the client may call the operation of that friendly name: a helper checks every operation
     * it will call before its first request.
     */
    checkOperation(name: string): void;
    /** Whether the client may call the operation of that friendly name (a helper picks the least one it may use). */
    allowsOperation(name: string): boolean;
}
/**
 * What the guard asks of a client's permission: which entries it allows (decided once, when the guard is made) and,
 * for a refusal, the words and the facts the ScopeError carries.
 */
export interface Permission {
    allows(entry: OperationEntry): boolean;
    /** Whether a path that matches no operation may be called. */
    readonly unknownAllowed: boolean;
    /** Why `entry` is refused (undefined: a path that matches no operation), after `METHOD path` or the entry's name. */
    refusal(entry: OperationEntry | undefined): {
        message: string;
        required?: string;
        missing?: readonly string[];
    };
    /** The ScopeError fields that say who the client is. */
    readonly who: {
        color: string;
        grant?: readonly string[];
        missing?: readonly string[];
    };
}
export declare function createGuard(config: GuardConfig): Guard;
/**
 * A grant's permission. An operation is allowed when one of its entry's scope sets is wholly granted; public ones
 * always. An entry that is not public and has no `security` (a table not generated under the security policy) needs
 * every scope the API names, as a path that matches no operation does: fail closed.
 */
export declare function grantPermission({ grant }: Pick<GrantGuardConfig, "grant">): Permission;
/** `https://Host:443/api/v1.2/` -> `https://host/api/v1.2`, as request URLs spell it. */
export declare function canonicalBaseUrl(base: string): string;
