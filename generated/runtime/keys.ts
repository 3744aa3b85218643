/**
 * Private keys: turn whatever the caller holds into a Node RSA private KeyObject (plus the JWK `kid` and, for the
 * official Python client's key files, the client ID). Accepted: PEM (PKCS#8 and PKCS#1, via node:crypto since jose
 * cannot import PKCS#1), a JWK object or its JSON text, a KeyObject, or `{ file }` holding any of those, or the
 * Python client's formats: the client ID on the first line followed by the PEM, or JSON `{ client_id, secret }`.
 *
 * Error messages name the file and the problem, never any key material (so no parser messages are passed on).
 */
import { createPrivateKey, KeyObject } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { JWK } from "jose";
import { KeyError } from "./errors.js";

export type PrivateKeyInput = string | JWK | KeyObject | { file: string };

export interface LoadedKey {
  readonly key: KeyObject;
  readonly kid: string | undefined;
  /** The client ID the key file names (Python client formats), if any. */
  readonly clientId: string | undefined;
}

export function loadPrivateKey(input: PrivateKeyInput): LoadedKey {
  if (input instanceof KeyObject) return { key: checkRsaPrivate(input, "privateKey"), kid: undefined, clientId: undefined };
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

function readKeyFile(file: string): LoadedKey {
  const path = expandHome(file);
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    throw new KeyError(`Cannot read the key file ${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`, path);
  }
  // Same rule as ssh and the official Python client: a private key others can read is not private any more.
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new KeyError(`The key file ${path} is readable by group or others (mode ${(mode & 0o777).toString(8)}); run \`chmod 600 ${path}\` (or 400)`, path);
  }
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new KeyError(`Cannot read the key file ${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`, path);
  }
  return parseKeyText(text, `The key file ${path}`, path);
}

function parseKeyText(raw: string, where: string, file: string | undefined): LoadedKey {
  const text = raw.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("{")) return fromJson(text, where, file);
  if (text.startsWith("-----BEGIN")) return fromPem(text, where, file, undefined);
  // The Python client's text format: the client ID alone on the first line, then the PEM key.
  const newline = text.indexOf("\n");
  const clientId = newline > 0 ? text.slice(0, newline).trim() : "";
  const rest = newline > 0 ? text.slice(newline + 1).trim() : "";
  if (clientId !== "" && !/\s/.test(clientId) && rest.startsWith("-----BEGIN")) return fromPem(rest, where, file, clientId);
  throw new KeyError(`${where} is not a PEM key, a JWK, or a client ID line followed by a PEM key`, file);
}

function fromJson(text: string, where: string, file: string | undefined): LoadedKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyError(`${where} starts with "{" but is not valid JSON`, file);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new KeyError(`${where} is JSON but not an object`, file);
  const record = value as Record<string, unknown>;
  if ("kty" in record) return fromJwk(record as JWK, where, file);
  if ("secret" in record) {
    // The Python client's JSON format: { "client_id": "...", "secret": <JWK object, JWK JSON or PEM> }.
    const clientId = typeof record.client_id === "string" && record.client_id.trim() !== "" ? record.client_id.trim() : undefined;
    const secret = record.secret;
    const inner =
      typeof secret === "string"
        ? parseKeyText(secret, `${where} (its "secret")`, file)
        : secret && typeof secret === "object"
          ? fromJwk(secret as JWK, `${where} (its "secret")`, file)
          : undefined;
    if (!inner) throw new KeyError(`${where}: "secret" must be a JWK or a PEM string`, file);
    return { ...inner, clientId: clientId ?? inner.clientId };
  }
  throw new KeyError(`${where} is JSON but neither a JWK (no "kty") nor { "client_id", "secret" }`, file);
}

function fromPem(pem: string, where: string, file: string | undefined, clientId: string | undefined): LoadedKey {
  if (/-----BEGIN (?:RSA )?PUBLIC KEY-----|-----BEGIN CERTIFICATE-----/.test(pem)) {
    throw new KeyError(`${where} holds a public key or certificate; the client needs the private key`, file);
  }
  if (pem.includes("-----BEGIN ENCRYPTED PRIVATE KEY-----") || /Proc-Type:\s*4,ENCRYPTED/.test(pem)) {
    throw new KeyError(`${where} is encrypted with a passphrase; store it decrypted (e.g. \`openssl pkey -in key.pem -out key-plain.pem\`) with mode 600`, file);
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
  if (jwk.kty !== "RSA") throw new KeyError(`${where} is a ${String(jwk.kty)} JWK; SFAPI clients sign with RSA (RS256)`, file);
  if (typeof jwk.d !== "string") throw new KeyError(`${where} is a public JWK (no "d"); the client needs the private key`, file);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: jwk as import("node:crypto").JsonWebKey, format: "jwk" });
  } catch {
    throw new KeyError(`${where} is not a usable RSA private JWK`, file);
  }
  return { key: checkRsaPrivate(key, where, file), kid: typeof jwk.kid === "string" ? jwk.kid : undefined, clientId: undefined };
}

function checkRsaPrivate(key: KeyObject, where: string, file?: string): KeyObject {
  if (key.type !== "private") throw new KeyError(`${where} is a ${key.type} key; the client needs the RSA private key`, file);
  if (key.asymmetricKeyType !== "rsa") {
    throw new KeyError(`${where} is an ${String(key.asymmetricKeyType)} key; SFAPI clients sign with RSA (RS256)`, file);
  }
  return key;
}
