// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { KeyFileText } from "./keys.js";
/** Key files are a few KB; anything far larger is not a key file (and is not read whole). */
export declare const MAX_KEY_FILE_BYTES: number;
/** `~` and `~/x` expand to the home folder. */
export declare function expandHome(path: string, home: () => string): string;
/** The files of Iris's download that are read; PEM before JWK, as NERSC's token script and SFAPI.jl read it. */
export declare const KEY_FOLDER: {
    readonly clientId: "clientid.txt";
    readonly keys: readonly ["priv_key.pem", "priv_key.jwk"];
};
/**
 * The key file's text and its path with `~` expanded; for a key folder (Iris's download), its key file's and its
 * client ID file's. KeyError naming the file for anything unusable; no message carries a file's content.
 */
export declare function readKeyFileText(file: string): KeyFileText;
