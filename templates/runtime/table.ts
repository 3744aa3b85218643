/** The shape of a generated operation table entry, as the runtime reads it. */
export interface OperationEntry {
  readonly name: string;
  readonly operationId?: string;
  /** Upper-case HTTP method (`"POST"`); lower case is accepted too. */
  readonly method: string;
  /** The path template as the description writes it (`/utilities/command/{machine}`). */
  readonly path: string;
  /**
   * The level the description names, `"public"`, or `"unranked"`; under the security policy `"scoped"` (with
   * `security`), `"public"`, or `"unranked"` (malformed: its `security` lists every scope).
   */
  readonly scope: string;
  /**
   * Under the security policy: the OAuth2 scope sets that allow a call, OR-ed; each set's scopes must all be granted.
   * Absent for a public operation and under the ladder policies.
   */
  readonly security?: readonly (readonly string[])[];
  readonly tags?: readonly string[];
  /** Set when the request body is not JSON (`application/x-www-form-urlencoded`, `multipart/form-data`). */
  readonly requestMediaType?: string;
  /** Set when the success answer is not JSON: how to read it. */
  readonly responseType?: "text" | "blob";
  /** Fields of the success answer (or of each of its items) that hold JSON text, parsed by named calls. */
  readonly jsonText?: readonly string[];
  /**
   * The trailing path parameter that carries a whole file path and may span segments (`"path"` in
   * `/utilities/ls/{machine}/{path}`), as the description or its ladder file marks it; see path.ts.
   */
  readonly wholePath?: string;
}

export type OperationTable = Readonly<Record<string, OperationEntry>>;

/** The methods an OpenAPI path item may hold, in its order, upper case as openapi-fetch's client names them. */
export const HTTP_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/**
 * The packed table: the form in which a generated entry (`core.js`, `page.js`, `index.js`, from `packed-table.js`)
 * hands its operation table to the runtime, which unpacks it once per client. The readable `operations.js` spends
 * about 200 bytes on an operation; this spends about 25, so that a page's bundle of a large API stays small. It is
 * data: one string, which the generator writes as a string literal.
 *
 * `<numbers> <text>`: a run of numbers, a space, then the dictionary's strings written one after the other. The
 * numbers are the dictionary's size and each string's length, then per operation: its head (the method's index in
 * HTTP_METHODS, plus 8 times a bit for each OPTIONAL field it has), its name (split before capitals) and its path
 * (split at `/`) as dictionary strings, each of those two saying first how many of the previous operation's pieces it
 * keeps, then how many new ones follow and which; its scope; then its optional fields, in OPTIONAL's order. Each
 * number is written in base 32, most significant digit first: a digit from the first half of DIGITS ends the number,
 * one from the second half continues it. The most used strings come first in the dictionary, so that their numbers
 * take one character.
 */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
/** The optional fields: a string, a list of strings (`jsonText`) or a list of lists (`security`). */
const OPTIONAL = ["requestMediaType", "responseType", "jsonText", "wholePath", "security"] as const;

/** `runCommand` -> `run`, `Command`: the pieces a name is kept as (joined, they give the name back). */
function nameWords(name: string): string[] {
  const words: string[] = [];
  let start = 0;
  for (let i = 1; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      words.push(name.slice(start, i));
      start = i;
    }
  }
  words.push(name.slice(start));
  return words;
}

/** `entries` packed (see above); the generator writes the result into `packed-table.js`. */
export function packTable(entries: readonly OperationEntry[]): string {
  // First every operation as numbers and strings (strings to become dictionary indices), counting the strings.
  const pieces: (number | string)[] = [];
  const counts = new Map<string, number>();
  const word = (text: string) => {
    counts.set(text, (counts.get(text) ?? 0) + 1);
    pieces.push(text);
  };
  const words = (list: readonly string[]) => {
    pieces.push(list.length);
    list.forEach(word);
  };
  const sequence = (list: string[], last: readonly string[]) => {
    let keep = 0;
    while (keep < list.length && keep < last.length && list[keep] === last[keep]) keep++;
    pieces.push(keep);
    words(list.slice(keep));
    return list;
  };
  let name: string[] = [];
  let path: string[] = [];
  for (const entry of entries) {
    const method = (HTTP_METHODS as readonly string[]).indexOf(entry.method);
    if (method < 0) throw new Error(`packTable: ${JSON.stringify(entry.method)} is not an upper-case HTTP method`);
    const present = OPTIONAL.filter((field) => entry[field] !== undefined);
    pieces.push(method + 8 * present.reduce((bits, field) => bits + 2 ** OPTIONAL.indexOf(field), 0));
    name = sequence(nameWords(entry.name), name);
    path = sequence(entry.path.split("/"), path);
    word(entry.scope);
    for (const field of present) {
      const value = entry[field]!;
      if (typeof value === "string") word(value);
      else if (field === "security") {
        pieces.push(value.length);
        for (const set of value as readonly (readonly string[])[]) words(set);
      } else words(value as readonly string[]);
    }
  }
  // Most used first (ties: first used first), so that the common strings' indices take one digit.
  const dictionary = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
  const index = new Map(dictionary.map((text, i) => [text, i]));
  const numbers = [dictionary.length, ...dictionary.map((text) => text.length)];
  for (const piece of pieces) numbers.push(typeof piece === "number" ? piece : index.get(piece)!);
  return `${numbers.map(digits).join("")} ${dictionary.join("")}`;
}

function digits(n: number): string {
  let out = DIGITS[n % 32]!;
  for (n = Math.floor(n / 32); n > 0; n = Math.floor(n / 32)) out = DIGITS[32 + (n % 32)]! + out;
  return out;
}

/** The table `packTable` packed, frozen; throws on a string it did not write. */
export function unpackTable(packed: string): OperationTable {
  const fail = (): never => {
    throw new Error("the packed operation table is malformed: regenerate the client");
  };
  const gap = packed.indexOf(" ");
  let at = 0;
  const number = (): number => {
    let n = 0;
    let digit: number;
    do {
      digit = at < gap ? DIGITS.indexOf(packed[at++]!) : fail();
      n = n * 32 + (digit < 0 ? fail() : digit & 31);
    } while (digit > 31);
    return n;
  };
  const dictionary: string[] = [];
  let from = gap + 1;
  for (let size = number(); dictionary.length < size; ) {
    const end = from + number();
    dictionary.push(packed.slice(from, end));
    from = end;
  }
  if (from !== packed.length) fail();
  const word = () => dictionary[number()] ?? fail();
  const list = <T>(read: () => T): readonly T[] => {
    const items: T[] = [];
    for (let n = number(); items.length < n; ) items.push(read());
    return Object.freeze(items);
  };
  const words = () => list(word);
  const readers = [word, word, words, word, () => list(words)];
  const sequence = (last: readonly string[]) => {
    const keep = number();
    return keep > last.length ? fail() : [...last.slice(0, keep), ...words()];
  };
  const table: Record<string, OperationEntry> = Object.create(null);
  let name: readonly string[] = [];
  let path: readonly string[] = [];
  while (at < gap) {
    const head = number();
    const entry: Record<string, unknown> = {
      name: (name = sequence(name)).join(""),
      method: HTTP_METHODS[head % 8],
      path: (path = sequence(path)).join("/"),
      scope: word(),
    };
    OPTIONAL.forEach((field, i) => {
      if ((head >> (3 + i)) & 1) entry[field] = readers[i]!();
    });
    if (head >= 256 || (entry.name as string) in table) fail();
    table[entry.name as string] = Object.freeze(entry) as unknown as OperationEntry;
  }
  return Object.freeze(table);
}
