// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
function element(bytes, at, limit) {
  if (at + 2 > limit)
    return void 0;
  const tag = bytes[at];
  let length = bytes[at + 1];
  let start = at + 2;
  if (length & 128) {
    const count = length & 127;
    if (count === 0 || count > 4 || start + count > limit)
      return void 0;
    length = 0;
    for (let i = 0; i < count; i++)
      length = length * 256 + bytes[start + i];
    start += count;
  }
  const end = start + length;
  return end <= limit ? { tag, start, end } : void 0;
}
function children(bytes, parent) {
  const found = [];
  for (let at = parent.start; at < parent.end; ) {
    const next = element(bytes, at, parent.end);
    if (!next)
      return void 0;
    found.push(next);
    at = next.end;
  }
  return found;
}
const SEQUENCE = 48;
const INTEGER = 2;
const OCTET_STRING = 4;
const OID = 6;
const KEY_TYPES = {
  "2a864886f70d010101": "rsa",
  "2a864886f70d01010a": "rsa-pss",
  "2a8648ce3d0201": "ec",
  "2a8648ce380401": "dsa",
  "2a864886f70d010301": "dh",
  "2b6570": "ed25519",
  "2b6571": "ed448",
  "2b656e": "x25519",
  "2b656f": "x448"
};
const RSA_OID = "2a864886f70d010101";
function hex(bytes, from, to) {
  let text = "";
  for (let i = from; i < to; i++)
    text += bytes[i].toString(16).padStart(2, "0");
  return text;
}
function bitLength(bytes, from = 0, to = bytes.length) {
  while (from < to && bytes[from] === 0)
    from++;
  if (from === to)
    return 0;
  return (to - from - 1) * 8 + (32 - Math.clz32(bytes[from]));
}
function readPkcs1(bytes, outer) {
  const top = outer ?? element(bytes, 0, bytes.length);
  if (!top || top.tag !== SEQUENCE || !outer && top.end !== bytes.length)
    return void 0;
  const parts = children(bytes, top);
  if (!parts || parts.length < 9 || parts.slice(0, 9).some((p) => p.tag !== INTEGER))
    return void 0;
  return { type: "rsa", bits: bitLength(bytes, parts[1].start, parts[1].end) };
}
function readPkcs8(bytes) {
  const top = element(bytes, 0, bytes.length);
  if (!top || top.tag !== SEQUENCE || top.end !== bytes.length)
    return void 0;
  const parts = children(bytes, top);
  if (!parts || parts.length < 3 || parts[0].tag !== INTEGER || parts[1].tag !== SEQUENCE)
    return void 0;
  const algorithm = children(bytes, parts[1]);
  if (!algorithm?.[0] || algorithm[0].tag !== OID || parts[2].tag !== OCTET_STRING)
    return void 0;
  const oid = hex(bytes, algorithm[0].start, algorithm[0].end);
  if (oid !== RSA_OID)
    return { type: KEY_TYPES[oid] ?? "unknown" };
  const inner = element(bytes, parts[2].start, parts[2].end);
  return inner && inner.end === parts[2].end ? readPkcs1(bytes, inner) : void 0;
}
function header(tag, length) {
  if (length < 128)
    return [tag, length];
  const octets = [];
  for (let n = length; n > 0; n = Math.floor(n / 256))
    octets.unshift(n % 256);
  return [tag, 128 | octets.length, ...octets];
}
function pkcs1ToPkcs8(pkcs1) {
  const algorithm = [48, 13, 6, 9, 42, 134, 72, 134, 247, 13, 1, 1, 1, 5, 0];
  const octet = header(OCTET_STRING, pkcs1.length);
  const body = [2, 1, 0, ...algorithm, ...octet];
  const outer = header(SEQUENCE, body.length + pkcs1.length);
  const out = new Uint8Array(outer.length + body.length + pkcs1.length);
  out.set(outer, 0);
  out.set(body, outer.length);
  out.set(pkcs1, outer.length + body.length);
  return out;
}
function fromBase64(text) {
  const compact = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0)
    return void 0;
  try {
    const binary = atob(compact);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++)
      bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return void 0;
  }
}
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1)
    return void 0;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(standard + "=".repeat((4 - standard.length % 4) % 4));
}
export {
  bitLength,
  fromBase64,
  fromBase64Url,
  pkcs1ToPkcs8,
  readPkcs1,
  readPkcs8
};
