// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * What a client lets its user watch: retries, polls and token fetches (`onRetry`, `onPoll`, `onToken`: what, which
 * attempt, the delay before the next one; never a token, a key or a body), and a debug switch that logs each request's
 * method, path, status and duration. A hook that throws is ignored: watching never changes what a call does.
 */
import type { Clock } from "./clock.js";
/** As token.ts's FetchLike (not imported from there: token.ts reports to this module). */
type FetchLike = (input: Request) => Promise<Response>;
export interface RetryEvent {
    /** The request retried: `GET /api/v1.2/tasks/123` (method and path; no query, no headers). */
    readonly what: string;
    /** The attempt that failed (1 = the first). */
    readonly attempt: number;
    /** Milliseconds waited before the next attempt. */
    readonly delay: number;
    /** The failed attempt's HTTP status (429, 502, 503, 504); undefined for a network error or a timeout. */
    readonly status: number | undefined;
    /**
     * An attempt that got no answer: why, as the system says it (`ECONNREFUSED`, `ENOTFOUND`) or `timed out`; absent
     * when there was an answer (or, for the token request, always).
     */
    readonly error?: string;
}
export interface PollEvent {
    /** What is polled: `task 123`, `jobs 456,457 on perlmutter`, `transfer <id>`. */
    readonly what: string;
    /** Polls of it so far (1 = the first read). */
    readonly attempt: number;
    /** Milliseconds until the next poll. */
    readonly delay: number;
    /** The state read last (`running`, `PENDING`, `ACTIVE`), when there is one. */
    readonly status: string | undefined;
}
export interface TokenEvent {
    /**
     * `fetched`: a token request answered with a token; `retry`: one failed and is tried again after `delay`;
     * `asked`: the `accessToken` function was called.
     */
    readonly what: "fetched" | "retry" | "asked";
    readonly attempt: number;
    readonly delay: number;
}
export interface Observers {
    /** Each retry of an API call or a token request, before its wait. */
    onRetry?: (event: RetryEvent) => void;
    /** Each poll of a task, a machine's jobs or a Globus transfer, before the wait for the next. */
    onPoll?: (event: PollEvent) => void;
    /** Each token fetched, token request retried, or accessToken function called. */
    onToken?: (event: TokenEvent) => void;
    /**
     * Log each request (API and token endpoint, every attempt) as `sfapi: GET /api/v1.2/tasks/1 200 12ms`: `true` to
     * the console's error stream, or a function given each line. Never a query, a header, a body or a token. In
     * Node, `SFAPI_DEBUG=1` in the environment turns it on too.
     */
    debug?: boolean | ((line: string) => void);
}
/** Calls `hook` with `event`, ignoring what it throws. */
export declare function notify<E>(hook: ((event: E) => void) | undefined, event: E): void;
/** `METHOD /path` of a request (the URL's path only). */
export declare function requestWhat(request: Request): string;
/** The debug line writer the options ask for, or undefined. */
export declare function debugWriter(debug: Observers["debug"]): ((line: string) => void) | undefined;
/** `fetch` that logs each request's method, path, status and duration (on `clock`). */
export declare function debugFetch(fetch: FetchLike, write: ((line: string) => void) | undefined, clock: Clock): FetchLike;
export {};
