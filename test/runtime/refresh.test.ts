// The token caches' one refresh rule (templates/runtime/refresh.ts), at its boundaries.
import { describe, expect, it } from "vitest";
import { refreshAt } from "../../templates/runtime/refresh.js";

describe("refreshAt", () => {
  it.each([
    // [now, expiresAt, skew, refresh at]
    [0, 3_600_000, 5_000, 3_595_000], // long life: the whole skew
    [0, 50_000, 5_000, 45_000], // life of exactly ten skews: skew and tenth agree
    [0, 49_990, 5_000, 44_991], // just below: a tenth of the life
    [0, 10_000, 5_000, 9_000], // short life: a tenth, not the skew
    [0, 0, 5_000, 0], // expires now
    [10_000, 5_000, 5_000, 5_000], // already expired: no negative life
    [0, 60_000, 0, 60_000], // no skew
  ])("now %d, expires %d, skew %d -> %d", (now, expiresAt, skew, at) => {
    expect(refreshAt(now, expiresAt, skew)).toBe(at);
  });
});
