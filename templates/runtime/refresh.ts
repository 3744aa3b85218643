/**
 * The token caches' one refresh rule (token.ts's client-credentials grant, token-provider.ts's accessToken): a token
 * is used until shortly before it expires, by the skew, but never more than a tenth of its life, so that a short-lived
 * token is still fetched once per lifetime and a request sent with it arrives before it expires.
 */

/** When to fetch again a token that lives from `now` until `expiresAt` (ms), refreshing `skewMs` ahead. */
export function refreshAt(now: number, expiresAt: number, skewMs: number): number {
  return expiresAt - Math.min(skewMs, Math.max(0, expiresAt - now) / 10);
}
