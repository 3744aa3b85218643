// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** The methods an OpenAPI path item may hold, in its order, upper case as openapi-fetch's client names them. */
export const HTTP_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
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
const OPTIONAL = ["requestMediaType", "responseType", "jsonText", "wholePath", "security"];
/** `runCommand` -> `run`, `Command`: the pieces a name is kept as (joined, they give the name back). */
function nameWords(name) {
    const words = [];
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
export function packTable(entries) {
    // First every operation as numbers and strings (strings to become dictionary indices), counting the strings.
    const pieces = [];
    const counts = new Map();
    const word = (text) => {
        counts.set(text, (counts.get(text) ?? 0) + 1);
        pieces.push(text);
    };
    const words = (list) => {
        pieces.push(list.length);
        list.forEach(word);
    };
    const sequence = (list, last) => {
        let keep = 0;
        while (keep < list.length && keep < last.length && list[keep] === last[keep])
            keep++;
        pieces.push(keep);
        words(list.slice(keep));
        return list;
    };
    let name = [];
    let path = [];
    for (const entry of entries) {
        const method = HTTP_METHODS.indexOf(entry.method);
        if (method < 0)
            throw new Error(`packTable: ${JSON.stringify(entry.method)} is not an upper-case HTTP method`);
        const present = OPTIONAL.filter((field) => entry[field] !== undefined);
        pieces.push(method + 8 * present.reduce((bits, field) => bits + 2 ** OPTIONAL.indexOf(field), 0));
        name = sequence(nameWords(entry.name), name);
        path = sequence(entry.path.split("/"), path);
        word(entry.scope);
        for (const field of present) {
            const value = entry[field];
            if (typeof value === "string")
                word(value);
            else if (field === "security") {
                pieces.push(value.length);
                for (const set of value)
                    words(set);
            }
            else
                words(value);
        }
    }
    // Most used first (ties: first used first), so that the common strings' indices take one digit.
    const dictionary = [...counts.keys()].sort((a, b) => counts.get(b) - counts.get(a));
    const index = new Map(dictionary.map((text, i) => [text, i]));
    const numbers = [dictionary.length, ...dictionary.map((text) => text.length)];
    for (const piece of pieces)
        numbers.push(typeof piece === "number" ? piece : index.get(piece));
    return `${numbers.map(digits).join("")} ${dictionary.join("")}`;
}
function digits(n) {
    let out = DIGITS[n % 32];
    for (n = Math.floor(n / 32); n > 0; n = Math.floor(n / 32))
        out = DIGITS[32 + (n % 32)] + out;
    return out;
}
/** The table `packTable` packed, frozen; throws on a string it did not write. */
export function unpackTable(packed) {
    const fail = () => {
        throw new Error("the packed operation table is malformed: regenerate the client");
    };
    const gap = packed.indexOf(" ");
    let at = 0;
    const number = () => {
        let n = 0;
        let digit;
        do {
            digit = at < gap ? DIGITS.indexOf(packed[at++]) : fail();
            n = n * 32 + (digit < 0 ? fail() : digit & 31);
        } while (digit > 31);
        return n;
    };
    const dictionary = [];
    let from = gap + 1;
    for (let size = number(); dictionary.length < size;) {
        const end = from + number();
        dictionary.push(packed.slice(from, end));
        from = end;
    }
    if (from !== packed.length)
        fail();
    const word = () => dictionary[number()] ?? fail();
    const list = (read) => {
        const items = [];
        for (let n = number(); items.length < n;)
            items.push(read());
        return Object.freeze(items);
    };
    const words = () => list(word);
    const readers = [word, word, words, word, () => list(words)];
    const sequence = (last) => {
        const keep = number();
        return keep > last.length ? fail() : [...last.slice(0, keep), ...words()];
    };
    const table = Object.create(null);
    let name = [];
    let path = [];
    while (at < gap) {
        const head = number();
        const entry = {
            name: (name = sequence(name)).join(""),
            method: HTTP_METHODS[head % 8],
            path: (path = sequence(path)).join("/"),
            scope: word(),
        };
        OPTIONAL.forEach((field, i) => {
            if ((head >> (3 + i)) & 1)
                entry[field] = readers[i]();
        });
        if (head >= 256 || entry.name in table)
            fail();
        table[entry.name] = Object.freeze(entry);
    }
    return Object.freeze(table);
}
