/**
 * Reading a key file: the one part of the runtime that needs a file system. It reaches Node's `fs` and `os` through
 * `process.getBuiltinModule` (Node >= 20.16, Deno, Bun) instead of an `import "node:fs"`, so a browser or edge bundle
 * of the client never meets a `node:` import; there `keyFile` and `{ file }` throw ConfigError and a key is given as
 * text, a JWK or a CryptoKey instead.
 *
 * The file is opened without blocking (a FIFO or a device cannot hang the open), checked on the open descriptor
 * (a regular file, mode 600/400, a few KB: what is checked is what is read) and read once.
 *
 * A folder is read as Iris's download (also NERSC's training's `~/.superfacility`): the client ID from `clientid.txt`
 * and the key from `priv_key.pem`, else `priv_key.jwk` (`pub_key.pem` and anything else there is not read). Each file
 * read is checked as a key file is, by the one rule below.
 */
import { ConfigError, KeyError } from "./errors.js";
import type { KeyFileText } from "./keys.js";

/** The few members of Node's `fs` and `os` used here (typed here, so the client's types need no @types/node). */
interface Fs {
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): { isFile(): boolean; isDirectory(): boolean; mode: number; size: number };
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: null): number;
  closeSync(fd: number): void;
  constants: { O_RDONLY: number; O_NONBLOCK?: number };
}
interface Os {
  homedir(): string;
}
interface NodeLike {
  platform?: string;
  getBuiltinModule?: (id: string) => unknown;
}

/** Key files are a few KB; anything far larger is not a key file (and is not read whole). */
export const MAX_KEY_FILE_BYTES: number = 64 * 1024;

function builtins(): { fs: Fs; os: Os; platform: string } {
  const process = (globalThis as { process?: NodeLike }).process;
  if (typeof process?.getBuiltinModule !== "function") {
    throw new ConfigError({
      message:
        "createClient: a key file needs Node.js (>= 20.16), Deno or Bun; " +
        "here, give privateKey as a PEM string, a JWK or a CryptoKey",
    });
  }
  return {
    fs: process.getBuiltinModule("fs") as Fs,
    os: process.getBuiltinModule("os") as Os,
    platform: process.platform ?? "",
  };
}

/** `~` and `~/x` expand to the home folder. */
export function expandHome(path: string, home: () => string): string {
  if (path === "~") return home();
  if (path.startsWith("~/")) return `${home().replace(/\/+$/, "")}/${path.slice(2)}`;
  return path;
}

/** The files of Iris's download that are read; PEM before JWK, as NERSC's token script and SFAPI.jl read it. */
export const KEY_FOLDER = { clientId: "clientid.txt", keys: ["priv_key.pem", "priv_key.jwk"] } as const;

/**
 * The key file's text and its path with `~` expanded; for a key folder (Iris's download), its key file's and its
 * client ID file's. KeyError naming the file for anything unusable; no message carries a file's content.
 */
export function readKeyFileText(file: string): KeyFileText {
  const { fs, os, platform } = builtins();
  const path = expandHome(file, () => os.homedir());
  const read = readPrivateFile(fs, platform, path, "key file");
  if ("text" in read) return { path, text: read.text };
  if ("missing" in read) return cannotRead(path, "key file", "ENOENT");
  let dir = path;
  while (dir.length > 1 && dir.endsWith("/")) dir = dir.slice(0, -1);
  const inside = (name: string) => `${dir}/${name}`;
  const layout = `Iris's download: ${KEY_FOLDER.clientId}, and ${KEY_FOLDER.keys.join(" or ")}`;
  const clientIdFile = inside(KEY_FOLDER.clientId);
  const clientId = readPrivateFile(fs, platform, clientIdFile, "client ID file");
  if (!("text" in clientId))
    throw new KeyError({
      message:
        `The key folder ${dir} has no ${"missing" in clientId ? "" : "readable "}${KEY_FOLDER.clientId} ` +
        `(${layout})`,
      file: clientIdFile,
    });
  for (const name of KEY_FOLDER.keys) {
    const keyFile = inside(name);
    const key = readPrivateFile(fs, platform, keyFile, "key file");
    if ("missing" in key) continue;
    if (!("text" in key)) return cannotRead(keyFile, "key file", "not a regular file");
    return {
      path: keyFile,
      text: key.text,
      folder: { path: dir, clientIdFile, clientIdText: clientId.text, format: name.endsWith(".pem") ? "pem" : "jwk" },
    };
  }
  throw new KeyError({
    message: `The key folder ${dir} has neither ${KEY_FOLDER.keys.join(" nor ")} (${layout})`,
    file: dir,
  });
}

function cannotRead(path: string, what: string, why: string): never {
  throw new KeyError({ message: `Cannot read the ${what} ${path}: ${why}`, file: path });
}

/**
 * One private file's text, checked on its open descriptor: a regular file, owner-only (mode 600/400), at most
 * MAX_KEY_FILE_BYTES. `{ folder }` for a folder, `{ missing }` when there is nothing at `path`.
 */
function readPrivateFile(
  fs: Fs,
  platform: string,
  path: string,
  what: string,
): { text: string } | { folder: true } | { missing: true } {
  const fail = (why: string): never => cannotRead(path, what, why);
  const code = (error: unknown) => (error as { code?: string } | undefined)?.code ?? "unreadable";
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    // Windows opens no folder: EISDIR (elsewhere a folder opens, and fstat says what it is).
    if (code(error) === "EISDIR") return { folder: true };
    if (code(error) === "ENOENT") return { missing: true };
    return fail(code(error));
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return { folder: true };
    if (!stat.isFile()) fail("not a regular file");
    // Same rule as ssh and the official Python client: a private key others can read is not private any more.
    if (platform !== "win32" && (stat.mode & 0o077) !== 0) {
      throw new KeyError({
        message:
          `The ${what} ${path} is readable by group or others (mode ${(stat.mode & 0o777).toString(8)}); ` +
          `run \`chmod 600 ${path}\` (or 400)`,
        file: path,
      });
    }
    if (stat.size > MAX_KEY_FILE_BYTES)
      fail(`${stat.size} bytes is too large for a ${what} (at most ${MAX_KEY_FILE_BYTES})`);
    const buffer = new Uint8Array(MAX_KEY_FILE_BYTES + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = fs.readSync(fd, buffer, length, buffer.length - length, null)) > 0; )
      length += n;
    if (length > MAX_KEY_FILE_BYTES) fail(`larger than ${MAX_KEY_FILE_BYTES} bytes; not a ${what}`);
    return { text: new TextDecoder().decode(buffer.subarray(0, length)) };
  } catch (error) {
    if (error instanceof KeyError) throw error;
    return fail(code(error));
  } finally {
    fs.closeSync(fd);
  }
}
