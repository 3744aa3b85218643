/**
 * Tokens anywhere: `sfapi-gen token` (in-process) and the generated client's `createTokenSource`, against the local
 * facility's token endpoint on 127.0.0.1 with a real RSA key. The token printed is one the API takes; failures are
 * one line naming what is wrong, never the key; the color is checked against the key file's own. Iris's download
 * folder is read as a key file, and as `~/.superfacility/` by default (HOME pointed at a temp folder).
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, createClient, createTokenSource } from "../../../generated/index.js";
import { main } from "../../../generator/cli/main.js";
import { runCli } from "../../support/cli.js";
import { virtualTime } from "../../support/clock.js";
import { testClient, useFacility } from "../../support/facility.js";
import { listenLocal } from "../../support/http.js";
import { CLIENT_ID, rsaKey } from "../../support/keys.js";
import { tempDir } from "../../support/project.js";

const fixture = useFacility({ levels: ["green", "yellow", "red"] });

/** A key file as `sfapi-gen mock` writes one (`color` and the URLs beside the official `{ client_id, secret }`). */
async function keyFile(
  color: string,
  mode = 0o600,
  dir = tempDir("token-"),
  more: Record<string, string> = {},
): Promise<{ file: string; pem: string }> {
  const { facility } = fixture;
  const key = await testClient(facility, color);
  const file = join(dir, `${color}.json`);
  const body = {
    client_id: key.clientId,
    color,
    secret: key.privateKeyPem,
    base_url: facility.baseUrl,
    token_url: facility.tokenUrl,
    ...more,
  };
  writeFileSync(file, JSON.stringify(body), { mode });
  chmodSync(file, mode);
  return { file, pem: key.privateKeyPem };
}

/** Iris's download in `dir` (made 0700): clientid.txt, priv_key.pem, priv_key.jwk, pub_key.pem, each 0600. */
async function irisFolder(dir: string): Promise<{ dir: string; pem: string; clientId: string }> {
  const client = await testClient(fixture.facility, "green");
  const key = rsaKey();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = {
    "clientid.txt": client.clientId,
    "priv_key.pem": key.pkcs8,
    "priv_key.jwk": JSON.stringify(key.privateKey.export({ format: "jwk" })),
    "pub_key.pem": key.publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 });
  return { dir, pem: key.pkcs8, clientId: client.clientId };
}

async function accepted(token: string): Promise<number> {
  const response = await fetch(`${fixture.facility.baseUrl}/account/`, { headers: { authorization: token } });
  await response.arrayBuffer();
  return response.status;
}

afterEach(() => vi.unstubAllEnvs());

