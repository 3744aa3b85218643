/**
 * The facility under the `security` policy (a description whose requirements list OAuth2 scopes, model/security.ts):
 * clients hold grants (sets of scopes) instead of colors, the token endpoint grants the scopes a request asks for
 * (RFC 6749 section 3.3) and the API answers an operation the token's scopes cannot satisfy with RFC 6750's 403
 * `insufficient_scope`, naming the scopes missing. A client's `color` is then the name of its grant (`all`, `none`, or
 * one the user gave), which names its key files and shows in the request log.
 *
 * Any token of the facility satisfies a scheme that lists no scope (an API key, an OAuth2 requirement of `[]`): the
 * facility issues one kind of credential.
 */
import { OptionError } from "../errors.js";
import type { Operation } from "../model/operations.js";
import { isScopeToken } from "../model/security.js";
import type { Reply } from "./http.js";
import { reply } from "./http.js";

/** The grants `sfapi-gen mock` makes by default: every scope the description names, and none. */
export const GRANT_ALL = "all";
export const GRANT_NONE = "none";

/** How long a client of a grant lives: the facility's lifetimes are per color; a grant gets its longest, 60 days. */
export const GRANT_LIFETIME_DAYS = 60;
/** How many source IP ranges a client of a grant may list: the facility's most, green's 16. */
export const GRANT_IP_RANGES = 16;

/** A token request's `scope` longer than this is refused (its words are echoed in the refusal, so it is bounded). */
const MAX_SCOPE_PARAMETER = 16_384;

const GRANT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;

/** `name` as a grant's name (it names key files), or an OptionError saying why not. */
export function checkGrantName(name: string, where: string): string {
  if (!GRANT_NAME.test(name))
    throw new OptionError(
      `${where}: the grant name ${JSON.stringify(name)} must be 1-64 letters, digits, "-", "_" or "." ` +
        '(not starting with "."): it names the key files',
    );
  return name;
}

/**
 * `scopes` as a grant: unique, sorted, each one the description names (`known`, sorted); an OptionError naming the
 * first that is not.
 */
export function checkGrantScopes(scopes: unknown, known: readonly string[], where: string): string[] {
  if (!Array.isArray(scopes))
    throw new OptionError(`${where}: give the OAuth2 scopes it holds as a list (scopes: [] for none)`);
  const knownSet = new Set(known);
  for (const scope of scopes) {
    if (typeof scope === "string" && knownSet.has(scope)) continue;
    const named = known.length === 0 ? "it names none" : `it names ${listed(known)}`;
    const what = isScopeToken(scope) ? "is not a scope the description names" : "is not a scope (RFC 6749)";
    throw new OptionError(`${where}: ${JSON.stringify(scope)} ${what} (${named})`);
  }
  return [...new Set(scopes as string[])].sort();
}

/** At most 20 names, then how many more. */
function listed(names: readonly string[], separator = ", "): string {
  const shown = names.slice(0, 20).join(separator);
  return names.length > 20 ? `${shown} and ${names.length - 20} more` : shown;
}

/**
 * The scopes a token request grants a client holding `held`: those `scope` asks for (RFC 6749 section 3.3:
 * space-separated scope-tokens), or everything held when the request has no `scope` (an empty one asks for none).
 * `{ refused }` names what a request asks for that is malformed or not held (the endpoint's `invalid_scope`).
 */
