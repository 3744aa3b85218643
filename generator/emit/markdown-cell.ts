/**
 * Text from a description or from scanned code, made safe for one cell of a Markdown table, inside or outside a
 * code span: a pipe would end the cell, a line break the table, a backtick the code span.
 */
export function cell(text: string): string {
  return text
    .replace(/\|/g, "\\|")
    .replace(/`/g, "'")
    .replace(/\r\n?|\n/g, " ");
}
