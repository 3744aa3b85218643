/** createClient's options: what users may pass, and their checked, defaulted form. */
import { type CallRetryOptions, type CallRetryPolicy, callRetryPolicy } from "./call-retry.js";
import { type Clock, systemClock } from "./clock.js";
import { ConfigError } from "./errors.js";
import type { Grants } from "./grants.js";
import type { KeyFileReader, LoadedKey, loadPrivateKey, PrivateKeyInput } from "./keys.js";
import { checkLadder } from "./levels.js";
import type { Observers } from "./observe.js";
import { debugFetch, debugWriter } from "./observe.js";
import { DEFAULT_BASE_URL } from "./protocol.js";
import type { FetchLike, Logger, TokenSource } from "./token.js";
import { type AccessTokenInput, providedTokenSource } from "./token-provider.js";
import type { RetryOptions } from "./token-retry.js";
import { readHttpUrl } from "./urls.js";

export interface ClientOptions<Color extends string = string, Levels extends readonly string[] = readonly string[]>
  extends Observers {
  /** The client's configured color (its level on the ladder). Required. */
  color: Color;
  /**
   * One file, or Iris's download folder, with everything the facility handed out: the client ID and key
   * (`sfapi-gen mock`'s `<color>.json` or `<color>.pem`, the official client's `{ client_id, secret }` JSON or
   * "client ID line + PEM" file, or a folder with `clientid.txt` and `priv_key.pem` or, without it, `priv_key.jwk`),
   * and the base and token URLs, color and expiry where the file names them (a color must be `color`'s). `~`
   * expands; each file read must have mode 600 or 400. Explicit options win over it.
   */
  keyFile?: string;
  /** The API client's ID. Omit it and `privateKey` for a client of public operations only. */
  clientId?: string;
  /** PEM (PKCS#8/PKCS#1), JWK (object or JSON), KeyObject, or `{ file }` (`~` expands; mode must be 600 or 400). */
  privateKey?: PrivateKeyInput;
  /** Default: the generated client's base URL, `https://api.nersc.gov/api/v1.2`. */
  baseUrl?: string;
  /** Default `https://oidc.nersc.gov/c2id/token`; also the assertion's `aud`. */
  tokenUrl?: string;
  /** Ladder override, least capable first; the last level may call everything. */
  levels?: Levels;
  /** Used for API calls and token requests (default: the global fetch). */
  fetch?: FetchLike;
  /** Sent with every API call (not with token requests); `accept: application/json` unless overridden. */
  headers?: Record<string, string>;
  /**
   * When the API client stops working: past -> ClientExpiredError instead of token requests; within 24 h -> a warning.
   */
  clientExpiresAt?: Date | string | number;
  /** Where warnings go (default: console). Never receives keys, assertions or tokens. */
  logger?: Logger;
  /** Prefix for the Authorization header (`"Bearer"`); default none: the header is the bare token. */
  authorizationPrefix?: string;
  /** Timeout of each token request in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Retries of the token request on 429/502/503/504, timeouts and network errors. */
  retry?: RetryOptions;
  /** Stop using a token this long before it expires (default 5 000 ms; at most a tenth of its lifetime). */
  refreshSkewMs?: number;
  /** The clock tokens, retries and `waitForTask` read (default: the system clock); for tests that move time. */
  clock?: Clock;
  /**
   * Retries of GET, HEAD and OPTIONS API calls on 429 (honouring `Retry-After`), 502, 503, 504, timeouts and network
   * errors (default `{ attempts: 10, baseDelayMs: 1000, maxDelayMs: 10000 }`); `false` turns them off. Never a POST.
   */
  callRetry?: CallRetryOptions | false;
  /**
   * An access token obtained elsewhere, or a function returning one: instead of `keyFile`/`privateKey`. A function's
   * JWT is reused until shortly before its `exp` (`refreshSkewMs`), and asked for again after a 401; an opaque token
   * is asked for on each call that needs one. The color guard applies to every call as before.
   */
  accessToken?: AccessTokenInput;
}

/**
 * The options of a client of an API whose description lists OAuth2 scopes per operation: `scopes` instead of `color`
 * and `levels`, the rest as for a color client.
 */
export interface GrantClientOptions<Scopes extends readonly string[] = readonly string[]>
  extends Omit<ClientOptions, "color" | "levels" | "accessToken"> {
  /**
   * The OAuth2 scopes this client is granted (`[]` for none: public operations, and those that need a token but no
   * scope). Required. The client calls only operations one of whose scope sets is wholly granted, refusing the others
   * before any I/O; a path no operation has needs every scope the API names. A literal list (`["read"]`) narrows the
   * client's type too; a list typed `string[]` gets every operation in its type, and only the run-time guard applies.
   * The client-credentials token request asks for exactly these scopes (`scope`, RFC 6749 section 4.4.2), and a token
   * answer whose `scope` lacks one of them is refused.
   */
  scopes: Scopes;
  color?: undefined;
  levels?: undefined;
  /**
   * An access token obtained elsewhere, or a function returning one: instead of `keyFile`/`privateKey`. A JWT whose
   * `scope` (space-separated) or `scp` claim lacks a granted scope is refused (TokenError `insufficient_scope`); an
   * opaque token, or a JWT without such a claim, is taken as it is: the API server enforces its scopes.
   */
  accessToken?: AccessTokenInput;
}

