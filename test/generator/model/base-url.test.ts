// A description's servers[0].url becomes the generated client's default base URL (where calls, and so tokens, go)
// only when it is https; a relative one stays below https://api.nersc.gov; anything else falls back to the facility's
// own URL with a warning. `generate` says which default it chose.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chooseBaseUrl, FALLBACK_BASE_URL } from "../../../generator/model/base-url.js";
import { ConfigError } from "../../../templates/runtime/errors.js";
import { resolveOptions } from "../../../templates/runtime/options.js";
import { runCli } from "../../support/cli.js";
import { description, writeJson } from "../../support/descriptions.js";
import { snapshotDir, tempDir } from "../../support/project.js";

const withServer = (url: unknown) => description({ "GET /status": {} }, { servers: [{ url }] });

describe("chooseBaseUrl", () => {
  it("takes https URLs and relative ones (below the facility's host)", () => {
    expect(chooseBaseUrl(undefined)).toEqual({ url: FALLBACK_BASE_URL });
    expect(chooseBaseUrl("/api/v1.2")).toEqual({ url: "https://api.nersc.gov/api/v1.2", server: "/api/v1.2" });
    expect(chooseBaseUrl("https://sfapi.example.org/api/v2/")).toEqual({
      url: "https://sfapi.example.org/api/v2",
      server: "https://sfapi.example.org/api/v2/",
    });
    // Scheme-relative is https too (the facility's scheme); the host it names is printed by generate.
    expect(chooseBaseUrl("//other.example.org/api").url).toBe("https://other.example.org/api");
  });

  it("falls back, with a warning naming the value and its pointer, for anything else", () => {
    const cases: [unknown, string][] = [
      ["http://evil.example/api", "is not an https URL"],
      ["javascript:alert(1)", "is not an http(s) URL (javascript:)"],
      ["file:///etc/passwd", "is not an http(s) URL (file:)"],
      ["https://{region}.example.org/api", "has server variables"],
      ["https://user:secret@example.org/api", "carries a query, fragment or credentials"],
      ["https://example.org/api?token=1", "carries a query, fragment or credentials"],
      ["https://exa mple.org", "is not a URL"],
      ["", "is not a URL"],
      [42, "is not a URL"],
    ];
    for (const [server, why] of cases) {
      expect(chooseBaseUrl(server), String(server)).toEqual({
        url: FALLBACK_BASE_URL,
        warning: `servers[0].url ${JSON.stringify(server)} ${why} (at /servers/0/url); the client's default base URL is ${FALLBACK_BASE_URL}`,
      });
    }
  });
});

// Issue 24, item 10: the generator and the runtime judge a base URL by one rule (templates/runtime/urls.ts). Each of
// these was once written as the default, and every createClient() without baseUrl then threw ConfigError.
describe("a default the runtime would refuse is never written", () => {
  const refusedByRuntime: [server: string, why: string][] = [
    ["https://sfapi.example.org/api//v1", 'holds empty path segments ("//")'],
    ["https://sfapi.example.org//api", 'holds empty path segments ("//")'],
    ["/api//v1.2", 'holds empty path segments ("//")'],
    ["https://sfapi.example.org/api\\v1", "holds a backslash, whitespace or a control character"],
    ["https://sfapi.example.org\\api", "holds a backslash, whitespace or a control character"],
    ["https://sfapi.example.org/api?", "carries a query, fragment or credentials"],
    ["https://sfapi.example.org/api#", "carries a query, fragment or credentials"],
    ["https://sfapi.example.org/my%20api", "holds a backslash, whitespace or a control character"],
    ["https://sfapi.example.org/my api", "holds a backslash, whitespace or a control character"],
    ["https://sfapi.example.org/api%0a", "holds a backslash, whitespace or a control character"],
  ];
  const runtimeBaseUrl = (baseUrl: string | undefined, defaultBaseUrl?: string) =>
    resolveOptions(
      { color: "green", ...(baseUrl === undefined ? {} : { baseUrl }) },
      {
        ladder: ["green", "red"],
        ...(defaultBaseUrl === undefined ? {} : { defaultBaseUrl }),
      },
    ).baseUrl;

  it.each(refusedByRuntime)("servers[0].url %j falls back: it %s", (server, why) => {
    expect(chooseBaseUrl(server)).toEqual({
      url: FALLBACK_BASE_URL,
      warning: `servers[0].url ${JSON.stringify(server)} ${why} (at /servers/0/url); the client's default base URL is ${FALLBACK_BASE_URL}`,
    });
    // The same text as a createClient option is refused for the same reason (absolute ones; relative ones are the
    // generator's own notation).
    if (!server.startsWith("/"))
      expect(() => runtimeBaseUrl(server)).toThrow(new ConfigError({ message: `baseUrl ${why}` }));
  });

  it("every default the generator chooses is one createClient accepts unchanged", () => {
    const servers: unknown[] = [
      undefined,
      "/api/v1.2",
      "//other.example.org/api",
      "https://Sfapi.Example.org:443/api/v2/",
      "https://sfapi.example.org",
      "https://sfapi.example.org/a/./b/../c",
      "https://sfapi.example.org/%7euser/api",
      "https://[::1]:8443/api",
      ...refusedByRuntime.map(([server]) => server),
    ];
    for (const server of servers) {
      const { url } = chooseBaseUrl(server);
      expect(runtimeBaseUrl(undefined, url), String(server)).toBe(url);
    }
  });
});

describe("generate says the default base URL it chose", () => {
  const dir = tempDir("baseurl-");
  /** The default the generated client was given, in whichever of its files holds it. */
  const generated = (out: string) =>
    [...snapshotDir(out).values()]
      .map((bytes) => bytes.toString().match(/defaultBaseUrl = (".*?");/)?.[1])
      .find(Boolean);

  it("an https server from the description: taken and printed", async () => {
    const out = join(dir, "https");
    const run = await runCli([
      "generate",
      "--file",
      writeJson(dir, "https.json", withServer("https://sfapi.example.org/api")),
      "--out",
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout.split("\n")[1]).toBe(
      '  default base URL: https://sfapi.example.org/api (servers[0].url "https://sfapi.example.org/api")',
    );
    expect(generated(out)).toBe('"https://sfapi.example.org/api"');
  });

  it("an http server: the built-in URL, a warning, and the output says so", async () => {
    const out = join(dir, "http");
    const file = writeJson(dir, "http.json", withServer("http://collector.example/steal"));
    const run = await runCli(["generate", "--file", file, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      `sfapi-gen: warning: ${file}: servers[0].url "http://collector.example/steal" is not an https URL (at /servers/0/url); the client's default base URL is ${FALLBACK_BASE_URL}\n`,
    );
    expect(run.stdout.split("\n")[1]).toBe(`  default base URL: ${FALLBACK_BASE_URL} (built in)`);
    expect(generated(out)).toBe(JSON.stringify(FALLBACK_BASE_URL));
  });
});
