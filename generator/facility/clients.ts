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
import { checkGrantName, checkGrantScopes, GRANT_IP_RANGES, GRANT_LIFETIME_DAYS } from "./grants.js";
import type { IpRanges } from "./ip-ranges.js";
import { ipRanges, LOOPBACK_RANGES } from "./ip-ranges.js";
import { MOCK_USER } from "./mock-user.js";

const DAY_MS = 86_400_000;

/** What the facility grants a client of one level: how long it lives, and how many source IP ranges it may list. */
export interface ClientTerms {
  readonly lifetimeDays: number;
  readonly ipRanges: number;
}

/**
 * The facility's own terms, least capable first, as Iris's client dialog gives them ("Which security level does your
 * client need?", November 2023; test/fixtures' README has the table): data for that ladder, not a rule of the mock.
 * Red lives 30 days after a security review, which the mock does not hold.
 */
export const FACILITY_CLIENT_TERMS: readonly (ClientTerms & { readonly level: string })[] = [
  { level: "green", lifetimeDays: 60, ipRanges: 16 },
  { level: "yellow", lifetimeDays: 60, ipRanges: 8 },
  { level: "orange", lifetimeDays: 30, ipRanges: 8 },
  { level: "red", lifetimeDays: 2, ipRanges: 2 },
];

/**
 * On a ladder whose levels are not the facility's, by rank: the lowest as the facility's lowest, the top as its top,
 * any between as the shortest-lived of its middle levels (orange). lifetimeNote says so.
 */
export const ASSUMED_CLIENT_TERMS: Readonly<Record<"lowest" | "between" | "top", ClientTerms>> = {
  lowest: { lifetimeDays: 60, ipRanges: 16 },
  between: { lifetimeDays: 30, ipRanges: 8 },
  top: { lifetimeDays: 2, ipRanges: 2 },
};

/**
 * The facility's terms by level when every level of `ladder` is one of its levels, in its order (its own ladder, or
 * part of it such as green < red); undefined otherwise.
 */
function facilityTerms(ladder: Ladder): Map<string, ClientTerms> | undefined {
  const order = FACILITY_CLIENT_TERMS.map((terms) => terms.level);
  const ranks = ladder.map((level) => order.indexOf(level));
  if (ranks.some((rank, i) => rank < 0 || (i > 0 && rank <= ranks[i - 1]!))) return undefined;
  return new Map(ladder.map((level, i) => [level, FACILITY_CLIENT_TERMS[ranks[i]!]!]));
}

/** The terms of a new client of `color` on `ladder`: the facility's (FACILITY_CLIENT_TERMS), else assumed by rank. */
export function clientTerms(ladder: Ladder, color: string): ClientTerms {
  const known = facilityTerms(ladder)?.get(color);
  if (known) return { lifetimeDays: known.lifetimeDays, ipRanges: known.ipRanges };
  const index = ladder.indexOf(color);
  if (index === ladder.length - 1) return ASSUMED_CLIENT_TERMS.top;
  return index === 0 ? ASSUMED_CLIENT_TERMS.lowest : ASSUMED_CLIENT_TERMS.between;
}

/** What to tell the user about the terms on `ladder`: undefined when they are the facility's own. */
export function lifetimeNote(ladder: Ladder): string | undefined {
  if (facilityTerms(ladder)) return undefined;
  const terms = ladder.map((color) => {
    const { lifetimeDays, ipRanges } = clientTerms(ladder, color);
    return `${color} ${lifetimeDays} days and ${ipRanges} IP ranges`;
  });
  const facility = FACILITY_CLIENT_TERMS.map((t) => t.level).join(" < ");
  return `client terms assumed by rank (the facility documents them for ${facility}): ${terms.join(", ")}`;
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
  /** Default: by level, as the facility's terms (clientTerms: green 60 days, yellow 60, orange 30, red 2). */
  expiresAt?: Date;
  /**
   * CIDR blocks the client may ask for tokens from, at most as many as its level allows (clientTerms: red 2, the
   * two loopback blocks). Default: loopback only.
   */
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
  /** How many IP ranges its level allows (clientTerms); `ipRanges` holds at most that many. */
  readonly maxIpRanges: number;
  readonly user: string;
  readonly globus: boolean;
}

export class ClientRegistry {
  readonly #clients = new Map<string, RegisteredClient>();

  constructor(
    private readonly ladder: Ladder,
    private readonly now: () => number = Date.now,
    /** Under the security policy: every scope the description names (a grant holds some of them). */
    readonly grantScopes?: readonly string[] | undefined,
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
    const terms = this.grantScopes
      ? { lifetimeDays: GRANT_LIFETIME_DAYS, ipRanges: GRANT_IP_RANGES }
      : clientTerms(this.ladder, color);
    const lifetime = terms.lifetimeDays * DAY_MS;
    const ranges = registration.ipRanges ?? LOOPBACK_RANGES;
    if (ranges.length > terms.ipRanges)
      throw new OptionError(
        `client "${clientId}" (${color}) lists ${ranges.length} IP ranges; its level allows at most ${terms.ipRanges}`,
      );
    const expiresAt = registration.expiresAt ?? new Date(this.now() + lifetime);
    if (Number.isNaN(expiresAt.getTime())) throw new OptionError(`client "${clientId}": expiresAt is not a valid date`);
    const client: RegisteredClient = {
      clientId,
      color,
      ...(scopes ? { scopes } : {}),
      publicKey: rsaPublicKey(registration.publicKey, clientId),
      expiresAt,
      ipRanges: ipRanges(ranges),
      maxIpRanges: terms.ipRanges,
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
