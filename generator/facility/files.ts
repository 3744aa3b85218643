/**
 * A file tree per machine, so that upload, ls and download round-trip and a job script uploaded first can be submitted
 * by path. Files live in memory, keyed by machine and full path; a directory exists when a file lies below it or it is
 * one of the user's own folders (home, scratch, the project's CFS folder) or their parents. Paths are absolute (a
 * relative one is read from the user's home), repeated slashes collapse, and `.` or `..` segments are refused, as the
 * runtime's guard refuses them. Bounded: at most `maxFiles` files and `maxBytes` bytes in all (past that an upload is
 * refused with the facility's "Disk quota exceeded"), each file at most the facility's request-body cap.
 */
import { MOCK_USER } from "./mock-user.js";

export interface StoredFile {
  content: Buffer;
  modifiedAt: number;
}

export interface DirectoryEntry {
  perms: string;
  hardlinks: number;
  user: string;
  group: string;
  size: number;
  date: string;
  name: string;
}

export type Lookup =
  | { kind: "file"; path: string; file: StoredFile }
  | { kind: "directory"; path: string; children: { name: string; file?: StoredFile }[] }
  | { kind: "missing"; path: string };

export const DEFAULT_MAX_FILES = 10_000;
export const DEFAULT_MAX_FILE_TREE_BYTES = 64 << 20;

/** The user's own folders, which exist on every machine before anything is uploaded. */
const SEEDED = [
  MOCK_USER.home,
  `/pscratch/sd/${MOCK_USER.name[0]}/${MOCK_USER.name}`,
  `/global/cfs/cdirs/${MOCK_USER.project}`,
];

export class FileTree {
  /** machine -> full path -> file. */
  readonly #machines = new Map<string, Map<string, StoredFile>>();
  readonly #seeded = new Set<string>(SEEDED.flatMap(withParents));
  #bytes = 0;
  #count = 0;

  constructor(
    private readonly now: () => number,
    readonly maxFiles = DEFAULT_MAX_FILES,
    readonly maxBytes = DEFAULT_MAX_FILE_TREE_BYTES,
  ) {}

  /** `path` made absolute and normal, or an error message (dot-segments, NUL). */
  static normalize(path: string): string | { error: string } {
    if (path.includes("\0")) return { error: `${JSON.stringify(path)}: Invalid argument` };
    const absolute = path.startsWith("/") ? path : `${MOCK_USER.home}/${path}`;
    const parts = absolute.split("/").filter((p) => p !== "");
    if (parts.some((p) => p === "." || p === ".."))
      return { error: `${JSON.stringify(path)}: dot-segments are not accepted by the local facility` };
    return `/${parts.join("/")}`;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get count(): number {
    return this.#count;
  }

  lookup(machine: string, path: string): Lookup {
    const files = this.#machines.get(machine);
    const file = files?.get(path);
    if (file) return { kind: "file", path, file };
    const prefix = path === "/" ? "/" : `${path}/`;
    const children = new Map<string, StoredFile | undefined>();
    for (const [stored, storedFile] of files ?? []) {
      if (!stored.startsWith(prefix)) continue;
      const rest = stored.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash < 0) children.set(rest, storedFile);
      else if (!children.has(rest.slice(0, slash))) children.set(rest.slice(0, slash), undefined);
    }
    for (const seeded of this.#seeded) {
      const name = seeded.slice(prefix.length);
      if (seeded.startsWith(prefix) && name !== "" && !name.includes("/") && !children.has(name))
        children.set(name, undefined);
    }
    if (children.size === 0 && !this.#seeded.has(path)) return { kind: "missing", path };
    const sorted = [...children.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { kind: "directory", path, children: sorted.map(([name, f]) => (f ? { name, file: f } : { name })) };
  }

  /** Store `content` at `path`; an error message (the path is a directory, the quota is full) when it cannot. */
  write(machine: string, path: string, content: Buffer): string | undefined {
    if (path === "/") return "/: Is a directory";
    const existing = this.lookup(machine, path);
    if (existing.kind === "directory") return `${path}: Is a directory`;
    // A file cannot sit where a parent directory should be.
    for (const parent of withParents(path).slice(0, -1)) {
      if (this.#machines.get(machine)?.has(parent)) return `${path}: Not a directory`;
    }
    const previous = existing.kind === "file" ? existing.file.content.length : 0;
    const count = this.#count + (existing.kind === "file" ? 0 : 1);
    if (this.#bytes - previous + content.length > this.maxBytes || count > this.maxFiles)
      return (
        `${path}: Disk quota exceeded ` +
        `(the local facility holds at most ${this.maxFiles} files and ${this.maxBytes} bytes)`
      );
    let files = this.#machines.get(machine);
    if (!files) this.#machines.set(machine, (files = new Map()));
    files.set(path, { content, modifiedAt: this.now() });
    this.#bytes += content.length - previous;
    this.#count = count;
    return undefined;
  }

  read(machine: string, path: string): StoredFile | undefined {
    return this.#machines.get(machine)?.get(path);
  }
}

/** `/a/b/c` -> `/a`, `/a/b`, `/a/b/c`. */
function withParents(path: string): string[] {
  const parts = path.split("/").filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}
