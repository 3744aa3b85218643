/**
 * `sfapi-gen mock --file <description with OAuth2 scopes>` in-process: clients by grant (all, none, --grant), key
 * files that say their scopes, and those keys getting tokens the API holds to their scopes.
 */
import { createPrivateKey } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { mockInProcess, runCli } from "../../support/cli.js";
import { assertion, tokenForm } from "../../support/facility.js";
import { root, tempDir } from "../../support/project.js";

const SPOTIFY = join(root, "test", "fixtures", "oauth2", "spotify.yml");

/** `sfapi-gen mock --quiet` in this process (test/support/cli.ts). */
const mockQuiet = (args: string[]) => mockInProcess(["--quiet", ...args]);

/** The key file `<name>.json` in `dir`, and a token its key gets (with `scope` when given). */
async function keyAndToken(dir: string, name: string, scope?: string) {
  const file = JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
  const made = await assertion({ tokenUrl: file.token_url }, file.client_id, createPrivateKey(file.private_key_pem));
  const answer = await fetch(file.token_url, {
    method: "POST",
    body: tokenForm(made, scope === undefined ? {} : { scope }),
  });
  const body = await answer.json();
  return { file, status: answer.status, body, token: body.access_token as string | undefined };
}

async function call(baseUrl: string, path: string, token: string) {
  const answer = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, body: await answer.json() };
}

describe("sfapi-gen mock of a description with OAuth2 scopes", () => {
  it("makes clients by grant (all, none, --grant) whose key files say their scopes and whose tokens carry them", async () => {
    const dir = join(tempDir("mock-scopes-"), "clients");
    const mock = await mockQuiet([
      "--file",
      SPOTIFY,
      "--clients-dir",
      dir,
      "--grant",
      "reader=user-library-read,user-top-read",
    ]);
    try {
      expect(mock.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const written = [...mock.printed.matchAll(/wrote (\S+)/g)].map((m) => m[1]!.split("/").pop());
      expect(written).toEqual(["all.json", "all.pem", "none.json", "none.pem", "reader.json", "reader.pem"]);
      for (const name of written) expect(statSync(join(dir, name!)).mode & 0o777).toBe(0o600);
      expect(mock.printed).toMatch(/clients by OAuth2 grant \(\d+ scopes named; clients live 60 days\):/);
      expect(mock.printed).toMatch(
        / {4}none: [a-z0-9]{13}, expires \S+, scopes: none, IP ranges 127\.0\.0\.0\/8, ::1\/128 \(at most 16\)\n/,
      );
      expect(mock.printed).toMatch(
        / {4}reader: [a-z0-9]{13}, expires \S+, scopes: user-library-read user-top-read, IP ranges [^\n]+ \(at most 16\)\n/,
      );
      expect(mock.printed).not.toContain("PRIVATE KEY");

      const reader = await keyAndToken(dir, "reader");
      expect(reader.file).toMatchObject({ grant: "reader", scopes: ["user-library-read", "user-top-read"] });
      expect(reader.file).not.toHaveProperty("color");
      expect(reader.body.scope).toBe("user-library-read user-top-read");
      expect(decodeJwt(reader.token!).scope).toBe("user-library-read user-top-read");
      expect((await call(mock.baseUrl, "/me/tracks", reader.token!)).status).toBe(200);
      const me = await call(mock.baseUrl, "/me", reader.token!);
      expect([me.status, me.body.missing_scopes]).toEqual([403, ["user-read-email", "user-read-private"]]);

      // The runtime reads a grant's key file as any other (what `sfapi-gen token` and createClient do).
      const printed = await runCli(["token", "--key-file", join(dir, "reader.json")]);
      expect(printed.code, printed.stderr).toBe(0);
      expect(decodeJwt(printed.stdout.trim()).scope).toBe("user-library-read user-top-read");

      const none = await keyAndToken(dir, "none");
      expect(none.file.scopes).toEqual([]);
      const refused = await call(mock.baseUrl, "/me/tracks", none.token!);
      expect([refused.status, refused.body.missing_scopes]).toEqual([403, ["user-library-read"]]);
      expect((await keyAndToken(dir, "none", "user-library-read")).body.error).toBe("invalid_scope");

      const all = await keyAndToken(dir, "all");
      expect(all.file.scopes).toContain("user-read-private");
      expect(all.file.scopes.length).toBeGreaterThanOrEqual(17);
      expect((await call(mock.baseUrl, "/me", all.token!)).status).toBe(200);
    } finally {
      expect((await mock.stop()).code).toBe(0);
    }

    // Started again on the same folder, with another --grant: the same clients come back, holding what is asked now.
    const before = JSON.parse(readFileSync(join(dir, "reader.json"), "utf8"));
    const again = await mockQuiet(["--file", SPOTIFY, "--clients-dir", dir, "--grant", "reader=user-top-read"]);
    try {
      expect(again.printed).toMatch(
        /reader: [a-z0-9]{13}, expires \S+ \(reused from an earlier start\), scopes: user-top-read, IP ranges [^\n]+\n/,
      );
      const reader = await keyAndToken(dir, "reader");
      expect(reader.file.client_id).toBe(before.client_id);
      expect(reader.file.scopes).toEqual(["user-top-read"]);
      expect(reader.body.scope).toBe("user-top-read");
      expect((await call(again.baseUrl, "/me/tracks", reader.token!)).status).toBe(403);
    } finally {
      expect((await again.stop()).code).toBe(0);
    }
  });

  it("refuses a bad --grant with one readable line and a non-zero exit", async () => {
    const cases: [string[], string][] = [
      [["--grant", "reader"], '--grant "reader": give <name>=<scope1,scope2>'],
      [
        ["--file", SPOTIFY, "--grant", "reader=user-libary-read"],
        '--grant "reader=user-libary-read": "user-libary-read" is not a scope the description names (it names ',
      ],
      [
        ["--file", SPOTIFY, "--grant", "all=user-top-read"],
        '--grant "all=user-top-read": there is already a grant named "all"',
      ],
      [["--file", SPOTIFY, "--grant", "../up=user-top-read"], 'the grant name "../up" must be 1-64 letters'],
      [["--grant", "reader=a"], "is served by levels (green < yellow < orange < red), not by OAuth2 scopes"],
      [
        ["--file", SPOTIFY, "--levels", "green,red", "--grant", "reader=user-top-read"],
        "spotify.yml is served by levels (green < red), not by OAuth2 scopes (its requirements list none, or --levels",
      ],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(["mock", "--quiet", ...args]);
      expect(run.code, args.join(" ")).not.toBe(0);
      // The error is one line, the last (after any warning the description's reading gave).
      expect(run.stderr.trim().split("\n").at(-1)).toContain(message);
      expect(run.stdout).not.toContain("stop with");
    }
  });
});
