// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Access tokens obtained elsewhere: a browser session, a token service, one process that shares its token with many
 * workers. `accessToken` is the token itself or a function returning one. A function's token is reused until shortly
 * before its `exp` when it is a JWT that says one (the skew, at most a tenth of its life, as for tokens the client
 * fetches itself), and asked for again after a 401; an opaque token, whose life nobody can read, is asked for on each
 * call that needs one. One call of the function is in flight however many calls wait. The guard still decides every
 * call before a token is asked for.
 *
 * A client of OAuth2 scopes (grants.ts, handed in) refuses a token that is a JWT whose `scope` (space-separated) or
 * `scp` claim lacks a granted scope (TokenError `insufficient_scope`): it would only earn 403s. An opaque token, or a
 * JWT without either claim, is taken: nobody but the server can read what it grants, and the server enforces it. The
 * token is read, never verified: this check catches a wrong token early and proves nothing.
 */
import type { Clock } from "./clock.js";
import { type TokenEvent } from "./observe.js";
import type { TokenSource } from "./token.js";
export type AccessTokenInput = string | (() => string | Promise<string>);
export declare function providedTokenSource(input: AccessTokenInput, clock: Clock, refreshSkewMs?: number, onToken?: (event: TokenEvent) => void, 
/** A client of OAuth2 scopes: the check that a JWT's scope claim lacks none of its grant (grants.ts). */
grantCheck?: (token: string) => string): TokenSource;