/** `createTokenSource`'s options: the credentials and token-request options of createClient, and a color to check. */
export interface TokenSourceOptions<Color extends string = string>
  extends Pick<
    ClientOptions,
    | "keyFile"
    | "clientId"
    | "privateKey"
    | "tokenUrl"
    | "fetch"
    | "clientExpiresAt"
    | "logger"
    | "timeoutMs"
    | "retry"
    | "refreshSkewMs"
    | "clock"
    | "onRetry"
    | "onToken"
    | "debug"
  > {
  /**
   * The color the tokens are for: checked against the key file's own color where it says one (`sfapi-gen mock`'s
   * JSON files do), so that a service handing out tokens cannot hand out a more capable key's by mistake.
   */
  color?: Color;
  /**
   * For an API of OAuth2 scopes: the scopes to ask the token endpoint for (exactly these); an answer whose `scope`
   * lacks one is refused.
   */
  scopes?: readonly string[];
}

/** Access tokens for a server or a script: fetched, cached and renewed as a client's are. */
export interface AccessTokens {
  /** The color checked (given, or the key file's), if any. */
  readonly color: string | undefined;
  /** A fresh access token (the cached one while it has life left). Never logged by this runtime. */
  token(): Promise<string>;
}

/** `createTokenSource(options)`: the token source of a client, without the client. */
export function accessTokens(
  given: TokenSourceOptions,
  spec: {
    ladder?: readonly string[];
    scopes?: readonly string[];
    defaultTokenUrl?: string;
    readKeyFile?: KeyFileReader;
    keyTokens: KeyTokens;
    /** An API of OAuth2 scopes: its rules (grants.ts). */
    grants?: Grants;
  },
): AccessTokens {
  if (!given || typeof given !== "object")
    throw new ConfigError({
      message: "createTokenSource needs an options object with keyFile, or clientId and privateKey",
    });
  const options = ownFields(given) as TokenSourceOptions & { accessToken?: unknown };
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
  if (options.color !== undefined) checkLadder(spec.ladder ?? [], options.color);
  const fromFile =
    options.keyFile === undefined
      ? undefined
      : spec.keyTokens.loadPrivateKey({ file: options.keyFile }, spec.readKeyFile);
  checkKeyColor("createTokenSource", fromFile, options.color);
  const clock = options.clock ?? systemClock;
  const fetch = debugFetch(
    options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    debugWriter(options.debug),
    clock,
  );
  const source = tokenSource(tokenSettings(options), fromFile, spec, fetch, clock, grant, spec.defaultTokenUrl)!;
  return { color: options.color ?? fromFile?.color, token: () => source.get() };
}

/**
 * A key file that names its color is that color's client: with another color, every call above the file's level
 * would meet the facility's 403 (or the client would hold a more capable key than it says). ConfigError naming both.
 */
export function checkKeyColor(who: string, key: LoadedKey | undefined, color: string | undefined): void {
  if (color === undefined || key?.color === undefined || key.color === color) return;
  throw new ConfigError({
    message:
      `${who}: the key file ${key.file ?? ""}${key.file ? " " : ""}is for a ${JSON.stringify(key.color)} client, ` +
      `not ${JSON.stringify(color)}: give color ${JSON.stringify(key.color)}, or the key file of a ` +
      `${JSON.stringify(color)} client`,
  });
}

/**
 * @internal The key-based token source, which the generated entries that offer keys (index.js, core.js) hand in
 * (key-tokens.ts), so that this module imports none of its code and page.js bundles without it.
 */
export interface KeyTokens {
  loadPrivateKey: typeof loadPrivateKey;
  /** The token source of a client given a key (`privateKey`, or a key file already read: `fromFile`). */
  keyTokenSource(given: {
    options: TokenSettings;
    fromFile: LoadedKey | undefined;
    readKeyFile: KeyFileReader | undefined;
    fetch: FetchLike;
    clock: Clock;
    scopes: readonly string[] | undefined;
    defaultTokenUrl: string | undefined;
  }): TokenSource;
}

/**
 * createClient's options read once: checked, defaulted and frozen. client.ts wires the guard, the token source, the
 * retries and the fetch from this alone, and goes back to no option after.
 */
