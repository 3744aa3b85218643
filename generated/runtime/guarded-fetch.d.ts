// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { Guard } from "./guard.js";
import type { FetchLike, TokenSource } from "./token.js";
export interface GuardedFetchConfig {
    guard: Guard;
    /** Undefined for a client created without credentials (public operations only). */
    tokens: TokenSource | undefined;
    /** The client's canonical base URL (for messages). */
    baseUrl: string;
    fetch: FetchLike;
    /** Written before the token (`"Bearer"` gives `Bearer <token>`); none by default: the header is the bare token. */
    authorizationPrefix: string | undefined;
}
/** What to do with a 3xx answer: follow it (guarded again), return it, or fail like fetch's `redirect: "error"`. */
export type RedirectMode = "follow" | "manual" | "error";
/**
 * The Request class the client hands openapi-fetch. Its instances are undici's own Requests (no getter of ours), and
 * the private field marks an object this constructor made: neither a Proxy nor an object of another class carries it.
 */
export declare class CallRequest extends Request {
    #private;
    constructor(input: string | URL | Request, init?: RequestInit);
    /**
     * `request`, when it is exactly one of ours (not a Proxy, not a subclass) that leaves redirects to us; else
     * undefined. Only the caller knows whether a middleware has seen it.
     */
    static vouch(request: Request): CallRequest | undefined;
    /** What sends this request's body again: its text, a clone taken now, or nothing (no body). */
    static replay(request: Request, method: string): Replay;
}
/** A body to send again: its text, a clone of the request taken before it was sent, or none. */
type Replay = string | Request | undefined;
/**
 * Send `request` under the guard, following redirects as `mode` says. `seen`: a middleware may hold `request` (then it
 * is judged and sent as a copy, whatever made it).
 */
export type GuardedFetch = (request: Request, mode?: RedirectMode, seen?: boolean) => Promise<Response>;
export declare function createGuardedFetch(config: GuardedFetchConfig): GuardedFetch;
export {};
