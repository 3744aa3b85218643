// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
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
export type KeyInfo = {
    type: "rsa";
    bits: number;
} | {
    type: string;
    bits?: undefined;
};
/** Bits of an unsigned big-endian integer (leading zero bytes ignored). */
export declare function bitLength(bytes: Uint8Array, from?: number, to?: number): number;
/** An RSAPrivateKey (PKCS#1): version, n, e, d, p, q, dp, dq, qi. */
export declare function readPkcs1(bytes: Uint8Array, outer?: Element): KeyInfo | undefined;
/** A PrivateKeyInfo (PKCS#8): version, algorithm, the key in an OCTET STRING. */
export declare function readPkcs8(bytes: Uint8Array): KeyInfo | undefined;
/** PKCS#1 -> PKCS#8: SEQUENCE { INTEGER 0, SEQUENCE { rsaEncryption, NULL }, OCTET STRING { the PKCS#1 key } }. */
export declare function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array;
/** Standard base64 (PEM bodies) to bytes, or undefined when it is not base64. */
export declare function fromBase64(text: string): Uint8Array | undefined;
/** base64url (JWK members, no padding) to bytes, or undefined. */
export declare function fromBase64Url(text: string): Uint8Array | undefined;
export {};
