// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { Clock } from "./clock.js";
import type { LoadedKey } from "./keys.js";
import { type RetryEvent, type TokenEvent } from "./observe.js";
import type { RetryPolicy } from "./token-retry.js";
export interface Logger {
    warn(message: string): void;
}
export type FetchLike = (input: Request) => Promise<Response>;
export interface TokenSourceConfig {
    clientId: string;
    key: LoadedKey;
    tokenUrl: string;
    fetch: FetchLike;
    /** Per token request: connect, answer and body. */
    timeoutMs: number;
    retry: RetryPolicy;
    /** Stop using a token this long before it expires (at most a tenth of its lifetime). */
    refreshSkewMs: number;
    clientExpiresAt: Date | undefined;
    /** The key file `clientExpiresAt` was read from (its `expires_at`), for the error's advice. */
    expiryFrom?: string | undefined;
    logger: Logger;
    clock: Clock;
    onToken?: ((event: TokenEvent) => void) | undefined;
    onRetry?: ((event: RetryEvent) => void) | undefined;
    /**
     * A client of OAuth2 scopes: its grant, asked for as `scope` (RFC 6749 section 4.4.2; not sent when empty). An
     * answer whose `scope` field (section 5.1: present when it differs from what was asked) lacks one of them is refused.
     */
    scopes?: readonly string[] | undefined;
}
export interface TokenSource {
    /** The cached token while it is fresh, else undefined (no I/O). */
    current(): string | undefined;
    /** A fresh token: the cached one, or the result of the one token request in flight. */
    get(): Promise<string>;
    /** Forget `token` (the API answered 401 to it); a newer cached token is kept. */
    invalidate(token: string): void;
}
/** Lifetime assumed when the answer has no `expires_in` and the token is not a JWT with `exp`. */
export declare const DEFAULT_TOKEN_LIFETIME_S = 600;
/** A token answer is a few hundred bytes to a few KB; anything past this is not read further. */
export declare const MAX_TOKEN_RESPONSE_BYTES: number;
export declare function createTokenSource(config: TokenSourceConfig): TokenSource;
