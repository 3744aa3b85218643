/**
 * The client assertion (RFC 7523 private_key_jwt): a short-lived RS256 JWT that the token endpoint verifies with the
 * client's registered public key. A fresh one, with a fresh `jti`, for every token request. Signed with WebCrypto
 * through jose, so it runs wherever `crypto.subtle` does.
 */
import { SignJWT } from "jose";
import type { LoadedKey } from "./keys.js";

/** Seconds an assertion stays valid: long enough for a slow token endpoint, short enough to be useless later. */
export const ASSERTION_LIFETIME_S = 300;

/** A random (version 4) UUID from getRandomValues, which, unlike randomUUID, also works outside secure contexts. */
function randomJti(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function signClientAssertion(
  key: LoadedKey,
  clientId: string,
  tokenUrl: string,
  nowMs: number = Date.now(),
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const signingKey = await key.signingKey();
  return new SignJWT({})
    .setProtectedHeader(
      key.kid === undefined ? { alg: "RS256", typ: "JWT" } : { alg: "RS256", typ: "JWT", kid: key.kid },
    )
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ASSERTION_LIFETIME_S)
    .setJti(randomJti())
    .sign(signingKey as CryptoKey);
}
