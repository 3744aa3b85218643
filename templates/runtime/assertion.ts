/**
 * The client assertion (RFC 7523 private_key_jwt): a short-lived RS256 JWT that the token endpoint verifies with the
 * client's registered public key. A fresh one, with a fresh `jti`, for every token request.
 */
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import type { LoadedKey } from "./keys.js";

/** Seconds an assertion stays valid: long enough for a slow token endpoint, short enough to be useless later. */
export const ASSERTION_LIFETIME_S = 300;

export function signClientAssertion(
  key: LoadedKey,
  clientId: string,
  tokenUrl: string,
  nowMs: number = Date.now(),
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader(
      key.kid === undefined ? { alg: "RS256", typ: "JWT" } : { alg: "RS256", typ: "JWT", kid: key.kid },
    )
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ASSERTION_LIFETIME_S)
    .setJti(randomUUID())
    .sign(key.key);
}
