/**
 * Just enough DER to check a private key when the client is created, without node:crypto: what kind of key a PKCS#8
 * or PKCS#1 structure holds and its RSA modulus length (WebCrypto only tells asynchronously, at the first token
 * request), and to wrap a PKCS#1 key into PKCS#8 (the only private-key form WebCrypto imports besides JWK).
 */

interface Element {
  tag: number;
  /** Where the content starts and ends. */
  start: number;
  end: number;
}

/** One TLV at `at`, inside `limit`; undefined when it does not fit (so garbled input is refused, never over-read). */
function element(bytes: Uint8Array, at: number, limit: number): Element | undefined {
  if (at + 2 > limit) return undefined;
  const tag = bytes[at]!;
  let length = bytes[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) return undefined;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i]!;
    start += count;
  }
  const end = start + length;
  return end <= limit ? { tag, start, end } : undefined;
}

/** The elements directly inside a constructed element, or undefined when they do not tile it exactly. */
function children(bytes: Uint8Array, parent: Element): Element[] | undefined {
  const found: Element[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const next = element(bytes, at, parent.end);
    if (!next) return undefined;
    found.push(next);
    at = next.end;
  }
  return found;
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const OCTET_STRING = 0x04;
const OID = 0x06;

/** Algorithm OIDs (hex of the content bytes) of the keys a PKCS#8 file may hold, named as node:crypto names them. */
const KEY_TYPES: Record<string, string> = {
  "2a864886f70d010101": "rsa",
  "2a864886f70d01010a": "rsa-pss",
  "2a8648ce3d0201": "ec",
  "2a8648ce380401": "dsa",
  "2a864886f70d010301": "dh",
  "2b6570": "ed25519",
  "2b6571": "ed448",
  "2b656e": "x25519",
  "2b656f": "x448",
};
const RSA_OID = "2a864886f70d010101";

export type KeyInfo = { type: "rsa"; bits: number } | { type: string; bits?: undefined };

function hex(bytes: Uint8Array, from: number, to: number): string {
  let text = "";
  for (let i = from; i < to; i++) text += bytes[i]!.toString(16).padStart(2, "0");
  return text;
}

/** Bits of an unsigned big-endian integer (leading zero bytes ignored). */
export function bitLength(bytes: Uint8Array, from = 0, to: number = bytes.length): number {
  while (from < to && bytes[from] === 0) from++;
  if (from === to) return 0;
  return (to - from - 1) * 8 + (32 - Math.clz32(bytes[from]!));
}

/** An RSAPrivateKey (PKCS#1): version, n, e, d, p, q, dp, dq, qi. */
export function readPkcs1(bytes: Uint8Array, outer?: Element): KeyInfo | undefined {
  const top = outer ?? element(bytes, 0, bytes.length);
  if (!top || top.tag !== SEQUENCE || (!outer && top.end !== bytes.length)) return undefined;
  const parts = children(bytes, top);
  if (!parts || parts.length < 9 || parts.slice(0, 9).some((p) => p.tag !== INTEGER)) return undefined;
  return { type: "rsa", bits: bitLength(bytes, parts[1]!.start, parts[1]!.end) };
}

/** A PrivateKeyInfo (PKCS#8): version, algorithm, the key in an OCTET STRING. */
export function readPkcs8(bytes: Uint8Array): KeyInfo | undefined {
  const top = element(bytes, 0, bytes.length);
  if (!top || top.tag !== SEQUENCE || top.end !== bytes.length) return undefined;
  const parts = children(bytes, top);
  if (!parts || parts.length < 3 || parts[0]!.tag !== INTEGER || parts[1]!.tag !== SEQUENCE) return undefined;
  const algorithm = children(bytes, parts[1]!);
  if (!algorithm?.[0] || algorithm[0].tag !== OID || parts[2]!.tag !== OCTET_STRING) return undefined;
  const oid = hex(bytes, algorithm[0].start, algorithm[0].end);
  if (oid !== RSA_OID) return { type: KEY_TYPES[oid] ?? "unknown" };
  const inner = element(bytes, parts[2]!.start, parts[2]!.end);
  return inner && inner.end === parts[2]!.end ? readPkcs1(bytes, inner) : undefined;
}

function header(tag: number, length: number): number[] {
  if (length < 0x80) return [tag, length];
  const octets: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) octets.unshift(n % 256);
  return [tag, 0x80 | octets.length, ...octets];
}

/** PKCS#1 -> PKCS#8: SEQUENCE { INTEGER 0, SEQUENCE { rsaEncryption, NULL }, OCTET STRING { the PKCS#1 key } }. */
export function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array {
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const octet = header(OCTET_STRING, pkcs1.length);
  const body = [0x02, 0x01, 0x00, ...algorithm, ...octet];
  const outer = header(SEQUENCE, body.length + pkcs1.length);
  const out = new Uint8Array(outer.length + body.length + pkcs1.length);
  out.set(outer, 0);
  out.set(body, outer.length);
  out.set(pkcs1, outer.length + body.length);
  return out;
}

/** Standard base64 (PEM bodies) to bytes, or undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return undefined;
  try {
    const binary = atob(compact);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

/** base64url (JWK members, no padding) to bytes, or undefined. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(standard + "=".repeat((4 - (standard.length % 4)) % 4));
}
