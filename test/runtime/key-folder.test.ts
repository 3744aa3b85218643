/**
 * Iris's key folder and what a key file says about its client, against the local facility's token endpoint on
 * 127.0.0.1 with real RSA keys in real temp folders: the folder Iris's download gives (`clientid.txt`, `priv_key.pem`,
 * `priv_key.jwk`, `pub_key.pem`) as `keyFile` yields a token the API takes; PEM wins over JWK; owner-only modes on the
 * files read; a key file's color must be the client's; its `expires_at` ends token requests. No message carries key
 * material.
 */
import { generateKeyPairSync } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createTokenSource } from "../../generated/index.js";
import { type TestClient, testClient, useFacility } from "../support/facility.js";
import { rsaKey } from "../support/keys.js";
import { tempDir } from "../support/project.js";
import { variants } from "../support/variants.js";

const fixture = useFacility();
const key = rsaKey();
const jwk = key.privateKey.export({ format: "jwk" });
const root = tempDir("key-folder-");
afterAll(() => rmSync(root, { recursive: true, force: true }));
/** Key material that must never appear in a message: a line of the PEM and the JWK's private exponent. */
const secrets = [key.pkcs8.split("\n")[1]!, key.pkcs1.split("\n")[1]!, jwk.d!];
/** A second RSA key, made once, that the facility does not know. */
let stranger: object | undefined;

let folders = 0;
/** A folder as Iris's download lays it out, each file written with `modes[name]` (default 0600). */
function irisFolder(
  client: TestClient,
  files: Partial<Record<"clientid.txt" | "priv_key.pem" | "priv_key.jwk" | "pub_key.pem", string | null>> = {},
  modes: Record<string, number> = {},
): string {
  const dir = join(root, `iris-${++folders}`);
  mkdirSync(dir, { mode: 0o700 });
  const content: Record<string, string | null> = {
    // Iris's clientid.txt; a newline after it, as an editor adds one, is trimmed.
    "clientid.txt": `${client.clientId}\n`,
    "priv_key.pem": key.pkcs1,
    "priv_key.jwk": JSON.stringify(jwk),
    "pub_key.pem": key.publicKey.export({ type: "spki", format: "pem" }).toString(),
    ...files,
  };
  for (const [name, text] of Object.entries(content)) {
    if (text === null) continue;
    const path = join(dir, name);
    writeFileSync(path, text);
    chmodSync(path, modes[name] ?? 0o600);
  }
  return dir;
}

/** A key file as `sfapi-gen mock` writes one: client ID, color, expiry, URLs and the key. */
function mockKeyFile(client: TestClient, fields: Record<string, unknown> = {}): string {
  const file = join(root, `mock-${++folders}.json`);
  const body = {
    client_id: client.clientId,
    color: client.color,
    expires_at: client.expiresAt.toISOString(),
    base_url: fixture.facility.baseUrl,
    token_url: fixture.facility.tokenUrl,
    secret: client.privateKeyPem,
    ...fields,
  };
  writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

const tokenRequests = () => fixture.facility.requests.filter((r) => r.path === "/token").length;

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    for (const secret of secrets) expect((error as Error).message).not.toContain(secret);
    return error as Error;
  }
  throw new Error("nothing was thrown");
}

