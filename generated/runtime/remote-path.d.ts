// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
export interface SignalOption {
    signal?: AbortSignal;
}
export interface ListOptions extends SignalOption {
    /**
     * The directory itself, as one entry, not its contents (the official client's `ls(path, directory=True)`): the
     * listing's `.` entry under the directory's own name. A file is itself either way.
     */
    directory?: boolean;
}
export interface DownloadOptions extends SignalOption {
    /** Ask for the bytes (base64 on the wire), resolved as a Uint8Array. */
    binary?: boolean;
}
/** The file operations a path's methods call: the machine's own helpers. */
export interface PathOps {
    ls?(path: string, options?: ListOptions): Promise<unknown[]>;
    download?(path: string, options?: DownloadOptions): Promise<string | Uint8Array>;
    upload?(path: string, data: string | Blob | Uint8Array, options?: SignalOption): Promise<unknown>;
    /** Throws ScopeError, before any request, when the color may not call the helper's operation. */
    check?(helper: "download" | "upload"): void;
}
export interface UploadToOptions extends SignalOption {
    /** The file's name under this path, when this path is a directory (required then). */
    name?: string;
}
/** A path on a machine. Its members that make requests exist as the color allows (see the generated types). */
export interface RemotePathBase {
    readonly machine: string;
    /** The whole path, as the listing was asked with (`/global/homes/u/user/run.sh`). */
    readonly path: string;
    /** The last component: for the path above, `run` and its suffix `.sh` together. */
    readonly name: string;
    /** The last component without its suffix (`run`). */
    readonly stem: string;
    /** The last component's extension, with its dot (`.sh`), or "". */
    readonly suffix: string;
}
export interface PathParents<Path> {
    /** The directory above (`/` stays `/`). */
    readonly parent: Path;
    /** Every directory above, nearest first, up to `/`. */
    readonly parents: readonly Path[];
}
export interface EntryKind {
    /** From the listing's `perms` (`d...`). */
    isDirectory(): boolean;
    /** From the listing's `perms` (`-...`). */
    isFile(): boolean;
    /** From the listing's `perms` (`l...`). */
    isSymlink(): boolean;
}
export interface PathListing<Entry> {
    /**
     * The entries of this directory (without `.` and `..`), or this file itself; `{ directory: true }`: this directory.
     */
    ls(options?: ListOptions): Promise<Entry[]>;
}
export interface PathDownloading {
    /** This file's content as text (`{ binary: true }`: its bytes); FileError when the facility refuses. */
    download(options?: DownloadOptions & {
        binary?: false;
    }): Promise<string>;
    download(options: DownloadOptions & {
        binary: true;
    }): Promise<Uint8Array>;
}
export interface PathUploading<Result> {
    /**
     * Write this file; on a directory (an entry whose `isDirectory()`), the file `name` in it (`{ name }` required).
     */
    upload(data: string | Blob | Uint8Array, options?: UploadToOptions): Promise<Result>;
}
/** A file opened for reading (`open("r")`, `open("rb")`): its content, downloaded when it was opened. */
export interface RemoteFileReader<Data extends string | Uint8Array> {
    readonly path: string;
    readonly mode: "r" | "rb";
    readonly closed: boolean;
    /** The next `size` characters ("rb": bytes) from where the last read stopped, or all that is left. */
    read(size?: number): Data;
    close(): void;
}
/** A file opened for writing (`open("w")`, `open("wb")`): what is written is kept, and uploaded by `close()`. */
export interface RemoteFileWriter<Data extends string | Uint8Array, Result> {
    readonly path: string;
    readonly mode: "w" | "wb";
    readonly closed: boolean;
    /** Keep `data` for the upload: the characters ("wb": bytes) written. */
    write(data: Data): number;
    /**
     * Upload what was written (one request; an empty file when nothing was) and close: the upload's answer, or a
     * FileError. Later calls give the same promise: the file is uploaded once.
     */
    close(options?: SignalOption): Promise<Result>;
}
export interface PathReadOpening {
    /** Download this file and open it for reading: `read()` gives its text ("rb": its bytes); FileError if refused. */
    open(mode: "r", options?: SignalOption): Promise<RemoteFileReader<string>>;
    open(mode: "rb", options?: SignalOption): Promise<RemoteFileReader<Uint8Array>>;
}
export interface PathWriteOpening<Result> {
    /** Open this file for writing: nothing is sent until `close()`, which uploads what was written (the whole file). */
    open(mode: "w", options?: SignalOption): Promise<RemoteFileWriter<string, Result>>;
    open(mode: "wb", options?: SignalOption): Promise<RemoteFileWriter<Uint8Array, Result>>;
}
/**
 * The modes of `open` a color may not use (`OpenRefusal<"w" | "wb", NeedsColor<"open for writing", "red">>`): an
 * overload no call fits, there for what the compiler says when the others reject a mode.
 */
export interface OpenRefusal<Modes extends string, Refusal> {
    open(mode: Modes & Refusal, options?: SignalOption): never;
}
/** The path's parts: POSIX, as the official client's PurePosixPath. */
export declare function pathParts(path: string): {
    name: string;
    stem: string;
    suffix: string;
    parent: string;
};
/** A path with its methods (`record`: the listing's entry, whose fields it keeps and whose perms give its kind). */
export declare function remotePath(machine: string, path: string, ops: PathOps, record?: Record<string, unknown>): object;
