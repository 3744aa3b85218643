/**
 * Private keys: turn whatever the caller holds into a WebCrypto RS256 signing key (plus the JWK `kid` and, for the
 * official Python client's key files, the client ID). Accepted: PEM (PKCS#8, and PKCS#1 wrapped into PKCS#8 here since
 * WebCrypto imports only PKCS#8), a JWK object or its JSON text, a CryptoKey, a Node KeyObject, or `{ file }`
 * holding any of those, or the Python client's formats: the client ID on the first line followed by the PEM, or JSON
 * `{ client_id, secret }` (with `base_url`, `token_url`, `color` and `expires_at` beside them in the files
 * `sfapi-gen mock` writes), or Iris's download folder (`clientid.txt` and `priv_key.pem` or `priv_key.jwk`).
 *
 * No node: import: keys are checked synchronously when the client is created (kind, RSA, modulus length, encryption)
 * by reading the DER structure, and imported with WebCrypto on the first token request (jose then signs with it), so
 * the same code runs in Node, Deno, Bun, browsers and edge runtimes. WebCrypto rather than jose's importPKCS8 and
 * importJWK: the DER is already read here, and jose's importers would add a quarter of jose to every bundle.
 *
 * Only `{ file }` needs a file system, and its reader comes from the caller: index.js passes key-file.ts's, core.js
 * none, so that a bundle of core.js carries no file code.
 *
 * Error messages name the file and the problem, never any key material (so no parser messages are passed on).
 */
import { bitLength, fromBase64, fromBase64Url, type KeyInfo, pkcs1ToPkcs8, readPkcs1, readPkcs8 } from "./der.js";
import { ConfigError, KeyError } from "./errors.js";

/**
 * An RSA private key as a JWK (RFC 7517). Typed here rather than taken from node:crypto (gone from @types/node 26),
 * the DOM or jose, so that the client's declarations need none of them; a `JsonWebKey` of either is assignable.
 */
export interface Jwk {
  kty?: string | undefined;
  kid?: string | undefined;
  alg?: string | undefined;
  use?: string | undefined;
  key_ops?: string[] | undefined;
  ext?: boolean | undefined;
  n?: string | undefined;
  e?: string | undefined;
  d?: string | undefined;
  p?: string | undefined;
  q?: string | undefined;
  dp?: string | undefined;
  dq?: string | undefined;
  qi?: string | undefined;
}

/** A Node `KeyObject` (node:crypto), described by what is used of it. */
export interface KeyObjectLike {
  readonly type: string;
  readonly asymmetricKeyType?: string | undefined;
  export(options: { format: "jwk" }): object;
}

/** A WebCrypto `CryptoKey` (RSASSA-PKCS1-v1_5 with SHA-256, private, usable for "sign"). */
export interface CryptoKeyLike {
  readonly type: string;
  readonly algorithm: object;
  readonly usages: readonly string[];
}

export type PrivateKeyInput = string | Jwk | KeyObjectLike | CryptoKeyLike | { file: string };

export interface LoadedKey {
  /**
   * The CryptoKey jose signs with, imported once, on the first token request. Typed `object` so that the client's
   * declarations name no DOM or Node type (a browser-less, @types/node-less project checks them too).
   */
  readonly signingKey: () => Promise<object>;
  readonly kid: string | undefined;
  /** The client ID the key file names (Python client formats), if any. */
  readonly clientId: string | undefined;
  /** Where the API and token endpoint are, when the key file says (`sfapi-gen mock`'s JSON files do). */
  readonly baseUrl?: string;
  readonly tokenUrl?: string;
  /** The client's color, when the key file says (`sfapi-gen mock`'s JSON files do). */
  readonly color?: string;
  /** When the API client stops working, when the key file says (`expires_at`: `sfapi-gen mock`'s JSON files). */
  readonly expiresAt?: Date;
  /** The file the key was read from, when it came from one (`~` expanded). */
  readonly file?: string;
}

/** RSA keys below this are refused: the facility (and jose) reject them anyway, only later and less clearly. */
export const MIN_RSA_BITS = 2048;
/** RS256 as WebCrypto names it; the key is usable for signing only and cannot be exported again. */
const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };

