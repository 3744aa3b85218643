// JSON pointers and internal $refs, written once (generator/description/pointer.ts) for the model (document.ts
// `resolve`) and the diff's schema comparer: escapes, ~0/~1, percent-encoding as redocly reads it, missing targets,
// external refs, prototype keys, cycles and long chains all lead the same way for both.
import { describe, expect, it } from "vitest";
import { resolve } from "../../../generator/description/document.js";
import {
  escapePointer,
  followRefs,
  MAX_REF_HOPS,
  pointerOf,
  refSegments,
  unescapePointer,
  valueAt,
} from "../../../generator/description/pointer.js";
import { SchemaComparer } from "../../../generator/reports/diff/schema.js";

describe("pointer segments", () => {
  it.each([
    ["plain", "plain"],
    ["/tasks/{id}", "~1tasks~1{id}"],
    ["a~b", "a~0b"],
    ["~/", "~0~1"],
    ["~1", "~01"],
    ["", ""],
  ])("escapes %j as %j and reads it back", (segment, escaped) => {
    expect(escapePointer(segment)).toBe(escaped);
    expect(unescapePointer(escaped)).toBe(segment);
  });

  it.each([
    ["~01", "~1"], // ~0 first would make it "/": RFC 6901 reads ~1 before ~0
    ["~10", "/0"],
    ["a%20b", "a b"],
    ["%7Bid%7D", "{id}"],
    ["%25", "%"],
    ["~1a%2Fb", "/a/b"],
  ])("reads %j as %j (~1, then ~0, then percent-decoding, as redocly does)", (segment, read) => {
    expect(unescapePointer(segment)).toBe(read);
  });

  it("bad percent-encoding is a URIError, and a ref holding it leads nowhere", () => {
    expect(() => unescapePointer("%E0%A4%A")).toThrow(URIError);
    expect(refSegments("#/a/%ZZ")).toBeUndefined();
  });

  it.each([
    ["#", []],
    ["", []],
    ["#/", [""]],
    ["#/components/schemas/A", ["components", "schemas", "A"]],
    ["#/paths/~1tasks~1{id}/get", ["paths", "/tasks/{id}", "get"]],
    ["/a/b%20c", ["a", "b c"]],
    ["#anchor", undefined],
    ["other.json#/a", undefined],
    ["https://example.org/x.json#/a", undefined],
  ])("the segments of %j", (ref, segments) => {
    expect(refSegments(ref)).toEqual(segments);
  });

  it("pointerOf escapes each segment and reads back through refSegments", () => {
    const segments = ["paths", "/a/{b}", "~x"];
    expect(pointerOf(segments)).toBe("/paths/~1a~1{b}/~0x");
    expect(refSegments(`#${pointerOf(segments)}`)).toEqual(segments);
    expect(pointerOf([])).toBe("");
  });
});

describe("values and refs", () => {
  const doc = {
    components: {
      schemas: {
        A: { type: "string" },
        "A B": { type: "integer" },
        "a/b": { type: "boolean" },
        Alias: { $ref: "#/components/schemas/A" },
        Loop1: { $ref: "#/components/schemas/Loop2" },
        Loop2: { $ref: "#/components/schemas/Loop1" },
        Self: { $ref: "#/components/schemas/Self" },
        List: [{ type: "number" }],
      },
    },
  };

  it.each([
    ["#/components/schemas/A", { type: "string" }, "/components/schemas/A"],
    ["#/components/schemas/Alias", { type: "string" }, "/components/schemas/A"],
    ["#/components/schemas/A%20B", { type: "integer" }, "/components/schemas/A%20B"],
    ["#/components/schemas/a~1b", { type: "boolean" }, "/components/schemas/a~1b"],
    ["#/components/schemas/List/0", { type: "number" }, "/components/schemas/List/0"],
    ["#/components/schemas/Missing", undefined, "/components/schemas/Missing"],
    ["#/components/schemas/Loop1", undefined, "/components/schemas/Loop2"],
    ["#/components/schemas/Self", undefined, "/components/schemas/Self"],
    ["#/constructor", undefined, "/constructor"],
    ["#/components/__proto__", undefined, "/components/__proto__"],
    ["#/components/schemas/A/toString", undefined, "/components/schemas/A/toString"],
    ["other.json#/components/schemas/A", undefined, "/start"],
    ["#/components/schemas/%ZZ", undefined, "/start"],
  ])("%j leads to %j (at %j)", (ref, node, pointer) => {
    const followed = followRefs(doc, { $ref: ref }, "/start");
    expect(followed.node).toEqual(node);
    // A ref that leads nowhere stops at the last place reached: the missing target, or where the bad ref is.
    expect(followed.pointer).toBe(pointer);
    // The model's resolver is the same rule: the node, or undefined.
    expect(resolve(doc, { $ref: ref })).toEqual(node);
  });

  it("a node without a $ref (or with one that is not an own string) is itself", () => {
    const plain = { type: "object" };
    expect(followRefs(doc, plain, "/x")).toEqual({ node: plain, pointer: "/x" });
    const inherited = Object.create({ $ref: "#/components/schemas/A" });
    expect(followRefs(doc, inherited).node).toBe(inherited);
    expect(followRefs(doc, { $ref: 42 }).node).toEqual({ $ref: 42 });
    expect(resolve(doc, "text")).toBe("text");
    expect(resolve(doc, undefined)).toBeUndefined();
  });

  it(`a chain of ${MAX_REF_HOPS} refs is followed, one more leads nowhere; in time linear in its length`, () => {
    const chain = (n: number) => {
      const schemas: Record<string, unknown> = { S0: { type: "string" } };
      for (let i = 1; i <= n; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${i - 1}` };
      return { components: { schemas } };
    };
    const ok = chain(MAX_REF_HOPS - 1);
    expect(followRefs(ok, { $ref: `#/components/schemas/S${MAX_REF_HOPS - 1}` }).node).toEqual({ type: "string" });
    const long = chain(MAX_REF_HOPS);
    expect(followRefs(long, { $ref: `#/components/schemas/S${MAX_REF_HOPS}` }).node).toBeUndefined();
    expect(resolve(long, { $ref: `#/components/schemas/S${MAX_REF_HOPS}` })).toBeUndefined();
  });

  it("valueAt reads own properties only", () => {
    expect(valueAt(doc, ["components", "schemas", "A", "type"])).toBe("string");
    expect(valueAt(doc, ["components", "hasOwnProperty"])).toBeUndefined();
    expect(valueAt(doc, [])).toBe(doc);
  });

  it("the diff's schema comparer follows refs by the same rule", () => {
    const comparer = new SchemaComparer(doc, doc);
    const at = (ref: string) => comparer.locate(doc, { $ref: ref }, "/start");
    expect(at("#/components/schemas/A%20B")).toEqual({
      schema: { type: "integer" },
      pointer: "/components/schemas/A%20B",
    });
    expect(at("#/components/schemas/Alias")).toEqual({ schema: { type: "string" }, pointer: "/components/schemas/A" });
    expect(at("#/components/schemas/Loop1").schema).toBeUndefined();
    expect(at("#/constructor").schema).toBeUndefined();
    expect(at("other.json#/components/schemas/A")).toEqual({ schema: undefined, pointer: "/start" });
  });
});
