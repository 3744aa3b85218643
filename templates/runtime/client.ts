/**
 * The scoped client: openapi-fetch whose `fetch` is the guarded fetch, form bodies chosen per operation, and every
 * operation of the table as a named call. User middlewares (`client.use`) run first; the guard then checks the request
 * exactly as it will be sent, so no middleware can steer a call past the client's color. Anything more (`waitForTask`,
 * `compute`) comes as an add-on from the generated `index.js`, so that `core.js`, and a bundle of it, goes without.
 */
import createFetchClient, { defaultPathSerializer } from "openapi-fetch";
import { attemptsFetch } from "./call-retry.js";
import { type NamedCall, operationCalls } from "./calls.js";
import type { Clock } from "./clock.js";
import { ConfigError } from "./errors.js";
import { formBody, formMediaTypes, multipartBody } from "./form.js";
import type { Grants } from "./grants.js";
import { createGuard } from "./guard.js";
import { CallRequest, createGuardedFetch, type RedirectMode } from "./guarded-fetch.js";
import type { KeyFileReader } from "./keys.js";
import { compileTable, requestPath } from "./matcher.js";
import { reportingBrowserFailures } from "./network.js";
import {
  type ClientConfig,
  type ClientOptions,
  type GrantClientOptions,
  httpUrl,
  type KeyTokens,
  resolveOptions,
} from "./options.js";
import { fillWholePath } from "./path.js";
import { FORM_MEDIA_TYPE } from "./protocol.js";
import { type HTTP_METHODS, type OperationTable, unpackTable } from "./table.js";
import type { FetchLike } from "./token.js";

/**
 * What a generated `index.js` hands the runtime about its API. Its operation table comes packed (`table`, see
 * table.ts: unpacked once per client), as the generated entries give it, or as objects (`operations`).
 */
export type ClientSpec = ClientSpecParts &
  ({ table: string; operations?: undefined } | { operations: OperationTable; table?: undefined });

interface ClientSpecParts {
  /** A color client's ladder, least capable first. */
  ladder?: readonly string[];
  /**
   * An API whose description lists OAuth2 scopes per operation: every scope it names. Its clients hold a grant
   * (`scopes`) instead of a color.
   */
  scopes?: readonly string[];
  /** An API of OAuth2 scopes: the client-credentials token URL its description names (no default otherwise). */
  defaultTokenUrl?: string;
  defaultBaseUrl?: string;
  /** How `keyFile` and `{ file }` keys are read: index.js gives key-file.ts's reader, core.js none. */
  readKeyFile?: KeyFileReader;
  /** The key-based token source (key-tokens.ts): index.js and core.js give it; page.js none, so it takes no keys. */
  keyTokens?: KeyTokens;
  /** An API of OAuth2 scopes: its rules (grants.ts), which its entries give; a color client's none. */
  grants?: Grants;
}

/** What an add-on builds on: the client's named calls (guarded, with tokens and retries) and its clock. */
export interface ClientParts {
  readonly calls: Readonly<Record<string, NamedCall>>;
  readonly clock: Clock;
  /** The user's hooks on polls (the helpers call `onPoll`). */
  readonly observers: ClientConfig["observers"];
  /** Throws ScopeError, before any request, when the color may not call one of these operations (by name). */
  readonly checkOperations: (names: readonly (string | undefined)[]) => void;
  /** Whether the client may call the operation of that name (by the guard's ladder or grant): no request, no throw. */
  readonly mayCall: (name: string) => boolean;
}

/** Members added to a client as it is made, over named calls of the same name (`waitForTask`, `compute`). */
export type ClientAddOn = (parts: ClientParts) => Record<string, unknown>;

type Init = Record<string, unknown> & {
  body?: unknown;
  bodySerializer?: unknown;
  headers?: unknown;
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  pathSerializer?: unknown;
};
/**
 * A path key holding `#` or `?` (`/tags/{arn}#tagKeys`, `/things?list`) is sent as its providers mean it: the path is
 * the part before (matcher.ts's requestPath; openapi-fetch would put the query into the URL's fragment, which is
 * never sent), a `?` key's rest goes out as query values (a bare `list` as `list=`) over the caller's of the same
 * name, and a `#` key's rest is not sent at all: the caller sends its discriminator (a header or query value) itself.
 */
function keyQuery(key: string, init: Init | undefined): Init | undefined {
  const path = requestPath(key);
  if (path.length === key.length || key.charCodeAt(path.length) !== 63 /* "?" */) return init;
  const query: Record<string, unknown> = { ...init?.params?.query };
  for (const [name, value] of new URLSearchParams(key.slice(path.length + 1))) query[name] = value;
  return { ...init, params: { ...init?.params, query } };
}

