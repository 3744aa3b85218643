// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The scoped client: openapi-fetch whose `fetch` is the guarded fetch, form bodies chosen per operation, and every
 * operation of the table as a named call. User middlewares (`client.use`) run first; the guard then checks the request
 * exactly as it will be sent, so no middleware can steer a call past the client's color. Anything more (`waitForTask`,
 * `compute`) comes as an add-on from the generated `index.js`, so that `core.js`, and a bundle of it, goes without.
 */
import createFetchClient, { defaultPathSerializer } from "openapi-fetch";
import { retryingFetch } from "./call-retry.js";
import { operationCalls } from "./calls.js";
import { ConfigError } from "./errors.js";
import { formBody, formMediaTypes, multipartBody } from "./form.js";
import { createGuard } from "./guard.js";
import { CallRequest, createGuardedFetch } from "./guarded-fetch.js";
import { compileTable, requestPath } from "./matcher.js";
import { reportingBrowserFailures } from "./network.js";
import { debugFetch } from "./observe.js";
import { httpUrl, resolveOptions } from "./options.js";
import { fillWholePath } from "./path.js";
import { FORM_MEDIA_TYPE } from "./protocol.js";
import { unpackTable } from "./table.js";
/**
 * A path key holding `#` or `?` (`/tags/{arn}#tagKeys`, `/things?list`) is sent as its providers mean it: the path is
 * the part before (matcher.ts's requestPath; openapi-fetch would put the query into the URL's fragment, which is
 * never sent), a `?` key's rest goes out as query values (a bare `list` as `list=`) over the caller's of the same
 * name, and a `#` key's rest is not sent at all: the caller sends its discriminator (a header or query value) itself.
 */
