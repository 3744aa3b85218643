// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Private keys: turn whatever the caller holds into a Node RSA private KeyObject (plus the JWK `kid` and, for the
 * official Python client's key files, the client ID). Accepted: PEM (PKCS#8 and PKCS#1, via node:crypto since jose
 * cannot import PKCS#1), a JWK object or its JSON text, a KeyObject, or `{ file }` holding any of those, or the
 * Python client's formats: the client ID on the first line followed by the PEM, or JSON `{ client_id, secret }`
 * (with `base_url` and `token_url` beside them in the files `sfapi-gen mock` writes). Key files are opened without
 * following FIFOs or devices, checked on the open descriptor (a regular file, mode 600/400, a few KB) and read once.
 *
 * Error messages name the file and the problem, never any key material (so no parser messages are passed on).
 */
import { type JsonWebKey, KeyObject } from "node:crypto";
/** A JWK as node:crypto types it (not jose's type: its declarations would be a consumer's to parse on every check). */
type JWK = JsonWebKey;
export type PrivateKeyInput = string | JWK | KeyObject | {
    file: string;
};
export interface LoadedKey {
    readonly key: KeyObject;
    readonly kid: string | undefined;
    /** The client ID the key file names (Python client formats), if any. */
    readonly clientId: string | undefined;
    /** Where the API and token endpoint are, when the key file says (`sfapi-gen mock`'s JSON files do). */
    readonly baseUrl?: string;
    readonly tokenUrl?: string;
}
export declare function loadPrivateKey(input: PrivateKeyInput): LoadedKey;
/** `~` and `~/x` expand to the home folder. */
export declare function expandHome(path: string): string;
/** RSA keys below this are refused: the facility (and jose) reject them anyway, only later and less clearly. */
export declare const MIN_RSA_BITS = 2048;
export {};
