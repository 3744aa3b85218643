// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { Clock } from "./clock.js";
import { type TokenEvent } from "./observe.js";
import type { TokenSource } from "./token.js";
export type AccessTokenInput = string | (() => string | Promise<string>);
export declare function providedTokenSource(input: AccessTokenInput, clock: Clock, refreshSkewMs?: number, onToken?: (event: TokenEvent) => void, 
/** A client of OAuth2 scopes: its grant, which a JWT's scope claim must not lack. */
scopes?: readonly string[]): TokenSource;