describe("sfapi-gen token", () => {
  it("prints one fresh access token, which the API takes", async () => {
    const { file } = await keyFile("green");
    const run = await runCli(["token", "--key-file", file]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe("");
    expect(await accepted(lines[0]!)).toBe(200);
  });

  it("without --key-file: the one file in ~/.superfacility/, as the official client; two files is an error", async () => {
    const home = tempDir("home-");
    const dir = join(home, ".superfacility");
    mkdirSync(dir);
    await keyFile("yellow", 0o600, dir);
    vi.stubEnv("HOME", home);
    const run = await runCli(["token"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await accepted(run.stdout.trim())).toBe(200);
    await keyFile("red", 0o600, dir);
    const two = await runCli(["token"]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain("holds 2 files and no clientid.txt; give --key-file");
  });

  it("Iris's folder: --key-file <folder>, and ~/.superfacility/ by default when clientid.txt is there", async () => {
    const home = tempDir("home-");
    const { dir, pem, clientId } = await irisFolder(join(home, ".superfacility"));
    // Beside Iris's files, a key file of the official client's: clientid.txt says the folder is Iris's download.
    await keyFile("red", 0o600, dir);
    const tokenUrl = ["--token-url", fixture.facility.tokenUrl];
    const given = await runCli(["token", "--key-file", dir, ...tokenUrl]);
    expect(given.stderr).toBe("");
    expect(given.code).toBe(0);
    expect(await accepted(given.stdout.trim())).toBe(200);
    vi.stubEnv("HOME", home);
    const byDefault = await runCli(["token", ...tokenUrl]);
    expect(byDefault.stderr).toBe("");
    expect(byDefault.code).toBe(0);
    expect(await accepted(byDefault.stdout.trim())).toBe(200);
    // The files read are checked as a key file is; the message names the file, not what it holds.
    chmodSync(join(dir, "priv_key.pem"), 0o644);
    const loose = await runCli(["token", ...tokenUrl]);
    expect(loose.code).toBe(2);
    expect(loose.stdout).toBe("");
    expect(loose.stderr).toBe(
      `sfapi-gen: token: The key file ${join(dir, "priv_key.pem")} is readable by group or others (mode 644); ` +
        `run \`chmod 600 ${join(dir, "priv_key.pem")}\` (or 400)\n`,
    );
    chmodSync(join(dir, "priv_key.pem"), 0o600);
    chmodSync(join(dir, "clientid.txt"), 0o644);
    const looseId = await runCli(["token", ...tokenUrl]);
    expect(looseId.code).toBe(2);
    expect(looseId.stderr).toContain(`The client ID file ${join(dir, "clientid.txt")} is readable by group or others`);
    for (const run of [loose, looseId]) {
      expect(run.stderr).not.toContain(pem.split("\n")[1]!);
      expect(run.stderr).not.toContain(clientId);
    }
  });

  it("an expired key file: one line saying to make a new client in Iris, and no token request", async () => {
    const { file } = await keyFile("green", 0o600, tempDir("token-"), {
      expires_at: new Date(fixture.clock.now() - 60_000).toISOString(),
    });
    const before = fixture.facility.requests.filter((r) => r.path === "/token").length;
    const run = await runCli(["token", "--key-file", file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      new RegExp(`^sfapi-gen: token: The API client of the key file ${file} expired at .*create a new client in Iris`),
    );
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(fixture.facility.requests.filter((r) => r.path === "/token").length).toBe(before);
  });

  it("a key file others can read, or a key the facility does not know, fails in one line without the key", async () => {
    const open = await keyFile("green", 0o644);
    const loose = await runCli(["token", "--key-file", open.file]);
    expect(loose.code).toBe(2);
    expect(loose.stderr).toContain("chmod 600");
    expect(loose.stdout).toBe("");
    const unknown = join(tempDir("token-"), "stranger.json");
    const { pem } = await keyFile("green");
    const urls = { base_url: fixture.facility.baseUrl, token_url: fixture.facility.tokenUrl };
    writeFileSync(unknown, JSON.stringify({ client_id: "nobody", secret: pem, ...urls }), { mode: 0o600 });
    const refused = await runCli(["token", "--key-file", unknown]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^sfapi-gen: token: Token request to .* failed/);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).not.toContain("PRIVATE KEY");
    expect(refused.stderr).not.toContain(pem.split("\n")[1]!);
  });
});

describe("createTokenSource", () => {
  it("serves tokens a client takes as accessToken, one token request while the token lives", async () => {
    const { file } = await keyFile("green");
    const tokens = createTokenSource({
      keyFile: file,
      color: "green",
      clock: { now: fixture.clock.now, sleep: async () => {} },
    });
    expect(tokens.color).toBe("green");
    const before = fixture.facility.requests.filter((r) => r.path === "/token").length;
    const [a, b] = await Promise.all([tokens.token(), tokens.token()]);
    expect(a).toBe(b);
    expect(await tokens.token()).toBe(a);
    expect(fixture.facility.requests.filter((r) => r.path === "/token").length).toBe(before + 1);
    const green = createClient({ color: "green", baseUrl: fixture.facility.baseUrl, accessToken: tokens.token });
    expect((await green.user()).name).toBe("mockuser");
  });

  it("refuses a color other than the key file's, and a color off the ladder, before any request", async () => {
    const { file } = await keyFile("red");
    const before = fixture.facility.requests.length;
    expect(() => createTokenSource({ keyFile: file, color: "green" })).toThrow(ConfigError);
    expect(() => createTokenSource({ keyFile: file, color: "green" })).toThrow(
      /the key file .*red\.json is for a "red" client, not "green"/,
    );
    // @ts-expect-error not a color of this API
    expect(() => createTokenSource({ keyFile: file, color: "purple" })).toThrow(ConfigError);
    expect(() => createTokenSource({} as never)).toThrow(/needs keyFile/);
    expect(fixture.facility.requests.length).toBe(before);
    expect(createTokenSource({ keyFile: file }).color).toBe("red");
  });
});

describe("sfapi-gen token --verbose", () => {
  /** A token endpoint on 127.0.0.1 answering 503 `failures` times, then a token; and a key file pointing at it. */
  async function flaky(failures: number) {
    let left = failures;
    const server = await listenLocal((req, res) => {
      req.resume();
      req.on("end", () => {
        if (left-- > 0) {
          res.writeHead(503, { "content-type": "application/json" }).end('{"detail":"busy"}');
          return;
        }
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ access_token: "tok-secret-42", token_type: "Bearer", expires_in: 600 }));
      });
    });
    const file = join(tempDir("verbose-"), "green.json");
    const body = {
      client_id: CLIENT_ID,
      secret: key.pkcs8,
      base_url: `${server.origin}/api/v1.2`,
      token_url: `${server.origin}/token`,
    };
    writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
    chmodSync(file, 0o600);
    return { server, file };
  }
  const key = rsaKey();

  /** `main` in-process with captured streams and the tests' virtual clock: the back-off is never waited for real. */
  async function token(args: string[], env: Record<string, string> = {}) {
    let stdout = "";
    let stderr = "";
    const clock = virtualTime();
    const code = await main(["token", ...args], {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      cwd: tempDir("verbose-cwd-"),
      clock,
      env,
    });
    return { code, stdout, stderr, slept: clock.slept };
  }

  it("prints a line per retry on stderr, naming method, path and status, never the token or the key", async () => {
    const { server, file } = await flaky(2);
    try {
      const run = await token(["--key-file", file, "--verbose"]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe("tok-secret-42\n");
      expect(run.slept).toHaveLength(2);
      const retries = run.stderr.split("\n").filter((l) => l.includes("retry"));
      expect(retries).toEqual([
        `sfapi-gen: POST /token: HTTP 503; retry 1 in ${(run.slept[0]! / 1000).toFixed(1)} s`,
        `sfapi-gen: POST /token: HTTP 503; retry 2 in ${(run.slept[1]! / 1000).toFixed(1)} s`,
      ]);
      expect(run.stderr).toMatch(/^sfapi: POST \/token 503 \d+ms$/m);
      expect(run.stderr).not.toContain("tok-secret-42");
      expect(run.stderr).not.toContain(key.pkcs8.split("\n")[1]!);
      // SFAPI_DEBUG says the same without the flag (here the endpoint answers at once: the request line alone).
      const debug = await token(["--key-file", file], { SFAPI_DEBUG: "1" });
      expect(debug.stderr).toMatch(/^sfapi: POST \/token 200 \d+ms\n$/);
      const again = await flaky(1);
      try {
        expect((await token(["--key-file", again.file], { SFAPI_DEBUG: "1" })).stderr).toMatch(/retry 1 in/);
        // Neither: nothing on stderr, though the request is retried.
        const third = await flaky(1);
        const quiet = await token(["--key-file", third.file]).finally(() => third.server.close());
        expect([quiet.code, quiet.slept.length, quiet.stderr]).toEqual([0, 1, ""]);
      } finally {
        await again.server.close();
      }
    } finally {
      await server.close();
    }
  });
});
