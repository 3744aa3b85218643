// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The token caches' one refresh rule (token.ts's client-credentials grant, token-provider.ts's accessToken): a token
 * is used until shortly before it expires, by the skew, but never more than a tenth of its life, so that a short-lived
 * token is still fetched once per lifetime and a request sent with it arrives before it expires.
 */
/** When to fetch again a token that lives from `now` until `expiresAt` (ms), refreshing `skewMs` ahead. */
export declare function refreshAt(now: number, expiresAt: number, skewMs: number): number;
