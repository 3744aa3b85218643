/**
 * The `accessToken` function's token is reused until shortly before its `exp` (a JWT that says one), asked for again
 * after a 401 and once the clock passes that point; an opaque token is asked for on every call. A real server on
 * 127.0.0.1 answers and records the Authorization header of each request; time is a virtual clock.
 */
import { UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "../../generated/index.js";
import { virtualTime } from "../support/clock.js";
import { listenLocal } from "../support/http.js";

let server: Awaited<ReturnType<typeof listenLocal>>;
const seen: string[] = [];
/** Tokens the server answers 401 to. */
const rejected = new Set<string>();

beforeAll(async () => {
  server = await listenLocal((request, response) => {
    const token = request.headers.authorization ?? "";
    seen.push(token);
    response.writeHead(rejected.has(token) ? 401 : 200, { "content-type": "application/json" });
    response.end(rejected.has(token) ? '{"detail":"expired"}' : "[]");
  });
});
afterAll(() => server.close());

const jwt = (expSeconds: number, n: number) => new UnsecuredJWT({ n }).setExpirationTime(expSeconds).encode();

describe("the accessToken function", () => {
  test("a JWT is reused until its exp minus the skew, then asked for again", async () => {
    const clock = virtualTime(1_700_000_000_000);
    let asked = 0;
    const nowS = clock.now() / 1000;
    const green = createClient({
      color: "green",
      baseUrl: `${server.origin}/api/v1.2`,
      clock,
      accessToken: () => jwt(nowS + 600 * (asked + 1), ++asked),
    });
    await Promise.all([green.readTasks(), green.readTasks(), green.readTasks()]);
    await green.readTasks();
    expect(asked).toBe(1);
    // 600 s of life, 5 s of skew: still good at 594 s, asked again at 595 s.
    clock.advance(594_000);
    await green.readTasks();
    expect(asked).toBe(1);
    clock.advance(1_000);
    await green.readTasks();
    expect(asked).toBe(2);
    expect(new Set(seen.slice(-6)).size).toBe(2);
  });

  test("a 401 drops the cached token: the function is asked again and the call retried with the new one", async () => {
    const clock = virtualTime(1_700_000_000_000);
    const nowS = clock.now() / 1000;
    let asked = 0;
    const tokens = [jwt(nowS + 600, 1), jwt(nowS + 600, 2)];
    const green = createClient({
      color: "green",
      baseUrl: `${server.origin}/api/v1.2`,
      clock,
      accessToken: () => tokens[asked++]!,
    });
    await green.readTasks();
    rejected.add(tokens[0]!);
    await green.readTasks();
    expect(asked).toBe(2);
    expect(seen.slice(-2)).toEqual([tokens[0], tokens[1]]);
  });

  test("an opaque token (no exp to read) is asked for on each call", async () => {
    let asked = 0;
    const green = createClient({
      color: "green",
      baseUrl: `${server.origin}/api/v1.2`,
      accessToken: () => `opaque-${++asked}`,
    });
    await green.readTasks();
    await green.readTasks();
    expect(asked).toBe(2);
  });
});
