/**
 * Private keys: turn whatever the caller holds into a Node RSA private KeyObject (plus the JWK `kid` and, for the
 * official Python client's key files, the client ID). Accepted: PEM (PKCS#8 and PKCS#1, via node:crypto since jose
 * cannot import PKCS#1), a JWK object or its JSON text, a KeyObject, or `{ file }` holding any of those, or the
 * Python client's formats: the client ID on the first line followed by the PEM, or JSON `{ client_id, secret }`
 * (with `base_url` and `token_url` beside them in the files `sfapi-gen mock` writes). Key files are opened without
 * following FIFOs or devices, checked on the open descriptor (a regular file, mode 600/400, a few KB) and read once.
 *
 * Error messages name the file and the problem, never any key material (so no parser messages are passed on).
 */
import { createPrivateKey, type JsonWebKey, KeyObject } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { KeyError } from "./errors.js";

/** A JWK as node:crypto types it (not jose's type: its declarations would be a consumer's to parse on every check). */
type JWK = JsonWebKey;

export type PrivateKeyInput = string | JWK | KeyObject | { file: string };

export interface LoadedKey {
  readonly key: KeyObject;
  readonly kid: string | undefined;
  /** The client ID the key file names (Python client formats), if any. */
  readonly clientId: string | undefined;
  /** Where the API and token endpoint are, when the key file says (`sfapi-gen mock`'s JSON files do). */
  readonly baseUrl?: string;
  readonly tokenUrl?: string;
}

export function loadPrivateKey(input: PrivateKeyInput): LoadedKey {
  if (input instanceof KeyObject)
    return { key: checkRsaPrivate(input, "privateKey"), kid: undefined, clientId: undefined };
  if (typeof input === "string") return parseKeyText(input, "privateKey", undefined);
  if (input && typeof input === "object") {
    if ("file" in input && typeof input.file === "string") return readKeyFile(input.file);
    if ("kty" in input) return fromJwk(input as JWK, "privateKey", undefined);
  }
  throw new KeyError("privateKey must be a PEM string, a JWK (object or JSON), a KeyObject or { file: path }");
}

/** `~` and `~/x` expand to the home folder. */
export function expandHome(path: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return join(homedir(), path.slice(2));
  return path;
}

/** Key files are a few KB; anything far larger is not a key file (and is not read whole). */
const MAX_KEY_FILE_BYTES = 64 * 1024;
/** RSA keys below this are refused: the facility (and jose) reject them anyway, only later and less clearly. */
export const MIN_RSA_BITS = 2048;

function readKeyFile(file: string): LoadedKey {
  const path = expandHome(file);
  const fail = (why: string): never => {
    throw new KeyError(`Cannot read the key file ${path}: ${why}`, path);
  };
  let fd: number;
  try {
    // Non-blocking, so that a FIFO or a device cannot hang the open; the checks below refuse them anyway.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return fail((error as NodeJS.ErrnoException).code ?? "unreadable");
  }
  try {
    // fstat on the open descriptor: what is checked is what is read.
    const stat = fstatSync(fd);
    if (!stat.isFile()) fail("not a regular file");
    // Same rule as ssh and the official Python client: a private key others can read is not private any more.
    if (process.platform !== "win32" && (stat.mode & 0o077) !== 0) {
      throw new KeyError(
        `The key file ${path} is readable by group or others (mode ${(stat.mode & 0o777).toString(8)}); run \`chmod 600 ${path}\` (or 400)`,
        path,
      );
    }
    if (stat.size > MAX_KEY_FILE_BYTES)
      fail(`${stat.size} bytes is too large for a key file (at most ${MAX_KEY_FILE_BYTES})`);
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; )
      length += n;
    if (length > MAX_KEY_FILE_BYTES) fail(`larger than ${MAX_KEY_FILE_BYTES} bytes; not a key file`);
    return parseKeyText(buffer.toString("utf8", 0, length), `The key file ${path}`, path);
  } catch (error) {
    if (error instanceof KeyError) throw error;
    return fail((error as NodeJS.ErrnoException).code ?? "unreadable");
  } finally {
    closeSync(fd);
  }
}

