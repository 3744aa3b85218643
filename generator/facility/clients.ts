/**
 * The facility's client registry: who may ask for tokens, with which color, which public key, until when and from
 * where. Mirrors what a user registers on the facility's web page; nothing here ever holds a private key.
 */

import type { KeyObject } from "node:crypto";
import { createPublicKey, randomBytes } from "node:crypto";
// jose's JWK, not node:crypto's JsonWebKey: @types/node 26 no longer exports that, and these declarations are public.
import type { JWK as JsonWebKey } from "jose";
import { colorProblem } from "../../templates/runtime/levels.js";
import { OptionError } from "../errors.js";
import type { Ladder } from "../model/scope.js";
import { checkGrantName, checkGrantScopes, GRANT_LIFETIME_DAYS } from "./grants.js";
import type { IpRanges } from "./ip-ranges.js";
import { ipRanges, LOOPBACK_RANGES } from "./ip-ranges.js";
import { MOCK_USER } from "./mock-user.js";

const DAY_MS = 86_400_000;
/**
 * The facility's client lifetimes by level, as its documentation gives them for its three levels: green 60 days,
 * yellow 30, red 2. On a ladder of another length the mock assumes: the top level 2 days, the lowest 60, any between
 * 30 (`lifetimeNote` says so).
 */
export const CLIENT_LIFETIME_DAYS = { lowest: 60, between: 30, top: 2 } as const;

/** How long a new client of `color` lives on `ladder`, in ms. */
export function clientLifetimeMs(ladder: Ladder, color: string): number {
  const index = ladder.indexOf(color);
  const days =
    index === ladder.length - 1
      ? CLIENT_LIFETIME_DAYS.top
      : index === 0
        ? CLIENT_LIFETIME_DAYS.lowest
        : CLIENT_LIFETIME_DAYS.between;
  return days * DAY_MS;
}

/** What to tell the user about the lifetimes on `ladder`: undefined for the facility's own three levels. */
export function lifetimeNote(ladder: Ladder): string | undefined {
  if (ladder.length === 3) return undefined;
  const days = ladder.map((color) => `${color} ${clientLifetimeMs(ladder, color) / DAY_MS} days`).join(", ");
  return (
    `client lifetimes assumed for a ladder of ${ladder.length} levels (the facility documents three: ` +
    `60, 30 and 2 days): ${days}`
  );
}
const MIN_RSA_BITS = 2048;

export interface ClientRegistration {
  /** Default: a fresh random ID. */
  clientId?: string;
  /**
   * A level on the facility's ladder; under the security policy (a description listing OAuth2 scopes), the name of
   * the client's grant (`all`, `none`, `reader`: it names the key files).
   */
  color: string;
  /**
   * Under the security policy, and only then: the OAuth2 scopes the client holds (each one the description names).
   * Tokens carry those the token request asks for.
   */
  scopes?: readonly string[];
  /** The RSA public key (a private key is accepted and only its public half kept): KeyObject, SPKI PEM or JWK. */
  publicKey: KeyObject | string | JsonWebKey;
  /** Default: by level, as the facility's lifetimes (clientLifetimeMs): green 60 days, yellow 30, red 2. */
  expiresAt?: Date;
  /** CIDR blocks the client may ask for tokens from. Default: loopback only. */
  ipRanges?: readonly string[];
  /**
   * The account the client acts for: the mock user (the default) or a collaboration account's name. Jobs, tasks and
   * groups belong to the account, so every client of one account sees them (within its color).
   */
  user?: string;
  /**
   * The Globus option the facility's client form offers: without it, Globus transfers are refused (403). Default
   * false, as on the form.
   */
  globus?: boolean;
}

export interface RegisteredClient {
  readonly clientId: string;
  readonly color: string;
  /** The scopes the client holds (sorted), under the security policy; undefined on a ladder. */
  readonly scopes?: readonly string[];
  readonly publicKey: KeyObject;
  readonly expiresAt: Date;
  readonly ipRanges: IpRanges;
  readonly user: string;
  readonly globus: boolean;
}

export class ClientRegistry {
  readonly #clients = new Map<string, RegisteredClient>();

  constructor(
    private readonly ladder: Ladder,
    private readonly now: () => number = Date.now,
    /** Under the security policy: every scope the description names (a grant holds some of them). */
    readonly grantScopes?: readonly string[],
  ) {}

