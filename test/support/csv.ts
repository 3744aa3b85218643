/** A strict RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF rows. Throws on malformed input. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] !== '"') field += text[i];
        else if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else break;
      }
      i++;
    } else {
      while (i < text.length && !/[,\r\n]/.test(text[i]!)) {
        if (text[i] === '"') throw new Error(`stray quote at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ",") i++;
    else if (text.startsWith("\r\n", i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) throw new Error(`expected , or CRLF at ${i}`);
  }
  if (row.length) rows.push(row);
  return rows;
}
