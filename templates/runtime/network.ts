/**
 * A browser's network failure. In a page (or a worker), fetch rejects with a bare TypeError ("Failed to fetch",
 * "NetworkError when attempting to fetch resource.", "Load failed") both when the browser blocked the request (CORS:
 * the server does not allow the page's origin) and when it is offline; the page is not told which, and a retry a
 * second later meets the same wall. Such a failure is a NetworkError at once, never retried, saying both possible
 * causes. Outside a browser (Node, Deno, Bun), fetch's network errors carry their cause and are retried as before.
 */
import { NetworkError } from "./errors.js";

/** Whether this code runs in a page or a web worker. */
export function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown; importScripts?: unknown };
  return (
    (typeof scope.document === "object" && scope.document !== null) ||
    (typeof scope.WorkerGlobalScope === "function" && typeof scope.importScripts === "function")
  );
}

/** The words every message about a blocked browser request carries. */
export const BLOCKED_HINT =
  "the request may have been blocked by the browser (CORS: the server must allow this page's origin) " +
  "or the browser is offline";

/** A NetworkError for `request` when `error` is a browser's network failure; undefined for anything else. */
export function browserNetworkError(error: unknown, request: Request): NetworkError | undefined {
  if (!(error instanceof TypeError) || error.cause !== undefined || !inBrowser()) return undefined;
  const url = new URL(request.url);
  const where = `${request.method} ${url.origin}${url.pathname}`;
  return new NetworkError({ message: `${where}: no answer: ${BLOCKED_HINT}; not retried`, cause: error });
}

/** `fetch`, with a browser's network failure turned into a NetworkError; outside a browser, `fetch` itself. */
export function reportingBrowserFailures(
  fetch: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  if (!inBrowser()) return fetch;
  return (request) =>
    fetch(request).catch((error: unknown) => {
      throw browserNetworkError(error, request) ?? error;
    });
}
