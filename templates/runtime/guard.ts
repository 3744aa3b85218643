/**
 * The guard: map a request (method + the URL it will really be sent to) to its operations and refuse it, with a
 * ScopeError and before any I/O, unless the client may call every operation it could mean: by its color on the ladder,
 * or, for an API whose description lists OAuth2 scopes per operation, by its grant (scopes.ts: one of the operation's
 * scope sets wholly granted).
 *
 * What counts as "the path": the request URL after WHATWG parsing (what goes on the wire), below the client's own base
 * URL (whatever base URL a call asked for), read by the one path reader (path.ts), which also says what is refused for
 * every client: dot-segments (also in the call as written, before the URL parser resolves them), backslashes and
 * control characters in the written path, malformed percent-encoding, and URLs outside the base URL. A path that
 * matches no operation (an endpoint newer than this client, or a typo) fails closed: only the top level may call it
 * (a grant of every scope the API names). A segment holding an encoded slash (`%2F`) must also pass as a server that
 * decodes it into a real slash routes it.
 */
import { ScopeError } from "./errors.js";
import { canCall, PUBLIC, rank, requiredLevel, topLevel } from "./levels.js";
import type { CompiledTable } from "./matcher.js";
import { discriminatorOf, mayBe } from "./matcher.js";
import { matchPath, readPath, writtenPathProblem } from "./path.js";
import { missingScopes } from "./scopes.js";
import type { OperationEntry } from "./table.js";

/** A color client's guard: its color on the ladder decides. */
export interface ColorGuardConfig {
  table: CompiledTable;
  ladder: readonly string[];
  color: string;
  /** The client's base URL, canonical (WHATWG-serialized) and without a trailing slash. */
  baseUrl: string;
  grant?: undefined;
}

/** A client of OAuth2 scopes: its grant decides, each operation by its table entry's `security`. */
export interface GrantGuardConfig {
  table: CompiledTable;
  grant: {
    /** The scopes the client was granted. */
    readonly scopes: readonly string[];
    /** Every scope the API names: what a path no operation has needs (and an entry without `security`). */
    readonly all: readonly string[];
  };
  /** The client's base URL, canonical (WHATWG-serialized) and without a trailing slash. */
  baseUrl: string;
  /** The grant's permission (this module's grantPermission), handed in (grants.ts): color clients bundle none of it. */
  grantPermission: typeof grantPermission;
  ladder?: undefined;
  color?: undefined;
}

export type GuardConfig = ColorGuardConfig | GrantGuardConfig;

export interface Guard {
  /**
   * Throws ScopeError unless `method url` (absolute, as sent) is allowed; returns whether it needs a token. `headers`,
   * the request's, may tell apart operations whose path keys share a request path (`/#X-Amz-Target=...`); without
   * them, such a request may be any of them.
   */
  check(method: string, url: string, headers?: Headers): boolean;
  /** Throws ScopeError when the call as written (path template or concrete path, path parameters) holds tricks. */
  checkWritten(method: string, written: string, pathParams: Record<string, unknown> | undefined): void;
  /**
   * Throws ScopeError unless the client may call the operation of that friendly name: a helper checks every operation
   * it will call before its first request.
   */
  checkOperation(name: string): void;
  /** Whether the client may call the operation of that friendly name (a helper picks the least one it may use). */
  allowsOperation(name: string): boolean;
}

/**
 * What the guard asks of a client's permission: which entries it allows (decided once, when the guard is made) and,
 * for a refusal, the words and the facts the ScopeError carries.
 */
export interface Permission {
  allows(entry: OperationEntry): boolean;
  /** Whether a path that matches no operation may be called. */
  readonly unknownAllowed: boolean;
  /** Why `entry` is refused (undefined: a path that matches no operation), after `METHOD path` or the entry's name. */
  refusal(entry: OperationEntry | undefined): { message: string; required?: string; missing?: readonly string[] };
  /** The ScopeError fields that say who the client is. */
  readonly who: { color: string; grant?: readonly string[]; missing?: readonly string[] };
}

/** Decisions for allowed requests, per method and URL, so repeated calls skip the segment walk; bounded. */
const DECISIONS_KEPT = 1024;
/** A longer URL (a large query) is judged every time, so that the kept decisions stay small. */
const DECISION_URL_MAX = 2048;