describe.each(variants)("Iris's key folder ($name)", ({ createClient, errors }) => {
  const urls = () => ({ baseUrl: fixture.facility.baseUrl, tokenUrl: fixture.facility.tokenUrl });
  const clock = () => ({ now: fixture.clock.now, sleep: async () => {} });

  test("keyFile: the folder: client ID from clientid.txt (trimmed), key from priv_key.pem; the API takes its token", async () => {
    const green = await testClient(fixture.facility, "green");
    const before = tokenRequests();
    const client = createClient({ color: "green", keyFile: irisFolder(green), ...urls(), clock: clock() });
    const { response } = await client.GET("/account/");
    expect(response.status).toBe(200);
    expect(tokenRequests()).toBe(before + 1);
  });

  test("keyFile: '~/<folder>' expands the home folder, as README's `~/.superfacility`", async () => {
    const green = await testClient(fixture.facility, "green");
    // A folder of our own in the real home folder (tests run in worker threads, which cannot change HOME).
    const own = mkdtempSync(join(homedir(), ".sfapi-gen-test-"));
    try {
      for (const [name, text] of [
        ["clientid.txt", green.clientId],
        ["priv_key.pem", key.pkcs8],
      ] as const)
        writeFileSync(join(own, name), text, { mode: 0o600 });
      const client = createClient({ color: "green", keyFile: `~/${basename(own)}`, ...urls(), clock: clock() });
      expect((await client.GET("/account/")).response.status).toBe(200);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  test("priv_key.pem wins over priv_key.jwk: the JWK is not read (its mode and its key do not matter)", async () => {
    const green = await testClient(fixture.facility, "green");
    // Another RSA key the facility does not know: were it read, the token request would fail.
    stranger ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
    const dir = irisFolder(green, { "priv_key.jwk": JSON.stringify(stranger) }, { "priv_key.jwk": 0o644 });
    const { response } = await createClient({ color: "green", keyFile: dir, ...urls(), clock: clock() }).GET(
      "/account/",
    );
    expect(response.status).toBe(200);
  });

  test("without priv_key.pem, priv_key.jwk (an RSA private JWK) is the key", async () => {
    const green = await testClient(fixture.facility, "green");
    const dir = irisFolder(green, { "priv_key.pem": null });
    const { response } = await createClient({ color: "green", keyFile: dir, ...urls(), clock: clock() }).GET(
      "/account/",
    );
    expect(response.status).toBe(200);
  });

  test("privateKey: { file: folder } reads the folder as keyFile does", async () => {
    const green = await testClient(fixture.facility, "green");
    const client = createClient({ color: "green", privateKey: { file: irisFolder(green) }, ...urls(), clock: clock() });
    expect((await client.GET("/account/")).response.status).toBe(200);
  });

  test("a JWK that is not an RSA private key, or not a JWK, is a KeyError naming the file", async () => {
    const green = await testClient(fixture.facility, "green");
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
    const cases: [string, RegExp][] = [
      [JSON.stringify(ec), /priv_key\.jwk is a EC JWK; .*RSA/],
      [JSON.stringify(key.publicKey.export({ format: "jwk" })), /priv_key\.jwk is a public JWK/],
      [JSON.stringify({ client_id: green.clientId, secret: jwk }), /priv_key\.jwk is not a JWK/],
      [key.pkcs8, /priv_key\.jwk is not valid JSON/],
    ];
    for (const [text, message] of cases) {
      const dir = irisFolder(green, { "priv_key.pem": null, "priv_key.jwk": text });
      const error = thrown(() => createClient({ color: "green", keyFile: dir, ...urls() }));
      expect(error).toBeInstanceOf(errors.KeyError);
      expect(error.message).toMatch(message);
      expect((error as InstanceType<typeof errors.KeyError>).file).toBe(join(dir, "priv_key.jwk"));
    }
    const pub = irisFolder(green, { "priv_key.pem": key.publicKey.export({ type: "spki", format: "pem" }).toString() });
    expect(thrown(() => createClient({ color: "green", keyFile: pub, ...urls() })).message).toMatch(
      /priv_key\.pem holds a public key/,
    );
  });

  test("mode 0644 on a file that is read: KeyError naming that file and chmod 600, before any request", async () => {
    const green = await testClient(fixture.facility, "green");
    const before = fixture.facility.requests.length;
    for (const name of ["clientid.txt", "priv_key.pem"]) {
      const dir = irisFolder(green, {}, { [name]: 0o644 });
      const error = thrown(() => createClient({ color: "green", keyFile: dir, ...urls() }));
      expect(error).toBeInstanceOf(errors.KeyError);
      expect(error.message).toContain(`${join(dir, name)} is readable by group or others (mode 644)`);
      expect(error.message).toContain(`chmod 600 ${join(dir, name)}`);
      expect(error.message).not.toContain(green.clientId);
    }
    const jwkOnly = irisFolder(green, { "priv_key.pem": null }, { "priv_key.jwk": 0o640 });
    expect(thrown(() => createClient({ color: "green", keyFile: jwkOnly, ...urls() })).message).toContain(
      `chmod 600 ${join(jwkOnly, "priv_key.jwk")}`,
    );
    expect(fixture.facility.requests.length).toBe(before);
    // pub_key.pem is not read: its mode does not matter; 0400 is owner-only too.
    const dir = irisFolder(green, {}, { "pub_key.pem": 0o644, "clientid.txt": 0o400, "priv_key.pem": 0o400 });
    const client = createClient({ color: "green", keyFile: dir, ...urls(), clock: clock() });
    expect((await client.GET("/account/")).response.status).toBe(200);
  });

  test("a folder without clientid.txt, without a key, or with no one client ID in clientid.txt", async () => {
    const green = await testClient(fixture.facility, "green");
    const noId = irisFolder(green, { "clientid.txt": null });
    expect(thrown(() => createClient({ color: "green", keyFile: noId, ...urls() })).message).toBe(
      `The key folder ${noId} has no clientid.txt (Iris's download: clientid.txt, and priv_key.pem or priv_key.jwk)`,
    );
    const noKey = irisFolder(green, { "priv_key.pem": null, "priv_key.jwk": null });
    expect(thrown(() => createClient({ color: "green", keyFile: `${noKey}/`, ...urls() })).message).toMatch(
      new RegExp(`^The key folder ${noKey} has neither priv_key\\.pem nor priv_key\\.jwk`),
    );
    for (const text of ["", " \n", "two words\n"]) {
      const dir = irisFolder(green, { "clientid.txt": text });
      const error = thrown(() => createClient({ color: "green", keyFile: dir, ...urls() }));
      expect(error).toBeInstanceOf(errors.KeyError);
      expect(error.message).toBe(
        `The client ID file ${join(dir, "clientid.txt")} does not hold one client ID (one word on one line)`,
      );
    }
  });

  test("a key file of another color: ConfigError naming both colors, before any request", async () => {
    const red = await testClient(fixture.facility, "red");
    const file = mockKeyFile(red);
    const before = fixture.facility.requests.length;
    for (const options of [{ keyFile: file }, { privateKey: { file } }]) {
      const error = thrown(() => createClient({ color: "green", ...options, ...urls() } as never));
      expect(error).toBeInstanceOf(errors.ConfigError);
      expect(error.message).toBe(
        `createClient: the key file ${file} is for a "red" client, not "green": give color "red", ` +
          `or the key file of a "green" client`,
      );
    }
    expect(fixture.facility.requests.length).toBe(before);
    // Its own color works (the URLs from the file).
    const { response } = await createClient({ color: "red", keyFile: file, clock: clock() }).GET("/account/");
    expect(response.status).toBe(200);
  });

  test("expires_at past: ClientExpiredError naming the file and Iris, no token request; public calls still go", async () => {
    const green = await testClient(fixture.facility, "green");
    const file = mockKeyFile(green, { expires_at: new Date(fixture.clock.now() - 1000).toISOString() });
    const client = createClient({ color: "green", keyFile: file, clock: clock() });
    const before = tokenRequests();
    const error = await client.GET("/account/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errors.ClientExpiredError);
    const expired = error as InstanceType<typeof errors.ClientExpiredError>;
    expect(expired.file).toBe(file);
    for (const secret of secrets) expect(expired.message).not.toContain(secret);
    expect(expired.message).toMatch(
      new RegExp(`^The API client of the key file ${file} expired at .*; create a new client in Iris`),
    );
    expect(tokenRequests()).toBe(before);
    expect((await client.GET("/status/")).response.status).toBe(200);
    // An explicit clientExpiresAt wins over the file's, as every explicit option does.
    const later = createClient({
      color: "green",
      keyFile: file,
      clientExpiresAt: fixture.clock.now() + 30 * 86_400_000,
      clock: clock(),
    });
    expect((await later.GET("/account/")).response.status).toBe(200);
  });

  test("expires_at within a day: one warning through the logger; a malformed one is a KeyError", async () => {
    const green = await testClient(fixture.facility, "green");
    const soon = mockKeyFile(green, { expires_at: new Date(fixture.clock.now() + 2 * 3600_000).toISOString() });
    const warnings: string[] = [];
    const client = createClient({
      color: "green",
      keyFile: soon,
      clock: clock(),
      logger: { warn: (m: string) => warnings.push(m) },
    });
    expect((await client.GET("/account/")).response.status).toBe(200);
    expect(warnings).toEqual([expect.stringMatching(/expires at .* \(in 2 h\); create a new one in Iris/)]);
    const bad = mockKeyFile(green, { expires_at: "soon-ish" });
    const error = thrown(() => createClient({ color: "green", keyFile: bad }));
    expect(error).toBeInstanceOf(errors.KeyError);
    expect(error.message).toContain(`${bad}: "expires_at" is not a date`);
    expect(error.message).not.toContain("soon-ish");
  });
});

describe("createTokenSource", () => {
  test("keyFile: Iris's folder; tokens the API takes", async () => {
    const green = await testClient(fixture.facility, "green");
    const tokens = createTokenSource({
      keyFile: irisFolder(green),
      tokenUrl: fixture.facility.tokenUrl,
      color: "green",
      clock: { now: fixture.clock.now, sleep: async () => {} },
    });
    const token = await tokens.token();
    const response = await fetch(`${fixture.facility.baseUrl}/account/`, { headers: { authorization: token } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  });

  test("an expired key file: ClientExpiredError at token(), no token request", async () => {
    const green = await testClient(fixture.facility, "green");
    const file = mockKeyFile(green, { expires_at: new Date(fixture.clock.now() - 1).toISOString() });
    const before = tokenRequests();
    const tokens = createTokenSource({ keyFile: file, clock: { now: fixture.clock.now, sleep: async () => {} } });
    await expect(tokens.token()).rejects.toMatchObject({ name: "ClientExpiredError", file });
    expect(tokenRequests()).toBe(before);
  });
});
