// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** createClient's options: what users may pass, and their checked, defaulted form. */
import { callRetryPolicy } from "./call-retry.js";
import { systemClock } from "./clock.js";
import { ConfigError } from "./errors.js";
import { checkLadder } from "./levels.js";
import { debugFetch, debugWriter } from "./observe.js";
import { DEFAULT_BASE_URL } from "./protocol.js";
import { providedTokenSource } from "./token-provider.js";
import { readHttpUrl } from "./urls.js";
/** `createTokenSource(options)`: the token source of a client, without the client. */
export function accessTokens(given, spec) {
    if (!given || typeof given !== "object")
        throw new ConfigError({
            message: "createTokenSource needs an options object with keyFile, or clientId and privateKey",
        });
    const options = ownFields(given);
    if (options.accessToken !== undefined)
        throw new ConfigError({ message: "createTokenSource: accessToken is no option here" });
    if (options.keyFile === undefined && options.privateKey === undefined)
        throw new ConfigError({ message: "createTokenSource needs keyFile, or clientId and privateKey" });
    if (spec.scopes !== undefined && options.color !== undefined)
        throw new ConfigError({
            message: "createTokenSource: this API's tokens are for OAuth2 scopes: give `scopes`, not `color`",
        });
    if (spec.scopes === undefined && options.scopes !== undefined)
        throw new ConfigError({
            message: "createTokenSource: `scopes` is for APIs that list OAuth2 scopes; this one has colors",
        });
    const grant = spec.scopes === undefined ? undefined : scopeRules(spec).checkGrant(options.scopes ?? [], spec.scopes);
    if (options.color !== undefined)
        checkLadder(spec.ladder ?? [], options.color);
    const fromFile = options.keyFile === undefined
        ? undefined
        : spec.keyTokens.loadPrivateKey({ file: options.keyFile }, spec.readKeyFile);
    checkKeyColor("createTokenSource", fromFile, options.color);
    const clock = options.clock ?? systemClock;
    const fetch = debugFetch(options.fetch ?? ((request) => globalThis.fetch(request)), debugWriter(options.debug), clock);
    const source = tokenSource(options, fromFile, spec, fetch, clock, grant, spec.defaultTokenUrl);
    return { color: options.color ?? fromFile?.color, token: () => source.get() };
}
/**
 * A key file that names its color is that color's client: with another color, every call above the file's level
 * would meet the facility's 403 (or the client would hold a more capable key than it says). ConfigError naming both.
 */
export function checkKeyColor(who, key, color) {
    if (color === undefined || key?.color === undefined || key.color === color)
        return;
    throw new ConfigError({
        message: `${who}: the key file ${key.file ?? ""}${key.file ? " " : ""}is for a ${JSON.stringify(key.color)} client, ` +
            `not ${JSON.stringify(color)}: give color ${JSON.stringify(key.color)}, or the key file of a ` +
            `${JSON.stringify(color)} client`,
    });
}
export function resolveOptions(given, spec) {
    const what = spec.scopes === undefined ? "{ color }" : "{ scopes }";
    if (!given || typeof given !== "object")
        throw new ConfigError({ message: `createClient needs an options object with at least ${what}` });
    // Own properties only: a `fetch`, `levels` or `clock` that some dependency set on Object.prototype is no option.
    const options = ownFields(given);
    let ladder = [];
    let grant;
    if (spec.scopes !== undefined) {
        // An API of OAuth2 scopes: the grant decides; a color would mean nothing here, so it is no silent no-op either.
        if (options.color !== undefined || options.levels !== undefined)
            throw new ConfigError({
                message: "createClient: this API's client is narrowed by OAuth2 scopes: give `scopes`, not `color`",
            });
        const rules = scopeRules(spec);
        grant = { scopes: rules.checkGrant(options.scopes, spec.scopes), all: spec.scopes, rules };
    }
    else {
        if (options.scopes !== undefined)
            throw new ConfigError({
                message: "createClient: `scopes` is for APIs that list OAuth2 scopes; this client takes a `color`",
            });
        if (typeof options.color !== "string" || options.color === "")
            throw new ConfigError({ message: 'createClient: `color` is required (e.g. "green")' });
        ladder = checkLadder(options.levels ?? spec.ladder ?? [], options.color);
    }
    const clock = options.clock ?? systemClock;
    const debug = debugWriter(options.debug);
    // API calls are logged below their retries (client.ts), token requests here.
    const fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    // An entry without key support (page.js) refuses key options here, before any key is read or request made.
    const keys = spec.keyTokens;
    if (!keys && (options.keyFile !== undefined || options.privateKey !== undefined || options.clientId !== undefined))
        throw new ConfigError({
            message: "createClient: page.js takes no keys (keyFile, clientId, privateKey): give it accessToken, " +
                "or import createClient from core.js or index.js",
        });
    const fromFile = options.keyFile === undefined ? undefined : keys.loadPrivateKey({ file: options.keyFile }, spec.readKeyFile);
    const baseUrl = httpUrl(options.baseUrl ?? fromFile?.baseUrl ?? spec.defaultBaseUrl ?? DEFAULT_BASE_URL, "baseUrl");
    const prefix = options.authorizationPrefix?.trim();
    if (prefix !== undefined && !/^[\x21-\x7e]*$/.test(prefix))
        throw new ConfigError({ message: 'authorizationPrefix must be one word of visible ASCII (e.g. "Bearer")' });
    return {
        color: grant === undefined ? options.color : "",
        ladder,
        grant,
        baseUrl,
        fetch,
        headers: { accept: "application/json", ...options.headers },
        tokens: tokenSource(options, fromFile, spec, debugFetch(fetch, debug, clock), clock, grant?.scopes, spec.defaultTokenUrl),
        authorizationPrefix: prefix === "" ? undefined : prefix,
        clock,
        callRetry: callRetryPolicy(ownFields(options.callRetry)),
        observers: { onRetry: options.onRetry, onPoll: options.onPoll, onToken: options.onToken },
        debug,
    };
}
/**
 * The scope rules of an API of OAuth2 scopes, which its generated entries hand in: a spec made by hand without them
 * is a ConfigError, not a TypeError at the first call.
 */
