/**
 * Key files for the facility's clients, both mode 0600: `<color>.json` (client ID, color, expiry, URLs, the private
 * key as PKCS#8 PEM and as JWK, and again as `secret` so the file is also a `{client_id, secret}` key file the official
 * Python client and the runtime read; under the security policy `grant` and `scopes` in place of `color`, and the
 * files are named by the grant) and `<color>.pem` in the official Python client's text format: the client ID
 * on the first line, then the PEM. Each file is written beside its target and renamed over it, so it never exists with
 * wider modes.
 *
 * A file already there is replaced only when the mock wrote it: the clients folder may be one where real key files
 * live (`~/.superfacility`), and a real `red.pem` overwritten by a mock key is a credential lost. Ours is recognised by
 * its content: the JSON has exactly the fields written here (and its own color), the PEM file is exactly what that
 * JSON's key gives. Anything else there (another key file, a symbolic link, a folder) stops the run before a byte is
 * written: writeAllClientFiles checks every client's files before it writes any, so a refused start leaves the files
 * of another mock in the folder as they were.
 */
import { createPrivateKey, randomBytes } from "node:crypto";
import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { OptionError } from "../errors.js";
import type { CreatedClient } from "./facility.js";

export interface ClientFileUrls {
  baseUrl: string;
  tokenUrl: string;
}

/** Writes both files for `client` into `dir` (created 0700 if missing); returns their paths, JSON first. */
export async function writeClientFiles(dir: string, client: CreatedClient, urls: ClientFileUrls): Promise<string[]> {
  return (await writeAllClientFiles(dir, [client], urls))[0]!;
}

/**
 * Writes both files of every client into `dir`, or none: every color and every file already there is checked first,
 * and `dir` is created (0700) only then. Returns each client's two paths, JSON first.
 */
export async function writeAllClientFiles(
  dir: string,
  clients: readonly CreatedClient[],
  urls: ClientFileUrls,
): Promise<string[][]> {
  for (const { color } of clients)
    if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(color))
      throw new OptionError(`level "${color}" cannot name a key file (use letters, digits, "-", "_", ".")`);
  for (const { color } of clients) await refuseForeign(join(dir, `${color}.json`), join(dir, `${color}.pem`), color);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const written: string[][] = [];
  for (const client of clients) written.push(await writeFiles(dir, client, urls));
  return written;
}

async function writeFiles(dir: string, client: CreatedClient, urls: ClientFileUrls): Promise<string[]> {
  const holds = client.scopes ? { grant: client.color, scopes: client.scopes } : { color: client.color };
  const json = {
    client_id: client.clientId,
    ...holds,
    expires_at: client.expiresAt.toISOString(),
    base_url: urls.baseUrl,
    token_url: urls.tokenUrl,
    private_key_pem: client.privateKeyPem,
    private_key_jwk: client.privateKeyJwk,
    secret: client.privateKeyJwk,
  };
  const jsonPath = join(dir, `${client.color}.json`);
  const pemPath = join(dir, `${client.color}.pem`);
  await writePrivate(jsonPath, JSON.stringify(json, null, 2) + "\n");
  await writePrivate(pemPath, pemText(client.clientId, client.privateKeyPem));
  return [jsonPath, pemPath];
}

const JSON_FIELDS = [
  "base_url",
  "client_id",
  "color",
  "expires_at",
  "private_key_jwk",
  "private_key_pem",
  "secret",
  "token_url",
].join();
/** The fields of a grant's key file (the security policy): `grant` and `scopes` in place of `color`. */
const GRANT_JSON_FIELDS = [
  "base_url",
  "client_id",
  "expires_at",
  "grant",
  "private_key_jwk",
  "private_key_pem",
  "scopes",
  "secret",
  "token_url",
].join();

/** A client the mock saved in an earlier run, as its JSON key file holds it. */
export interface SavedClient {
  clientId: string;
  color: string;
  expiresAt: Date;
  privateKeyPem: string;
}