/** What a key file reader gives (key-file.ts's `readKeyFileText`). */
export interface KeyFileText {
  /** The file the key was read from, `~` expanded (in a key folder: its `priv_key.pem` or `priv_key.jwk`). */
  path: string;
  text: string;
  /** A key folder (Iris's download): the folder, its client ID file and that file's text, the key file's format. */
  folder?: { path: string; clientIdFile: string; clientIdText: string; format: "pem" | "jwk" };
}

/** Reads a key file, or a key folder (key-file.ts's `readKeyFileText`). */
export type KeyFileReader = (file: string) => KeyFileText;

export function loadPrivateKey(input: PrivateKeyInput, readKeyFile: KeyFileReader | undefined): LoadedKey {
  if (typeof input === "string") return parseKeyText(input, "privateKey", undefined);
  if (input && typeof input === "object") {
    if ("file" in input && Object.hasOwn(input, "file") && typeof input.file === "string") {
      if (!readKeyFile)
        throw new ConfigError({
          message:
            "createClient: core.js reads no key files; import createClient from index.js, " +
            "or give privateKey as a PEM string, a JWK or a CryptoKey",
        });
      const read = readKeyFile(input.file);
      const key = read.folder
        ? fromFolder(read, read.folder)
        : parseKeyText(read.text, `The key file ${read.path}`, read.path);
      return { ...key, file: read.path };
    }
    if ("algorithm" in input && "usages" in input) return fromCryptoKey(input, "privateKey");
    if ("export" in input && typeof input.export === "function") return fromKeyObject(input, "privateKey");
    if ("kty" in input) return fromJwk(input, "privateKey", undefined);
  }
  throw new KeyError({
    message: "privateKey must be a PEM string, a JWK (object or JSON), a CryptoKey, a KeyObject or { file: path }",
  });
}

/**
 * Iris's folder: the client ID from its file (trimmed: Iris's has no newline, an editor may add one), the key from
 * `priv_key.pem` (a PEM private key) or `priv_key.jwk` (an RSA private JWK), each only that.
 */
function fromFolder(read: KeyFileText, folder: NonNullable<KeyFileText["folder"]>): LoadedKey {
  const clientId = folder.clientIdText.replace(/^\uFEFF/, "").trim();
  if (clientId === "" || /\s/.test(clientId))
    throw new KeyError({
      message: `The client ID file ${folder.clientIdFile} does not hold one client ID (one word on one line)`,
      file: folder.clientIdFile,
    });
  const where = `The key file ${read.path}`;
  const text = read.text.replace(/^\uFEFF/, "").trim();
  if (folder.format === "pem") return { ...fromPem(text, where, read.path, undefined), clientId };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyError({ message: `${where} is not valid JSON (a JWK)`, file: read.path });
  }
  if (!value || typeof value !== "object" || Array.isArray(value) || !("kty" in value))
    throw new KeyError({ message: `${where} is not a JWK (a JSON object with "kty")`, file: read.path });
  return { ...fromJwk(value as Jwk, where, read.path), clientId };
}

/** The key's import, started on first use and shared by every token request after it. */
function lazily(load: () => Promise<object>, where: string, file: string | undefined): () => Promise<object> {
  let imported: Promise<object> | undefined;
  return () =>
    (imported ??= load().catch(() => {
      throw new KeyError({ message: `${where} could not be imported for RS256 signing`, file });
    }));
}

export function parseKeyText(raw: string, where: string, file: string | undefined): LoadedKey {
  const text = raw.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("{")) return fromJson(text, where, file);
  if (text.startsWith("-----BEGIN")) return fromPem(text, where, file, undefined);
  // The Python client's text format: the client ID alone on the first line, then the PEM key.
  const newline = text.indexOf("\n");
  const clientId = newline > 0 ? text.slice(0, newline).trim() : "";
  const rest = newline > 0 ? text.slice(newline + 1).trim() : "";
  if (clientId !== "" && !/\s/.test(clientId) && rest.startsWith("-----BEGIN"))
    return fromPem(rest, where, file, clientId);
  throw new KeyError({
    message: `${where} is not a PEM key, a JWK, or a client ID line followed by a PEM key`,
    file,
  });
}

