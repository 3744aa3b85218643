// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The client assertion (RFC 7523 private_key_jwt): a short-lived RS256 JWT that the token endpoint verifies with the
 * client's registered public key. A fresh one, with a fresh `jti`, for every token request. Signed with WebCrypto
 * through jose, so it runs wherever `crypto.subtle` does: its JWS signer, with the claims written out here, rather than
 * SignJWT, whose claim builders and checks would add a sixth of jose to every bundle for six fixed claims.
 */
import { CompactSign } from "jose";
/** Seconds an assertion stays valid: long enough for a slow token endpoint, short enough to be useless later. */
export const ASSERTION_LIFETIME_S = 300;
/** A random (version 4) UUID from getRandomValues, which, unlike randomUUID, also works outside secure contexts. */
function randomJti() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
export async function signClientAssertion(key, clientId, tokenUrl, nowMs = Date.now()) {
    const iat = Math.floor(nowMs / 1000);
    const signingKey = await key.signingKey();
    const claims = {
        iss: clientId,
        sub: clientId,
        aud: tokenUrl,
        iat,
        exp: iat + ASSERTION_LIFETIME_S,
        jti: randomJti(),
    };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader(key.kid === undefined ? { alg: "RS256", typ: "JWT" } : { alg: "RS256", typ: "JWT", kid: key.kid })
        .sign(signingKey);
}
