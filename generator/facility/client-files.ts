/**
 * Key files for the facility's clients, both mode 0600: `<color>.json` (client ID, color, expiry, URLs, the private
 * key as PKCS#8 PEM and as JWK, and again as `secret` so the file is also a `{client_id, secret}` key file the official
 * Python client and the runtime read) and `<color>.pem` in the official Python client's text format: the client ID
 * on the first line, then the PEM. Each file is written beside its target and renamed over it, so it never exists with
 * wider modes.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { OptionError } from "../errors.js";
import type { CreatedClient } from "./facility.js";

export interface ClientFileUrls {
  baseUrl: string;
  tokenUrl: string;
}

/** Writes both files for `client` into `dir` (created 0700 if missing); returns their paths, JSON first. */
export async function writeClientFiles(dir: string, client: CreatedClient, urls: ClientFileUrls): Promise<string[]> {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(client.color)) {
    throw new OptionError(`level "${client.color}" cannot name a key file (use letters, digits, "-", "_", ".")`);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const json = {
    client_id: client.clientId,
    color: client.color,
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
  await writePrivate(pemPath, `${client.clientId}\n${client.privateKeyPem.trimEnd()}\n`);
  return [jsonPath, pemPath];
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