function fromJson(text: string, where: string, file: string | undefined): LoadedKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyError({ message: `${where} starts with "{" but is not valid JSON`, file });
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new KeyError({ message: `${where} is JSON but not an object`, file });
  const record = value as Record<string, unknown>;
  if ("kty" in record) return fromJwk(record as Jwk, where, file);
  if ("secret" in record) {
    // The Python client's JSON format: { "client_id": "...", "secret": <JWK object, JWK JSON or PEM> }.
    const clientId =
      typeof record.client_id === "string" && record.client_id.trim() !== "" ? record.client_id.trim() : undefined;
    const secret = record.secret;
    const inner =
      typeof secret === "string"
        ? parseKeyText(secret, `${where} (its "secret")`, file)
        : secret && typeof secret === "object"
          ? fromJwk(secret as Jwk, `${where} (its "secret")`, file)
          : undefined;
    if (!inner) throw new KeyError({ message: `${where}: "secret" must be a JWK or a PEM string`, file });
    const url = (field: string) =>
      typeof record[field] === "string" && record[field] !== ""
        ? { [field === "base_url" ? "baseUrl" : "tokenUrl"]: record[field] as string }
        : {};
    // One URL without the other would send the token request to the real facility's default while the calls go to
    // the file's own API (or the other way round): refused, naming the missing field.
    const given = ["base_url", "token_url"].filter((field) => field in record);
    if (given.length === 1) {
      const missing = given[0] === "base_url" ? "token_url" : "base_url";
      throw new KeyError({
        message: `${where} has "${given[0]}" but no "${missing}": give both URLs, or neither`,
        file,
      });
    }
    const color = typeof record.color === "string" && record.color !== "" ? { color: record.color } : {};
    const expires = "expires_at" in record ? { expiresAt: expiresAt(record.expires_at, where, file) } : {};
    return {
      ...inner,
      clientId: clientId ?? inner.clientId,
      ...url("base_url"),
      ...url("token_url"),
      ...color,
      ...expires,
    };
  }
  throw new KeyError({
    message: `${where} is JSON but neither a JWK (no "kty") nor { "client_id", "secret" }`,
    file,
  });
}

/** A key file's `expires_at`: an ISO 8601 date (as `sfapi-gen mock` writes it); the value is not repeated. */
function expiresAt(value: unknown, where: string, file: string | undefined): Date {
  const date = typeof value === "string" && value.trim() !== "" ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new KeyError({ message: `${where}: "expires_at" is not a date (ISO 8601, e.g. 2026-01-31T00:00:00Z)`, file });
  return date;
}

const PEM = /^-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\s]*?)-----END \1-----\s*$/;

function fromPem(pem: string, where: string, file: string | undefined, clientId: string | undefined): LoadedKey {
  if (/-----BEGIN (?:RSA )?PUBLIC KEY-----|-----BEGIN CERTIFICATE-----/.test(pem)) {
    throw new KeyError({
      message: `${where} holds a public key or certificate; the client needs the private key`,
      file,
    });
  }
  if (pem.includes("-----BEGIN ENCRYPTED PRIVATE KEY-----") || /Proc-Type:\s*4,ENCRYPTED/.test(pem)) {
    throw new KeyError({
      message:
        `${where} is encrypted with a passphrase; ` +
        "store it decrypted (e.g. `openssl pkey -in key.pem -out key-plain.pem`) with mode 600",
      file,
    });
  }
  const match = PEM.exec(pem);
  const der = match ? fromBase64(match[2]!) : undefined;
  const label = match?.[1];
  const unreadable = () => new KeyError({ message: `${where} is not a readable PEM private key`, file });
  if (!der) throw unreadable();
  let info: KeyInfo | undefined;
  let pkcs8 = der;
  if (label === "PRIVATE KEY") info = readPkcs8(der);
  else if (label === "RSA PRIVATE KEY") {
    info = readPkcs1(der);
    pkcs8 = pkcs1ToPkcs8(der);
  } else if (label === "EC PRIVATE KEY") info = { type: "ec" };
  else if (label === "DSA PRIVATE KEY") info = { type: "dsa" };
  if (!info) throw unreadable();
  checkRsa(info, where, file);
  // fromBase64 and pkcs1ToPkcs8 build fresh Uint8Arrays, never views of a SharedArrayBuffer.
  const importKey = () => crypto.subtle.importKey("pkcs8", pkcs8 as Uint8Array<ArrayBuffer>, RS256, false, ["sign"]);
  return { signingKey: lazily(importKey, where, file), kid: undefined, clientId };
}

