// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { callRetryPolicy } from "./call-retry.js";
import { systemClock } from "./clock.js";
import { ConfigError } from "./errors.js";
import { checkLadder } from "./levels.js";
import { debugFetch, debugWriter } from "./observe.js";
import { DEFAULT_BASE_URL } from "./protocol.js";
import { providedTokenSource } from "./token-provider.js";
import { readHttpUrl } from "./urls.js";
function accessTokens(given, spec) {
  if (!given || typeof given !== "object")
    throw new ConfigError({
      message: "createTokenSource needs an options object with keyFile, or clientId and privateKey"
    });
  const options = ownFields(given);
  if (options.accessToken !== void 0)
    throw new ConfigError({ message: "createTokenSource: accessToken is no option here" });
  if (options.keyFile === void 0 && options.privateKey === void 0)
    throw new ConfigError({ message: "createTokenSource needs keyFile, or clientId and privateKey" });
  if (spec.scopes !== void 0 && options.color !== void 0)
    throw new ConfigError({
      message: "createTokenSource: this API's tokens are for OAuth2 scopes: give `scopes`, not `color`"
    });
  if (spec.scopes === void 0 && options.scopes !== void 0)
    throw new ConfigError({
      message: "createTokenSource: `scopes` is for APIs that list OAuth2 scopes; this one has colors"
    });
  const grant = spec.scopes === void 0 ? void 0 : scopeRules(spec).checkGrant(options.scopes ?? [], spec.scopes);
  if (options.color !== void 0)
    checkLadder(spec.ladder ?? [], options.color);
  const fromFile = options.keyFile === void 0 ? void 0 : spec.keyTokens.loadPrivateKey({ file: options.keyFile }, spec.readKeyFile);
  checkKeyColor("createTokenSource", fromFile, options.color);
  const clock = options.clock ?? systemClock;
  const fetch = debugFetch(options.fetch ?? ((request) => globalThis.fetch(request)), debugWriter(options.debug), clock);
  const source = tokenSource(tokenSettings(options), fromFile, spec, fetch, clock, grant, spec.defaultTokenUrl);
  return { color: options.color ?? fromFile?.color, token: () => source.get() };
}
function checkKeyColor(who, key, color) {
  if (color === void 0 || key?.color === void 0 || key.color === color)
    return;
  throw new ConfigError({
    message: `${who}: the key file ${key.file ?? ""}${key.file ? " " : ""}is for a ${JSON.stringify(key.color)} client, not ${JSON.stringify(color)}: give color ${JSON.stringify(key.color)}, or the key file of a ${JSON.stringify(color)} client`
  });
}
function tokenSettings(options) {
  const { color, accessToken, clientId, privateKey, tokenUrl, timeoutMs, retry, refreshSkewMs } = options;
  const { clientExpiresAt, logger, onToken, onRetry } = options;
  return Object.freeze({
    color,
    accessToken,
    clientId,
    privateKey,
    tokenUrl,
    timeoutMs,
    retry,
    refreshSkewMs,
    clientExpiresAt,
    logger,
    onToken,
    onRetry
  });
}
function resolveOptions(given, spec) {
  const what = spec.scopes === void 0 ? "{ color }" : "{ scopes }";
  if (!given || typeof given !== "object")
    throw new ConfigError({ message: `createClient needs an options object with at least ${what}` });
  const options = ownFields(given);
  const { color, levels, scopes, keyFile, baseUrl: givenBaseUrl, authorizationPrefix, headers } = options;
  const { clock: givenClock, debug: givenDebug, fetch: givenFetch, callRetry, onPoll } = options;
  const token = tokenSettings(options);
  let ladder = [];
  let grant;
  if (spec.scopes !== void 0) {
    if (color !== void 0 || levels !== void 0)
      throw new ConfigError({
        message: "createClient: this API's client is narrowed by OAuth2 scopes: give `scopes`, not `color`"
      });
    const rules = scopeRules(spec);
    grant = Object.freeze({ scopes: rules.checkGrant(scopes, spec.scopes), all: spec.scopes, rules });
  } else {
    if (scopes !== void 0)
      throw new ConfigError({
        message: "createClient: `scopes` is for APIs that list OAuth2 scopes; this client takes a `color`"
      });
    if (typeof color !== "string" || color === "")
      throw new ConfigError({ message: 'createClient: `color` is required (e.g. "green")' });
    ladder = checkLadder(levels ?? spec.ladder ?? [], color);
  }
  const clock = givenClock ?? systemClock;
  const debug = debugWriter(givenDebug);
  const fetch = givenFetch ?? ((request) => globalThis.fetch(request));
  const keys = spec.keyTokens;
  if (!keys && (keyFile !== void 0 || token.privateKey !== void 0 || token.clientId !== void 0))
    throw new ConfigError({
      message: "createClient: page.js takes no keys (keyFile, clientId, privateKey): give it accessToken, or import createClient from core.js or index.js"
    });
  const fromFile = keyFile === void 0 ? void 0 : keys.loadPrivateKey({ file: keyFile }, spec.readKeyFile);
  const baseUrl = httpUrl(givenBaseUrl ?? fromFile?.baseUrl ?? spec.defaultBaseUrl ?? DEFAULT_BASE_URL, "baseUrl");
  const prefix = authorizationPrefix?.trim();
  if (prefix !== void 0 && !/^[\x21-\x7e]*$/.test(prefix))
    throw new ConfigError({ message: 'authorizationPrefix must be one word of visible ASCII (e.g. "Bearer")' });
  return Object.freeze({
    color: grant === void 0 ? color : "",
    ladder,
    grant,
    baseUrl,
    fetch,
    headers: Object.freeze({ accept: "application/json", ...headers }),
    tokens: tokenSource(token, fromFile, spec, debugFetch(fetch, debug, clock), clock, grant?.scopes, spec.defaultTokenUrl),
    authorizationPrefix: prefix === "" ? void 0 : prefix,
    clock,
    callRetry: callRetryPolicy(ownFields(callRetry)),
    observers: Object.freeze({ onRetry: token.onRetry, onPoll, onToken: token.onToken }),
    debug
  });
}
function scopeRules(spec) {
  if (spec.grants === void 0)
    throw new ConfigError({
      message: "createClient: this API lists OAuth2 scopes, but its client spec has no scope rules (grants)"
    });
  return spec.grants;
}
function tokenSource(options, fromFile, { readKeyFile, keyTokens, grants }, fetch, clock, scopes, defaultTokenUrl) {
  const { accessToken, privateKey, clientId, refreshSkewMs, onToken } = options;
  if (accessToken !== void 0) {
    if (privateKey !== void 0 || fromFile !== void 0 || clientId !== void 0)
      throw new ConfigError({
        message: "createClient: give either accessToken or keyFile/clientId/privateKey, not both"
      });
    if (typeof accessToken !== "string" && typeof accessToken !== "function")
      throw new ConfigError({ message: "createClient: accessToken must be a string or a function returning one" });
    if (typeof accessToken === "string" && accessToken.trim() === "")
      throw new ConfigError({ message: "createClient: accessToken is empty" });
    return providedTokenSource(accessToken, clock, positive(refreshSkewMs, 5e3, "refreshSkewMs", true), onToken, scopes === void 0 ? void 0 : (token) => scopeRules({ grants }).grantedBy(token, scopes));
  }
  if (privateKey !== void 0 && fromFile !== void 0)
    throw new ConfigError({ message: "createClient: give either keyFile or privateKey, not both" });
  if (privateKey === void 0 && fromFile === void 0) {
    if (clientId !== void 0)
      throw new ConfigError({ message: "createClient: clientId was given without privateKey or keyFile" });
    return void 0;
  }
  return keyTokens.keyTokenSource({ options, fromFile, readKeyFile, fetch, clock, scopes, defaultTokenUrl });
}
function ownFields(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return value;
  return Object.assign(/* @__PURE__ */ Object.create(null), value);
}
function httpUrl(value, name) {
  const read = readHttpUrl(String(value));
  if ("problem" in read)
    throw new ConfigError({ message: `${name} ${read.problem}` });
  return read.url;
}
function positive(value, fallback, name, zeroOk = false) {
  if (value === void 0)
    return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || !zeroOk && value === 0) {
    throw new ConfigError({
      message: `${name} must be a ${zeroOk ? "non-negative" : "positive"} number of milliseconds`
    });
  }
  return value;
}
export {
  accessTokens,
  checkKeyColor,
  httpUrl,
  ownFields,
  positive,
  resolveOptions
};