function keyQuery(key, init) {
    const path = requestPath(key);
    if (path.length === key.length || key.charCodeAt(path.length) !== 63 /* "?" */)
        return init;
    const query = { ...init?.params?.query };
    for (const [name, value] of new URLSearchParams(key.slice(path.length + 1)))
        query[name] = value;
    return { ...init, params: { ...init?.params, query } };
}
export function createScopedClient(spec, options, addOns = []) {
    const resolved = resolveOptions(options, spec);
    const operations = spec.table === undefined ? spec.operations : unpackTable(spec.table);
    const table = compileTable(operations);
    const { baseUrl, grant } = resolved;
    const guard = createGuard(grant === undefined
        ? { table, ladder: resolved.ladder, color: resolved.color, baseUrl }
        : { table, grant, baseUrl, grantPermission: grant.rules.grantPermission });
    // Retries sit below the guard: each attempt is the request it allowed, with its token.
    const retried = (fetch) => retryingFetch(debugFetch(fetch, resolved.debug, resolved.clock), resolved.callRetry, resolved.clock, resolved.observers.onRetry);
    const send = createGuardedFetch({
        guard,
        tokens: resolved.tokens,
        baseUrl: resolved.baseUrl,
        fetch: retried(reportingBrowserFailures(resolved.fetch)),
        authorizationPrefix: resolved.authorizationPrefix,
    });
    /**
     * The middlewares registered with `use`, kept here and not in openapi-fetch: each call hands openapi-fetch a copy of
     * this list taken as the call starts (with the call's own middlewares), and judges by that same copy whether a
     * middleware may hold its request. openapi-fetch keeps the list it was given for the whole call, so a middleware
     * ejected (or registered) while a call is in flight changes neither what runs for it nor that judgment.
     */
    const middlewares = [];
    // Driven untyped (one cast): its methods are generic over `paths`, which the runtime does not know.
    const inner = createFetchClient({
        baseUrl: resolved.baseUrl,
        Request: CallRequest,
        // Only calls that no middleware sees come here: the others get a fetch of their own (see `prepare`).
        fetch: (request) => send(request, "follow", false),
        headers: resolved.headers,
        redirect: "manual",
    });
    const formTypeOf = formMediaTypes(table);
    /**
     * Method -> template -> its whole-path parameter, built once, so a call looks up the path as written and builds no
     * key string of its own (that was a third of `prepare`'s time).
     */
    const wholePaths = new Map();
    for (const e of table.byTemplate.values()) {
        if (e.wholePath === undefined)
            continue;
        const method = e.method.toUpperCase();
        let byPath = wholePaths.get(method);
        if (byPath === undefined)
            wholePaths.set(method, (byPath = new Map()));
        byPath.set(e.path, e.wholePath);
    }
    /**
     * Per call: refuse tricks in the path as written, keep per-call fetch and redirect choices behind the guard, pick
     * form bodies.
     */
    function prepare(method, url, init) {
        guard.checkWritten(method, url, init?.params?.path);
        if (!init) {
            if (middlewares.length === 0)
                return init;
            init = {};
        }
        if (init.Request !== undefined)
            throw new ConfigError({
                message: "a per-call `Request` class is not supported: the guard must see a real Request",
            });
        // One read of each field: openapi-fetch gets exactly what is looked at here (a getter or a Proxy answers once).
        // The Request check runs on both: a getter that answers undefined first and a class second is refused too.
        const out = { ...init };
        if (out.Request !== undefined)
            throw new ConfigError({
                message: "a per-call `Request` class is not supported: the guard must see a real Request",
            });
        // A per-call base URL by the one URL rule (urls.ts), as createClient's: `base + "/x?"` would send another path.
        if (out.baseUrl !== undefined)
            out.baseUrl = httpUrl(out.baseUrl, "a per-call baseUrl");
        // The middlewares that run for this call, taken now: openapi-fetch runs exactly these (it has none of its own).
        // When there are any, they see the request: the guarded fetch must then send a copy.
        let seen = false;
        if (middlewares.length > 0 || out.middleware !== undefined) {
            const perCall = out.middleware === undefined ? [] : out.middleware;
            const chain = [...middlewares, ...perCall];
            out.middleware = chain;
            seen = chain.length > 0;
        }
        if (typeof out.fetch === "function" || typeof out.redirect === "string" || seen) {
            const own = typeof out.fetch === "function"
                ? createGuardedFetch({
                    guard,
                    tokens: resolved.tokens,
                    baseUrl: resolved.baseUrl,
                    fetch: retried(out.fetch),
                    authorizationPrefix: resolved.authorizationPrefix,
                })
                : send;
            const mode = redirectMode(out.redirect);
            out.fetch = (request) => own(request, mode, seen);
            out.redirect = "manual";
        }
        // A whole file path keeps its slashes (`/utilities/ls/perlmutter//global/homes`), as the official client sends it.
        const whole = wholePaths.get(method)?.get(url);
        if (whole !== undefined && out.pathSerializer === undefined && isText(out.params?.path?.[whole]))
            out.pathSerializer = wholePathSerializer(whole);
        if (out.body === undefined || out.bodySerializer !== undefined || hasContentType(out.headers))
            return out;
        const mediaType = formTypeOf(method, url);
        if (mediaType === undefined)
            return out;
        // multipart: FormData, whose boundary fetch writes into the Content-Type itself.
        if (mediaType === FORM_MEDIA_TYPE) {
            out.bodySerializer = formBody;
            out.headers = withContentType(out.headers, FORM_MEDIA_TYPE);
        }
        else
            out.bodySerializer = multipartBody;
        return out;
    }
    // A refusal is a rejected promise, like every other failure of a call, never a synchronous throw.
    const call = (method) => {
        const forward = inner[method];
        return (url, init) => {
            try {
                const prepared = prepare(method, url, init);
                return forward(requestPath(url), keyQuery(url, prepared));
            }
            catch (error) {
                return Promise.reject(error);
            }
        };
    };
    const request = (method, url, init) => {
        const upper = String(method).toUpperCase();
        try {
            const prepared = prepare(upper, url, init);
            return inner.request(upper, requestPath(url), keyQuery(url, prepared));
        }
        catch (error) {
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
        },
    };
    const checkOperations = (names) => {
        for (const name of names)
            if (name !== undefined)
                guard.checkOperation(name);
    };
    for (const addOn of addOns)
        Object.assign(client, addOn({
            calls: named,
            clock: resolved.clock,
            checkOperations,
            mayCall: (name) => guard.allowsOperation(name),
            observers: resolved.observers,
        }));
    // util.inspect shows what the client is, never what it holds (the key and tokens live in closures anyway).
    Object.defineProperty(client, Symbol.for("nodejs.util.inspect.custom"), {
        value: () => `ScopedClient { ${grant === undefined ? "color" : "scopes"}: ` +
            `${JSON.stringify(grant === undefined ? resolved.color : grant.scopes)}, baseUrl: ${JSON.stringify(baseUrl)} }`,
    });
    return client;
}
function isText(value) {
    return typeof value === "string" || typeof value === "number";
}
/** openapi-fetch's own serializer for every parameter but the whole path `name`, which keeps its slashes. */
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