export interface ClientConfig {
  /** The color; `""` for a client of OAuth2 scopes. */
  readonly color: string;
  /** The ladder; empty for a client of OAuth2 scopes. */
  readonly ladder: readonly string[];
  /** A client of OAuth2 scopes: its grant, every scope the API names, and the API's scope rules. */
  readonly grant: Readonly<{ scopes: readonly string[]; all: readonly string[]; rules: Grants }> | undefined;
  readonly baseUrl: string;
  /** The user's fetch, or the global one: the API calls' (below their retries) and the token requests'. */
  readonly fetch: FetchLike;
  readonly headers: Readonly<Record<string, string>>;
  /** The chosen token source (`accessToken`, a key, or none for a client of public operations only). */
  readonly tokens: TokenSource | undefined;
  readonly authorizationPrefix: string | undefined;
  readonly clock: Clock;
  /** Retries of idempotent API calls; undefined when off. */
  readonly callRetry: CallRetryPolicy | undefined;
  readonly observers: Readonly<Observers>;
  /** Writes the debug lines, when debugging is on. */
  readonly debug: ((line: string) => void) | undefined;
}

/**
 * The options that choose and make the token source, each read once from the user's options: for `accessToken`, or
 * for a key (key-tokens.ts checks and defaults these, so that an entry without keys carries none of that code).
 */
export interface TokenSettings {
  readonly color: string | undefined;
  readonly accessToken: unknown;
  readonly clientId: string | undefined;
  readonly privateKey: PrivateKeyInput | undefined;
  readonly tokenUrl: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly retry: RetryOptions | undefined;
  readonly refreshSkewMs: number | undefined;
  readonly clientExpiresAt: Date | string | number | undefined;
  readonly logger: Logger | undefined;
  readonly onToken: Observers["onToken"];
  readonly onRetry: Observers["onRetry"];
}

function tokenSettings(options: Omit<TokenSourceOptions, "scopes"> & { accessToken?: unknown }): TokenSettings {
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
    onRetry,
  });
}

export function resolveOptions(
  given: ClientOptions | GrantClientOptions,
  spec: {
    ladder?: readonly string[];
    scopes?: readonly string[];
    defaultBaseUrl?: string;
    defaultTokenUrl?: string;
    readKeyFile?: KeyFileReader;
    keyTokens?: KeyTokens;
    /** An API of OAuth2 scopes: its rules (grants.ts). */
    grants?: Grants;
  },
): ClientConfig {
  const what = spec.scopes === undefined ? "{ color }" : "{ scopes }";
  if (!given || typeof given !== "object")
    throw new ConfigError({ message: `createClient needs an options object with at least ${what}` });
  // Own properties only: a `fetch`, `levels` or `clock` that some dependency set on Object.prototype is no option.
  // Each option is read here, once; what follows works on these values.
  const options = ownFields(given) as ClientOptions & { scopes?: unknown };
  const { color, levels, scopes, keyFile, baseUrl: givenBaseUrl, authorizationPrefix, headers } = options;
  const { clock: givenClock, debug: givenDebug, fetch: givenFetch, callRetry, onPoll } = options;
  const token = tokenSettings(options);
  let ladder: readonly string[] = [];
  let grant: ClientConfig["grant"];
  if (spec.scopes !== undefined) {
    // An API of OAuth2 scopes: the grant decides; a color would mean nothing here, so it is no silent no-op either.
    if (color !== undefined || levels !== undefined)
      throw new ConfigError({
        message: "createClient: this API's client is narrowed by OAuth2 scopes: give `scopes`, not `color`",
      });
    const rules = scopeRules(spec);
    grant = Object.freeze({ scopes: rules.checkGrant(scopes, spec.scopes), all: spec.scopes, rules });
  } else {
    if (scopes !== undefined)
      throw new ConfigError({
        message: "createClient: `scopes` is for APIs that list OAuth2 scopes; this client takes a `color`",
      });
    if (typeof color !== "string" || color === "")
      throw new ConfigError({ message: 'createClient: `color` is required (e.g. "green")' });
    ladder = checkLadder(levels ?? spec.ladder ?? [], color);
  }
  const clock = givenClock ?? systemClock;
  const debug = debugWriter(givenDebug);
  // API calls are logged below their retries (client.ts), token requests here.
  const fetch = givenFetch ?? ((request: Request) => globalThis.fetch(request));
  // An entry without key support (page.js) refuses key options here, before any key is read or request made.
  const keys = spec.keyTokens;
  if (!keys && (keyFile !== undefined || token.privateKey !== undefined || token.clientId !== undefined))
    throw new ConfigError({
      message:
        "createClient: page.js takes no keys (keyFile, clientId, privateKey): give it accessToken, " +
        "or import createClient from core.js or index.js",
    });
  const fromFile = keyFile === undefined ? undefined : keys!.loadPrivateKey({ file: keyFile }, spec.readKeyFile);
  const baseUrl = httpUrl(givenBaseUrl ?? fromFile?.baseUrl ?? spec.defaultBaseUrl ?? DEFAULT_BASE_URL, "baseUrl");
  const prefix = authorizationPrefix?.trim();
  if (prefix !== undefined && !/^[\x21-\x7e]*$/.test(prefix))
    throw new ConfigError({ message: 'authorizationPrefix must be one word of visible ASCII (e.g. "Bearer")' });
  return Object.freeze({
    color: grant === undefined ? (color as string) : "",
    ladder,
    grant,
    baseUrl,
    fetch,
    headers: Object.freeze({ accept: "application/json", ...headers }),
    tokens: tokenSource(
      token,
      fromFile,
      spec,
      debugFetch(fetch, debug, clock),
      clock,
      grant?.scopes,
      spec.defaultTokenUrl,
    ),
    authorizationPrefix: prefix === "" ? undefined : prefix,
    clock,
    callRetry: callRetryPolicy(ownFields(callRetry)),
    observers: Object.freeze({ onRetry: token.onRetry, onPoll, onToken: token.onToken }),
    debug,
  });
}