export function createGuard(config: GuardConfig): Guard {
  const { table, baseUrl } = config;
  const permission = config.grant === undefined ? colorPermission(config) : config.grantPermission(config);
  const allowed = new Set(table.entries.filter((e) => permission.allows(e)));
  // Keyed by the URL as sent, not by its path: one lookup of a string already made, per call (a URL's decision is its
  // path's, and a URL is below the base URL or not for good).
  const decisions = new Map<string, Map<string, boolean>>();

  function refuse(method: string, path: string, message: string, entry?: OperationEntry): never {
    // Without an entry the call was refused for its path's form: no scope would help (`missing` empty).
    const { required, missing } = entry
      ? permission.refusal(entry)
      : { required: undefined, missing: permission.who.missing };
    throw new ScopeError({ ...permission.who, message, operation: entry?.name, required, method, path, missing });
  }

  /** Whether the request needs a token; `varies` is set when its headers or query took part (not to be kept). */
  let varies = false;
  function decide(method: string, path: string, url: string, headers: Headers | undefined): boolean {
    const reading = readPath(path);
    if ("refused" in reading) refuse(method, path, `${method} ${path}: ${reading.message}`);
    let matches = matchPath(table, method, reading);
    varies = matches.some((entry) => discriminatorOf(entry.path) !== undefined);
    if (varies) matches = matches.filter((entry) => mayBe(entry, carried(url, headers)));
    if (matches.length === 0) {
      if (permission.unknownAllowed) return true;
      const { message, required, missing } = permission.refusal(undefined);
      throw new ScopeError({
        ...permission.who,
        message: `${method} ${path} matches no operation of this API; ${message}`,
        operation: undefined,
        required,
        missing,
        method,
        path,
      });
    }
    let needsToken = false;
    for (const entry of matches) {
      if (!allowed.has(entry)) refuse(method, path, `${what(entry)} ${permission.refusal(entry).message}`, entry);
      if (entry.scope !== PUBLIC) needsToken = true;
    }
    return needsToken;
  }

  return {
    check(method, url, headers) {
      const known = decisions.get(method)?.get(url);
      if (known !== undefined) return known;
      const path = pathBelow(url, baseUrl);
      if (path === undefined)
        refuse(method, url, `${method} ${url} is not below the client's base URL ${baseUrl}; refused`);
      const needsToken = decide(method, path, url, headers);
      if (varies || url.length > DECISION_URL_MAX) return needsToken;
      let kept = decisions.get(method);
      if (kept === undefined) decisions.set(method, (kept = new Map()));
      else if (kept.size >= DECISIONS_KEPT) kept.clear();
      kept.set(url, needsToken);
      return needsToken;
    },
    checkWritten(method, written, pathParams) {
      const problem = writtenPathProblem(written, pathParams);
      if (problem !== undefined) refuse(method, written, `${method} ${JSON.stringify(written)}: ${problem}`);
    },
    checkOperation(name) {
      const entry = table.entries.find((e) => e.name === name);
      if (entry === undefined || allowed.has(entry)) return;
      const method = entry.method.toUpperCase();
      refuse(method, entry.path, `${what(entry)} ${permission.refusal(entry).message}`, entry);
    },
    allowsOperation(name) {
      const entry = table.entries.find((e) => e.name === name);
      return entry !== undefined && allowed.has(entry);
    },
  };
}

function what(entry: OperationEntry): string {
  return `${entry.name} (${entry.method.toUpperCase()} ${entry.path})`;
}

function colorPermission({ ladder, color }: ColorGuardConfig): Permission {
  const top = topLevel(ladder);
  return {
    allows: (entry) => canCall(ladder, color, entry.scope),
    unknownAllowed: color === top,
    who: { color },
    refusal(entry) {
      if (entry === undefined)
        return { message: `unknown paths need color ${top}; this client is ${color}`, required: top };
      const required = requiredLevel(ladder, entry.scope);
      if (rank(ladder, entry.scope) < 0) {
        const message =
          `needs color ${top}: its scope "${entry.scope}" is not a level on the ladder ${ladder.join(" < ")}, ` +
          `so only the top level may call it; this client is ${color}`;
        return { message, required };
      }
      const above = ladder.slice(rank(ladder, entry.scope));
      const needs = above.length > 1 ? `${entry.scope} or above (${above.join(", ")})` : entry.scope;
      return { message: `needs color ${needs}; this client is ${color}`, required };
    },
  };
}

/**
 * A grant's permission. An operation is allowed when one of its entry's scope sets is wholly granted; public ones
 * always. An entry that is not public and has no `security` (a table not generated under the security policy) needs
 * every scope the API names, as a path that matches no operation does: fail closed.
 */
export function grantPermission({ grant }: Pick<GrantGuardConfig, "grant">): Permission {
  const granted = new Set(grant.scopes);
  const lacking = (entry: OperationEntry | undefined) =>
    entry?.scope === PUBLIC ? undefined : missingScopes(granted, entry?.security, grant.all);
  const has = grant.scopes.length > 0 ? grant.scopes.join(", ") : "none";
  return {
    allows: (entry) => lacking(entry) === undefined,
    unknownAllowed: lacking(undefined) === undefined,
    who: { color: "", grant: grant.scopes, missing: [] },
    refusal(entry) {
      const missing = Object.freeze([...(lacking(entry) ?? [])]);
      const scopes = `scope${missing.length === 1 ? "" : "s"} ${missing.join(", ")}`;
      const needs =
        entry === undefined
          ? `unknown paths need every scope this API names; this client lacks ${scopes}`
          : `needs ${scopes}, which this client's grant lacks`;
      return { message: `${needs} (granted: ${has})`, missing };
    },
  };
}

/**
 * What a request carries under a name, header or query (both: a discriminator may sit in either, and an operation is
 * ruled out only when none of them holds its value). Query names are matched without case, as header names are.
 */
function carried(url: string, headers: Headers | undefined): (name: string) => string[] {
  const q = url.indexOf("?");
  const h = url.indexOf("#");
  const query = q >= 0 && (h < 0 || q < h) ? new URLSearchParams(url.slice(q + 1, h < 0 ? undefined : h)) : undefined;
  return (name) => {
    const values: string[] = [];
    const header = headers?.get(name);
    if (header !== null && header !== undefined) values.push(header);
    if (query) for (const [key, value] of query) if (key.toLowerCase() === name) values.push(value);
    return values;
  };
}

/** `https://Host:443/api/v1.2/` -> `https://host/api/v1.2`, as request URLs spell it. */
export function canonicalBaseUrl(base: string): string {
  const href = new URL(base).href;
  return href.endsWith("/") ? href.slice(0, -1) : href;
}

/** The path of `url` below `base` (starting with `/`), without query or fragment; undefined when not below it. */
function pathBelow(url: string, base: string): string | undefined {
  if (!url.startsWith(base) || url.charCodeAt(base.length) !== 47 /* "/" */) return undefined;
  let end = url.length;
  const q = url.indexOf("?", base.length);
  if (q >= 0) end = q;
  const h = url.indexOf("#", base.length);
  if (h >= 0 && h < end) end = h;
  return url.slice(base.length, end);
}
