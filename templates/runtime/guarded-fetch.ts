/**
 * The one door to the network for API calls: a `fetch` that openapi-fetch calls with the final Request (after every
 * user middleware). The object it gets may be anything that passes `instanceof Request` (a subclass whose `url` and
 * `method` getters lie, a Proxy), so it never judges an object it cannot vouch for: it first builds a genuine Request
 * from it (the global constructor reads the request's own state, as fetch would), judges that copy, attaches the token
 * to that copy only and sends that copy. Middlewares keep the object they made, which never holds the token. The one
 * object it vouches for is a Request made by the client's own class (`CallRequest`) that no middleware has seen: it is
 * genuine and held by nobody else, so it is judged and sent as it is (a copy costs more than the rest of our layer).
 * It refuses what the guard refuses, refreshes and retries once on a 401, and follows redirects itself: each hop is
 * guarded again, and one whose target the guard refuses is not followed (the 3xx answer is returned as it came).
 */
import { ConfigError, CredentialsError, RedirectError } from "./errors.js";
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
export class CallRequest extends Request {
  /** A text body, kept to send again (a 401 retry, a 307/308) instead of a clone of its stream. */
  readonly #text: string | undefined;
  /** Made with `redirect: "manual"` (as the client always asks): fetch leaves redirects to us. */
  readonly #manual: boolean;

  constructor(input: string | URL | Request, init?: RequestInit) {
    super(input, init);
    this.#text = typeof init?.body === "string" ? init.body : undefined;
    this.#manual = init?.redirect === "manual";
  }

  /**
   * `request`, when it is exactly one of ours (not a Proxy, not a subclass) that leaves redirects to us; else
   * undefined. Only the caller knows whether a middleware has seen it.
   */
  static vouch(request: Request): CallRequest | undefined {
    return typeof request === "object" &&
      request !== null &&
      #manual in request &&
      Object.getPrototypeOf(request) === CallRequest.prototype &&
      (request as CallRequest).#manual
      ? (request as CallRequest)
      : undefined;
  }

  /** What sends this request's body again: its text, a clone taken now, or nothing (no body). */
  static replay(request: Request, method: string): Replay {
    // GET and HEAD cannot carry a body (the Request constructor refuses it), so theirs is not even looked at.
    if (method === "GET" || method === "HEAD") return undefined;
    const text = #text in request ? (request as CallRequest).#text : undefined;
    if (text !== undefined) return text;
    return request.body !== null ? request.clone() : undefined;
  }
}

// openapi-fetch checks what a middleware returns with `instanceof` the class it was given: any Request passes, as with
// the global class. Nothing of ours relies on `instanceof CallRequest` (see `vouch`). Set outside the class: TypeScript
// 5.9's per-file declaration emit (bin/build.mjs) writes a member named by a symbol twice.
Object.defineProperty(CallRequest, Symbol.hasInstance, { value: (value: unknown) => value instanceof Request });

/** A body to send again: its text, a clone of the request taken before it was sent, or none. */
type Replay = string | Request | undefined;

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Send `request` under the guard, following redirects as `mode` says. `seen`: a middleware may hold `request` (then it
 * is judged and sent as a copy, whatever made it).
 */
export type GuardedFetch = (request: Request, mode?: RedirectMode, seen?: boolean) => Promise<Response>;

