/**
 * jwt.ts reads a JWT's claims as jose's decodeJwt does (on an engine without Uint8Array.fromBase64, as Node's): the
 * same claims for a JWT, nothing where decodeJwt throws, whatever the token holds.
 */
import fc from "fast-check";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { jwtClaims } from "../../templates/runtime/jwt.js";

const byJose = (token: string) => {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
};
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
/** Payloads: JSON of any value (objects most), raw bytes (bad UTF-8 among them), or any text at all. */
const payload = fc.oneof(
  fc.jsonValue().map((v) => base64url(new TextEncoder().encode(JSON.stringify(v)))),
  fc.dictionary(fc.string(), fc.jsonValue()).map((v) => base64url(new TextEncoder().encode(JSON.stringify(v)))),
  fc.uint8Array({ maxLength: 40 }).map(base64url),
  fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString("base64")),
  fc.string({ maxLength: 20 }),
  fc.constantFrom("", "=", "e30", "e30=", "e3 0", "W10", "bnVsbA", "+/+/", "-_-_"),
);
const token = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), payload, fc.string({ maxLength: 8 })).map((p) => p.join(".")),
  fc.array(payload, { maxLength: 6 }).map((p) => p.join(".")),
  fc.string(),
);

describe("jwtClaims", () => {
  it("reads what jose's decodeJwt reads, and nothing where it throws", () => {
    fc.assert(
      fc.property(token, (t) => {
        expect(jwtClaims(t)).toEqual(byJose(t));
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a JWT's exp and scope", () => {
    const claims = base64url(new TextEncoder().encode(JSON.stringify({ exp: 1_700_000_000, scope: "a b", ü: "ö" })));
    expect(jwtClaims(`h.${claims}.s`)).toEqual({ exp: 1_700_000_000, scope: "a b", ü: "ö" });
    expect(jwtClaims(`h.${claims}.s.x.y`)).toBeUndefined();
    expect(jwtClaims("opaque-token")).toBeUndefined();
  });
});
