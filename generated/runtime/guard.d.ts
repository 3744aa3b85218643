// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { CompiledTable } from "./matcher.js";
export interface GuardConfig {
    table: CompiledTable;
    ladder: readonly string[];
    color: string;
    /** The client's base URL, canonical (WHATWG-serialized) and without a trailing slash. */
    baseUrl: string;
}
export interface Guard {
    /** Throws ScopeError unless `method url` (absolute, as sent) is allowed; returns whether it needs a token. */
    check(method: string, url: string): boolean;
    /** Throws ScopeError when the call as written (path template or concrete path, path parameters) holds tricks. */
    checkWritten(method: string, written: string, pathParams: Record<string, unknown> | undefined): void;
    /**
     * Throws ScopeError unless the client's color may call the operation of that friendly name: a helper checks every
     * operation it will call before its first request.
     */
    checkOperation(name: string): void;
}
export declare function createGuard(config: GuardConfig): Guard;
/** `https://Host:443/api/v1.2/` -> `https://host/api/v1.2`, as request URLs spell it. */
export declare function canonicalBaseUrl(base: string): string;
