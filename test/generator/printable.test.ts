// The one rule for printing untrusted text (generator/printable.ts), by character class, and its users: the
// description reader's pointer segments, the emitters' and the CLI's text and the mock's log lines use it.
import { describe, expect, it } from "vitest";
import { oneLine } from "../../generator/emit/text.js";
import { printable, printableLine } from "../../generator/printable.js";

/** [what, character, printable's output, printableLine's output] */
const TABLE: [string, string, string, string][] = [
  ["NUL (C0)", "\x00", "\\u0000", "\\u0000"],
  ["ESC (C0)", "\x1b", "\\u001b", "\\u001b"],
  ["tab", "\t", "\t", "\\u0009"],
  ["line feed", "\n", "\n", "\\u000a"],
  ["lone carriage return", "\r", "\\u000d", "\\u000d"],
  ["CRLF", "\r\n", "\r\n", "\\u000d\\u000a"],
  ["DEL", "\x7f", "\\u007f", "\\u007f"],
  ["C1: first", "\x80", "\\u0080", "\\u0080"],
  ["C1: CSI", "\x9b", "\\u009b", "\\u009b"],
  ["C1: last", "\x9f", "\\u009f", "\\u009f"],
  ["line separator", "\u2028", "\\u2028", "\\u2028"],
  ["paragraph separator", "\u2029", "\\u2029", "\\u2029"],
  ["arabic letter mark", "\u061c", "\\u061c", "\\u061c"],
  ["left-to-right mark", "\u200e", "\\u200e", "\\u200e"],
  ["right-to-left mark", "\u200f", "\\u200f", "\\u200f"],
  ["left-to-right embedding", "\u202a", "\\u202a", "\\u202a"],
  ["right-to-left override", "\u202e", "\\u202e", "\\u202e"],
  ["left-to-right isolate", "\u2066", "\\u2066", "\\u2066"],
  ["pop directional isolate", "\u2069", "\\u2069", "\\u2069"],
  ["space", " ", " ", " "],
  ["no-break space (after C1)", "\xa0", "\xa0", "\xa0"],
  ["zero-width joiner (not bidi)", "\u200d", "\u200d", "\u200d"],
  ["letter", "é", "é", "é"],
  ["astral", "😀", "😀", "😀"],
];

describe("printable", () => {
  it.each(TABLE)("%s", (_what, character, kept, line) => {
    expect(printable(`a${character}b`)).toBe(`a${kept}b`);
    expect(printableLine(`a${character}b`)).toBe(`a${line}b`);
  });

  it("escapes as JSON does, so an escaped string reads back", () => {
    const all = TABLE.map(([, c]) => c).join("");
    expect(JSON.parse(`"${printableLine(all).replace(/"/g, '\\"')}"`)).toBe(all);
  });

  it("is the emitters' rule too: one line of a message escapes C1 and bidi controls", () => {
    expect(oneLine("a\x9b\u202eb\nc")).toBe("a\\u009b\\u202eb\\nc");
  });
});