export function requestedScopes(
  scope: string | null,
  held: readonly string[],
): { scopes: string[] } | { refused: string } {
  if (scope === null) return { scopes: [...held] };
  if (scope.length > MAX_SCOPE_PARAMETER)
    return { refused: `scope is ${scope.length} characters long; the facility reads at most ${MAX_SCOPE_PARAMETER}` };
  const asked = scope.split(" ").filter((s) => s !== "");
  const malformed = asked.find((s): boolean => !isScopeToken(s));
  if (malformed !== undefined) {
    const shown = JSON.stringify(malformed.length > 64 ? `${malformed.slice(0, 64)}...` : malformed);
    return { refused: `scope must be scope-tokens separated by spaces; ${shown} is not one` };
  }
  const holds = new Set(held);
  const missing = [...new Set(asked.filter((s) => !holds.has(s)))];
  if (missing.length > 0) {
    const has = held.length === 0 ? "it holds no scope" : `it holds ${listed(held, " ")}`;
    return {
      refused: `the client does not hold the scope${missing.length > 1 ? "s" : ""} ${listed(missing, " ")} (${has})`,
    };
  }
  return { scopes: [...new Set(asked)].sort() };
}

/** A token's `scope` claim (space-separated) as a list; none when it has no such claim. */
export function scopesOfClaim(claim: unknown): string[] {
  return typeof claim === "string" ? claim.split(" ").filter((s) => s !== "") : [];
}

/** What the security policy asks of `operation`: its OR-ed scope sets (empty: public). */
function alternatives(operation: Operation): readonly { scopes: readonly string[] }[] {
  return operation.requirement.security?.anyOf ?? [];
}

/** Words for a 401: what token the operation needs. */
export function scopesNeeded(operation: Operation): string {
  const sets = alternatives(operation).map((set) =>
    set.scopes.length === 0 ? "no scope" : `scope${set.scopes.length > 1 ? "s" : ""} ${set.scopes.join(" ")}`,
  );
  const why = malformedNote(operation);
  return `a token with ${sets.length > 0 ? sets.join(", or ") : "no scope"}${why}`;
}

function malformedNote(operation: Operation): string {
  const security = operation.requirement.security;
  if (security?.malformed === undefined) return "";
  return ` (its security at ${security.pointer ?? "/security"} ${security.malformed}, so it needs every scope)`;
}

/**
 * RFC 6750 section 3.1: undefined when the token's `granted` scopes satisfy one of the operation's alternatives (all
 * its scopes granted), else a 403 `insufficient_scope` naming the alternative that misses fewest scopes: the header's
 * `scope` is all that alternative needs, the body's `missing_scopes` what the token lacks of it.
 */
export function insufficientScope(operation: Operation, granted: ReadonlySet<string>): Reply | undefined {
  const sets = alternatives(operation);
  if (sets.length === 0) return undefined;
  let best: { needed: readonly string[]; missing: string[] } | undefined;
  for (const set of sets) {
    const missing = set.scopes.filter((s) => !granted.has(s));
    if (missing.length === 0) return undefined;
    if (!best || missing.length < best.missing.length) best = { needed: set.scopes, missing };
  }
  const { needed, missing } = best!;
  const call = `${operation.method.toUpperCase()} ${operation.path}`;
  const others = sets.length > 1 ? ` (the nearest of ${sets.length} scope sets that allow it)` : "";
  const message =
    `${call} needs scope${needed.length > 1 ? "s" : ""} ${needed.join(" ")}${others}${malformedNote(operation)}; ` +
    `the access token lacks ${missing.join(" ")}`;
  // Scope-tokens hold no quote or backslash (isScopeToken), so they sit in the quoted string as they are.
  const challenge = `Bearer error="insufficient_scope", scope="${needed.join(" ")}"`;
  return reply(
    403,
    { detail: message, error: "insufficient_scope", missing_scopes: missing, required_scopes: [...needed] },
    { "www-authenticate": challenge },
  );
}

/** RFC 6750 section 3: a 401 from the API of a scoped facility says how to authenticate. */
export function withBearerChallenge(answer: Reply, hadToken: boolean): Reply {
  if (answer.status !== 401 || answer.headers?.["www-authenticate"] !== undefined) return answer;
  const challenge = hadToken ? 'Bearer error="invalid_token"' : "Bearer";
  return { ...answer, headers: { ...answer.headers, "www-authenticate": challenge } };
}
