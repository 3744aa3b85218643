/**
 * The packed table (templates/runtime/table.ts): what the generated entries hand the runtime. Unpacking what was
 * packed gives every entry back, field for field and in order, whatever its strings hold, so the guard, the named
 * calls and the form bodies read the same table as from operations.js; a string the packer did not write is refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { operations } from "../../generated/operations.js";
import { table as generatedPacked } from "../../generated/packed-table.js";
import { HTTP_METHODS, type OperationEntry, packTable, unpackTable } from "../../templates/runtime/table.js";
import { binaryString } from "../support/strings.js";

/** Any string: the packer must not care what a description put in a path, a scope or a field name. */
const text = binaryString({ maxLength: 16 });
/** Paths built from a few pieces, so that neighbours share prefixes as a real table's do. */
const path = fc
  .array(fc.oneof(fc.constantFrom("", "a", "{id}", "jobs", "Ä/b", " "), text), { maxLength: 6 })
  .map((parts) => parts.join("/"));
const entry = fc.record(
  {
    name: fc.oneof(text, fc.constantFrom("readJob", "readJobs", "runCommand", "ABC", "a", "")),
    method: fc.constantFrom(...HTTP_METHODS),
    path,
    scope: fc.oneof(fc.constantFrom("green", "red", "public", "unranked", "scoped"), text),
    security: fc.array(fc.array(text, { maxLength: 3 }), { maxLength: 3 }),
    requestMediaType: fc.oneof(fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data"), text),
    responseType: fc.constantFrom("text" as const, "blob" as const),
    jsonText: fc.array(text, { maxLength: 3 }),
    wholePath: text,
  },
  { requiredKeys: ["name", "method", "path", "scope"] },
);
const tables = fc.uniqueArray(entry, { maxLength: 40, selector: (e) => e.name });

describe("the packed operation table", () => {
  it("gives back every entry, field for field and in order, whatever its strings hold", () => {
    fc.assert(
      fc.property(tables, (entries) => {
        const packed = packTable(entries);
        expect(Object.values(unpackTable(packed))).toEqual(entries);
        expect(Object.keys(unpackTable(packed))).toEqual(entries.map((e) => e.name));
      }),
      { numRuns: 300 },
    );
  });

  it("is the checked-in client's table, without operationIds and tags", () => {
    const readable = Object.values(operations).map(({ operationId, tags, ...rest }) => rest);
    expect(Object.values(unpackTable(generatedPacked))).toEqual(readable);
    expect(packTable(readable as OperationEntry[])).toBe(generatedPacked);
  });

  it("unpacks into frozen entries, in an object without a prototype", () => {
    const unpacked = unpackTable(packTable([{ name: "__proto__", method: "GET", path: "/a", scope: "green" }]));
    expect(Object.getPrototypeOf(unpacked)).toBeNull();
    expect(Object.isFrozen(unpacked)).toBe(true);
    const entry = unpacked["__proto__" as string];
    expect(Object.isFrozen(entry)).toBe(true);
    expect(entry).toEqual({ name: "__proto__", method: "GET", path: "/a", scope: "green" });
  });

  it("refuses a method it cannot write back", () => {
    expect(() => packTable([{ name: "a", method: "get", path: "/", scope: "green" }])).toThrow(/HTTP method/);
  });

  it("refuses strings it did not write", () => {
    const good = packTable([
      { name: "readJob", method: "GET", path: "/jobs/{id}", scope: "green" },
      { name: "cancelJob", method: "DELETE", path: "/jobs/{id}", scope: "red", wholePath: "id" },
    ]);
    expect(Object.keys(unpackTable(good))).toEqual(["readJob", "cancelJob"]);
    const gap = good.indexOf(" ");
    const malformed = [
      "",
      good.slice(0, gap), // no text
      good.slice(0, gap - 1) + good.slice(gap), // a number cut short
      good.slice(0, gap) + " " + good.slice(gap + 2), // the dictionary's strings longer than the text
      good + "x", // text left over
      "~" + good, // not a digit
    ];
    for (const packed of malformed) expect(() => unpackTable(packed), JSON.stringify(packed)).toThrow(/malformed/);
    // Written out: `GET / a` scoped "g" is "3011" (3 strings: "", "a", "g") "0" (GET) "011" (name: keep none, one new,
    // "a") "0200" (path: keep none, two new, "" and "") "2" ("g"), then " ag", the strings.
    const one = "3011001102002 ag";
    expect(one).toBe(packTable([{ name: "a", method: "GET", path: "/", scope: "g" }]));
    // A second entry keeping the name and the path ("010" "20" "2"): the same name twice.
    expect(() => unpackTable("3011001102002010202 ag")).toThrow(/malformed/);
    // ... but with "g" added to its name ("0112"), it is another operation.
    expect(Object.keys(unpackTable("30110011020020112202 ag"))).toEqual(["a", "ag"]);
    // A head of 256 ("E0": flags beyond the last optional field).
    expect(() => unpackTable("3011E001102002 ag")).toThrow(/malformed/);
  });
});
