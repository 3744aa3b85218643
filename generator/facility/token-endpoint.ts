/**
 * The token endpoint: the client-credentials grant with a private-key JWT client assertion (RFC 7523 §2.2 over
 * RFC 6749 §4.4). Every refusal is an RFC 6749 §5.2 error object. An assertion is accepted only if it is RS256,
 * verifies against the client's registered key, names the client as `iss` and `sub`, the token URL as `aud`, and
 * expires within a day but not yet. A `jti` is optional (the facility's own training script signs none); when there is
 * one, it must not have been seen before.
 *
 * Under the security policy (clients hold OAuth2 scopes) the request's `scope` (RFC 6749 section 3.3) says which of
 * the client's scopes the token carries: all it holds when absent, `invalid_scope` when it asks for one not held.
 */
import type { JWTPayload } from "jose";
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from "jose";
import { CLIENT_ASSERTION_TYPE } from "../../templates/runtime/protocol.js";
import type { AccessTokens } from "./access-tokens.js";
import type { ClientRegistry, RegisteredClient } from "./clients.js";
import type { ScriptedReply, TokenHookSlot, TokenHooks } from "./faults.js";
import { requestedScopes } from "./grants.js";
import type { FacilityRequest, Reply } from "./http.js";
import { FORM, mediaType, reply } from "./http.js";

export const GRANT_TYPE = "client_credentials";
/** The client-assertion type, as the runtime sends it. */
export const JWT_BEARER: string = CLIENT_ASSERTION_TYPE;
/**
 * An assertion whose `exp` is further ahead than this is refused. A day is what the facility evidently accepts: its
 * training script signs `exp` 24 hours ahead (the official Python client's authlib signs one hour, others 10 or 30
 * minutes).
 */
export const MAX_ASSERTION_LIFETIME_S = 86_400;
/** Clock skew allowed between the client and the facility, on both ends of an assertion's life. */
export const CLOCK_TOLERANCE_S = 60;
/** Default bound on the jtis remembered for replay checks (each until its assertion expires). */
export const MAX_REMEMBERED_JTIS = 100_000;
const SWEEP_EVERY_S = 60;

type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "temporarily_unavailable";

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
  /** Test hooks (see TokenHooks), and how a scripted "hang" waits (until the facility closes). */
  hooks?: TokenHookSlot;
  hang?: () => Promise<Reply>;
}

/** What a request showed on its way through, for `TokenHooks.record`. */
interface Seen {
  form?: URLSearchParams;
  header?: Record<string, unknown>;
  claims?: JWTPayload;
  passed?: boolean;
}

export async function handleTokenRequest(request: FacilityRequest, ctx: TokenEndpointContext): Promise<Reply> {
  const hooks = ctx.hooks?.hooks ?? {};
  if (!hooks.record && !hooks.reply) return answerTokenRequest(request, ctx, {}, hooks, 0);
  const n = ++ctx.hooks!.count;
  const seen: Seen = {};
  const answer = await answerTokenRequest(request, ctx, seen, hooks, n);
  if (!seen.passed) {
    const refusal = (answer.body as { error_description?: unknown } | undefined)?.error_description;
    record(hooks, seen, String(refusal ?? `HTTP ${answer.status}`));
  }
  return answer.hang && ctx.hang ? ctx.hang() : answer;
}

/** Hands one request to the `record` hook: once it passed (before a scripted answer is chosen), or once refused. */
function record(hooks: TokenHooks, seen: Seen, problem: string | undefined): void {
  const form = seen.form ?? new URLSearchParams();
  const assertion = form.get("client_assertion") ?? "";
  hooks.record?.({ form, assertion, header: seen.header ?? {}, claims: seen.claims, problem });
}