  register(registration: ClientRegistration): RegisteredClient {
    const { color } = registration;
    let scopes: string[] | undefined;
    if (this.grantScopes) {
      checkGrantName(color, "client grant");
      scopes = checkGrantScopes(registration.scopes, this.grantScopes, `client grant "${color}"`);
    } else {
      const wrong = colorProblem(this.ladder, color);
      if (wrong) throw new OptionError(`client color ${wrong}`);
      if (registration.scopes !== undefined)
        throw new OptionError(
          `client "${color}": scopes are for a description whose requirements list OAuth2 scopes; ` +
            "this facility reads colors",
        );
    }
    const clientId = registration.clientId ?? newClientId();
    if (!/^[A-Za-z0-9._~-]{1,128}$/.test(clientId))
      throw new OptionError(
        `client ID ${JSON.stringify(clientId)} must be 1-128 letters, digits, ".", "_", "~" or "-"`,
      );
    if (this.#clients.has(clientId)) throw new OptionError(`client ID "${clientId}" is already registered`);
    const lifetime = this.grantScopes ? GRANT_LIFETIME_DAYS * DAY_MS : clientLifetimeMs(this.ladder, color);
    const expiresAt = registration.expiresAt ?? new Date(this.now() + lifetime);
    if (Number.isNaN(expiresAt.getTime())) throw new OptionError(`client "${clientId}": expiresAt is not a valid date`);
    const client: RegisteredClient = {
      clientId,
      color,
      ...(scopes ? { scopes } : {}),
      publicKey: rsaPublicKey(registration.publicKey, clientId),
      expiresAt,
      ipRanges: ipRanges(registration.ipRanges ?? LOOPBACK_RANGES),
      user: accountName(registration.user ?? MOCK_USER.name, clientId),
      globus: registration.globus === true,
    };
    this.#clients.set(clientId, client);
    return client;
  }

  get(clientId: string): RegisteredClient | undefined {
    return this.#clients.get(clientId);
  }

  list(): RegisteredClient[] {
    return [...this.#clients.values()];
  }

  isExpired(client: RegisteredClient): boolean {
    return client.expiresAt.getTime() <= this.now();
  }
}

/**
 * Thirteen lowercase letters and digits, like the facility's own client IDs: the official Python client's key-file
 * loader refuses a client ID of any other length.
 */
export const CLIENT_ID_LENGTH = 13;
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
function newClientId(): string {
  // 252 = 7 * 36: bytes at or above it are skipped so every character is equally likely.
  let id = "";
  while (id.length < CLIENT_ID_LENGTH) {
    for (const byte of randomBytes(CLIENT_ID_LENGTH)) {
      if (byte < 252 && id.length < CLIENT_ID_LENGTH) id += ID_ALPHABET[byte % 36];
    }
  }
  return id;
}

/** A Unix user name: the account's name shows in job rows and paths. */
function accountName(name: string, clientId: string): string {
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(name))
    throw new OptionError(
      `client "${clientId}": user ${JSON.stringify(name)} must be a Unix user name ` +
        '(lowercase letters, digits, "_", "-")',
    );
  return name;
}

function rsaPublicKey(key: KeyObject | string | JsonWebKey, clientId: string): KeyObject {
  let publicKey: KeyObject;
  try {
    if (isKeyObject(key)) publicKey = key.type === "public" ? key : createPublicKey(key);
    else publicKey = typeof key === "string" ? createPublicKey(key) : createPublicKey({ key, format: "jwk" });
  } catch (error) {
    throw new OptionError(`client "${clientId}": the public key cannot be read (${(error as Error).message})`);
  }
  const bits = publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (publicKey.asymmetricKeyType !== "rsa" || bits < MIN_RSA_BITS) {
    const got = `${publicKey.asymmetricKeyType ?? "unknown"}${bits ? ` ${bits}` : ""}`;
    throw new OptionError(
      `client "${clientId}": the facility accepts RSA keys of at least ${MIN_RSA_BITS} bits (got ${got})`,
    );
  }
  return publicKey;
}

function isKeyObject(key: unknown): key is KeyObject {
  return (
    typeof key === "object" &&
    key !== null &&
    typeof (key as KeyObject).export === "function" &&
    "asymmetricKeyType" in key
  );
}
