/**
 * createClient's options resolved once (options.ts's ClientConfig): each option read once, the configuration frozen,
 * and the key-based token source handed the token settings alone, never the user's whole options.
 */
import { describe, expect, test } from "vitest";
import { resolveOptions, type TokenSettings } from "../../templates/runtime/options.js";
import type { TokenSource } from "../../templates/runtime/token.js";

const ladder = ["green", "yellow", "red"];

/** `fields` as getters that count their reads in `reads`. */
function counted(fields: Record<string, unknown>, reads: Map<string, number>): Record<string, unknown> {
  const options = {};
  for (const [name, value] of Object.entries(fields))
    Object.defineProperty(options, name, {
      enumerable: true,
      get: () => {
        reads.set(name, (reads.get(name) ?? 0) + 1);
        return value;
      },
    });
  return options;
}

describe("resolveOptions", () => {
  test("reads each option once, into a frozen configuration the options' later changes do not reach", () => {
    const reads = new Map<string, number>();
    const headers: Record<string, string> = { "x-team": "ops" };
    const onPoll = () => {};
    const given = counted(
      { color: "yellow", baseUrl: "https://api.example.org/v1", headers, onPoll, callRetry: { attempts: 3 } },
      reads,
    );
    const config = resolveOptions(given as never, { ladder });
    expect(Object.fromEntries(reads)).toEqual({ color: 1, baseUrl: 1, headers: 1, onPoll: 1, callRetry: 1 });
    headers["x-team"] = "changed";
    expect(config.headers).toEqual({ accept: "application/json", "x-team": "ops" });
    for (const part of [config, config.headers, config.observers]) expect(Object.isFrozen(part)).toBe(true);
    expect(() => {
      (config as { baseUrl: string }).baseUrl = "https://elsewhere.example.org";
    }).toThrow(TypeError);
    expect(config).toMatchObject({ color: "yellow", ladder, baseUrl: "https://api.example.org/v1" });
    expect(config.callRetry?.attempts).toBe(3);
    expect(config.observers.onPoll).toBe(onPoll);
  });

  test("hands the key token source the token settings alone, frozen", () => {
    const handed: TokenSettings[] = [];
    const tokens: TokenSource = { current: () => undefined, get: async () => "t", invalidate: () => {} };
    const keyTokens = {
      loadPrivateKey: () => {
        throw new Error("no key file in this test");
      },
      keyTokenSource: ({ options }: { options: TokenSettings }) => {
        handed.push(options);
        return tokens;
      },
    };
    const config = resolveOptions(
      {
        color: "green",
        clientId: "client",
        privateKey: "-----BEGIN PRIVATE KEY-----",
        tokenUrl: "https://auth.example.org/token",
        timeoutMs: 1_000,
        baseUrl: "https://api.example.org/v1",
        headers: { "x-team": "ops" },
      },
      { ladder, keyTokens: keyTokens as never },
    );
    expect(config.tokens).toBe(tokens);
    expect(handed).toHaveLength(1);
    const settings = handed[0]!;
    expect(Object.isFrozen(settings)).toBe(true);
    expect(settings).toMatchObject({
      color: "green",
      clientId: "client",
      tokenUrl: "https://auth.example.org/token",
      timeoutMs: 1_000,
    });
    expect(settings).not.toHaveProperty("baseUrl");
    expect(settings).not.toHaveProperty("headers");
  });
});