async function answerTokenRequest(
  request: FacilityRequest,
  ctx: TokenEndpointContext,
  seen: Seen,
  hooks: TokenHooks,
  n: number,
): Promise<Reply & { hang?: boolean }> {
  if (request.method !== "POST")
    return {
      ...oauthError("invalid_request", "the token endpoint takes POST"),
      status: 405,
      headers: { ...NO_STORE, allow: "POST" },
    };
  if (mediaType(request.headers) !== FORM) {
    const got = request.headers["content-type"] ? `"${mediaType(request.headers)}"` : "no Content-Type";
    return oauthError("invalid_request", `the token request must be ${FORM} (got ${got})`);
  }
  const form = new URLSearchParams(request.body.toString("utf8"));
  seen.form = form;
  const repeated = [...new Set([...form.keys()].filter((key) => form.getAll(key).length > 1))];
  if (repeated.length > 0)
    return oauthError(
      "invalid_request",
      `parameter${repeated.length > 1 ? "s" : ""} ${repeated.join(", ")} given more than once`,
    );
  const missing = ["grant_type", "client_assertion_type", "client_assertion"].filter((key) => !form.get(key));
  if (missing.length > 0)
    return oauthError("invalid_request", `missing form field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  if (form.get("grant_type") !== GRANT_TYPE)
    return oauthError("unsupported_grant_type", `grant_type must be ${GRANT_TYPE}`);
  if (form.get("client_assertion_type") !== JWT_BEARER)
    return oauthError("invalid_client", `client_assertion_type must be ${JWT_BEARER}`);

  const authenticated = await authenticateClient(form.get("client_assertion")!, form.get("client_id"), ctx, seen);
  if ("status" in authenticated) return authenticated;
  const { client } = authenticated;
  if (ctx.registry.isExpired(client))
    return {
      ...oauthError("invalid_client", `client ${client.clientId} expired at ${client.expiresAt.toISOString()}`),
      clientId: client.clientId,
    };
  if (!client.ipRanges.contains(request.remoteAddress)) {
    return {
      ...oauthError(
        "unauthorized_client",
        `client ${client.clientId} may not ask for tokens from ${request.remoteAddress} ` +
          `(allowed: ${client.ipRanges.cidrs.join(", ")})`,
      ),
      clientId: client.clientId,
    };
  }
  // A color's client ignores `scope` (the facility's clients ask for none); a grant's client gets what it asks for.
  const granted = client.scopes === undefined ? undefined : requestedScopes(form.get("scope"), client.scopes);
  if (granted && "refused" in granted)
    return { ...oauthError("invalid_scope", granted.refused), clientId: client.clientId };
  seen.passed = true;
  record(hooks, seen, undefined);
  const scripted = hooks.reply?.(n);
  if (scripted !== undefined) return { ...scriptedReply(scripted), clientId: client.clientId };
  const holder = { clientId: client.clientId, color: client.color };
  const { token, expiresIn } = await ctx.tokens.issue(granted ? { ...holder, scopes: granted.scopes } : holder);
  return {
    ...reply(
      200,
      // `scope`: the granted scopes; for a color, the client's level, as the facility's answer names what the token
      // may do (an assumed value).
      {
        access_token: token,
        token_type: "Bearer",
        expires_in: expiresIn,
        scope: granted ? granted.scopes.join(" ") : client.color,
      },
      NO_STORE,
    ),
    clientId: client.clientId,
  };
}

/** RFC 7523 §3: the assertion's checks, in an order that never tells an unauthenticated caller more than "no". */
async function authenticateClient(
  assertion: string,
  formClientId: string | null,
  ctx: TokenEndpointContext,
  seen: Seen,
): Promise<{ client: RegisteredClient } | Reply> {
  const hooks = ctx.hooks?.hooks ?? {};
  const strict = hooks.maxAssertionLifetimeS;
  let alg: unknown;
  let claimed: unknown;
  try {
    seen.header = decodeProtectedHeader(assertion) as Record<string, unknown>;
    alg = seen.header.alg;
    claimed = decodeJwt(assertion).iss;
  } catch {
    return oauthError("invalid_client", "client_assertion is not a JWT");
  }
  if (alg !== "RS256")
    return oauthError(
      "invalid_client",
      `client_assertion must be signed with RS256 (got ${JSON.stringify(alg ?? null)})`,
    );
  if (typeof claimed !== "string") return oauthError("invalid_client", "client_assertion has no iss naming the client");
  const client = ctx.registry.get(claimed);
  if (!client) return oauthError("invalid_client", `unknown client ${JSON.stringify(claimed)}`);
  // RFC 7521 §4.2: a client_id sent alongside must name the same client.
  if (formClientId !== null && formClientId !== client.clientId)
    return oauthError("invalid_client", "client_id does not match the client_assertion's iss");

  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, client.publicKey, {
      algorithms: ["RS256"],
      issuer: client.clientId,
      subject: client.clientId,
      audience: ctx.tokenUrl,
      requiredClaims: strict === undefined ? ["exp"] : ["exp", "iat", "jti"],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(ctx.now()),
    }));
  } catch (error) {
    return oauthError("invalid_client", `client_assertion refused: ${assertionProblem(error, ctx.tokenUrl)}`);
  }
  seen.claims = payload;
  const kid = seen.header.kid;
  if (hooks.kid !== undefined && kid !== (hooks.kid ?? undefined))
    return oauthError("invalid_client", `client_assertion refused: kid ${JSON.stringify(kid ?? null)} is not expected`);
  if (strict !== undefined) {
    const life = payload.exp! - payload.iat!;
    if (!Number.isInteger(payload.exp) || !Number.isInteger(payload.iat))
      return oauthError("invalid_client", "client_assertion refused: exp and iat must be whole seconds");
    if (life <= 0 || life > strict)
      return oauthError("invalid_client", `client_assertion refused: exp must be 1 to ${strict} s after iat`);
  }
  const nowS = ctx.now() / 1000;
  if (payload.exp! > nowS + MAX_ASSERTION_LIFETIME_S + CLOCK_TOLERANCE_S) {
    const ahead = Math.round(payload.exp! - nowS);
    return oauthError(
      "invalid_client",
      `client_assertion refused: exp is ${ahead} s ahead; ` +
        `the limit is ${MAX_ASSERTION_LIFETIME_S} s (one day) plus ${CLOCK_TOLERANCE_S} s of clock skew`,
    );
  }
  if (payload.jti === undefined) return { client };
  if (typeof payload.jti !== "string" || payload.jti === "")
    return oauthError("invalid_client", "client_assertion refused: jti, when given, must be a non-empty string");
  const remembered = ctx.replay.record(client.clientId, payload.jti, payload.exp!, nowS);
  if (remembered === "replayed")
    return oauthError("invalid_client", "client_assertion refused: this jti was already used (replay)");
  if (remembered === "full") {
    const retryAfter = ctx.replay.secondsUntilRoom(nowS);
    const answer = oauthError(
      "temporarily_unavailable",
      `too many client assertions within their lifetime (${ctx.replay.capacity} remembered); retry in ${retryAfter} s`,
    );
    return { ...answer, status: 429, headers: { ...answer.headers, "retry-after": String(retryAfter) } };
  }
  return { client };
}

function scriptedReply(scripted: ScriptedReply): Reply & { hang?: boolean } {
  if (scripted === "hang") return { status: 503, hang: true };
  return { status: scripted.status, text: scripted.body, headers: scripted.headers ?? {} };
}

function assertionProblem(error: unknown, tokenUrl: string): string {
  if (error instanceof errors.JWTExpired) return "it has expired (exp is in the past)";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return `aud must be the token URL ${tokenUrl}`;
    return `claim "${error.claim}" ${error.reason === "missing" ? "is missing" : "is not valid"}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return "the signature does not verify against the client's registered key";
  if (error instanceof errors.JOSEError) return `${error.code} (${error.message})`;
  return "it cannot be verified";
}

/**
 * The `jti`s seen per client, each kept until its assertion expires (after which a replay fails on `exp` anyway).
 * At most `capacity` are held: past that, new assertions are refused (never forgotten early, which would let a
 * replay through) until the oldest expire. Expired ones are swept once a minute, or when the cache is full.
 */
export class ReplayCache {
  /** `[clientId, jti]` as JSON -> the assertion's exp (s). */
  readonly #seen = new Map<string, number>();
  #sweptAt = -Infinity;
  #earliestExp = Infinity;

  constructor(readonly capacity: number = MAX_REMEMBERED_JTIS) {}

  /**
   * "fresh" the first time (client, jti) is presented, and records it; "replayed" after; "full" when no room is left.
   */
  record(clientId: string, jti: string, exp: number, nowS: number): "fresh" | "replayed" | "full" {
    const full = this.#seen.size >= this.capacity;
    if (nowS - this.#sweptAt >= SWEEP_EVERY_S || (full && nowS - this.#sweptAt >= 1)) this.#sweep(nowS);
    const key = JSON.stringify([clientId, jti]);
    const until = this.#seen.get(key);
    if (until !== undefined && until + CLOCK_TOLERANCE_S >= nowS) return "replayed";
    if (until === undefined && this.#seen.size >= this.capacity) return "full";
    this.#seen.set(key, exp);
    this.#earliestExp = Math.min(this.#earliestExp, exp);
    return "fresh";
  }

  /** Whole seconds until the earliest remembered assertion expires and frees its place (at least 1). */
  secondsUntilRoom(nowS: number): number {
    return Math.max(1, Math.ceil(this.#earliestExp + CLOCK_TOLERANCE_S - nowS));
  }

  #sweep(nowS: number): void {
    this.#sweptAt = nowS;
    this.#earliestExp = Infinity;
    for (const [key, until] of this.#seen) {
      if (until + CLOCK_TOLERANCE_S < nowS) this.#seen.delete(key);
      else this.#earliestExp = Math.min(this.#earliestExp, until);
    }
  }
}
