/**
 * The token endpoint: the client-credentials grant with a private-key JWT client assertion (RFC 7523 §2.2 over
 * RFC 6749 §4.4). Every refusal is an RFC 6749 §5.2 error object. An assertion is accepted only if it is RS256,
 * verifies against the client's registered key, names the client as `iss` and `sub`, the token URL as `aud`, expires
 * soon but not yet, and carries a `jti` this endpoint has not seen.
 */
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from "jose";
import type { AccessTokens } from "./access-tokens.js";
import type { ClientRegistry, RegisteredClient } from "./clients.js";
import { FORM, mediaType, reply } from "./http.js";
import type { FacilityRequest, Reply } from "./http.js";

export const GRANT_TYPE = "client_credentials";
export const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** An assertion valid for longer than this is refused: a stolen one must not be good for long. */
export const MAX_ASSERTION_LIFETIME_S = 600;
/** Clock skew allowed between the client and the facility. */
export const CLOCK_TOLERANCE_S = 10;

type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type";

/** RFC 6749 §5.2: 400, or 401 for failed client authentication. */
function oauthError(error: OAuthErrorCode, description: string): Reply {
  return reply(error === "invalid_client" ? 401 : 400, { error, error_description: description }, NO_STORE);
}

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export interface TokenEndpointContext {
  registry: ClientRegistry;
  tokens: AccessTokens;
  replay: ReplayCache;
  /** The token URL, which every assertion's `aud` must name. */
  tokenUrl: string;
  now: () => number;
}

export async function handleTokenRequest(request: FacilityRequest, ctx: TokenEndpointContext): Promise<Reply> {
  if (request.method !== "POST") return { ...oauthError("invalid_request", "the token endpoint takes POST"), status: 405, headers: { ...NO_STORE, allow: "POST" } };
  if (mediaType(request.headers) !== FORM) {
    return oauthError("invalid_request", `the token request must be ${FORM} (got ${request.headers["content-type"] ? `"${mediaType(request.headers)}"` : "no Content-Type"})`);
  }
  const form = new URLSearchParams(request.body.toString("utf8"));
  const repeated = [...new Set([...form.keys()].filter((key) => form.getAll(key).length > 1))];
  if (repeated.length > 0) return oauthError("invalid_request", `parameter${repeated.length > 1 ? "s" : ""} ${repeated.join(", ")} given more than once`);
  const missing = ["grant_type", "client_assertion_type", "client_assertion"].filter((key) => !form.get(key));
  if (missing.length > 0) return oauthError("invalid_request", `missing form field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  if (form.get("grant_type") !== GRANT_TYPE) return oauthError("unsupported_grant_type", `grant_type must be ${GRANT_TYPE}`);
  if (form.get("client_assertion_type") !== JWT_BEARER) return oauthError("invalid_client", `client_assertion_type must be ${JWT_BEARER}`);

  const authenticated = await authenticateClient(form.get("client_assertion")!, form.get("client_id"), ctx);
  if ("status" in authenticated) return authenticated;
  const { client } = authenticated;
  if (ctx.registry.isExpired(client)) return { ...oauthError("invalid_client", `client ${client.clientId} expired at ${client.expiresAt.toISOString()}`), clientId: client.clientId };
  if (!client.ipRanges.contains(request.remoteAddress)) {
    return { ...oauthError("unauthorized_client", `client ${client.clientId} may not ask for tokens from ${request.remoteAddress} (allowed: ${client.ipRanges.cidrs.join(", ")})`), clientId: client.clientId };
  }
  const { token, expiresIn } = await ctx.tokens.issue({ clientId: client.clientId, color: client.color });
  return { ...reply(200, { access_token: token, token_type: "Bearer", expires_in: expiresIn }, NO_STORE), clientId: client.clientId };
}

/** RFC 7523 §3: the assertion's checks, in an order that never tells an unauthenticated caller more than "no". */
async function authenticateClient(assertion: string, formClientId: string | null, ctx: TokenEndpointContext): Promise<{ client: RegisteredClient } | Reply> {
  let alg: unknown;
  let claimed: unknown;
  try {
    alg = decodeProtectedHeader(assertion).alg;
    claimed = decodeJwt(assertion).iss;
  } catch {
    return oauthError("invalid_client", "client_assertion is not a JWT");
  }
  if (alg !== "RS256") return oauthError("invalid_client", `client_assertion must be signed with RS256 (got ${JSON.stringify(alg ?? null)})`);
  if (typeof claimed !== "string") return oauthError("invalid_client", "client_assertion has no iss naming the client");
  const client = ctx.registry.get(claimed);
  if (!client) return oauthError("invalid_client", `unknown client ${JSON.stringify(claimed)}`);
  // RFC 7521 §4.2: a client_id sent alongside must name the same client.
  if (formClientId !== null && formClientId !== client.clientId) return oauthError("invalid_client", "client_id does not match the client_assertion's iss");

  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, client.publicKey, {
      algorithms: ["RS256"],
      issuer: client.clientId,
      subject: client.clientId,
      audience: ctx.tokenUrl,
      requiredClaims: ["exp", "jti"],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(ctx.now()),
    }));
  } catch (error) {
    return oauthError("invalid_client", `client_assertion refused: ${assertionProblem(error, ctx.tokenUrl)}`);
  }
  const nowS = ctx.now() / 1000;
  if (payload.exp! > nowS + MAX_ASSERTION_LIFETIME_S + CLOCK_TOLERANCE_S) {
    return oauthError("invalid_client", `client_assertion refused: exp is more than ${MAX_ASSERTION_LIFETIME_S} s ahead`);
  }
  if (typeof payload.jti !== "string" || payload.jti === "") return oauthError("invalid_client", "client_assertion refused: jti must be a non-empty string");
  if (!ctx.replay.firstUse(client.clientId, payload.jti, payload.exp!, nowS)) {
    return oauthError("invalid_client", "client_assertion refused: this jti was already used (replay)");
  }
  return { client };
}

function assertionProblem(error: unknown, tokenUrl: string): string {
  if (error instanceof errors.JWTExpired) return "it has expired (exp is in the past)";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return `aud must be the token URL ${tokenUrl}`;
    return `claim "${error.claim}" ${error.reason === "missing" ? "is missing" : "is not valid"}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return "the signature does not verify against the client's registered key";
  if (error instanceof errors.JOSEError) return `${error.code} (${error.message})`;
  return "it cannot be verified";
}

/**
 * The `jti`s seen per client, each kept until its assertion expires (after which a replay fails on `exp` anyway),
 * so the memory held is bounded by the assertions accepted in the last MAX_ASSERTION_LIFETIME_S.
 */
export class ReplayCache {
  readonly #seen = new Map<string, number>();

  /** True the first time (client, jti) is presented; records it. */
  firstUse(clientId: string, jti: string, exp: number, nowS: number): boolean {
    for (const [key, until] of this.#seen) if (until + CLOCK_TOLERANCE_S < nowS) this.#seen.delete(key);
    const key = JSON.stringify([clientId, jti]);
    if (this.#seen.has(key)) return false;
    this.#seen.set(key, exp);
    return true;
  }
}
