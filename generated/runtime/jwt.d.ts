// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * A JWT's claims, read and never verified: the runtime looks only at `exp` (when to ask for a token again) and at
 * `scope`/`scp` (to catch a token of the wrong grant early). The same reading as jose's `decodeJwt` where the engine
 * has no `Uint8Array.fromBase64` (Node), written here so that a page's bundle, which signs nothing, carries no jose.
 */
/**
 * The claims of `token`, or undefined unless it is three dot-separated parts whose second is base64url of UTF-8 JSON
 * of an object.
 */
export declare function jwtClaims(token: string): Record<string, unknown> | undefined;