type Call = (url: string, init?: Init) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
/** openapi-fetch as the runtime drives it, paths untyped: the precise types live in the generated `index.d.ts`. */
type UntypedFetchClient = Record<(typeof HTTP_METHODS)[number], Call> & {
  request(method: string, url: string, init?: Init): ReturnType<Call>;
  use(...middleware: object[]): void;
  eject(...middleware: object[]): void;
};

/** The client as the runtime builds it; the generated `index.d.ts` gives it its precise, color-narrowed type. */
export interface RuntimeClient extends Record<(typeof HTTP_METHODS)[number], Call> {
  request(method: string, url: string, init?: Init): Promise<{ data?: unknown; error?: unknown; response: Response }>;
  use(...middleware: object[]): void;
  eject(...middleware: object[]): void;
  readonly [operation: string]: unknown;
}

export function createScopedClient(
  spec: ClientSpec,
  options: ClientOptions | GrantClientOptions,
  addOns: readonly ClientAddOn[] = [],
): RuntimeClient {
  // The options are read here, once (options.ts); the client is wired from `config` alone.
  const config = resolveOptions(options, spec);
  const { baseUrl, grant, tokens, authorizationPrefix, clock, observers } = config;
  const operations = spec.table === undefined ? spec.operations : unpackTable(spec.table);
  const table = compileTable(operations);
  const guard = createGuard(
    grant === undefined
      ? { table, ladder: config.ladder, color: config.color, baseUrl }
      : { table, grant, baseUrl, grantPermission: grant.rules.grantPermission },
  );
  // Retries sit below the guard: each attempt is the request it allowed, with its token.
  const guarded = (fetch: FetchLike) =>
    createGuardedFetch({ guard, tokens, baseUrl, fetch: attemptsFetch(fetch, config), authorizationPrefix });
  const send = guarded(reportingBrowserFailures(config.fetch));
  /**
   * The middlewares registered with `use`, kept here and not in openapi-fetch: each call hands openapi-fetch a copy of
   * this list taken as the call starts (with the call's own middlewares), and judges by that same copy whether a
   * middleware may hold its request. openapi-fetch keeps the list it was given for the whole call, so a middleware
   * ejected (or registered) while a call is in flight changes neither what runs for it nor that judgment.
   */
  const middlewares: object[] = [];
  // Driven untyped (one cast): its methods are generic over `paths`, which the runtime does not know.
  const inner = createFetchClient<any>({
    baseUrl,
    Request: CallRequest,
    // Only calls that no middleware sees come here: the others get a fetch of their own (see `prepare`).
    fetch: (request: Request) => send(request, "follow", false),
    headers: config.headers,
    redirect: "manual",
  }) as unknown as UntypedFetchClient;
  const formTypeOf = formMediaTypes(table);
  /**
   * Method -> template -> its whole-path parameter, built once, so a call looks up the path as written and builds no
   * key string of its own (that was a third of `prepare`'s time).
   */
  const wholePaths = new Map<string, Map<string, string>>();
  for (const e of table.byTemplate.values()) {
    if (e.wholePath === undefined) continue;
    const method = e.method.toUpperCase();
    let byPath = wholePaths.get(method);
    if (byPath === undefined) wholePaths.set(method, (byPath = new Map()));
    byPath.set(e.path, e.wholePath);
  }

  /**
   * Per call: refuse tricks in the path as written, keep per-call fetch and redirect choices behind the guard, pick
   * form bodies.
   */
  function prepare(method: string, url: string, init: Init | undefined): Init | undefined {
    guard.checkWritten(method, url, init?.params?.path);
    if (!init) {
      if (middlewares.length === 0) return init;
      init = {};
    }
    if (init.Request !== undefined)
      throw new ConfigError({
        message: "a per-call `Request` class is not supported: the guard must see a real Request",
      });
    // One read of each field: openapi-fetch gets exactly what is looked at here (a getter or a Proxy answers once).
    // The Request check runs on both: a getter that answers undefined first and a class second is refused too.
    const out: Init = { ...init };
    if (out.Request !== undefined)
      throw new ConfigError({
        message: "a per-call `Request` class is not supported: the guard must see a real Request",
      });
    // A per-call base URL by the one URL rule (urls.ts), as createClient's: `base + "/x?"` would send another path.
    if (out.baseUrl !== undefined) out.baseUrl = httpUrl(out.baseUrl, "a per-call baseUrl");
    // The middlewares that run for this call, taken now: openapi-fetch runs exactly these (it has none of its own).
    // When there are any, they see the request: the guarded fetch must then send a copy.
    let seen = false;
    if (middlewares.length > 0 || out.middleware !== undefined) {
      const perCall = out.middleware === undefined ? [] : (out.middleware as Iterable<object>);
      const chain = [...middlewares, ...perCall];
      out.middleware = chain;
      seen = chain.length > 0;
    }
    if (typeof out.fetch === "function" || typeof out.redirect === "string" || seen) {
      const own = typeof out.fetch === "function" ? guarded(out.fetch as FetchLike) : send;
      const mode = redirectMode(out.redirect);
      out.fetch = (request: Request) => own(request, mode, seen);
      out.redirect = "manual";
    }
    // A whole file path keeps its slashes (`/utilities/ls/perlmutter//global/homes`), as the official client sends it.
    const whole = wholePaths.get(method)?.get(url);
    if (whole !== undefined && out.pathSerializer === undefined && isText(out.params?.path?.[whole]))
      out.pathSerializer = wholePathSerializer(whole);
    if (out.body === undefined || out.bodySerializer !== undefined || hasContentType(out.headers)) return out;
    const mediaType = formTypeOf(method, url);
    if (mediaType === undefined) return out;
    // multipart: FormData, whose boundary fetch writes into the Content-Type itself.
    if (mediaType === FORM_MEDIA_TYPE) {
      out.bodySerializer = formBody;
      out.headers = withContentType(out.headers, FORM_MEDIA_TYPE);
    } else out.bodySerializer = multipartBody;
    return out;
  }

  // A refusal is a rejected promise, like every other failure of a call, never a synchronous throw.
  const call = (method: (typeof HTTP_METHODS)[number]): Call => {
    const forward = inner[method];
    return (url, init) => {
      try {
        const prepared = prepare(method, url, init);
        return forward(requestPath(url), keyQuery(url, prepared));
      } catch (error) {
        return Promise.reject(error);
      }
    };
  };
  const request = (method: string, url: string, init?: Init) => {
    const upper = String(method).toUpperCase();
    try {
      const prepared = prepare(upper, url, init);
      return inner.request(upper, requestPath(url), keyQuery(url, prepared));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const named = operationCalls(operations, request);
  const client: RuntimeClient = {
    ...named,
    GET: call("GET"),
    PUT: call("PUT"),
    POST: call("POST"),
    DELETE: call("DELETE"),
    OPTIONS: call("OPTIONS"),
    HEAD: call("HEAD"),
    PATCH: call("PATCH"),
    TRACE: call("TRACE"),
    request,
    // openapi-fetch checks each middleware as its own `use` does (and throws on a bad one, keeping those before it),
    // then lets go of it: the list lives here.
    use: (...middleware) => {
      for (const m of middleware) {
        if (!m) continue;
        inner.use(m);
        inner.eject(m);
        middlewares.push(m);
      }
    },
    eject: (...middleware) => {
      for (const m of middleware) {
        const i = middlewares.indexOf(m);
        if (i !== -1) middlewares.splice(i, 1);
      }
    },
  };
  const checkOperations = (names: readonly (string | undefined)[]) => {
    for (const name of names) if (name !== undefined) guard.checkOperation(name);
  };
  for (const addOn of addOns)
    Object.assign(
      client,
      addOn({ calls: named, clock, checkOperations, mayCall: (name) => guard.allowsOperation(name), observers }),
    );
  // util.inspect shows what the client is, never what it holds (the key and tokens live in closures anyway).
  Object.defineProperty(client, Symbol.for("nodejs.util.inspect.custom"), {
    value: () =>
      `ScopedClient { ${grant === undefined ? "color" : "scopes"}: ` +
      `${JSON.stringify(grant === undefined ? config.color : grant.scopes)}, baseUrl: ${JSON.stringify(baseUrl)} }`,
  });
  return client;
}

export type { NamedCall };

function isText(value: unknown): value is string | number {
  return typeof value === "string" || typeof value === "number";
}

/** openapi-fetch's own serializer for every parameter but the whole path `name`, which keeps its slashes. */
function wholePathSerializer(name: string) {
  return (url: string, params: Record<string, unknown>): string =>
    defaultPathSerializer(fillWholePath(url, name, String(params[name])), params);
}

function redirectMode(value: unknown): RedirectMode {
  return value === "manual" || value === "error" ? value : "follow";
}

function hasContentType(headers: unknown): boolean {
  if (!headers) return false;
  if (headers instanceof Headers) return headers.has("content-type");
  return Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
}

function withContentType(headers: unknown, mediaType: string): Headers | Record<string, unknown> {
  if (headers instanceof Headers) {
    const copy = new Headers(headers);
    copy.set("content-type", mediaType);
    return copy;
  }
  return { ...(headers as Record<string, unknown> | undefined), "content-type": mediaType };
}
