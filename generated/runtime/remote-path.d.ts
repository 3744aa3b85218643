// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
export interface SignalOption {
    signal?: AbortSignal;
}
export interface DownloadOptions extends SignalOption {
    /** Ask for the bytes (base64 on the wire), resolved as a Uint8Array. */
    binary?: boolean;
}
/** The file operations a path's methods call: the machine's own helpers. */
export interface PathOps {
    ls?(path: string, options?: SignalOption): Promise<unknown[]>;
    download?(path: string, options?: DownloadOptions): Promise<string | Uint8Array>;
    upload?(path: string, data: string | Blob | Uint8Array, options?: SignalOption): Promise<unknown>;
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
    /** The entries of this directory (without `.` and `..`), or this file itself. */
    ls(options?: SignalOption): Promise<Entry[]>;
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
/** The path's parts: POSIX, as the official client's PurePosixPath. */
export declare function pathParts(path: string): {
    name: string;
    stem: string;
    suffix: string;
    parent: string;
};
/** A path with its methods (`record`: the listing's entry, whose fields it keeps and whose perms give its kind). */
export declare function remotePath(machine: string, path: string, ops: PathOps, record?: Record<string, unknown>): object;
