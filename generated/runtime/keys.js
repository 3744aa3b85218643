// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { bitLength, fromBase64, fromBase64Url, pkcs1ToPkcs8, readPkcs1, readPkcs8 } from "./der.js";
import { ConfigError, KeyError } from "./errors.js";
const MIN_RSA_BITS = 2048;
const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
function loadPrivateKey(input, readKeyFile) {
  if (typeof input === "string")
    return parseKeyText(input, "privateKey", void 0);
  if (input && typeof input === "object") {
    if ("file" in input && Object.hasOwn(input, "file") && typeof input.file === "string") {
      if (!readKeyFile)
        throw new ConfigError({
          message: "createClient: core.js reads no key files; import createClient from index.js, or give privateKey as a PEM string, a JWK or a CryptoKey"
        });
      const read = readKeyFile(input.file);
      const key = read.folder ? fromFolder(read, read.folder) : parseKeyText(read.text, `The key file ${read.path}`, read.path);
      return { ...key, file: read.path };
    }
    if ("algorithm" in input && "usages" in input)
      return fromCryptoKey(input, "privateKey");
    if ("export" in input && typeof input.export === "function")
      return fromKeyObject(input, "privateKey");
    if ("kty" in input)
      return fromJwk(input, "privateKey", void 0);
  }
  throw new KeyError({
    message: "privateKey must be a PEM string, a JWK (object or JSON), a CryptoKey, a KeyObject or { file: path }"
  });
}
function fromFolder(read, folder) {
  const clientId = folder.clientIdText.replace(/^\uFEFF/, "").trim();
  if (clientId === "" || /\s/.test(clientId))
    throw new KeyError({
      message: `The client ID file ${folder.clientIdFile} does not hold one client ID (one word on one line)`,
      file: folder.clientIdFile
    });
  const where = `The key file ${read.path}`;
  const text = read.text.replace(/^\uFEFF/, "").trim();
  if (folder.format === "pem")
    return { ...fromPem(text, where, read.path, void 0), clientId };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyError({ message: `${where} is not valid JSON (a JWK)`, file: read.path });
  }
  if (!value || typeof value !== "object" || Array.isArray(value) || !("kty" in value))
    throw new KeyError({ message: `${where} is not a JWK (a JSON object with "kty")`, file: read.path });
  return { ...fromJwk(value, where, read.path), clientId };
}
function lazily(load, where, file) {
  let imported;
  return () => imported ??= load().catch(() => {
    throw new KeyError({ message: `${where} could not be imported for RS256 signing`, file });
  });
}
function parseKeyText(raw, where, file) {
  const text = raw.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("{"))
    return fromJson(text, where, file);
  if (text.startsWith("-----BEGIN"))
    return fromPem(text, where, file, void 0);
  const newline = text.indexOf("\n");
  const clientId = newline > 0 ? text.slice(0, newline).trim() : "";
  const rest = newline > 0 ? text.slice(newline + 1).trim() : "";
  if (clientId !== "" && !/\s/.test(clientId) && rest.startsWith("-----BEGIN"))
    return fromPem(rest, where, file, clientId);
  throw new KeyError({
    message: `${where} is not a PEM key, a JWK, or a client ID line followed by a PEM key`,
    file
  });
}
function fromJson(text, where, file) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyError({ message: `${where} starts with "{" but is not valid JSON`, file });
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new KeyError({ message: `${where} is JSON but not an object`, file });
  const record = value;
  if ("kty" in record)
    return fromJwk(record, where, file);
  if ("secret" in record) {
    const clientId = typeof record.client_id === "string" && record.client_id.trim() !== "" ? record.client_id.trim() : void 0;
    const secret = record.secret;
    const inner = typeof secret === "string" ? parseKeyText(secret, `${where} (its "secret")`, file) : secret && typeof secret === "object" ? fromJwk(secret, `${where} (its "secret")`, file) : void 0;
    if (!inner)
      throw new KeyError({ message: `${where}: "secret" must be a JWK or a PEM string`, file });
    const url = (field) => typeof record[field] === "string" && record[field] !== "" ? { [field === "base_url" ? "baseUrl" : "tokenUrl"]: record[field] } : {};
    const given = ["base_url", "token_url"].filter((field) => field in record);
    if (given.length === 1) {
      const missing = given[0] === "base_url" ? "token_url" : "base_url";
      throw new KeyError({
        message: `${where} has "${given[0]}" but no "${missing}": give both URLs, or neither`,
        file
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
      ...expires
    };
  }
  throw new KeyError({
    message: `${where} is JSON but neither a JWK (no "kty") nor { "client_id", "secret" }`,
    file
  });
}
function expiresAt(value, where, file) {
  const date = typeof value === "string" && value.trim() !== "" ? new Date(value) : void 0;
  if (!date || Number.isNaN(date.getTime()))
    throw new KeyError({ message: `${where}: "expires_at" is not a date (ISO 8601, e.g. 2026-01-31T00:00:00Z)`, file });
  return date;
}
const PEM = /^-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\s]*?)-----END \1-----\s*$/;
function fromPem(pem, where, file, clientId) {
  if (/-----BEGIN (?:RSA )?PUBLIC KEY-----|-----BEGIN CERTIFICATE-----/.test(pem)) {
    throw new KeyError({
      message: `${where} holds a public key or certificate; the client needs the private key`,
      file
    });
  }
  if (pem.includes("-----BEGIN ENCRYPTED PRIVATE KEY-----") || /Proc-Type:\s*4,ENCRYPTED/.test(pem)) {
    throw new KeyError({
      message: `${where} is encrypted with a passphrase; store it decrypted (e.g. \`openssl pkey -in key.pem -out key-plain.pem\`) with mode 600`,
      file
    });
  }
  const match = PEM.exec(pem);
  const der = match ? fromBase64(match[2]) : void 0;
  const label = match?.[1];
  const unreadable = () => new KeyError({ message: `${where} is not a readable PEM private key`, file });
  if (!der)
    throw unreadable();
  let info;
  let pkcs8 = der;
  if (label === "PRIVATE KEY")
    info = readPkcs8(der);
  else if (label === "RSA PRIVATE KEY") {
    info = readPkcs1(der);
    pkcs8 = pkcs1ToPkcs8(der);
  } else if (label === "EC PRIVATE KEY")
    info = { type: "ec" };
  else if (label === "DSA PRIVATE KEY")
    info = { type: "dsa" };
  if (!info)
    throw unreadable();
  checkRsa(info, where, file);
  const importKey = () => crypto.subtle.importKey("pkcs8", pkcs8, RS256, false, ["sign"]);
  return { signingKey: lazily(importKey, where, file), kid: void 0, clientId };
}
const RSA_PRIVATE_MEMBERS = ["n", "e", "d", "p", "q", "dp", "dq", "qi"];
function fromJwk(jwk, where, file) {
  if (jwk.kty !== "RSA")
    throw new KeyError({
      message: `${where} is a ${String(jwk.kty)} JWK; SFAPI clients sign with RSA (RS256)`,
      file
    });
  if (typeof jwk.d !== "string")
    throw new KeyError({ message: `${where} is a public JWK (no "d"); the client needs the private key`, file });
  const members = {};
  for (const name of RSA_PRIVATE_MEMBERS) {
    const value = jwk[name];
    if (typeof value !== "string" || !fromBase64Url(value))
      throw new KeyError({
        message: `${where} is not a usable RSA private JWK (its "${name}" is missing or not base64url)`,
        file
      });
    members[name] = value;
  }
  checkRsa({ type: "rsa", bits: bitLength(fromBase64Url(members.n)) }, where, file);
  const clean = { kty: "RSA", ...members };
  return {
    signingKey: lazily(() => crypto.subtle.importKey("jwk", clean, RS256, false, ["sign"]), where, file),
    kid: typeof jwk.kid === "string" ? jwk.kid : void 0,
    clientId: void 0
  };
}
function fromKeyObject(key, where) {
  if (key.type !== "private")
    throw new KeyError({ message: `${where} is a ${key.type} key; the client needs the RSA private key` });
  if (key.asymmetricKeyType !== "rsa")
    checkRsa({ type: String(key.asymmetricKeyType) }, where, void 0);
  let jwk;
  try {
    jwk = key.export({ format: "jwk" });
  } catch {
    throw new KeyError({ message: `${where} is a key object that cannot be exported as a JWK` });
  }
  return fromJwk(jwk, where, void 0);
}
function fromCryptoKey(key, where) {
  const algorithm = key.algorithm;
  if (key.type !== "private")
    throw new KeyError({ message: `${where} is a ${key.type} key; the client needs the RSA private key` });
  if (algorithm.name !== "RSASSA-PKCS1-v1_5" || algorithm.hash?.name !== "SHA-256" || !key.usages.includes("sign"))
    throw new KeyError({
      message: `${where} is a CryptoKey that cannot sign RS256 (RSASSA-PKCS1-v1_5, SHA-256, "sign")`
    });
  checkRsa({ type: "rsa", bits: Number(algorithm.modulusLength) || 0 }, where, void 0);
  const ready = Promise.resolve(key);
  return { signingKey: () => ready, kid: void 0, clientId: void 0 };
}
function checkRsa(info, where, file) {
  if (info.type !== "rsa") {
    throw new KeyError({ message: `${where} is an ${info.type} key; SFAPI clients sign with RSA (RS256)`, file });
  }
  if ((info.bits ?? 0) < MIN_RSA_BITS)
    throw new KeyError({
      message: `${where} is a ${info.bits}-bit RSA key; RS256 needs at least ${MIN_RSA_BITS} bits`,
      file
    });
}
export {
  MIN_RSA_BITS,
  loadPrivateKey,
  parseKeyText
};
