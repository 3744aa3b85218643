// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError, CredentialsError, RedirectError } from "./errors.js";
class CallRequest extends Request {
  /** A text body, kept to send again (a 401 retry, a 307/308) instead of a clone of its stream. */
  #text;
  /** Made with `redirect: "manual"` (as the client always asks): fetch leaves redirects to us. */
  #manual;
  constructor(input, init) {
    super(input, init);
    this.#text = typeof init?.body === "string" ? init.body : void 0;
    this.#manual = init?.redirect === "manual";
  }
  /**
   * `request`, when it is exactly one of ours (not a Proxy, not a subclass) that leaves redirects to us; else
   * undefined. Only the caller knows whether a middleware has seen it.
   */
  static vouch(request) {
    return typeof request === "object" && request !== null && #manual in request && Object.getPrototypeOf(request) === CallRequest.prototype && request.#manual ? request : void 0;
  }
  /** What sends this request's body again: its text, a clone taken now, or nothing (no body). */
  static replay(request, method) {
    if (method === "GET" || method === "HEAD")
      return void 0;
    const text = #text in request ? request.#text : void 0;
    if (text !== void 0)
      return text;
    return request.body !== null ? request.clone() : void 0;
  }
}
Object.defineProperty(CallRequest, Symbol.hasInstance, { value: (value) => value instanceof Request });
const MAX_REDIRECTS = 5;
const REDIRECTS = /* @__PURE__ */ new Set([301, 302, 303, 307, 308]);
function createGuardedFetch(config) {
  const { guard, tokens } = config;
  const header = config.authorizationPrefix ? (token) => `${config.authorizationPrefix} ${token}` : (token) => token;
  function authorize(request, needsToken) {
    if (!needsToken)
      return void 0;
    const headers = request.headers;
    if (headers.has("authorization"))
      return void 0;
    if (!tokens) {
      throw new CredentialsError({
        message: `${request.method} ${request.url.slice(config.baseUrl.length)} needs a token: create the client with clientId and privateKey`
      });
    }
    const cached = tokens.current();
    if (cached !== void 0) {
      headers.set("authorization", header(cached));
      return cached;
    }
    return tokens.get().then((token) => {
      headers.set("authorization", header(token));
      return token;
    });
  }
  function send(input, mode = "follow", seen = false) {
    let request;
    try {
      request = !seen && CallRequest.vouch(input) || genuine(input);
    } catch (error) {
      return Promise.reject(error);
    }
    return sendHop(request, mode, 0);
  }
  function sendHop(request, mode, hops) {
    try {
      const method = request.method;
      const needsToken = guard.check(method, request.url, request.headers);
      const replay = CallRequest.replay(request, method);
      const attached = authorize(request, needsToken);
      if (typeof attached === "object")
        return attached.then((token) => config.fetch(request).then((response) => handle(request, replay, token, response, mode, hops)));
      return config.fetch(request).then((response) => response.status === 401 || REDIRECTS.has(response.status) ? handle(request, replay, attached, response, mode, hops) : response);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  async function handle(request, replay, token, answer, mode, hops) {
    let response = answer;
    if (response.status === 401 && token !== void 0 && tokens) {
      tokens.invalidate(token);
      const retry = typeof replay === "string" ? new Request(request, { body: replay }) : replay?.clone() ?? new Request(request);
      retry.headers.set("authorization", header(await tokens.get()));
      await response.body?.cancel();
      response = await config.fetch(retry);
    }
    if (!REDIRECTS.has(response.status) || mode === "manual")
      return response;
    if (mode === "error") {
      await response.body?.cancel();
      throw new RedirectError({
        message: `${request.method} ${request.url} was redirected (HTTP ${response.status}) and the call said redirect: "error"`,
        status: response.status
      });
    }
    let next;
    try {
      next = hops < MAX_REDIRECTS ? redirected(request, replay, response) : void 0;
    } catch (error) {
      await response.body?.cancel();
      throw error;
    }
    if (!next)
      return response;
    try {
      guard.check(next.method, next.url, next.headers);
    } catch {
      return response;
    }
    await response.body?.cancel();
    return sendHop(next, mode, hops + 1);
  }
  return send;
}
function genuine(input) {
  if (!isRequest(input))
    throw new ConfigError({ message: "the client's fetch was given something that is not a Request; refused" });
  return new Request(input, { redirect: "manual" });
}
function isRequest(value) {
  if (!(value instanceof Request))
    return false;
  try {
    Reflect.get(Request.prototype, "method", value);
    return true;
  } catch {
    return false;
  }
}
function redirected(request, replay, response) {
  const location = response.headers.get("location");
  if (location === null)
    return void 0;
  let url;
  try {
    url = new URL(location, request.url);
  } catch {
    return void 0;
  }
  if (url.username !== "" || url.password !== "") {
    throw new RedirectError({
      message: `${request.method} ${request.url} was redirected (HTTP ${response.status}) to a Location that carries credentials (user:password@); not followed`,
      status: response.status
    });
  }
  const toGet = response.status === 303 ? request.method !== "HEAD" : (response.status === 301 || response.status === 302) && request.method === "POST";
  const headers = new Headers(request.headers);
  headers.delete("authorization");
  if (toGet)
    for (const name of ["content-type", "content-length", "content-encoding", "content-language", "content-location"])
      headers.delete(name);
  const body = toGet || replay === void 0 ? null : typeof replay === "string" ? replay : replay.clone().body;
  return new CallRequest(url, {
    method: toGet ? "GET" : request.method,
    headers,
    body,
    redirect: "manual",
    signal: request.signal,
    ...body instanceof ReadableStream ? { duplex: "half" } : {}
  });
}
export {
  CallRequest,
  createGuardedFetch
};
