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
export declare function createGuardedFetch(config: GuardedFetchConfig): (request: Request, mode?: RedirectMode) => Promise<Response>;
