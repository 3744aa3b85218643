/** Client registry rules (ladder colors, RSA only, default lifetimes), CIDR matching, and the key files. */
import { generateKeyPairSync } from "node:crypto";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { importJWK, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { ClientRegistry, lifetimeNote } from "../../../generator/facility/clients.js";
import type { CreatedClient, Facility } from "../../../generator/facility/index.js";
import { writeClientFiles } from "../../../generator/facility/index.js";
import { ipRanges } from "../../../generator/facility/ip-ranges.js";
import { postToken, tokenForm, useFacility, withFacility } from "../../support/facility.js";
import { rsaKey } from "../../support/keys.js";
import { tempDir } from "../../support/project.js";

describe("IP ranges", () => {
  const ranges = ipRanges(["127.0.0.0/8", "10.1.0.0/16", "::1/128", "2001:db8::/32", "192.0.2.7"]);

  it("match IPv4 and IPv6 addresses inside their blocks and nothing else", () => {
    for (const inside of ["127.0.0.1", "127.255.0.9", "10.1.200.3", "::1", "2001:db8:0:1::5", "192.0.2.7"])
      expect(ranges.contains(inside), inside).toBe(true);
    for (const outside of ["10.2.0.1", "192.0.2.8", "::2", "2001:db9::1", "8.8.8.8", "", "localhost"])
      expect(ranges.contains(outside), outside).toBe(false);
  });

  it("match IPv4-mapped IPv6 addresses (what a dual-stack socket reports) against IPv4 blocks", () => {
    expect(ranges.contains("::ffff:127.0.0.1")).toBe(true);
    expect(ranges.contains("::ffff:10.2.0.1")).toBe(false);
  });

  it("refuse malformed blocks with a message naming them", () => {
    for (const bad of ["300.0.0.0/8", "10.0.0.0/33", "::1/129", "10.0.0.0/8/1", "10.0.0.0/-1", "example.org/24", ""]) {
      expect(() => ipRanges([bad]), bad).toThrow(`IP range ${JSON.stringify(bad)} is not a CIDR block`);
    }
  });
});

describe("client registry", () => {
  // Registrations may share a key (a client is its ID); generating one per registration only costs time.
  const shared = rsaKey().publicKey;
  const rsa = () => shared;
  const clock = Date.parse("2025-06-01T00:00:00Z");
  const registry = new ClientRegistry(["green", "yellow", "red"], () => clock);

  it("makes 13-character client IDs of lowercase letters and digits (the official key-file loader needs 13)", () => {
    const ids = Array.from({ length: 200 }, () => registry.register({ color: "green", publicKey: rsa() }).clientId);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{13}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up (a biased or truncated alphabet would not, over 2600 characters).
    expect(new Set(ids.join("")).size).toBe(36);
  });

  it("gives each level the facility's terms (Iris's dialog): lifetime, and at most so many IP ranges", () => {
    const four = new ClientRegistry(["green", "yellow", "orange", "red"], () => clock);
    const terms = (color: string) => {
      const client = four.register({ color, publicKey: rsa() });
      return [client.expiresAt.toISOString(), client.maxIpRanges, client.ipRanges.cidrs];
    };
    const loopback = ["127.0.0.0/8", "::1/128"];
    expect(terms("green")).toEqual(["2025-07-31T00:00:00.000Z", 16, loopback]);
    expect(terms("yellow")).toEqual(["2025-07-31T00:00:00.000Z", 8, loopback]);
    expect(terms("orange")).toEqual(["2025-07-01T00:00:00.000Z", 8, loopback]);
    expect(terms("red")).toEqual(["2025-06-03T00:00:00.000Z", 2, loopback]);
    expect(lifetimeNote(["green", "yellow", "orange", "red"])).toBeUndefined();
    // Part of the facility's ladder, in its order, keeps each level's own terms: yellow still 60 days.
    expect((registry.register({ color: "yellow", publicKey: rsa() }).expiresAt.getTime() - clock) / 864e5).toBe(60);
    expect(lifetimeNote(["green", "yellow", "red"])).toBeUndefined();
  });

  it("refuses more IP ranges than the level allows, naming both numbers", () => {
    const four = new ClientRegistry(["green", "yellow", "orange", "red"], () => clock);
    const ranges = ["127.0.0.0/8", "::1/128", "10.0.0.0/8"];
    expect(() => four.register({ clientId: "r1", color: "red", publicKey: rsa(), ipRanges: ranges })).toThrow(
      'client "r1" (red) lists 3 IP ranges; its level allows at most 2',
    );
    const nine = Array.from({ length: 9 }, (_, i) => `10.${i}.0.0/16`);
    expect(() => four.register({ clientId: "o1", color: "orange", publicKey: rsa(), ipRanges: nine })).toThrow(
      'client "o1" (orange) lists 9 IP ranges; its level allows at most 8',
    );
    expect(four.register({ color: "green", publicKey: rsa(), ipRanges: nine }).ipRanges.cidrs).toHaveLength(9);
  });

  it("on a ladder that is not the facility's assumes terms by rank, and says so", () => {
    const other = new ClientRegistry(["a", "b", "c", "d"], () => clock);
    const terms = (color: string) => {
      const client = other.register({ color, publicKey: rsa() });
      return [(client.expiresAt.getTime() - clock) / 864e5, client.maxIpRanges];
    };
    expect(["a", "b", "c", "d"].map(terms)).toEqual([
      [60, 16],
      [30, 8],
      [30, 8],
      [2, 2],
    ]);
    expect(lifetimeNote(["a", "b", "c", "d"])).toBe(
      "client terms assumed by rank (the facility documents them for green < yellow < orange < red): " +
        "a 60 days and 16 IP ranges, b 30 days and 8 IP ranges, c 30 days and 8 IP ranges, d 2 days and 2 IP ranges",
    );
    // The facility's names out of its order are not its levels either.
    expect(lifetimeNote(["red", "green"])).toMatch(/^client terms assumed by rank .*: red 60 days and 16 IP ranges, /);
  });

  it("takes the public key as KeyObject, SPKI PEM or JWK, keeping only the public half", () => {
    const { publicKey, privateKey } = rsaKey();
    const fromPem = registry.register({
      color: "green",
      publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
    });
    const fromJwk = registry.register({ color: "green", publicKey: publicKey.export({ format: "jwk" }) });
    const fromPrivate = registry.register({ color: "green", publicKey: privateKey });
    for (const c of [fromPem, fromJwk, fromPrivate]) {
      expect(c.publicKey.type).toBe("public");
      expect(c.publicKey.equals(publicKey)).toBe(true);
    }
  });

  it("refuses colors off the ladder, taken IDs, and keys that are not RSA of 2048 bits or more", () => {
    expect(() => registry.register({ color: "blue", publicKey: rsa() })).toThrow(
      'client color "blue" is not on the ladder green < yellow < red',
    );
    registry.register({ clientId: "taken", color: "green", publicKey: rsa() });
    expect(() => registry.register({ clientId: "taken", color: "green", publicKey: rsa() })).toThrow(
      'client ID "taken" is already registered',
    );
    expect(() => registry.register({ color: "green", publicKey: generateKeyPairSync("ed25519").publicKey })).toThrow(
      "RSA keys of at least 2048 bits (got ed25519)",
    );
    expect(() =>
      registry.register({ color: "green", publicKey: generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey }),
    ).toThrow("(got rsa 1024)");
    expect(() => registry.register({ color: "green", publicKey: "not a key" })).toThrow(
      "the public key cannot be read",
    );
  });
});

describe("client key files", () => {
  const fixture = useFacility();
  let facility: Facility;
  beforeAll(() => {
    facility = fixture.facility;
  });

  /** A key file of a real client (the official client's format), not the mock's. */
  const REAL_PEM = `real-client-id\n${rsaKey().pkcs8}`;
  /** Every entry of `dir`, with its bytes, its link target or "folder": what a refused write must leave as it was. */
  const listing = (dir: string) =>
    readdirSync(dir)
      .sort()
      .map((name) => {
        const path = join(dir, name);
        const stat = lstatSync(path);
        return [
          name,
          stat.isSymbolicLink()
            ? `-> ${readlinkSync(path)}`
            : stat.isDirectory()
              ? "folder"
              : readFileSync(path, "utf8"),
          stat.mode & 0o777,
        ];
      });

  it("writes <color>.json and <color>.pem with mode 0600, in the official client's format, even over a wider file", async () => {
    const dir = join(tempDir("keys-"), "clients");
    const client = await facility.createClient("red");
    const [jsonPath, pemPath] = await writeClientFiles(dir, client, facility);
    expect([jsonPath, pemPath]).toEqual([join(dir, "red.json"), join(dir, "red.pem")]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    chmodSync(pemPath!, 0o644);
    await writeClientFiles(dir, client, facility);
    for (const path of [jsonPath!, pemPath!]) expect(statSync(path).mode & 0o777, path).toBe(0o600);

    const [firstLine, ...rest] = readFileSync(pemPath!, "utf8").split("\n");
    expect(firstLine).toBe(client.clientId);
    expect(rest.join("\n")).toBe(client.privateKeyPem.trimEnd() + "\n");
    expect(rest[0]).toBe("-----BEGIN PRIVATE KEY-----");

    const json = JSON.parse(readFileSync(jsonPath!, "utf8"));
    expect(json).toMatchObject({
      client_id: client.clientId,
      color: "red",
      expires_at: client.expiresAt.toISOString(),
      base_url: facility.baseUrl,
      token_url: facility.tokenUrl,
    });
    expect(json.private_key_pem).toBe(client.privateKeyPem);
    expect(json.secret).toEqual(json.private_key_jwk);
  });

  it("the JWK in <color>.json signs assertions the facility accepts", async () => {
    const dir = tempDir("jwk-");
    const client = await facility.createClient("green");
    const [jsonPath] = await writeClientFiles(dir, client, facility);
    const json = JSON.parse(readFileSync(jsonPath!, "utf8"));
    const key = await importJWK(json.private_key_jwk, "RS256");
    const now = fixture.clock.seconds;
    const made = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(json.client_id)
      .setSubject(json.client_id)
      .setAudience(json.token_url)
      .setExpirationTime(now + 60)
      .setJti(`jwk-${now}`)
      .sign(key);
    const { status, body } = await postToken(facility, tokenForm(made));
    expect(status).toBe(200);
    expect(body.token_type).toBe("Bearer");
  });

  it("replaces the key files of an earlier mock run: they are its own", async () => {
    const dir = tempDir("rerun-");
    const [jsonPath, pemPath] = await writeClientFiles(dir, await facility.createClient("green"), facility);
    const next = await facility.createClient("green");
    await writeClientFiles(dir, next, facility);
    expect(JSON.parse(readFileSync(jsonPath!, "utf8")).client_id).toBe(next.clientId);
    expect(readFileSync(pemPath!, "utf8").split("\n")[0]).toBe(next.clientId);
  });

  // The clients folder may be where real key files live: none of these is the mock's, so none may be replaced.
  // One client tries them all (refused, it is never written): a key pair is 100-250 ms of CPU.
  let intruder: Promise<CreatedClient> | undefined;
  it.each([
    [
      "a PEM key file of the official client's",
      "red.pem",
      (dir: string) => writeFileSync(join(dir, "red.pem"), REAL_PEM),
    ],
    [
      "the official client's JSON key file",
      "red.json",
      (dir: string) => writeFileSync(join(dir, "red.json"), JSON.stringify({ client_id: "real", secret: {} })),
    ],
    ["a file that is not JSON", "red.json", (dir: string) => writeFileSync(join(dir, "red.json"), "{ not json")],
    [
      "a PEM beside the mock's JSON that is not that JSON's key",
      "red.pem",
      async (dir: string) => {
        await writeClientFiles(dir, await facility.createClient("red"), facility);
        writeFileSync(join(dir, "red.pem"), REAL_PEM);
      },
    ],
    [
      "the mock's JSON of another color under this color's name",
      "red.json",
      async (dir: string) => {
        const [green] = await writeClientFiles(dir, await facility.createClient("green"), facility);
        renameSync(green!, join(dir, "red.json"));
      },
    ],
    ["a symbolic link", "red.pem", (dir: string) => symlinkSync(join(dir, "elsewhere.pem"), join(dir, "red.pem"))],
    ["a folder", "red.json", (dir: string) => mkdirSync(join(dir, "red.json"))],
  ])("refuses to replace %s, and writes nothing", async (_, name, prepare) => {
    const dir = tempDir("foreign-");
    await prepare(dir);
    const before = listing(dir);
    intruder ??= facility.createClient("red");
    const attempt = writeClientFiles(dir, await intruder, facility);
    await expect(attempt).rejects.toThrow(`${join(dir, name)} is already there`);
    expect(listing(dir)).toEqual(before);
  });

  it("refuses a level that cannot name a file", async () => {
    await withFacility({ levels: ["green", "../red"] }, async (odd) => {
      const client = await odd.createClient("../red");
      await expect(writeClientFiles(tempDir("odd-"), client, odd)).rejects.toThrow(
        'level "../red" cannot name a key file',
      );
    });
  });
});
