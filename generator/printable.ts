/**
 * The one rule for printing untrusted text (description strings, request lines, scanned code) where a terminal or a
 * viewer reads it. A leaf: imports nothing of ours, so the description reader, the emitters and the CLI share it.
 *
 * Escaped as `\uXXXX` (also a valid escape inside a JSON string): what a terminal or a viewer acts on instead of
 * showing. C0 controls (ESC starts every terminal escape sequence; a carriage return not ending a CRLF line would
 * overwrite the line), DEL, C1 controls (0x9b is a one-byte CSI), the line and paragraph separators, and the
 * bidirectional controls (marks, embeddings, overrides and isolates, which reorder what is shown).
 */

/** DEL, C1, the separators and the bidirectional controls: escaped everywhere. */
const BEYOND_C0 = "\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
/** Every character the rule escapes in one line: all of C0 too. */
const UNSAFE = new RegExp(`[\\x00-\\x1f${BEYOND_C0}]`, "g");
/** The same, keeping tab, line feed and a carriage return that ends a CRLF line (text laid out on several lines). */
const UNSAFE_BUT_LAYOUT = new RegExp(`[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f${BEYOND_C0}]|\\r(?!\\n)`, "g");

/** `\u001b` for ESC. */
function escapeControl(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Text safe to print: unsafe characters written as `\uXXXX`; tabs, line feeds and CRLF kept. */
export function printable(text: string): string {
  return text.replace(UNSAFE_BUT_LAYOUT, escapeControl);
}

/** Text safe to print inside one line (a log line, a segment of a pointer): tabs and line breaks escaped too. */
export function printableLine(text: string): string {
  return text.replace(UNSAFE, escapeControl);
}