const RSA_PRIVATE_MEMBERS = ["n", "e", "d", "p", "q", "dp", "dq", "qi"] as const;

function fromJwk(jwk: Jwk, where: string, file: string | undefined): LoadedKey {
  if (jwk.kty !== "RSA")
    throw new KeyError({
      message: `${where} is a ${String(jwk.kty)} JWK; SFAPI clients sign with RSA (RS256)`,
      file,
    });
  if (typeof jwk.d !== "string")
    throw new KeyError({ message: `${where} is a public JWK (no "d"); the client needs the private key`, file });
  const members: Record<string, string> = {};
  for (const name of RSA_PRIVATE_MEMBERS) {
    const value = jwk[name];
    if (typeof value !== "string" || !fromBase64Url(value))
      throw new KeyError({
        message: `${where} is not a usable RSA private JWK (its "${name}" is missing or not base64url)`,
        file,
      });
    members[name] = value;
  }
  checkRsa({ type: "rsa", bits: bitLength(fromBase64Url(members.n!)!) }, where, file);
  // Only the key itself: `alg`, `use` or `key_ops` a JWK may carry must not stop an RS256 import.
  const clean = { kty: "RSA", ...members };
  return {
    signingKey: lazily(() => crypto.subtle.importKey("jwk", clean, RS256, false, ["sign"]), where, file),
    kid: typeof jwk.kid === "string" ? jwk.kid : undefined,
    clientId: undefined,
  };
}

function fromKeyObject(key: KeyObjectLike, where: string): LoadedKey {
  if (key.type !== "private")
    throw new KeyError({ message: `${where} is a ${key.type} key; the client needs the RSA private key` });
  if (key.asymmetricKeyType !== "rsa") checkRsa({ type: String(key.asymmetricKeyType) }, where, undefined);
  let jwk: Jwk;
  try {
    jwk = key.export({ format: "jwk" }) as Jwk;
  } catch {
    throw new KeyError({ message: `${where} is a key object that cannot be exported as a JWK` });
  }
  return fromJwk(jwk, where, undefined);
}

function fromCryptoKey(key: CryptoKeyLike, where: string): LoadedKey {
  const algorithm = key.algorithm as { name?: unknown; hash?: { name?: unknown }; modulusLength?: unknown };
  if (key.type !== "private")
    throw new KeyError({ message: `${where} is a ${key.type} key; the client needs the RSA private key` });
  if (algorithm.name !== "RSASSA-PKCS1-v1_5" || algorithm.hash?.name !== "SHA-256" || !key.usages.includes("sign"))
    throw new KeyError({
      message: `${where} is a CryptoKey that cannot sign RS256 (RSASSA-PKCS1-v1_5, SHA-256, "sign")`,
    });
  checkRsa({ type: "rsa", bits: Number(algorithm.modulusLength) || 0 }, where, undefined);
  const ready = Promise.resolve<object>(key);
  return { signingKey: () => ready, kid: undefined, clientId: undefined };
}

function checkRsa(info: KeyInfo, where: string, file: string | undefined): void {
  if (info.type !== "rsa") {
    throw new KeyError({ message: `${where} is an ${info.type} key; SFAPI clients sign with RSA (RS256)`, file });
  }
  if ((info.bits ?? 0) < MIN_RSA_BITS)
    throw new KeyError({
      message: `${where} is a ${info.bits}-bit RSA key; RS256 needs at least ${MIN_RSA_BITS} bits`,
      file,
    });
}
