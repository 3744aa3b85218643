// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Calls that get no answer. Everywhere (Node, Deno, Bun, browsers) fetch rejects when no answer came: Node's undici
 * and Deno with a TypeError whose cause names the system error (ECONNREFUSED), Bun with an error carrying a `code`;
 * `noAnswerError` turns each into a NetworkError naming what was tried, after call-retry.ts has retried it.
 *
 * A browser's network failure. In a page (or a worker), fetch rejects with a bare TypeError ("Failed to fetch",
 * "NetworkError when attempting to fetch resource.", "Load failed") both when the browser blocked the request (CORS:
 * the server does not allow the page's origin) and when it is offline; the page is not told which, and a retry a
 * second later meets the same wall. Such a failure is a NetworkError at once, never retried, saying both possible
 * causes. Outside a browser (Node, Deno, Bun), fetch's network errors carry their cause and are retried as before.
 */
import { NetworkError } from "./errors.js";
/** Whether this code runs in a page or a web worker. */
export declare function inBrowser(): boolean;
/** The words every message about a blocked browser request carries. */
export declare const BLOCKED_HINT: string;
/** A NetworkError for `request` when `error` is a browser's network failure; undefined for anything else. */
export declare function browserNetworkError(error: unknown, request: Request): NetworkError | undefined;
/** A short, safe name for why: the system error's code (`ECONNREFUSED`), else the error's name. */
export declare function reason(error: Error): string;
/**
 * The NetworkError for `error` when it means `request` got no answer after `attempts` attempts over `elapsedMs`;
 * `error` itself for anything else (an abort, the caller's own error, an SfapiError).
 */
export declare function noAnswerError(error: unknown, request: Request, attempts: number, elapsedMs: number): unknown;
/** `fetch`, with a browser's network failure turned into a NetworkError; outside a browser, `fetch` itself. */
export declare function reportingBrowserFailures(fetch: (request: Request) => Promise<Response>): (request: Request) => Promise<Response>;
