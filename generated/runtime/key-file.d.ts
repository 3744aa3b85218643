// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** Key files are a few KB; anything far larger is not a key file (and is not read whole). */
export declare const MAX_KEY_FILE_BYTES: number;
/** `~` and `~/x` expand to the home folder. */
export declare function expandHome(path: string, home: () => string): string;
/** The key file's text and its path with `~` expanded; KeyError naming the file for anything unusable. */
export declare function readKeyFileText(file: string): {
    path: string;
    text: string;
};