function scopeRules(spec) {
    if (spec.grants === undefined)
        throw new ConfigError({
            message: "createClient: this API lists OAuth2 scopes, but its client spec has no scope rules (grants)",
        });
    return spec.grants;
}
function tokenSource(options, fromFile, { readKeyFile, keyTokens, grants, }, fetch, clock, 
/** A client of OAuth2 scopes: the scopes to ask for, and that a token must not lack. */
scopes, 
/** A client of OAuth2 scopes: the client-credentials token URL its description names, if any. */
defaultTokenUrl) {
    if (options.accessToken !== undefined) {
        if (options.privateKey !== undefined || fromFile !== undefined || options.clientId !== undefined)
            throw new ConfigError({
                message: "createClient: give either accessToken or keyFile/clientId/privateKey, not both",
            });
        if (typeof options.accessToken !== "string" && typeof options.accessToken !== "function")
            throw new ConfigError({ message: "createClient: accessToken must be a string or a function returning one" });
        // A function's empty answer comes at call time, from the token source: a TokenError then (token-provider.ts).
        if (typeof options.accessToken === "string" && options.accessToken.trim() === "")
            throw new ConfigError({ message: "createClient: accessToken is empty" });
        return providedTokenSource(options.accessToken, clock, positive(options.refreshSkewMs, 5_000, "refreshSkewMs", true), options.onToken, scopes === undefined ? undefined : (token) => scopeRules({ grants }).grantedBy(token, scopes));
    }
    if (options.privateKey !== undefined && fromFile !== undefined)
        throw new ConfigError({ message: "createClient: give either keyFile or privateKey, not both" });
    if (options.privateKey === undefined && fromFile === undefined) {
        if (options.clientId !== undefined)
            throw new ConfigError({ message: "createClient: clientId was given without privateKey or keyFile" });
        return undefined;
    }
    return keyTokens.keyTokenSource({ options, fromFile, readKeyFile, fetch, clock, scopes, defaultTokenUrl });
}
/**
 * `value`'s own enumerable fields in an object without a prototype (each getter read once), so that what is inherited
 * (from a polluted Object.prototype) reads as absent; anything but a plain object (an array, a function, a primitive)
 * as it is.
 */
export function ownFields(value) {
    if (value === null || typeof value !== "object" || Array.isArray(value))
        return value;
    return Object.assign(Object.create(null), value);
}
/** The base or token URL by the runtime's one URL rule (urls.ts), or a ConfigError naming the option. */
export function httpUrl(value, name) {
    const read = readHttpUrl(String(value));
    // The value is not repeated: it may carry credentials.
    if ("problem" in read)
        throw new ConfigError({ message: `${name} ${read.problem}` });
    return read.url;
}
export function positive(value, fallback, name, zeroOk = false) {
    if (value === undefined)
        return fallback;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (!zeroOk && value === 0)) {
        throw new ConfigError({
            message: `${name} must be a ${zeroOk ? "non-negative" : "positive"} number of milliseconds`,
        });
    }
    return value;
}
