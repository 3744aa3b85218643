/**
 * One real RSA key pair per test worker (never checked in): each test file used to make its own, 150 to 300 ms of
 * CPU each; what the files prove does not depend on whose key it is (a test that needs a second, different key makes
 * one itself).
 */
import { generateKeyPairSync, type KeyObject } from "node:crypto";

export interface TestKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  pkcs8: string;
  pkcs1: string;
}

let shared: TestKey | undefined;

export function rsaKey(): TestKey {
  if (shared) return shared;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  shared = {
    privateKey,
    publicKey,
    pkcs8: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    pkcs1: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
  };
  return shared;
}

export const CLIENT_ID = "client-7f3a";
