/**
 * The guard as a property: whatever (method, path, per-call options) a green (or yellow) client is asked to send, and
 * wherever the server redirects it, nothing above its color reaches the network. A recording server on 127.0.0.1 judges
 * every request it receives on its own terms, as a lenient server would route it: the path percent-decoded (an encoded
 * slash becomes a real one), matched against every template of the table (a whole-path parameter, such as the `path` of
 * `/utilities/ls/{machine}/{path}`, taking the rest of the path); the request must mean at least one operation and only
 * operations the color may call. A second server stands for "anywhere else" and must receive nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { operations } from "../../generated/operations.js";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { type ApiCall, useServers } from "../support/servers.js";
import { binaryString } from "../support/strings.js";
import { op, variants } from "../support/variants.js";

const key = rsaKey();
/** Green at length; yellow, which may call the whole-path file reads, more briefly. */
const COLORS = [
  { color: "green", runs: 300, allowed: new Set(["green", "public"]) },
  { color: "yellow", runs: 100, allowed: new Set(["green", "yellow", "public"]) },
];
const entries = Object.values(operations);

/** How the server reads a received path: every operation it could mean, or why it means none. */
function serverReading(method: string, url: string): { ops: typeof entries; problem?: string } {
  const path = url.slice("/api/v1.2".length).split("?")[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { ops: [], problem: "malformed escapes" };
  }
  const segments = decoded.split(/[/\\]/);
  if (segments.some((s) => s === "." || s === "..")) return { ops: [], problem: "dot-segments" };
  const ops = entries.filter((e) => {
    if (e.method !== method.toUpperCase()) return false;
    const whole: string | undefined = (e as { wholePath?: string }).wholePath;
    const escaped = e.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(
      `^${escaped.replace(/\{([^}]+)\}/g, (_, name: string) => (name === whole && escaped.endsWith(`{${name}}`) ? ".+" : "[^/]+"))}$`,
    );
    return pattern.test(path) || pattern.test(decoded);
  });
  return { ops };
}

/** A Location header can carry only visible ASCII: percent-encode the rest, byte by byte, as a server would. */
function headerSafe(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (ch) =>
    [...Buffer.from(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}

const cases = variants.flatMap((variant) => COLORS.map((c) => ({ ...variant, ...c })));

describe.each(cases)(
  "a $color client under arbitrary calls ($name)",
  ({ createClient, color, runs: RUNS, allowed }) => {
    const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
    const elsewhere = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });

    it(`${RUNS} arbitrary calls: nothing above ${color} reaches the network, nothing reaches another server`, async () => {
      const segment = fc.oneof(
        fc.constantFrom(
          "dtn01",
          "perlmutter",
          "1",
          "..",
          ".",
          "%2e%2e",
          "%2E",
          "%2F",
          "a%2Fb",
          "%2f..%2f",
          "x\\y",
          "\t",
          "%zz",
          "",
          "command",
          "utilities",
          "global/homes",
          "/global",
          "a/../b",
          "tasks",
          "%75tilities",
          "UTILITIES",
        ),
        binaryString({ maxLength: 6 }),
      );
      const template = fc.constantFrom(...entries.map((e) => e.path));
      const concrete = fc
        .tuple(template, fc.array(segment, { minLength: 1, maxLength: 3 }))
        .map(([t, fill]) => t.replace(/\{[^}]+\}/g, () => fill[Math.floor(Math.random() * fill.length)] ?? "x"));
      const path = fc.oneof(
        template,
        concrete,
        fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join("/")}`),
        binaryString({ maxLength: 30 }),
      );
      const baseUrl = fc.constantFrom(
        undefined,
        "",
        "SERVER",
        "SERVER/compute/jobs",
        "SERVER/utilities",
        "ORIGIN",
        "ELSEWHERE",
        "SERVER/..",
        "SERVER/tasks/..%2Futilities",
      );
      const params = fc.dictionary(fc.constantFrom("id", "machine", "jobid", "path", "name", "group"), segment, {
        maxKeys: 3,
      });
      const call = fc.record({
        method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "get", "post", "delete"),
        path,
        baseUrl,
        params,
        redirect: fc.constantFrom(undefined, "follow", "manual"),
        ownFetch: fc.boolean(),
        named: fc.option(fc.constantFrom(...entries.map((e) => e.name)), { nil: undefined }),
        redirectTo: fc.option(path, { nil: undefined }),
      });

      const green = createClient({
        color,
        clientId: CLIENT_ID,
        privateKey: key.pkcs8,
        baseUrl: servers.baseUrl,
        tokenUrl: servers.tokenUrl,
      });
      const refusals = new Map<string, number>();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(call, async (c) => {
          const received = servers.apiCalls.length;
          // The server may answer with a redirect to any path: the client must guard the hop as well.
          servers.override =
            c.redirectTo === undefined
              ? undefined
              : (api: ApiCall) =>
                  api.url.includes("/tasks")
                    ? { status: 307, body: "", headers: { location: headerSafe(`/api/v1.2${c.redirectTo}`) } }
                    : undefined;
          const base = c.baseUrl
            ?.replace("SERVER", servers.baseUrl)
            .replace("ORIGIN", servers.origin)
            .replace("ELSEWHERE", elsewhere.baseUrl);
          const init: Record<string, unknown> = {
            params: { path: c.params },
            ...(base === undefined ? {} : { baseUrl: base }),
            ...(c.redirect ? { redirect: c.redirect } : {}),
          };
          if (c.ownFetch) init.fetch = (request: Request) => fetch(request);
          const outcome = c.named
            ? op(green, c.named)
                .safe({ path: c.params })
                .then(
                  () => "answered",
                  (e: unknown) => e,
                )
            : green.request(c.method, c.path, init).then(
                () => "answered",
                (e: unknown) => e,
              );
          const result = await outcome;
          if (result !== "answered") {
            const name = (result as Error).name;
            // A per-call baseUrl that is not an http(s) URL is a ConfigError, before any request (as createClient's).
            expect(["ScopeError", "TypeError", "ConfigError"], String(result)).toContain(name);
            refusals.set(name, (refusals.get(name) ?? 0) + 1);
          } else sent++;
          for (const api of servers.apiCalls.slice(received)) {
            const reading = serverReading(api.method, api.url);
            expect(reading.problem, `${api.method} ${api.url}`).toBeUndefined();
            expect(reading.ops.length, `${api.method} ${api.url} means no operation`).toBeGreaterThan(0);
            for (const entry of reading.ops)
              expect(allowed.has(entry.scope), `${api.method} ${api.url} reached ${entry.name} (${entry.scope})`).toBe(
                true,
              );
          }
        }),
        { numRuns: RUNS },
      );
      servers.override = undefined;
      expect(elsewhere.apiCalls).toEqual([]);
      expect(elsewhere.tokenCalls).toEqual([]);
      // One token for all the calls that were sent (cached); none if none needed one.
      expect(servers.tokenCalls.length).toBeLessThanOrEqual(1);
      expect(
        servers.apiCalls
          .filter((c) => c.headers.authorization !== undefined)
          .every((c) => c.headers.authorization === "tok-1"),
      ).toBe(true);
      // Both outcomes must have been exercised, or the property proved little.
      expect(sent).toBeGreaterThan(RUNS / 10);
      expect(refusals.get("ScopeError") ?? 0).toBeGreaterThan(RUNS / 10);
      console.log(
        `guard property: ${RUNS} calls tried, ${sent} answered, refused: ${JSON.stringify(Object.fromEntries(refusals))}`,
      );
    }, 60_000);
  },
);
