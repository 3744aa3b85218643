/**
 * The client of a description that lists OAuth2 scopes per operation (the security policy), from two real ones
 * (test/fixtures/oauth2: Spotify's, 97 operations; Petstore's, 19): generated, and compiled strictly (every declaration
 * of both clients checked) against a consumer whose refused calls must name the scopes they lack (TypeScript 5.9 here;
 * the pack test adds the newest), and called against a token endpoint and an API on 127.0.0.1: an allowed call
 * carries the token asked for with exactly the granted scopes, a refused one reaches neither server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as TS from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { generate } from "../../../generator/commands/generate.js";
import { loadDescription } from "../../../generator/description/read.js";
import { allScopes, clientCredentialsTokenUrl } from "../../../generator/model/security.js";
import { ts } from "../../../generator/usage/typescript.js";
import { unpackTable } from "../../../templates/runtime/table.js";
import { byCase, refusalProblems } from "../../support/consumers/refusal.js";
import { SCOPE_REFUSALS, scopeConsumer } from "../../support/consumers/scope.js";
import { CLIENT_ID, rsaKey } from "../../support/keys.js";
import { root, tempDir } from "../../support/project.js";
import { useServers } from "../../support/servers.js";
import { sharedHost } from "../../support/typecheck.js";

const FIXTURES = join(root, "test", "fixtures", "oauth2");
const key = rsaKey();
let dir: string;
let spotify: string;
let petstore: string;

beforeAll(async () => {
  dir = tempDir("grant-client-");
  spotify = join(dir, "spotify");
  petstore = join(dir, "petstore");
  await generate({ file: join(FIXTURES, "spotify.yml"), out: spotify });
  await generate({ file: join(FIXTURES, "petstore.yaml"), out: petstore });
}, 60_000);

describe("the generated client of OAuth2 scopes", () => {
  test("its table names every scope of the description, in place of a ladder", async () => {
    const table = await import(join(spotify, "operations.js"));
    const description = await loadDescription({ file: join(FIXTURES, "spotify.yml") });
    expect(table.scopes).toEqual(allScopes(description.document));
    expect(table.scopes).toHaveLength(19);
    expect(table.ladder).toBeUndefined();
    expect(table.createPlaylist.security).toEqual([["playlist-modify-private", "playlist-modify-public"]]);
    const index = readFileSync(join(spotify, "index.js"), "utf8");
    expect(index).toContain(
      "createScopedClient({ table, scopes, defaultBaseUrl, readKeyFile: readKeyFileText, keyTokens, grants }",
    );
    // The runtime reads the packed table: the same scope sets.
    const packed = unpackTable((await import(join(spotify, "packed-table.js"))).table);
    expect(packed.createPlaylist!.security).toEqual([["playlist-modify-private", "playlist-modify-public"]]);
    // No facility helpers for another API.
    expect(index).not.toContain("clientHelpers");
    const pets = await import(join(petstore, "index.js"));
    expect(pets.scopes).toEqual(["read:pets", "write:pets"]);
    expect(pets.operations.getPetById.security).toEqual([[]]);
    expect(pets.operations.loginUser.security).toBeUndefined();
  });

  test("regenerated into its own folder, the client keeps the security policy and asks for no ladder", async () => {
    const again = await generate({ file: join(FIXTURES, "petstore.yaml"), out: petstore });
    expect(again.model.policy).toBe("security");
    // The folder's own path is left out: it may contain the word (a work tree named "ladder").
    expect(again.kept?.replaceAll(petstore, "<out>")).not.toContain("ladder");
  });

  test("refused calls name the scopes they lack; allowed calls compile (TypeScript 5.9, strict)", () => {
    const file = join(dir, "consumer.ts");
    const { source, lines } = scopeConsumer("./spotify/index.js", "./petstore/index.js");
    const options: TS.CompilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: false,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
    };
    const host = sharedHost(options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (name) => (name === file ? source : readFile(name));
    host.fileExists = (name) => name === file || fileExists(name);
    const program = ts.createProgram([file], options, host);
    const consumer = program.getSourceFile(file)!;
    // The consumer, and every declaration of both clients it reaches (their runtime's too), with skipLibCheck off.
    const checked = program
      .getSourceFiles()
      .filter((f) => f === consumer || (f.fileName.startsWith(dir) && f.isDeclarationFile));
    const generated = ["index.d.ts", "core.d.ts", "operations.d.ts", "schema.d.ts", "runtime/types.d.ts"];
    expect(checked.map((f) => f.fileName.slice(dir.length + 1))).toEqual(
      expect.arrayContaining(generated.flatMap((f) => [`spotify/${f}`, `petstore/${f}`])),
    );
    const found = [
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
    ].map((d): [number, string] => [
      d.file === consumer ? consumer.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0,
      `${d.file === consumer ? "" : `${d.file?.fileName}: `}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    ]);
    expect(refusalProblems(byCase(lines, found), SCOPE_REFUSALS)).toEqual([]);
  }, 120_000);
});

test("a description's one client-credentials token URL is the default; none, or two, is no default", () => {
  const doc = (...urls: string[]) => ({
    components: {
      securitySchemes: Object.fromEntries(
        urls.map((tokenUrl, i) => [
          `s${i}`,
          { type: "oauth2", flows: { clientCredentials: { tokenUrl, scopes: {} } } },
        ]),
      ),
    },
  });
  expect(clientCredentialsTokenUrl(doc("https://auth.example.test/token/") as never)).toBe(
    "https://auth.example.test/token",
  );
  expect(clientCredentialsTokenUrl(doc() as never)).toBeUndefined();
  expect(clientCredentialsTokenUrl(doc("https://a.test/t", "https://b.test/t") as never)).toBeUndefined();
  expect(clientCredentialsTokenUrl(doc("https://user:pw@a.test/t") as never)).toBeUndefined();
});

describe("calls through the generated client, against a token endpoint and an API on 127.0.0.1", () => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  /** The generated module, typed loosely: it is made while the tests run (its types are checked above). */
  type Loose = Record<string, (args?: unknown) => Promise<unknown>> & { GET: (path: string) => Promise<unknown> };

  async function client(scopes: readonly string[], extra: Record<string, unknown> = {}): Promise<Loose> {
    const { createClient } = (await import(join(spotify, "index.js"))) as { createClient: (o: object) => Loose };
    return createClient({
      scopes,
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
      ...extra,
    });
  }

  test("an allowed call carries the token, asked for with exactly the granted scopes", async () => {
    const reader = await client(["user-read-private", "playlist-read-private"]);
    await expect(reader.getAListOfCurrentUsersPlaylists!()).resolves.toEqual({ method: "GET", path: "/me/playlists" });
    expect(servers.tokenCalls.map((c) => c.form.get("scope"))).toEqual(["user-read-private playlist-read-private"]);
    expect(servers.apiCalls.map((c) => [c.method, c.url, c.headers.authorization])).toEqual([
      ["GET", "/api/v1.2/me/playlists", "tok-1"],
    ]);
  });

  test("a refused call, by name, path-style or to an unknown path, reaches neither server", async () => {
    const reader = await client(["user-read-private", "playlist-read-private"]);
    const refusals = await Promise.all([
      reader.createPlaylist!({ body: { name: "mix" } }).catch((e: unknown) => e),
      reader.GET("/me/following").catch((e: unknown) => e),
      reader.GET("/nowhere").catch((e: unknown) => e),
    ]);
    expect(refusals.map((e) => [(e as Error).name, (e as { missing?: unknown }).missing])).toEqual([
      ["ScopeError", ["playlist-modify-private", "playlist-modify-public"]],
      ["ScopeError", ["user-follow-read"]],
      [
        "ScopeError",
        (await import(join(spotify, "operations.js"))).scopes.filter(
          (s: string) => s !== "user-read-private" && s !== "playlist-read-private",
        ),
      ],
    ]);
    expect((refusals[0] as Error).message).toBe(
      "createPlaylist (POST /me/playlists) needs scopes playlist-modify-private, playlist-modify-public, which this " +
        "client's grant lacks (granted: user-read-private, playlist-read-private)",
    );
    expect(servers.requestCount()).toBe(0);
  });

  test("without a token URL of its own description, a key needs tokenUrl: the facility's is no default", async () => {
    await expect(client(["user-read-private"], { tokenUrl: undefined })).rejects.toThrow(
      "createClient: tokenUrl is required: this API's description names no token URL to default to",
    );
  });
});
