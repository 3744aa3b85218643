// The one permission model (model/permission.ts): a ladder read as nested scope sets must decide exactly as the
// runtime's own ladder rule (the guard's `canCall`, levels.ts) and the ladder's order do, for any ladder, color and
// scope value; and the security policy's sets pass through as they are.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leastGrant } from "../../../generator/model/least-grant.js";
import {
  colorGrant,
  colorOf,
  leastColor,
  levelNeed,
  needOf,
  permits,
  unknownNeed,
} from "../../../generator/model/permission.js";
import { mostDemanding } from "../../../generator/model/routes.js";
import { canCall, effectiveLevel, PUBLIC } from "../../../generator/model/scope.js";

const name = fc.stringMatching(/^[a-z]{1,6}$/);
/** A ladder, a color on it, and scope values: its levels, "public", and names off it. */
const drawn = fc.uniqueArray(name, { minLength: 1, maxLength: 6 }).chain((ladder) =>
  fc.record({
    ladder: fc.constant(ladder),
    color: fc.constantFrom(...ladder),
    scopes: fc.array(fc.oneof(fc.constantFrom(...ladder, PUBLIC), name), { maxLength: 6 }),
  }),
);

describe("a ladder read as scope sets", () => {
  it("lets a color call exactly what the guard's canCall lets it", () => {
    fc.assert(
      fc.property(drawn, ({ ladder, color, scopes }) => {
        const grant = new Set(colorGrant(ladder, color));
        for (const scope of scopes)
          expect(permits(grant, levelNeed(ladder, scope))).toBe(canCall(ladder, color, scope));
      }),
    );
  });

  it("makes the least grant of some uses the lowest color covering the most demanding of them", () => {
    fc.assert(
      fc.property(drawn, ({ ladder, scopes }) => {
        const levels = scopes.map((scope) => effectiveLevel(ladder, scope));
        const most = mostDemanding(ladder, levels);
        expect(leastColor(ladder, levels)).toBe(most === PUBLIC ? ladder[0] : most);
        expect(leastGrant(levels.map((level) => levelNeed(ladder, level))).proven).toBe(true);
      }),
    );
  });

  it("names every grant of a color by that color, and an empty grant by the lowest", () => {
    const ladder = ["green", "yellow", "orange", "red"];
    for (const color of ladder) expect(colorOf(ladder, colorGrant(ladder, color))).toBe(color);
    expect(colorOf(ladder, [])).toBe("green");
    // A grant with a gap is only the color below the gap: the levels above it are not all held.
    expect(colorOf(ladder, ["green", "orange", "red"])).toBe("green");
    expect(colorGrant(ladder, "purple")).toEqual([]);
  });

  it("needs the top level for what the analysis cannot resolve", () => {
    const ladder = ["green", "red"];
    expect(unknownNeed("scope", ladder, ["x"])).toEqual([["green", "red"]]);
    expect(permits(new Set(colorGrant(ladder, "green")), unknownNeed("method", ladder, []))).toBe(false);
    expect(permits(new Set(colorGrant(ladder, "red")), unknownNeed("scope", ladder, []))).toBe(true);
  });
});

describe("the security policy's sets", () => {
  it("are what an entry needs; a public entry needs nothing, a secured one with no sets a token", () => {
    expect(needOf("security", [], { scope: "scoped", security: [["a", "b"], ["c"]] })).toEqual([["a", "b"], ["c"]]);
    expect(needOf("security", [], { scope: PUBLIC })).toEqual([]);
    expect(needOf("security", [], { scope: "scoped" })).toEqual([[]]);
    expect(unknownNeed("security", [], ["a", "b"])).toEqual([["a", "b"]]);
  });

  it("allow a call when one alternative's scopes are all granted", () => {
    const need = [["admin", "write"], ["read"]];
    expect(permits(new Set(["read"]), need)).toBe(true);
    expect(permits(new Set(["write"]), need)).toBe(false);
    expect(permits(new Set(["write", "admin"]), need)).toBe(true);
    expect(permits(new Set(), [])).toBe(true);
    expect(permits(new Set(), [[]])).toBe(true);
  });
});
