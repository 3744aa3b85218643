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
import { NetworkError, SfapiError } from "./errors.js";

/** Whether this code runs in a page or a web worker. */
export function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown; importScripts?: unknown };
  return (
    (typeof scope.document === "object" && scope.document !== null) ||
    (typeof scope.WorkerGlobalScope === "function" && typeof scope.importScripts === "function")
  );
}

/** The words every message about a blocked browser request carries. */
export const BLOCKED_HINT: string =
  "the request may have been blocked by the browser (CORS: the server must allow this page's origin) " +
  "or the browser is offline";

/** A NetworkError for `request` when `error` is a browser's network failure; undefined for anything else. */
export function browserNetworkError(error: unknown, request: Request): NetworkError | undefined {
  if (!(error instanceof TypeError) || error.cause !== undefined || !inBrowser()) return undefined;
  const url = new URL(request.url);
  const where = `${request.method} ${url.origin}${url.pathname}`;
  return new NetworkError({
    message: `${where}: no answer: ${BLOCKED_HINT}; not retried`,
    origin: url.origin,
    cause: error,
  });
}

/**
 * A failure of fetch that means no answer came: undici's TypeError "fetch failed" (the system error as its cause),
 * Deno's and browsers' network TypeErrors, an error with a system code (Bun's `ConnectionRefused`, Node's
 * `ECONNRESET`), an attempt timed out. Not an abort, not one of ours, not a programming error (Node's `ERR_*` codes,
 * a TypeError about the request itself).
 */
function isNoAnswer(error: unknown): error is Error {
  if (!(error instanceof Error) || error.name === "AbortError" || SfapiError.is(error)) return false;
  if (error.name === "TimeoutError") return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return !code.startsWith("ERR_");
  return (
    error instanceof TypeError &&
    (error.cause !== undefined || /fetch|network|connect|sending request|load failed/i.test(error.message))
  );
}

/** A short, safe name for why: the system error's code (`ECONNREFUSED`), else the error's name. */
export function reason(error: Error): string {
  for (const e of [error.cause, error]) {
    const code = (e as { code?: unknown } | undefined)?.code;
    if (typeof code === "string" && /^[A-Za-z_]{1,40}$/.test(code)) return code;
  }
  return error.name === "TimeoutError" ? "timed out" : error.name;
}

/**
 * The NetworkError for `error` when it means `request` got no answer after `attempts` attempts over `elapsedMs`;
 * `error` itself for anything else (an abort, the caller's own error, an SfapiError).
 */
export function noAnswerError(error: unknown, request: Request, attempts: number, elapsedMs: number): unknown {
  if (!isNoAnswer(error) || request.signal.aborted) return error;
  let origin: string;
  let path: string;
  try {
    const url = new URL(request.url);
    origin = url.origin;
    path = url.pathname;
  } catch {
    return error;
  }
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s`;
  return new NetworkError({
    message: `${request.method} ${origin}${path}: no answer (${reason(error)}) after ${tries}`,
    origin,
    attempts,
    cause: error,
  });
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