/**
 * The scope rules of an API of OAuth2 scopes, which its generated entries hand in: a spec made by hand without them
 * is a ConfigError, not a TypeError at the first call.
 */
function scopeRules(spec: { grants?: Grants | undefined }): Grants {
  if (spec.grants === undefined)
    throw new ConfigError({
      message: "createClient: this API lists OAuth2 scopes, but its client spec has no scope rules (grants)",
    });
  return spec.grants;
}

function tokenSource(
  options: TokenSettings,
  fromFile: LoadedKey | undefined,
  {
    readKeyFile,
    keyTokens,
    grants,
  }: { readKeyFile?: KeyFileReader | undefined; keyTokens?: KeyTokens | undefined; grants?: Grants | undefined },
  fetch: FetchLike,
  clock: Clock,
  /** A client of OAuth2 scopes: the scopes to ask for, and that a token must not lack. */
  scopes?: readonly string[],
  /** A client of OAuth2 scopes: the client-credentials token URL its description names, if any. */
  defaultTokenUrl?: string,
): TokenSource | undefined {
  const { accessToken, privateKey, clientId, refreshSkewMs, onToken } = options;
  if (accessToken !== undefined) {
    if (privateKey !== undefined || fromFile !== undefined || clientId !== undefined)
      throw new ConfigError({
        message: "createClient: give either accessToken or keyFile/clientId/privateKey, not both",
      });
    if (typeof accessToken !== "string" && typeof accessToken !== "function")
      throw new ConfigError({ message: "createClient: accessToken must be a string or a function returning one" });
    // A function's empty answer comes at call time, from the token source: a TokenError then (token-provider.ts).
    if (typeof accessToken === "string" && accessToken.trim() === "")
      throw new ConfigError({ message: "createClient: accessToken is empty" });
    return providedTokenSource(
      accessToken as AccessTokenInput,
      clock,
      positive(refreshSkewMs, 5_000, "refreshSkewMs", true),
      onToken,
      scopes === undefined ? undefined : (token) => scopeRules({ grants }).grantedBy(token, scopes),
    );
  }
  if (privateKey !== undefined && fromFile !== undefined)
    throw new ConfigError({ message: "createClient: give either keyFile or privateKey, not both" });
  if (privateKey === undefined && fromFile === undefined) {
    if (clientId !== undefined)
      throw new ConfigError({ message: "createClient: clientId was given without privateKey or keyFile" });
    return undefined;
  }
  return keyTokens!.keyTokenSource({ options, fromFile, readKeyFile, fetch, clock, scopes, defaultTokenUrl });
}

/**
 * `value`'s own enumerable fields in an object without a prototype (each getter read once), so that what is inherited
 * (from a polluted Object.prototype) reads as absent; anything but a plain object (an array, a function, a primitive)
 * as it is.
 */
export function ownFields<T>(value: T): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.assign(Object.create(null), value) as T;
}

/** The base or token URL by the runtime's one URL rule (urls.ts), or a ConfigError naming the option. */
export function httpUrl(value: unknown, name: string): string {
  const read = readHttpUrl(String(value));
  // The value is not repeated: it may carry credentials.
  if ("problem" in read) throw new ConfigError({ message: `${name} ${read.problem}` });
  return read.url;
}

export function positive(value: number | undefined, fallback: number, name: string, zeroOk = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (!zeroOk && value === 0)) {
    throw new ConfigError({
      message: `${name} must be a ${zeroOk ? "non-negative" : "positive"} number of milliseconds`,
    });
  }
  return value;
}