/**
 * The client saved for `color` in `dir` by an earlier start, when there is one to reuse: a JSON key file the mock
 * wrote (its exact fields and color, and the `.pem` beside it, if any, the same key), with a readable RSA key and not
 * expired at `now`. Anything else is undefined (an expired or missing client gets a new key; a foreign file is refused
 * later, when the files are written).
 */
export async function savedClient(dir: string, color: string, now: number): Promise<SavedClient | undefined> {
  const jsonPath = join(dir, `${color}.json`);
  const pemPath = join(dir, `${color}.pem`);
  let record: Record<string, unknown> | undefined;
  let pem: string | undefined;
  try {
    [record, pem] = await Promise.all([ourRecord(jsonPath, color), existing(pemPath)]);
  } catch {
    return undefined;
  }
  if (!record) return undefined;
  const { client_id: clientId, private_key_pem: privateKeyPem, expires_at: expires } = record;
  if (typeof clientId !== "string" || typeof privateKeyPem !== "string" || typeof expires !== "string") return;
  if (pem !== undefined && pem !== pemText(clientId, privateKeyPem)) return undefined;
  const expiresAt = new Date(expires);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now) return undefined;
  try {
    const key = createPrivateKey(privateKeyPem);
    if (key.asymmetricKeyType !== "rsa") return undefined;
  } catch {
    return undefined;
  }
  return { clientId, color, expiresAt, privateKeyPem };
}

/** The official Python client's key file: the client ID line, then the PEM. */
function pemText(clientId: string, privateKeyPem: string): string {
  return `${clientId}\n${privateKeyPem.trimEnd()}\n`;
}

/**
 * The fields of the JSON key file at `path` when the mock wrote it for `color` (a level, or a grant's name); undefined
 * when there is none.
 */
async function ourRecord(path: string, color: string): Promise<Record<string, unknown> | undefined> {
  const json = await existing(path);
  try {
    const parsed: unknown = json === undefined ? undefined : JSON.parse(json);
    const record = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : undefined;
    const fields = record ? Object.keys(record).sort().join() : "";
    if (fields === JSON_FIELDS && record!.color === color) return record;
    if (fields === GRANT_JSON_FIELDS && record!.grant === color) return record;
  } catch {
    // Not JSON: not ours.
  }
  return undefined;
}

/** An OptionError unless each of the two paths is missing or a key file the mock wrote for `color`. */
async function refuseForeign(jsonPath: string, pemPath: string, color: string): Promise<void> {
  const [json, pem] = await Promise.all([existing(jsonPath), existing(pemPath)]);
  const ours = json === undefined ? undefined : await ourRecord(jsonPath, color);
  const refuse = (path: string) => {
    throw new OptionError(
      `${path} is already there and sfapi-gen mock did not write it (a real key file?); refusing to replace it: ` +
        "give --clients-dir a folder of its own, or move the file away",
    );
  };
  if (json !== undefined && !ours) refuse(jsonPath);
  if (pem === undefined) return;
  const pemOfOurs =
    ours && typeof ours.client_id === "string" && typeof ours.private_key_pem === "string"
      ? pemText(ours.client_id, ours.private_key_pem)
      : undefined;
  if (pem !== pemOfOurs) refuse(pemPath);
}

/** The text of the regular file at `path`; undefined when there is none; an OptionError for anything else there. */
async function existing(path: string): Promise<string | undefined> {
  const stat = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new OptionError(`cannot read ${path}: ${error.code ?? error.message}`);
  });
  if (!stat) return undefined;
  if (!stat.isFile()) {
    const what = stat.isSymbolicLink() ? "a symbolic link" : "not a regular file";
    throw new OptionError(
      `${path} is already there and is ${what}, not a key file of the mock; refusing to replace it`,
    );
  }
  // Key files are a few KB; a large one is not ours (and is not read whole).
  if (stat.size > 64 * 1024) return "";
  return readFile(path, "utf8");
}

async function writePrivate(path: string, text: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, text, { mode: 0o600, flag: "wx" });
    await chmod(temp, 0o600);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new OptionError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