function parseKeyText(raw: string, where: string, file: string | undefined): LoadedKey {
  const text = raw.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("{")) return fromJson(text, where, file);
  if (text.startsWith("-----BEGIN")) return fromPem(text, where, file, undefined);
  // The Python client's text format: the client ID alone on the first line, then the PEM key.
  const newline = text.indexOf("\n");
  const clientId = newline > 0 ? text.slice(0, newline).trim() : "";
  const rest = newline > 0 ? text.slice(newline + 1).trim() : "";
  if (clientId !== "" && !/\s/.test(clientId) && rest.startsWith("-----BEGIN"))
    return fromPem(rest, where, file, clientId);
  throw new KeyError(`${where} is not a PEM key, a JWK, or a client ID line followed by a PEM key`, file);
}

function fromJson(text: string, where: string, file: string | undefined): LoadedKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyError(`${where} starts with "{" but is not valid JSON`, file);
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new KeyError(`${where} is JSON but not an object`, file);
  const record = value as Record<string, unknown>;
  if ("kty" in record) return fromJwk(record as JWK, where, file);
  if ("secret" in record) {
    // The Python client's JSON format: { "client_id": "...", "secret": <JWK object, JWK JSON or PEM> }.
    const clientId =
      typeof record.client_id === "string" && record.client_id.trim() !== "" ? record.client_id.trim() : undefined;
    const secret = record.secret;
    const inner =
      typeof secret === "string"
        ? parseKeyText(secret, `${where} (its "secret")`, file)
        : secret && typeof secret === "object"
          ? fromJwk(secret as JWK, `${where} (its "secret")`, file)
          : undefined;
    if (!inner) throw new KeyError(`${where}: "secret" must be a JWK or a PEM string`, file);
    const url = (field: string) =>
      typeof record[field] === "string" && record[field] !== ""
        ? { [field === "base_url" ? "baseUrl" : "tokenUrl"]: record[field] as string }
        : {};
    return { ...inner, clientId: clientId ?? inner.clientId, ...url("base_url"), ...url("token_url") };
  }
  throw new KeyError(`${where} is JSON but neither a JWK (no "kty") nor { "client_id", "secret" }`, file);
}

function fromPem(pem: string, where: string, file: string | undefined, clientId: string | undefined): LoadedKey {
  if (/-----BEGIN (?:RSA )?PUBLIC KEY-----|-----BEGIN CERTIFICATE-----/.test(pem)) {
    throw new KeyError(`${where} holds a public key or certificate; the client needs the private key`, file);
  }
  if (pem.includes("-----BEGIN ENCRYPTED PRIVATE KEY-----") || /Proc-Type:\s*4,ENCRYPTED/.test(pem)) {
    throw new KeyError(
      `${where} is encrypted with a passphrase; store it decrypted (e.g. \`openssl pkey -in key.pem -out key-plain.pem\`) with mode 600`,
      file,
    );
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw new KeyError(`${where} is not a readable PEM private key`, file);
  }
  return { key: checkRsaPrivate(key, where, file), kid: undefined, clientId };
}

function fromJwk(jwk: JWK, where: string, file: string | undefined): LoadedKey {
  if (jwk.kty !== "RSA")
    throw new KeyError(`${where} is a ${String(jwk.kty)} JWK; SFAPI clients sign with RSA (RS256)`, file);
  if (typeof jwk.d !== "string")
    throw new KeyError(`${where} is a public JWK (no "d"); the client needs the private key`, file);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: jwk, format: "jwk" });
  } catch {
    throw new KeyError(`${where} is not a usable RSA private JWK`, file);
  }
  return {
    key: checkRsaPrivate(key, where, file),
    kid: typeof jwk.kid === "string" ? jwk.kid : undefined,
    clientId: undefined,
  };
}

function checkRsaPrivate(key: KeyObject, where: string, file?: string): KeyObject {
  if (key.type !== "private")
    throw new KeyError(`${where} is a ${key.type} key; the client needs the RSA private key`, file);
  if (key.asymmetricKeyType !== "rsa") {
    throw new KeyError(
      `${where} is an ${String(key.asymmetricKeyType)} key; SFAPI clients sign with RSA (RS256)`,
      file,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS)
    throw new KeyError(`${where} is a ${bits}-bit RSA key; RS256 needs at least ${MIN_RSA_BITS} bits`, file);
  return key;
}
