/**
 * `binaryString`: fast-check's `fc.string({ unit: "binary" })`, every string it generates and every shrink the same
 * for a seed (the same `nat` mapped to the same code points, surrogates skipped), without its first-use cost. fast-check
 * checks whether the unit can produce its "dangerous" strings (`__proto__`, `constructor`, ...) by un-mapping their
 * characters, and for the binary unit builds a map of all 1.1 million code points to do it: about 2 s of CPU and
 * 100 MB of heap in each test worker. Un-mapping a code point is arithmetic, so here it is done without the map.
 */
import fc, { type Arbitrary, type StringSharedConstraints } from "fast-check";

/** The code points fast-check's binary unit leaves out (lone surrogates), between its two ranges. */
const SURROGATES = 0xe000 - 0xd800;

const binaryUnit = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const code = typeof value === "string" ? value.codePointAt(0) : undefined;
    if (code === undefined || String.fromCodePoint(code) !== value || (code >= 0xd800 && code < 0xe000))
      throw new Error("not one code point of the binary unit");
    return code < 0xd800 ? code : code - SURROGATES;
  },
);

/** `fc.string({ unit: "binary", ...constraints })`, generated and shrunk alike. */
export function binaryString(constraints: StringSharedConstraints = {}): Arbitrary<string> {
  return fc.string({ ...constraints, unit: binaryUnit });
}
