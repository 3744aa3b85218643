/**
 * The facility's own access tokens: JWTs it signs with a key made at start (never written anywhere), carrying the
 * client ID and color (under the security policy: the grant's name, and the granted scopes as the RFC 9068 `scope`
 * claim, space-separated). The API checks them with the same key; a restart invalidates every token, as it should.
 */
import { randomUUID } from "node:crypto";
import type { CryptoKey } from "jose";
import { errors, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { scopesOfClaim } from "./grants.js";

const ALG = "EdDSA";
const TOKEN_TYPE = "at+jwt";

export interface TokenHolder {
  clientId: string;
  color: string;
  /** The scopes granted, under the security policy (the token's `scope` claim); undefined for a color's token. */
  scopes?: readonly string[];
}

export class AccessTokenError extends Error {
  override name = "AccessTokenError";
}

export class AccessTokens {
  private constructor(
    private readonly keys: { privateKey: CryptoKey; publicKey: CryptoKey },
    private readonly issuer: string,
    readonly lifetimeSeconds: number,
    private readonly now: () => number,
    /**
     * How long a token really works; shorter than `lifetimeSeconds` (what `expires_in` says) for the early-expiry
     * fault.
     */
    readonly realLifetimeSeconds: number,
  ) {}

  static async create(options: {
    issuer: string;
    lifetimeSeconds: number;
    realLifetimeSeconds?: number;
    now?: () => number;
  }): Promise<AccessTokens> {
    return new AccessTokens(
      await generateKeyPair(ALG),
      options.issuer,
      options.lifetimeSeconds,
      options.now ?? Date.now,
      Math.min(options.realLifetimeSeconds ?? options.lifetimeSeconds, options.lifetimeSeconds),
    );
  }

  async issue(holder: TokenHolder): Promise<{ token: string; expiresIn: number }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const claims = { client_id: holder.clientId, color: holder.color };
    const scoped = holder.scopes === undefined ? claims : { ...claims, scope: holder.scopes.join(" ") };
    const token = await new SignJWT(scoped)
      .setProtectedHeader({ alg: ALG, typ: TOKEN_TYPE })
      .setIssuer(this.issuer)
      .setAudience(this.issuer)
      .setSubject(holder.clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.realLifetimeSeconds)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
    return { token, expiresIn: this.lifetimeSeconds };
  }

  /** The holder of a valid, unexpired token; AccessTokenError (with a message safe to show) otherwise. */
  async verify(token: string): Promise<TokenHolder> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: [ALG],
        typ: TOKEN_TYPE,
        issuer: this.issuer,
        audience: this.issuer,
        requiredClaims: ["exp", "sub", "color"],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== "string" || typeof payload.color !== "string")
        throw new AccessTokenError("the access token lacks a client or a color");
      const holder: TokenHolder = { clientId: payload.sub, color: payload.color };
      return payload.scope === undefined ? holder : { ...holder, scopes: scopesOfClaim(payload.scope) };
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      if (error instanceof errors.JWTExpired)
        throw new AccessTokenError("the access token has expired; ask the token endpoint for a new one");
      throw new AccessTokenError("the access token is not one this facility issued");
    }
  }
}
