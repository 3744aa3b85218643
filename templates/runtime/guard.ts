/**
 * The color guard: map a request (method + the URL it will really be sent to) to its operations and refuse it, with a
 * ScopeError and before any I/O, unless the client's color may call every operation it could mean.
 *
 * What counts as "the path": the request URL after WHATWG parsing (what goes on the wire), below the client's own base
 * URL (whatever base URL a call asked for), read by the one path reader (path.ts), which also says what is refused for
 * every color: dot-segments (also in the call as written, before the URL parser resolves them), backslashes and
 * control characters in the written path, malformed percent-encoding, and URLs outside the base URL. A path that
 * matches no operation (an endpoint newer than this client, or a typo) fails closed: only the top level may call it.
 * A segment holding an encoded slash (`%2F`) must also pass as a server that decodes it into a real slash routes it.
 */
import { ScopeError } from "./errors.js";
import { canCall, PUBLIC, rank, requiredLevel, topLevel } from "./levels.js";
import type { CompiledTable } from "./matcher.js";
import { matchPath, readPath, writtenPathProblem } from "./path.js";
import type { OperationEntry } from "./table.js";

export interface GuardConfig {
  table: CompiledTable;
  ladder: readonly string[];
  color: string;
  /** The client's base URL, canonical (WHATWG-serialized) and without a trailing slash. */
  baseUrl: string;
}

export interface Guard {
  /** Throws ScopeError unless `method url` (absolute, as sent) is allowed; returns whether it needs a token. */
  check(method: string, url: string): boolean;
  /** Throws ScopeError when the call as written (path template or concrete path, path parameters) holds tricks. */
  checkWritten(method: string, written: string, pathParams: Record<string, unknown> | undefined): void;
  /**
   * Throws ScopeError unless the client's color may call the operation of that friendly name: a helper checks every
   * operation it will call before its first request.
   */
  checkOperation(name: string): void;
}

/** Decisions for allowed (method, path) pairs, so repeated calls skip the segment walk; bounded. */
const DECISIONS_KEPT = 1024;

export function createGuard(config: GuardConfig): Guard {
  const { table, ladder, color, baseUrl } = config;
  const allowed = new Set(table.entries.filter((e) => canCall(ladder, color, e.scope)));
  const top = topLevel(ladder);
  const decisions = new Map<string, boolean>();

  function refuse(method: string, path: string, message: string, entry?: OperationEntry): never {
    const required = entry ? requiredLevel(ladder, entry.scope) : undefined;
    throw new ScopeError({ message, operation: entry?.name, required, color, method, path });
  }

  function decide(method: string, path: string): boolean {
    const reading = readPath(path);
    if ("refused" in reading) refuse(method, path, `${method} ${path}: ${reading.message}`);
    const matches = matchPath(table, method, reading);
    if (matches.length === 0) {
      if (color === top) return true;
      throw new ScopeError({
        message:
          `${method} ${path} matches no operation of this API; ` +
          `unknown paths need color ${top}; this client is ${color}`,
        operation: undefined,
        required: top,
        color,
        method,
        path,
      });
    }
    let needsToken = false;
    for (const entry of matches) {
      if (!allowed.has(entry)) refuse(method, path, notAllowedMessage(entry, ladder, top, color), entry);
      if (entry.scope !== PUBLIC) needsToken = true;
    }
    return needsToken;
  }

  return {
    check(method, url) {
      const path = pathBelow(url, baseUrl);
      if (path === undefined)
        refuse(method, url, `${method} ${url} is not below the client's base URL ${baseUrl}; refused`);
      const key = `${method} ${path}`;
      const known = decisions.get(key);
      if (known !== undefined) return known;
      const needsToken = decide(method, path);
      if (decisions.size >= DECISIONS_KEPT) decisions.clear();
      decisions.set(key, needsToken);
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
      refuse(method, entry.path, notAllowedMessage(entry, ladder, top, color), entry);
    },
  };
}

function notAllowedMessage(entry: OperationEntry, ladder: readonly string[], top: string, color: string): string {
  const what = `${entry.name} (${entry.method.toUpperCase()} ${entry.path})`;
  if (rank(ladder, entry.scope) < 0) {
    return (
      `${what} needs color ${top}: its scope "${entry.scope}" is not a level on the ladder ${ladder.join(" < ")}, ` +
      `so only the top level may call it; this client is ${color}`
    );
  }
  const above = ladder.slice(rank(ladder, entry.scope));
  const needs = above.length > 1 ? `${entry.scope} or above (${above.join(", ")})` : entry.scope;
  return `${what} needs color ${needs}; this client is ${color}`;
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
