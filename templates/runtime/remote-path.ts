/**
 * What `compute.ls()` gives: each entry of the listing, as the facility sent it, with its path and the official
 * client's RemotePath methods (`isDirectory()`, `parent`, `name`, `stem`, `suffix`, `ls()`, `download()`, `upload()`).
 * An entry's kind comes from the listing's `perms`, so `isDirectory()` asks nothing; `parent` and `parents` are paths
 * only (no listing read yet), with the same methods but the kind tests.
 */
import { ConfigError } from "./errors.js";

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
  download(options?: DownloadOptions & { binary?: false }): Promise<string>;
  download(options: DownloadOptions & { binary: true }): Promise<Uint8Array>;
}

export interface PathUploading<Result> {
  /**
   * Write this file; on a directory (an entry whose `isDirectory()`), the file `name` in it (`{ name }` required).
   */
  upload(data: string | Blob | Uint8Array, options?: UploadToOptions): Promise<Result>;
}

/** The path's parts: POSIX, as the official client's PurePosixPath. */
export function pathParts(path: string): { name: string; stem: string; suffix: string; parent: string } {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const cut = trimmed.lastIndexOf("/");
  const name = cut === -1 ? trimmed : trimmed.slice(cut + 1);
  const parent = cut === -1 ? "." : cut === 0 ? "/" : trimmed.slice(0, cut);
  const dot = name.lastIndexOf(".");
  const hasSuffix = dot > 0 && dot < name.length - 1;
  return { name, stem: hasSuffix ? name.slice(0, dot) : name, suffix: hasSuffix ? name.slice(dot) : "", parent };
}

/** A path with its methods (`record`: the listing's entry, whose fields it keeps and whose perms give its kind). */
export function remotePath(machine: string, path: string, ops: PathOps, record?: Record<string, unknown>): object {
  const parts = pathParts(path);
  const target: Record<string, unknown> = { ...record, machine, path, name: parts.name };
  const perms = typeof record?.perms === "string" ? record.perms : undefined;
  const isDirectory = () => perms?.startsWith("d") === true;
  Object.defineProperties(target, {
    stem: { value: parts.stem, enumerable: true },
    suffix: { value: parts.suffix, enumerable: true },
    parent: { get: () => remotePath(machine, parts.parent, ops), enumerable: false },
    parents: {
      get: () => {
        const out: object[] = [];
        let at = parts.parent;
        for (;;) {
          out.push(remotePath(machine, at, ops));
          const next = pathParts(at).parent;
          if (next === at || at === ".") break;
          at = next;
        }
        return out;
      },
      enumerable: false,
    },
  });
  if (record !== undefined) {
    target.isDirectory = isDirectory;
    target.isFile = () => perms?.startsWith("-") === true;
    target.isSymlink = () => perms?.startsWith("l") === true;
  }
  if (ops.ls) {
    const ls = ops.ls;
    target.ls = (options?: SignalOption) => ls(path, options);
  }
  if (ops.download) {
    const download = ops.download;
    target.download = (options?: DownloadOptions) => download(path, options);
  }
  if (ops.upload) {
    const upload = ops.upload;
    target.upload = async (data: string | Blob | Uint8Array, options: UploadToOptions = {}) => {
      const { name, ...rest } = options;
      if (isDirectory() && (name === undefined || name === "" || name.includes("/")))
        throw new ConfigError(`${path} on ${machine} is a directory: upload(data, { name }) names the file in it`);
      const to = name === undefined ? path : `${path.replace(/\/+$/, "")}/${name}`;
      return upload(to, data, rest);
    };
  }
  return target;
}
