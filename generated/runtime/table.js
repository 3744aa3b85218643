// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const HTTP_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const OPTIONAL = ["requestMediaType", "responseType", "jsonText", "wholePath", "security"];
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
function packTable(entries) {
  const pieces = [];
  const counts = /* @__PURE__ */ new Map();
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
    const present = OPTIONAL.filter((field) => entry[field] !== void 0);
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
      } else
        words(value);
    }
  }
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
    out = DIGITS[32 + n % 32] + out;
  return out;
}
function unpackTable(packed) {
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
  for (let size = number(); dictionary.length < size; ) {
    const end = from + number();
    dictionary.push(packed.slice(from, end));
    from = end;
  }
  if (from !== packed.length)
    fail();
  const word = () => dictionary[number()] ?? fail();
  const list = (read) => {
    const items = [];
    for (let n = number(); items.length < n; )
      items.push(read());
    return Object.freeze(items);
  };
  const words = () => list(word);
  const readers = [word, word, words, word, () => list(words)];
  const sequence = (last) => {
    const keep = number();
    return keep > last.length ? fail() : [...last.slice(0, keep), ...words()];
  };
  const table = /* @__PURE__ */ Object.create(null);
  let name = [];
  let path = [];
  while (at < gap) {
    const head = number();
    const entry = {
      name: (name = sequence(name)).join(""),
      method: HTTP_METHODS[head % 8],
      path: (path = sequence(path)).join("/"),
      scope: word()
    };
    OPTIONAL.forEach((field, i) => {
      if (head >> 3 + i & 1)
        entry[field] = readers[i]();
    });
    if (head >= 256 || entry.name in table)
      fail();
    table[entry.name] = Object.freeze(entry);
  }
  return Object.freeze(table);
}
export {
  HTTP_METHODS,
  packTable,
  unpackTable
};
