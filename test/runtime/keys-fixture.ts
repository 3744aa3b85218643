/** RSA key pairs generated once per test file (real keys, never checked in). */
import { generateKeyPairSync, type KeyObject } from "node:crypto";

export interface TestKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  pkcs8: string;
  pkcs1: string;
}

export function rsaKey(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    pkcs8: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    pkcs1: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
  };
}

export const CLIENT_ID = "client-7f3a";
