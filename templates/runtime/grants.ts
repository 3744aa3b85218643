/**
 * The rules only a client of OAuth2 scopes needs: its grant checked (scopes.ts), the guard's permission by grant
 * (guard.ts), a provided token's scope claim checked. The generated entries of such a client hand them in (their
 * spec's `grants`), so that a color client, and a page's bundle of one, carries none of their code.
 */
import { TokenError } from "./errors.js";
import { grantPermission } from "./guard.js";
import { jwtClaims } from "./jwt.js";
import { checkGrant, INSUFFICIENT_SCOPE, lackedScopes, statedScopes } from "./scopes.js";

/** @internal What the entries of a client of OAuth2 scopes hand the runtime; not for users. */
export interface Grants {
  checkGrant: typeof checkGrant;
  grantPermission: typeof grantPermission;
  grantedBy: typeof grantedBy;
}

/** @internal The rules of a client of OAuth2 scopes, for its generated entries. */
export const grants: Grants = { checkGrant, grantPermission, grantedBy };

/**
 * `token`, unless it is a JWT whose `scope` or `scp` claim lacks a scope of `grant` (or says nothing readable). The
 * token and its claims are never shown in the error: only the grant's own scope names.
 */
export function grantedBy(token: string, grant: readonly string[] | undefined): string {
  if (grant === undefined || grant.length === 0) return token;
  const claims = jwtClaims(token);
  if (claims === undefined) return token; // no JWT: an opaque token
  const claim = claims.scope !== undefined ? "scope" : claims.scp !== undefined ? "scp" : undefined;
  if (claim === undefined) return token;
  const stated = statedScopes(claims[claim]);
  const lacking = stated === undefined ? undefined : lackedScopes(grant, stated);
  if (lacking !== undefined && lacking.length === 0) return token;
  throw new TokenError({
    message:
      lacking === undefined
        ? `accessToken's ${claim} claim is not a list of scopes; this client is granted ${grant.join(" ")}`
        : `accessToken's ${claim} claim lacks ${lacking.join(", ")} of this client's grant (${grant.join(" ")})`,
    error: INSUFFICIENT_SCOPE,
    attempts: 1,
  });
}
