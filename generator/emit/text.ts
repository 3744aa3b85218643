/**
 * Every escaper, in one module. Description strings (and text from scanned code) reach generated code, reports and
 * terminals only through these: as string literals, inside comments, as level names in identifiers, in Markdown cells
 * and prose, and in whatever the CLI prints. The description is untrusted input; nothing it says may end a literal, a
 * comment, a table cell or a line early, open an HTML comment, or drive a terminal. Which characters a terminal acts
 * on is one rule, generator/printable.ts.
 */
import { printable } from "../printable.js";

/**
 * A JavaScript/TypeScript string literal for any string (JSON's escaping, plus the two line terminators JSON keeps
 * raw).
 */
export function literal(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** `["a", "b"]` as a formatter prints it (not JSON's `["a","b"]`). */
export function literalList(items: readonly string[]): string {
  return `[${items.map(literal).join(", ")}]`;
}

/** Text for one line of a `//` comment: line terminators (all four of them) become spaces. */
export function lineCommentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, " ");
}

/**
 * Text for a block comment: `*\/` cannot close it early, a `@` at the start of a line cannot start a JSDoc tag of the
 * description's choosing, and line terminators become plain line breaks.
 */
export function blockCommentText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\*\//g, "*\\/")
    .split("\n")
    .map(escapeLeadingAt)
    .join("\n")
    .trim();
}

/**
 * `  @tag` -> `  \@tag`: a line whose first character after white space is `@`. Done per line, not with `/^(\s*)@/gm`,
 * whose `\s*` runs across line breaks and is tried again from every line start: quadratic on a run of blank lines.
 */
function escapeLeadingAt(line: string): string {
  const text = line.trimStart();
  return text.startsWith("@") ? `${line.slice(0, line.length - text.length)}\\${text}` : line;
}

/** A JSDoc comment at `indent` from paragraphs (already made safe with blockCommentText) and `@tag text` lines. */
export function jsDoc(
  paragraphs: readonly string[],
  tags: readonly (readonly [string, string?])[],
  indent = "",
): string {
  const lines = paragraphs.flatMap((p, i) => [...(i > 0 ? [""] : []), ...p.split("\n")]);
  for (const [tag, text] of tags) lines.push(text ? `@${tag} ${text}` : `@${tag}`);
  if (lines.length === 1 && lines[0]!.length < 100) return `${indent}/** ${lines[0]} */`;
  return [`${indent}/**`, ...lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`].join("\n");
}

/** `green` -> `Green`; names that are not plain words get `Level<n>` (the JSDoc then names the level). */
export function levelIdentifier(level: string, index: number): string {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(level) ? level[0]!.toUpperCase() + level.slice(1) : `Level${index}`;
}

/** Identifiers whose `<id>Client` would be a name the client's types import (`ReRankedClient`). */
const TAKEN_LEVEL_IDS = new Set(["ReRanked"]);

/**
 * One identifier per level, all different: `green` and `Green`, or `x y` (Level1) beside a level named `Level1`, would
 * otherwise declare one interface twice. A level whose identifier is taken gets `Level<n>` (then `Level<n>_<k>`); the
 * JSDoc of every generated type names its level, so the reader sees which is which.
 */
export function levelIdentifiers(ladder: readonly string[]): string[] {
  const taken = new Set(TAKEN_LEVEL_IDS);
  return ladder.map((level, i) => {
    let id = levelIdentifier(level, i);
    if (taken.has(id)) id = `Level${i}`;
    for (let k = 2; taken.has(id); k++) id = `Level${i}_${k}`;
    taken.add(id);
    return id;
  });
}

/** One line of a message (an error, a warning): printable, and line breaks written as `\n`. */
export function oneLine(text: string): string {
  return printable(text).replace(/\r?\n/g, "\\n");
}

/** Pipes, backticks, line breaks and control characters: what any cell needs, inside or outside a code span. */
function cellText(text: string): string {
  return printable(
    text
      .replace(/\|/g, "\\|")
      .replace(/`/g, "'")
      .replace(/\r\n?|\n/g, " "),
  );
}

/** `1 use`, `3 uses`: a count and its noun, which takes an `s` for any count but one. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Text from a description or from scanned code, made safe for one cell of a Markdown table (outside a code span): a
 * pipe would end the cell, a line break the table, a `<` could open an HTML comment that hides the rest of the page.
 */
export function cell(text: string): string {
  return cellText(text).replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

/** The same text as a code span in a table cell or in prose: a backtick cannot close it, HTML is not read inside it. */
export function code(text: string): string {
  return `\`${cellText(text)}\``;
}

/**
 * Description text in Markdown prose or a heading (a title, a version, a level): one line, no HTML (an unclosed
 * `<!--` would hide everything after it on GitHub), no control characters.
 */
export function inline(text: string): string {
  return printable(text.replace(/\r\n?|\n|\t/g, " "))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;");
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML, in an element or a quoted attribute. */
export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a CR first), made text with a `'`. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One CSV field (RFC 4180), neutralised: quoted when it holds a comma, a quote or a line break, quotes doubled. Also
 * when it holds a `;` (the tags' separator): spreadsheets in many locales split on it, which would start a cell
 * mid-field unneutralised.
 */
export function csvField(text: string): string {
  const cell = neutralise(text);
  return /[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * A report's JSON format: the report object verbatim, indented two spaces, with a final newline. JSON's escaping
 * keeps a description's quotes and line breaks inside their strings.
 */
export function reportJson(report: object): string {
  return JSON.stringify(report, null, 2) + "\n";
}
