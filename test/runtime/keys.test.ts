/**
 * Key formats, end to end: each accepted form of the private key signs an assertion the token endpoint verifies
 * (signature, claims, `kid`), so the call succeeds; `keyFile` takes the client ID, key and URLs from one file. Then
 * the refusals: widely readable key files, FIFOs and oversized files, public keys, non-RSA and short RSA keys,
 * encrypted or unreadable input, each with a message that names the problem and no key material.
 */
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { tempDir } from "../support/project.js";
import { useServers } from "../support/servers.js";
import { variants } from "../support/variants.js";

const key = rsaKey();
const jwk = { ...key.privateKey.export({ format: "jwk" }), kid: "key-2026" };
const dir = tempDir("keys-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, content: string, mode = 0o600): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

describe.each(variants)("private key formats ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });

  async function callWith(privateKey: unknown, clientId: string | undefined = CLIENT_ID) {
    const client = createClient({
      color: "green",
      ...(clientId ? { clientId } : {}),
      privateKey: privateKey as never,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
    });
    const { response } = await client.GET("/account/");
    expect(servers.tokenCalls.map((c) => c.problem)).toEqual([undefined]);
    expect(response.status).toBe(200);
  }

  test("PEM PKCS#8 (BEGIN PRIVATE KEY)", () => callWith(key.pkcs8));
  test("PEM PKCS#1 (BEGIN RSA PRIVATE KEY)", async () => {
    expect(key.pkcs1).toContain("-----BEGIN RSA PRIVATE KEY-----");
    await callWith(key.pkcs1);
  });
  test("a KeyObject", () => callWith(key.privateKey));
  test("a WebCrypto CryptoKey (what a browser holds)", async () => {
    const der = key.privateKey.export({ type: "pkcs8", format: "der" });
    const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
    await callWith(await crypto.subtle.importKey("pkcs8", der, algorithm, false, ["sign"]));
  });
  test("a JWK object; its kid goes into the assertion header", async () => {
    servers.kid = "key-2026";
    await callWith(jwk);
    expect(servers.tokenCalls[0]!.header).toMatchObject({ alg: "RS256", kid: "key-2026" });
  });
  test("a JWK as JSON text", async () => {
    servers.kid = "key-2026";
    await callWith(JSON.stringify(jwk));
  });
  test("{ file } with a PEM, mode 600", () => callWith({ file: keyFile("key.pem", key.pkcs1) }));
  test("{ file: '~/...' } expands the home folder, mode 400", async () => {
    // A folder of our own in the real home folder (tests run in worker threads, which cannot change HOME).
    const own = mkdtempSync(join(homedir(), ".sfapi-gen-test-"));
    try {
      writeFileSync(join(own, "key.pem"), key.pkcs8, { mode: 0o400 });
      await callWith({ file: `~/${basename(own)}/key.pem` });
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
  test("the Python client's text file: client ID on the first line, then the PEM", () =>
    callWith({ file: keyFile("clientid.pem", `${CLIENT_ID}\n${key.pkcs1}`) }, undefined));
  test("the Python client's JSON file: { client_id, secret: JWK }", async () => {
    servers.kid = "key-2026";
    await callWith({ file: keyFile("client.json", JSON.stringify({ client_id: CLIENT_ID, secret: jwk })) }, undefined);
  });
  test("the Python client's JSON file with a PEM secret", () =>
    callWith(
      { file: keyFile("client-pem.json", JSON.stringify({ client_id: CLIENT_ID, secret: key.pkcs8 })) },
      undefined,
    ));

  test("keyFile: the client ID, key, base and token URLs from sfapi-gen mock's JSON file", async () => {
    const file = keyFile(
      "mock-green.json",
      JSON.stringify({
        client_id: CLIENT_ID,
        color: "green",
        base_url: servers.baseUrl,
        token_url: servers.tokenUrl,
        secret: key.pkcs8,
      }),
    );
    const client = createClient({ color: "green", keyFile: file });
    const { response } = await client.GET("/account/");
    expect(response.status).toBe(200);
    expect(servers.tokenCalls.map((c) => c.problem)).toEqual([undefined]);
    // Explicit options win over the file: this base URL is refused by the guard as not below the client's own.
    const elsewhere = createClient({ color: "green", keyFile: file, baseUrl: "https://api.example.test/api/v1.2" });
    await expect(elsewhere.GET("/account/", { baseUrl: servers.baseUrl })).rejects.toMatchObject({
      name: "ScopeError",
    });
    expect(() => createClient({ color: "green", keyFile: file, privateKey: key.pkcs8 })).toThrow(
      /either keyFile or privateKey/,
    );
  });

  test.each([
    ["base_url", "token_url"],
    ["token_url", "base_url"],
  ])("a key file with %s but no %s is refused, naming the missing field, before any request", (has, missing) => {
    const url = has === "base_url" ? servers.baseUrl : servers.tokenUrl;
    const file = keyFile(`half-${has}.json`, JSON.stringify({ client_id: CLIENT_ID, [has]: url, secret: key.pkcs8 }));
    expect(() => createClient({ color: "green", keyFile: file })).toThrow(
      `has "${has}" but no "${missing}": give both URLs, or neither`,
    );
    expect(servers.tokenCalls).toEqual([]);
  });

  test("keyFile: the official client's text file (client ID line + PEM), URLs given beside it", async () => {
    const file = keyFile("official.pem", `${CLIENT_ID}\n${key.pkcs8}`);
    const { response } = await createClient({
      color: "green",
      keyFile: file,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
    }).GET("/account/");
    expect(response.status).toBe(200);
  });

  test("a clientId that differs from the key file's is refused", () => {
    const file = keyFile("other.pem", `someone-else\n${key.pkcs1}`);
    expect(() => createClient({ color: "green", clientId: CLIENT_ID, privateKey: { file } })).toThrow(
      /differs from the key file's client ID "someone-else"/,
    );
  });

  describe("refusals", () => {
    const body = key.pkcs8.split("\n")[1]!; // a line of key material that must never be echoed
    function keyError(privateKey: unknown): InstanceType<typeof errors.KeyError> {
      try {
        createClient({
          color: "green",
          clientId: CLIENT_ID,
          privateKey: privateKey as never,
          baseUrl: servers.baseUrl,
          tokenUrl: servers.tokenUrl,
        });
      } catch (error) {
        expect(error).toBeInstanceOf(errors.KeyError);
        expect((error as Error).message).not.toContain(body);
        return error as InstanceType<typeof errors.KeyError>;
      }
      throw new Error("the key was accepted");
    }

    test("a key file readable by group or others, naming the file and chmod", () => {
      for (const mode of [0o640, 0o604, 0o644]) {
        const file = keyFile(`open-${mode.toString(8)}.pem`, key.pkcs8, mode);
        const error = keyError({ file });
        expect(error.name).toBe("KeyError");
        expect(error.file).toBe(file);
        expect(error.message).toContain(file);
        expect(error.message).toContain(`chmod 600 ${file}`);
      }
      expect(servers.requestCount()).toBe(0);
    });

    test("a FIFO or an oversized file as key file: refused at once, nothing read whole", () => {
      const fifo = join(tempDir("fifo-"), "key.fifo");
      const made = spawnSync("mkfifo", ["-m", "600", fifo]);
      expect(made.status, "mkfifo").toBe(0);
      expect(keyError({ file: fifo }).message).toMatch(/key\.fifo: not a regular file/);
      const big = keyFile("big.pem", `${key.pkcs8}\n${"#".repeat(200_000)}`);
      expect(keyError({ file: big }).message).toMatch(/too large for a key file/);
      expect(servers.requestCount()).toBe(0);
    });

    test("RSA keys under 2048 bits: KeyError when the client is created, not at the first call", () => {
      const short = generateKeyPairSync("rsa", { modulusLength: 1024 });
      expect(keyError(short.privateKey).message).toMatch(/1024-bit RSA key; RS256 needs at least 2048 bits/);
      expect(keyError(short.privateKey.export({ type: "pkcs1", format: "pem" }).toString()).message).toMatch(
        /1024-bit/,
      );
      expect(servers.requestCount()).toBe(0);
    });

    test("public keys instead of private ones", () => {
      expect(keyError(key.publicKey.export({ type: "spki", format: "pem" }).toString()).message).toMatch(/public key/);
      expect(keyError(key.publicKey.export({ type: "pkcs1", format: "pem" }).toString()).message).toMatch(/public key/);
      expect(keyError(key.publicKey.export({ format: "jwk" })).message).toMatch(/public JWK/);
      expect(keyError(key.publicKey).message).toMatch(/public key/);
    });

    test("keys that are not RSA", () => {
      const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
      expect(keyError(ec.privateKey.export({ type: "pkcs8", format: "pem" }).toString()).message).toMatch(
        /is an ec key; .*RSA/,
      );
      expect(keyError(ec.privateKey.export({ format: "jwk" })).message).toMatch(/EC JWK; .*RSA/);
      expect(keyError(generateKeyPairSync("ed25519").privateKey).message).toMatch(/ed25519 key/);
    });

    test("a CryptoKey that cannot sign RS256, or a public one", async () => {
      const der = key.privateKey.export({ type: "pkcs8", format: "der" });
      const pss = await crypto.subtle.importKey("pkcs8", der, { name: "RSA-PSS", hash: "SHA-256" }, false, ["sign"]);
      expect(keyError(pss).message).toMatch(/CryptoKey that cannot sign RS256/);
      const spki = key.publicKey.export({ type: "spki", format: "der" });
      const pub = await crypto.subtle.importKey("spki", spki, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, [
        "verify",
      ]);
      expect(keyError(pub).message).toMatch(/public key/);
    });

    test("a key file where there is no file system (a browser): ConfigError naming what to give instead", () => {
      const file = keyFile("browser.pem", key.pkcs8);
      const node = process as { getBuiltinModule?: unknown };
      const saved = node.getBuiltinModule;
      node.getBuiltinModule = undefined;
      try {
        expect(() => createClient({ color: "green", keyFile: file })).toThrow(
          /a key file needs Node\.js .*give privateKey as a PEM string, a JWK or a CryptoKey/,
        );
      } finally {
        node.getBuiltinModule = saved;
      }
      expect(servers.requestCount()).toBe(0);
    });

    test("encrypted, garbled, or unreadable input", () => {
      const encrypted = key.privateKey
        .export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" })
        .toString();
      expect(keyError(encrypted).message).toMatch(/encrypted with a passphrase/);
      expect(keyError(key.pkcs8.replace(body, body.split("").reverse().join(""))).message).toMatch(
        /not a readable PEM private key/,
      );
      expect(keyError(`{"kty": "RSA", ${body}`).message).toMatch(/not valid JSON/);
      expect(keyError({ file: keyFile("garbage.txt", body) }).message).toMatch(/not a PEM key, a JWK/);
      expect(keyError({ file: join(dir, "missing.pem") }).message).toMatch(
        /Cannot read the key file .*missing\.pem: ENOENT/,
      );
      expect(keyError(42).message).toMatch(/must be a PEM string/);
    });
  });
});
