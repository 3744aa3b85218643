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
 * Text for a block comment: `*\/` cannot close it early, no `@` can start a JSDoc tag or an inline `{@link}` of the
 * description's choosing (TypeScript reads a tag after any white space, not only at a line's start), and line
 * terminators become plain line breaks.
 */
export function blockCommentText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/@/g, "\\@")
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

/** The longest generated line, comment prefix included (what Biome asks of our own code). */
export const LINE_WIDTH = 120;

/**
 * A JSDoc comment at `indent` from paragraphs (already made safe with blockCommentText) and `@tag text` lines (a tag's
 * text may span lines). Lines wrap at LINE_WIDTH, except inside a Markdown code fence (code keeps its lines).
 */
export function jsDoc(
  paragraphs: readonly string[],
  tags: readonly (readonly [string, string?])[],
  indent = "",
): string {
  const lines = paragraphs.flatMap((p, i) => [...(i > 0 ? [""] : []), ...p.split("\n")]);
  // A tag's text that starts with a line break (a code fence) starts on the line below the tag.
  for (const [tag, text] of tags)
    lines.push(...(text ? `@${tag}${text.startsWith("\n") ? "" : " "}${text}` : `@${tag}`).split("\n"));
  if (lines.length === 1 && lines[0]!.length < 100) return `${indent}/** ${lines[0]} */`;
  const width = LINE_WIDTH - indent.length - 3;
  let fenced = false;
  const wrappedLines = lines.flatMap((line) => {
    const isFence = line.trimStart().startsWith("```");
    if (isFence) fenced = !fenced;
    return fenced || isFence ? [line] : wrapLine(line, width);
  });
  return [`${indent}/**`, ...wrappedLines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`].join(
    "\n",
  );
}

/**
 * `head{ a, b }tail` on one line when it fits in LINE_WIDTH, else its items packed on indented lines between
 * `head{` and `}tail` (an import's or an export's names, an object's fields).
 */
export function bracedList(head: string, items: readonly string[], tail: string, separator = ","): string {
  const one = `${head}{ ${items.join(`${separator} `)} }${tail}`;
  if (one.length <= LINE_WIDTH) return one;
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    const next = line ? `${line} ${item}${separator}` : `  ${item}${separator}`;
    if (line && next.length > LINE_WIDTH) {
      lines.push(line);
      line = `  ${item}${separator}`;
    } else line = next;
  }
  if (line) lines.push(line);
  return [`${head}{`, ...lines, `}${tail}`].join("\n");
}

/**
 * `export interface Name extends A, B {`: on one line when it fits, else the bases on lines of their own below the name
 * (`tail` is ` {` or ` {}`).
 */
export function interfaceHead(name: string, bases: readonly string[], tail: string): string {
  const one = `export interface ${name} extends ${bases.join(", ")}${tail}`;
  if (one.length <= LINE_WIDTH) return one;
  const lines: string[] = [];
  let line = "  extends";
  bases.forEach((base, i) => {
    const item = `${base}${i < bases.length - 1 ? "," : tail}`;
    if (line.trim() && `${line} ${item}`.length > LINE_WIDTH) {
      lines.push(line);
      line = `    ${item}`;
    } else line = `${line} ${item}`;
  });
  return [`export interface ${name}`, ...lines, line].join("\n");
}

/**
 * One line as lines of at most `width` characters, broken at spaces (a word longer than that is cut); continuation
 * lines keep the first line's indentation (a Markdown list item stays one item) and escape a leading `@`. Linear.
 */
export function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const lead = line.slice(0, line.length - line.trimStart().length);
  const room = Math.max(20, width - lead.length);
  const out: string[] = [];
  let current = "";
  for (let word of line.trimStart().split(" ")) {
    while (word.length > room) {
      if (current) out.push(current);
      current = "";
      out.push(word.slice(0, room));
      word = word.slice(room);
    }
    if (current && current.length + 1 + word.length > room) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  // A word the break puts first on a line must not become a tag (`@throws` from a description).
  return out.map((l, i) => (i === 0 ? lead + l : escapeLeadingAt(lead + l)));
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
