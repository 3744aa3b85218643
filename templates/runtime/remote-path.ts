/**
 * What `compute.ls()` gives: each entry of the listing, as the facility sent it, with its path and the official
 * client's RemotePath methods (`isDirectory()`, `parent`, `name`, `stem`, `suffix`, `ls()`, `download()`, `upload()`,
 * `open(mode)`).
 * An entry's kind comes from the listing's `perms`, so `isDirectory()` asks nothing; `parent` and `parents` are paths
 * only (no listing read yet), with the same methods but the kind tests.
 */
import { ConfigError } from "./errors.js";

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
  download(options?: DownloadOptions & { binary?: false }): Promise<string>;
  download(options: DownloadOptions & { binary: true }): Promise<Uint8Array>;
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

const OPEN_MODES: Readonly<Record<string, { write: boolean; binary: boolean }>> = {
  r: { write: false, binary: false },
  rb: { write: false, binary: true },
  w: { write: true, binary: false },
  wb: { write: true, binary: true },
};

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
        throw new ConfigError({
          message: `${path} on ${machine} is a directory: upload(data, { name }) names the file in it`,
        });
      const to = name === undefined ? path : `${path.replace(/\/+$/, "")}/${name}`;
      return upload(to, data, rest);
    };
  }
  if (ops.download || ops.upload) {
    target.open = async (mode: unknown, options: SignalOption = {}) => {
      const how = typeof mode === "string" && Object.hasOwn(OPEN_MODES, mode) ? OPEN_MODES[mode]! : undefined;
      if (how === undefined) {
        const shown = typeof mode === "string" ? JSON.stringify(mode.slice(0, 16)) : typeof mode;
        throw new ConfigError({
          message: `open(mode) of ${path} on ${machine}: mode "r", "rb", "w" or "wb", not ${shown}`,
        });
      }
      const helper = how.write ? "upload" : "download";
      ops.check?.(helper);
      const call = how.write ? ops.upload : ops.download;
      if (call === undefined)
        throw new ConfigError({
          message: `open(${JSON.stringify(mode)}) needs the API's ${helper} operation, which it lacks`,
        });
      if (isDirectory())
        throw new ConfigError({
          message: `${path} on ${machine} is a directory: open(${JSON.stringify(mode)}) opens a file`,
        });
      options.signal?.throwIfAborted();
      if (how.write) return fileWriter(path, mode as "w" | "wb", (data, closing) => ops.upload!(path, data, closing));
      return fileReader(path, mode as "r" | "rb", await ops.download!(path, { ...options, binary: how.binary }));
    };
  }
  return target;
}

function fileReader(path: string, mode: "r" | "rb", content: string | Uint8Array): RemoteFileReader<never> {
  let at = 0;
  let closed = false;
  return {
    path,
    mode,
    get closed() {
      return closed;
    },
    read(size?: number) {
      if (closed) throw new ConfigError({ message: `read() of ${path}: the file is closed` });
      const end = size === undefined || size < 0 ? content.length : Math.min(content.length, at + size);
      const out = content.slice(at, end);
      at = Math.max(at, end);
      return out as never;
    },
    close() {
      closed = true;
    },
  };
}

function fileWriter(
  path: string,
  mode: "w" | "wb",
  upload: (data: Blob, options: SignalOption) => Promise<unknown>,
): RemoteFileWriter<never, unknown> {
  const chunks: (string | Uint8Array)[] = [];
  let uploaded: Promise<unknown> | undefined;
  return {
    path,
    mode,
    get closed() {
      return uploaded !== undefined;
    },
    write(data: string | Uint8Array) {
      if (uploaded !== undefined) throw new ConfigError({ message: `write() to ${path}: the file is closed` });
      const ok = mode === "w" ? typeof data === "string" : data instanceof Uint8Array;
      if (!ok)
        throw new ConfigError({
          message: `write() to ${path} (mode ${mode}) takes ${mode === "w" ? "a string" : "a Uint8Array"}`,
        });
      // A copy: the caller may reuse its buffer before close().
      chunks.push(typeof data === "string" ? data : data.slice());
      return data.length;
    },
    close(options: SignalOption = {}) {
      uploaded ??= upload(new Blob(chunks as BlobPart[]), options);
      return uploaded as Promise<never>;
    },
  };
}
