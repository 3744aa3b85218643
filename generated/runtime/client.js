// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import createFetchClient, { defaultPathSerializer } from "openapi-fetch";
import { attemptsFetch } from "./call-retry.js";
import { operationCalls } from "./calls.js";
import { ConfigError } from "./errors.js";
import { formBody, formMediaTypes, multipartBody } from "./form.js";
import { createGuard } from "./guard.js";
import { CallRequest, createGuardedFetch } from "./guarded-fetch.js";
import { compileTable, requestPath } from "./matcher.js";
import { reportingBrowserFailures } from "./network.js";
import { httpUrl, resolveOptions } from "./options.js";
import { fillWholePath } from "./path.js";
import { FORM_MEDIA_TYPE } from "./protocol.js";
import { unpackTable } from "./table.js";
function keyQuery(key, init) {
  const path = requestPath(key);
  if (path.length === key.length || key.charCodeAt(path.length) !== 63)
    return init;
  const query = { ...init?.params?.query };
  for (const [name, value] of new URLSearchParams(key.slice(path.length + 1)))
    query[name] = value;
  return { ...init, params: { ...init?.params, query } };
}
function createScopedClient(spec, options, addOns = []) {
  const config = resolveOptions(options, spec);
  const { baseUrl, grant, tokens, authorizationPrefix, clock, observers } = config;
  const operations = spec.table === void 0 ? spec.operations : unpackTable(spec.table);
  const table = compileTable(operations);
  const guard = createGuard(grant === void 0 ? { table, ladder: config.ladder, color: config.color, baseUrl } : { table, grant, baseUrl, grantPermission: grant.rules.grantPermission });
  const guarded = (fetch) => createGuardedFetch({ guard, tokens, baseUrl, fetch: attemptsFetch(fetch, config), authorizationPrefix });
  const send = guarded(reportingBrowserFailures(config.fetch));
  const middlewares = [];
  const inner = createFetchClient({
    baseUrl,
    Request: CallRequest,
    // Only calls that no middleware sees come here: the others get a fetch of their own (see `prepare`).
    fetch: (request2) => send(request2, "follow", false),
    headers: config.headers,
    redirect: "manual"
  });
  const formTypeOf = formMediaTypes(table);
  const wholePaths = /* @__PURE__ */ new Map();
  for (const e of table.byTemplate.values()) {
    if (e.wholePath === void 0)
      continue;
    const method = e.method.toUpperCase();
    let byPath = wholePaths.get(method);
    if (byPath === void 0)
      wholePaths.set(method, byPath = /* @__PURE__ */ new Map());
    byPath.set(e.path, e.wholePath);
  }
  function prepare(method, url, init) {
    guard.checkWritten(method, url, init?.params?.path);
    if (!init) {
      if (middlewares.length === 0)
        return init;
      init = {};
    }
    if (init.Request !== void 0)
      throw new ConfigError({
        message: "a per-call `Request` class is not supported: the guard must see a real Request"
      });
    const out = { ...init };
    if (out.Request !== void 0)
      throw new ConfigError({
        message: "a per-call `Request` class is not supported: the guard must see a real Request"
      });
    if (out.baseUrl !== void 0)
      out.baseUrl = httpUrl(out.baseUrl, "a per-call baseUrl");
    let seen = false;
    if (middlewares.length > 0 || out.middleware !== void 0) {
      const perCall = out.middleware === void 0 ? [] : out.middleware;
      const chain = [...middlewares, ...perCall];
      out.middleware = chain;
      seen = chain.length > 0;
    }
    if (typeof out.fetch === "function" || typeof out.redirect === "string" || seen) {
      const own = typeof out.fetch === "function" ? guarded(out.fetch) : send;
      const mode = redirectMode(out.redirect);
      out.fetch = (request2) => own(request2, mode, seen);
      out.redirect = "manual";
    }
    const whole = wholePaths.get(method)?.get(url);
    if (whole !== void 0 && out.pathSerializer === void 0 && isText(out.params?.path?.[whole]))
      out.pathSerializer = wholePathSerializer(whole);
    if (out.body === void 0 || out.bodySerializer !== void 0 || hasContentType(out.headers))
      return out;
    const mediaType = formTypeOf(method, url);
    if (mediaType === void 0)
      return out;
    if (mediaType === FORM_MEDIA_TYPE) {
      out.bodySerializer = formBody;
      out.headers = withContentType(out.headers, FORM_MEDIA_TYPE);
    } else
      out.bodySerializer = multipartBody;
    return out;
  }
  const call = (method) => {
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
  const request = (method, url, init) => {
    const upper = String(method).toUpperCase();
    try {
      const prepared = prepare(upper, url, init);
      return inner.request(upper, requestPath(url), keyQuery(url, prepared));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const named = operationCalls(operations, request);
  const client = {
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
        if (!m)
          continue;
        inner.use(m);
        inner.eject(m);
        middlewares.push(m);
      }
    },
    eject: (...middleware) => {
      for (const m of middleware) {
        const i = middlewares.indexOf(m);
        if (i !== -1)
          middlewares.splice(i, 1);
      }
    }
  };
  const checkOperations = (names) => {
    for (const name of names)
      if (name !== void 0)
        guard.checkOperation(name);
  };
  for (const addOn of addOns)
    Object.assign(client, addOn({ calls: named, clock, checkOperations, mayCall: (name) => guard.allowsOperation(name), observers }));
  Object.defineProperty(client, /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom"), {
    value: () => `ScopedClient { ${grant === void 0 ? "color" : "scopes"}: ${JSON.stringify(grant === void 0 ? config.color : grant.scopes)}, baseUrl: ${JSON.stringify(baseUrl)} }`
  });
  return client;
}
function isText(value) {
  return typeof value === "string" || typeof value === "number";
}
function wholePathSerializer(name) {
  return (url, params) => defaultPathSerializer(fillWholePath(url, name, String(params[name])), params);
}
function redirectMode(value) {
  return value === "manual" || value === "error" ? value : "follow";
}
function hasContentType(headers) {
  if (!headers)
    return false;
  if (headers instanceof Headers)
    return headers.has("content-type");
  return Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
}
function withContentType(headers, mediaType) {
  if (headers instanceof Headers) {
    const copy = new Headers(headers);
    copy.set("content-type", mediaType);
    return copy;
  }
  return { ...headers, "content-type": mediaType };
}
export {
  createScopedClient
};