export function createGuardedFetch(config: GuardedFetchConfig): GuardedFetch {
  const { guard, tokens } = config;
  const header = config.authorizationPrefix
    ? (token: string) => `${config.authorizationPrefix} ${token}`
    : (token: string) => token;

  /** Attach a token to `request` when the guard says it needs one; the token used, if any. */
  function authorize(request: Request, needsToken: boolean): string | Promise<string> | undefined {
    if (!needsToken) return undefined;
    // Each getter of a Request costs (undici builds the value): read the headers once.
    const headers = request.headers;
    // A caller's own Authorization header wins (e.g. a token obtained elsewhere).
    if (headers.has("authorization")) return undefined;
    if (!tokens) {
      throw new CredentialsError({
        message:
          `${request.method} ${request.url.slice(config.baseUrl.length)} needs a token: ` +
          "create the client with clientId and privateKey",
      });
    }
    // The common case, a cached token, stays synchronous.
    const cached = tokens.current();
    if (cached !== undefined) {
      headers.set("authorization", header(cached));
      return cached;
    }
    return tokens.get().then((token) => {
      headers.set("authorization", header(token));
      return token;
    });
  }

  /**
   * The common path (allowed, token cached, a plain answer) costs one promise reaction on top of the fetch; the rest
   * (a token to fetch, a 401, a redirect) goes through `handle`.
   */
  function send(input: Request, mode: RedirectMode = "follow", seen = false): Promise<Response> {
    let request: Request;
    try {
      request = (!seen && CallRequest.vouch(input)) || genuine(input);
    } catch (error) {
      return Promise.reject(error);
    }
    return sendHop(request, mode, 0);
  }

  /** `request` is genuine and ours alone: judged, given its token and sent as it is. */
  function sendHop(request: Request, mode: RedirectMode, hops: number): Promise<Response> {
    try {
      const method = request.method;
      const needsToken = guard.check(method, request.url, request.headers);
      // A body can be sent once: keep what sends it again, for a 401 retry or a 307/308.
      const replay = CallRequest.replay(request, method);
      const attached = authorize(request, needsToken);
      if (typeof attached === "object")
        return attached.then((token) =>
          config.fetch(request).then((response) => handle(request, replay, token, response, mode, hops)),
        );
      return config
        .fetch(request)
        .then((response) =>
          response.status === 401 || REDIRECTS.has(response.status)
            ? handle(request, replay, attached, response, mode, hops)
            : response,
        );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async function handle(
    request: Request,
    replay: Replay,
    token: string | undefined,
    answer: Response,
    mode: RedirectMode,
    hops: number,
  ): Promise<Response> {
    let response = answer;
    if (response.status === 401 && token !== undefined && tokens) {
      tokens.invalidate(token);
      const retry =
        typeof replay === "string" ? new Request(request, { body: replay }) : (replay?.clone() ?? new Request(request));
      retry.headers.set("authorization", header(await tokens.get()));
      await response.body?.cancel();
      response = await config.fetch(retry);
    }
    if (!REDIRECTS.has(response.status) || mode === "manual") return response;
    if (mode === "error") {
      await response.body?.cancel();
      throw new RedirectError({
        message:
          `${request.method} ${request.url} was redirected (HTTP ${response.status}) ` +
          'and the call said redirect: "error"',
        status: response.status,
      });
    }
    let next: Request | undefined;
    try {
      next = hops < MAX_REDIRECTS ? redirected(request, replay, response) : undefined;
    } catch (error) {
      await response.body?.cancel();
      throw error;
    }
    if (!next) return response;
    try {
      guard.check(next.method, next.url, next.headers);
    } catch {
      return response; // the target is refused: do not follow, hand back the redirect as it came
    }
    await response.body?.cancel();
    return sendHop(next, mode, hops + 1);
  }

  return send;
}

/**
 * A Request built by the global constructor from `input`'s own state (not its getters): what fetch would send, with
 * getters that tell the truth. Redirects stay with us (`manual`), whatever mode the input asked for.
 */
function genuine(input: Request): Request {
  if (!isRequest(input))
    throw new ConfigError({ message: "the client's fetch was given something that is not a Request; refused" });
  return new Request(input, { redirect: "manual" });
}

/**
 * Is `value` a Request the platform made (or a subclass's instance), by its internal state, not by `instanceof`?
 * Request's own `method` getter, called on it, throws for anything else: a Proxy, an object that only has Request's
 * prototype. Otherwise the constructor would take such an object as a URL string (its `toString`), as newer runtimes
 * do (Node 26), and send a request made from whatever that string says.
 */
function isRequest(value: unknown): value is Request {
  if (!(value instanceof Request)) return false;
  try {
    Reflect.get(Request.prototype, "method", value);
    return true;
  } catch {
    return false;
  }
}

/** The request a fetch would make for this redirect (RFC 9110 §15.4; fetch's method rewriting), without our token. */
function redirected(request: Request, replay: Replay, response: Response): Request | undefined {
  const location = response.headers.get("location");
  if (location === null) return undefined;
  let url: URL;
  try {
    url = new URL(location, request.url);
  } catch {
    return undefined;
  }
  // fetch refuses such a URL with a TypeError that repeats it: say what is wrong, never the credentials themselves.
  if (url.username !== "" || url.password !== "") {
    throw new RedirectError({
      message:
        `${request.method} ${request.url} was redirected (HTTP ${response.status}) to a Location that carries ` +
        "credentials (user:password@); not followed",
      status: response.status,
    });
  }
  const toGet =
    response.status === 303
      ? request.method !== "HEAD"
      : (response.status === 301 || response.status === 302) && request.method === "POST";
  const headers = new Headers(request.headers);
  headers.delete("authorization");
  if (toGet)
    for (const name of ["content-type", "content-length", "content-encoding", "content-language", "content-location"])
      headers.delete(name);
  const body = toGet || replay === undefined ? null : typeof replay === "string" ? replay : replay.clone().body;
  // Made by our class, so that a text body goes on to the next hop as text.
  return new CallRequest(url, {
    method: toGet ? "GET" : request.method,
    headers,
    body,
    redirect: "manual",
    signal: request.signal,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}
