// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { grantPermission } from "./guard.js";
import { checkGrant } from "./scopes.js";
/** @internal What the entries of a client of OAuth2 scopes hand the runtime; not for users. */
export interface Grants {
    checkGrant: typeof checkGrant;
    grantPermission: typeof grantPermission;
    grantedBy: typeof grantedBy;
}
/** @internal The rules of a client of OAuth2 scopes, for its generated entries. */
export declare const grants: Grants;
/**
 * `token`, unless it is a JWT whose `scope` or `scp` claim lacks a scope of `grant` (or says nothing readable). The
 * token and its claims are never shown in the error: only the grant's own scope names.
 */
export declare function grantedBy(token: string, grant: readonly string[] | undefined): string;
