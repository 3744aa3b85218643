// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { CompactSign } from "jose";
const ASSERTION_LIFETIME_S = 300;
function randomJti() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = bytes[6] & 15 | 64;
  bytes[8] = bytes[8] & 63 | 128;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
async function signClientAssertion(key, clientId, tokenUrl, nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1e3);
  const signingKey = await key.signingKey();
  const claims = {
    iss: clientId,
    sub: clientId,
    aud: tokenUrl,
    iat,
    exp: iat + ASSERTION_LIFETIME_S,
    jti: randomJti()
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader(key.kid === void 0 ? { alg: "RS256", typ: "JWT" } : { alg: "RS256", typ: "JWT", kid: key.kid }).sign(signingKey);
}
export {
  ASSERTION_LIFETIME_S,
  signClientAssertion
};
