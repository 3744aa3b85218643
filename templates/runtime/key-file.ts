/**
 * Reading a key file: the one part of the runtime that needs a file system. It reaches Node's `fs` and `os` through
 * `process.getBuiltinModule` (Node >= 20.16, Deno, Bun) instead of an `import "node:fs"`, so a browser or edge bundle
 * of the client never meets a `node:` import; there `keyFile` and `{ file }` throw ConfigError and a key is given as
 * text, a JWK or a CryptoKey instead.
 *
 * The file is opened without blocking (a FIFO or a device cannot hang the open), checked on the open descriptor
 * (a regular file, mode 600/400, a few KB: what is checked is what is read) and read once.
 */
import { ConfigError, KeyError } from "./errors.js";

/** The few members of Node's `fs` and `os` used here (typed here, so the client's types need no @types/node). */
interface Fs {
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): { isFile(): boolean; mode: number; size: number };
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
export const MAX_KEY_FILE_BYTES = 64 * 1024;

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

/** The key file's text and its path with `~` expanded; KeyError naming the file for anything unusable. */
export function readKeyFileText(file: string): { path: string; text: string } {
  const { fs, os, platform } = builtins();
  const path = expandHome(file, () => os.homedir());
  const fail = (why: string): never => {
    throw new KeyError({ message: `Cannot read the key file ${path}: ${why}`, file: path });
  };
  const code = (error: unknown) => (error as { code?: string } | undefined)?.code ?? "unreadable";
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return fail(code(error));
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) fail("not a regular file");
    // Same rule as ssh and the official Python client: a private key others can read is not private any more.
    if (platform !== "win32" && (stat.mode & 0o077) !== 0) {
      throw new KeyError({
        message:
          `The key file ${path} is readable by group or others (mode ${(stat.mode & 0o777).toString(8)}); ` +
          `run \`chmod 600 ${path}\` (or 400)`,
        file: path,
      });
    }
    if (stat.size > MAX_KEY_FILE_BYTES)
      fail(`${stat.size} bytes is too large for a key file (at most ${MAX_KEY_FILE_BYTES})`);
    const buffer = new Uint8Array(MAX_KEY_FILE_BYTES + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = fs.readSync(fd, buffer, length, buffer.length - length, null)) > 0; )
      length += n;
    if (length > MAX_KEY_FILE_BYTES) fail(`larger than ${MAX_KEY_FILE_BYTES} bytes; not a key file`);
    return { path, text: new TextDecoder().decode(buffer.subarray(0, length)) };
  } catch (error) {
    if (error instanceof KeyError) throw error;
    return fail(code(error));
  } finally {
    fs.closeSync(fd);
  }
}
