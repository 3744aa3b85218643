// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { NetworkError, SfapiError } from "./errors.js";
function inBrowser() {
  const scope = globalThis;
  return typeof scope.document === "object" && scope.document !== null || typeof scope.WorkerGlobalScope === "function" && typeof scope.importScripts === "function";
}
const BLOCKED_HINT = "the request may have been blocked by the browser (CORS: the server must allow this page's origin) or the browser is offline";
function browserNetworkError(error, request) {
  if (!(error instanceof TypeError) || error.cause !== void 0 || !inBrowser())
    return void 0;
  const url = new URL(request.url);
  const where = `${request.method} ${url.origin}${url.pathname}`;
  return new NetworkError({
    message: `${where}: no answer: ${BLOCKED_HINT}; not retried`,
    origin: url.origin,
    cause: error
  });
}
function isNoAnswer(error) {
  if (!(error instanceof Error) || error.name === "AbortError" || SfapiError.is(error))
    return false;
  if (error.name === "TimeoutError")
    return true;
  const code = error.code;
  if (typeof code === "string")
    return !code.startsWith("ERR_");
  return error instanceof TypeError && (error.cause !== void 0 || /fetch|network|connect|sending request|load failed/i.test(error.message));
}
function reason(error) {
  for (const e of [error.cause, error]) {
    const code = e?.code;
    if (typeof code === "string" && /^[A-Za-z_]{1,40}$/.test(code))
      return code;
  }
  return error.name === "TimeoutError" ? "timed out" : error.name;
}
function noAnswerError(error, request, attempts, elapsedMs) {
  if (!isNoAnswer(error) || request.signal.aborted)
    return error;
  let origin;
  let path;
  try {
    const url = new URL(request.url);
    origin = url.origin;
    path = url.pathname;
  } catch {
    return error;
  }
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts in ${(elapsedMs / 1e3).toFixed(1)} s`;
  return new NetworkError({
    message: `${request.method} ${origin}${path}: no answer (${reason(error)}) after ${tries}`,
    origin,
    attempts,
    cause: error
  });
}
function reportingBrowserFailures(fetch) {
  if (!inBrowser())
    return fetch;
  return (request) => fetch(request).catch((error) => {
    throw browserNetworkError(error, request) ?? error;
  });
}
export {
  BLOCKED_HINT,
  browserNetworkError,
  inBrowser,
  noAnswerError,
  reason,
  reportingBrowserFailures
};
