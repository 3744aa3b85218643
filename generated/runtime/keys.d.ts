// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * An RSA private key as a JWK (RFC 7517). Typed here rather than taken from node:crypto (gone from @types/node 26),
 * the DOM or jose, so that the client's declarations need none of them; a `JsonWebKey` of either is assignable.
 */
export interface Jwk {
    kty?: string | undefined;
    kid?: string | undefined;
    alg?: string | undefined;
    use?: string | undefined;
    key_ops?: string[] | undefined;
    ext?: boolean | undefined;
    n?: string | undefined;
    e?: string | undefined;
    d?: string | undefined;
    p?: string | undefined;
    q?: string | undefined;
    dp?: string | undefined;
    dq?: string | undefined;
    qi?: string | undefined;
}
/** A Node `KeyObject` (node:crypto), described by what is used of it. */
export interface KeyObjectLike {
    readonly type: string;
    readonly asymmetricKeyType?: string | undefined;
    export(options: {
        format: "jwk";
    }): object;
}
/** A WebCrypto `CryptoKey` (RSASSA-PKCS1-v1_5 with SHA-256, private, usable for "sign"). */
export interface CryptoKeyLike {
    readonly type: string;
    readonly algorithm: object;
    readonly usages: readonly string[];
}
export type PrivateKeyInput = string | Jwk | KeyObjectLike | CryptoKeyLike | {
    file: string;
};
export interface LoadedKey {
    /**
     * The CryptoKey jose signs with, imported once, on the first token request. Typed `object` so that the client's
     * declarations name no DOM or Node type (a browser-less, @types/node-less project checks them too).
     */
    readonly signingKey: () => Promise<object>;
    readonly kid: string | undefined;
    /** The client ID the key file names (Python client formats), if any. */
    readonly clientId: string | undefined;
    /** Where the API and token endpoint are, when the key file says (`sfapi-gen mock`'s JSON files do). */
    readonly baseUrl?: string;
    readonly tokenUrl?: string;
    /** The client's color, when the key file says (`sfapi-gen mock`'s JSON files do). */
    readonly color?: string;
    /** When the API client stops working, when the key file says (`expires_at`: `sfapi-gen mock`'s JSON files). */
    readonly expiresAt?: Date;
    /** The file the key was read from, when it came from one (`~` expanded). */
    readonly file?: string;
}
/** RSA keys below this are refused: the facility (and jose) reject them anyway, only later and less clearly. */
export declare const MIN_RSA_BITS = 2048;
/** What a key file reader gives (key-file.ts's `readKeyFileText`). */
export interface KeyFileText {
    /** The file the key was read from, `~` expanded (in a key folder: its `priv_key.pem` or `priv_key.jwk`). */
    path: string;
    text: string;
    /** A key folder (Iris's download): the folder, its client ID file and that file's text, the key file's format. */
    folder?: {
        path: string;
        clientIdFile: string;
        clientIdText: string;
        format: "pem" | "jwk";
    };
}
/** Reads a key file, or a key folder (key-file.ts's `readKeyFileText`). */
export type KeyFileReader = (file: string) => KeyFileText;
export declare function loadPrivateKey(input: PrivateKeyInput, readKeyFile: KeyFileReader | undefined): LoadedKey;
export declare function parseKeyText(raw: string, where: string, file: string | undefined): LoadedKey;
