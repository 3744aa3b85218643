/**
 * Description strings reach generated code only through these: as string literals, inside comments, and as level
 * names in identifiers. The description is untrusted input; nothing it says may end a literal or a comment early.
 */

/** A JavaScript/TypeScript string literal for any string (JSON's escaping, plus the two line terminators JSON keeps raw). */
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
    .replace(/^(\s*)@/gm, "$1\\@")
    .trim();
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
