/**
 * A file tree per machine, so that upload, ls and download round-trip and a job script uploaded first can be submitted
 * by path. Files live in memory, keyed by machine and full path, each with the account that wrote it; a directory
 * exists when a file lies below it, it was made (`mkdir` in the shell), or it is one of an account's own folders (home,
 * scratch, the project's CFS folder) or their parents. Paths are absolute (a relative one is read from the caller's
 * home), repeated slashes collapse, and `.` or `..` segments are refused, as the runtime's guard refuses them. Bounded:
 * at most `maxFiles` files and `maxBytes` bytes in all (past that an upload is refused with the facility's "Disk quota
 * exceeded"), each file at most the facility's request-body cap.
 *
 * Accounts are kept apart as the facility's permissions keep users apart: another account's home and scratch
 * (`/global/homes/<l>/<user>`, `/pscratch/sd/<l>/<user>`) cannot be listed, read or written, a project's CFS folder
 * only by the members of the project's group, and a file elsewhere only by the account that wrote it: each answers
 * "Permission denied", as `ls`, `cat` and the upload do at the facility.
 */
import { homeOf, MOCK_USER, projectDirOf, projectOf, scratchOf } from "./mock-user.js";

export interface StoredFile {
  content: Buffer;
  modifiedAt: number;
  /** The account that wrote it. */
  owner: string;
}

/** Who may use what: the accounts there are, and whether an account may use a project's folder. */
export interface FileAccounts {
  /** Every account the facility knows (the mock user and each client's user). */
  accounts(): Iterable<string>;
  /** Whether `account` may use project `project`'s CFS folder; undefined when no such project is known. */
  inProject(account: string, project: string): boolean | undefined;
}

/** Every account is the mock user; no project but its own. */
const MOCK_USER_ONLY: FileAccounts = {
  accounts: () => [MOCK_USER.name],
  inProject: (account, project) => (project === MOCK_USER.project ? account === MOCK_USER.name : undefined),
};

export type Lookup =
  | { kind: "file"; path: string; file: StoredFile }
  | { kind: "directory"; path: string; children: { name: string; file?: StoredFile }[] }
  | { kind: "missing"; path: string };

export const DEFAULT_MAX_FILES = 10_000;
export const DEFAULT_MAX_FILE_TREE_BYTES: number = 64 << 20;

/** An account's own folders, which exist on every machine before anything is uploaded. */
function ownFolders(account: string): string[] {
  return [homeOf(account), scratchOf(account), projectDirOf(projectOf(account))];
}

/** Where every account's home and scratch folders lie, `/global/homes/<l>/<user>` and `/pscratch/sd/<l>/<user>`. */
const PERSONAL_ROOTS = [
  ["global", "homes"],
  ["pscratch", "sd"],
];
const PROJECT_ROOT = ["global", "cfs", "cdirs"];

export class FileTree {
  /** machine -> full path -> file. */
  readonly #machines = new Map<string, Map<string, StoredFile>>();
  /** machine -> directories made on purpose (`mkdir`), which exist though empty; each counts as a file. */
  readonly #directories = new Map<string, Set<string>>();
  /** The folders every known account has, with their parents; made again when the accounts change. */
  #seeded = { key: "", paths: new Set<string>() };
  #bytes = 0;
  #count = 0;

  constructor(
    private readonly now: () => number,
    readonly maxFiles: number = DEFAULT_MAX_FILES,
    readonly maxBytes: number = DEFAULT_MAX_FILE_TREE_BYTES,
    private readonly people: FileAccounts = MOCK_USER_ONLY,
  ) {}

  /** `path` made absolute (from `home`) and normal, or an error message (dot-segments, NUL). */
  static normalize(path: string, home: string = MOCK_USER.home): string | { error: string } {
    if (path.includes("\0")) return { error: `${JSON.stringify(path)}: Invalid argument` };
    const absolute = path.startsWith("/") ? path : `${home}/${path}`;
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
    const { seeded } = this.#known();
    const made = this.#directories.get(machine);
    for (const folder of made ? [...seeded, ...made] : seeded) {
      const name = folder.slice(prefix.length);
      if (folder.startsWith(prefix) && name !== "" && !name.includes("/") && !children.has(name))
        children.set(name, undefined);
    }
    if (children.size === 0 && !seeded.has(path) && !made?.has(path)) return { kind: "missing", path };
    const sorted = [...children.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { kind: "directory", path, children: sorted.map(([name, f]) => (f ? { name, file: f } : { name })) };
  }

  /**
   * Whether `account` may not read (or `write`) `path` on `machine`: inside another account's home or scratch, inside
   * the CFS folder of a project the account is not in, or a file another account wrote (which, in a project folder,
   * the project's members may read but not overwrite).
   */
  denied(account: string, machine: string, path: string, use: "read" | "write"): boolean {
    const parts = path.split("/", 5).slice(1);
    const under = (root: readonly string[]) => parts.length > root.length && root.every((p, i) => parts[i] === p);
    const { accounts } = this.#known();
    for (const root of PERSONAL_ROOTS) {
      const [letter, user] = [parts[2], parts[3]];
      if (under(root) && user !== undefined && user !== account && letter === user[0] && accounts.has(user))
        return true;
    }
    const shared = under(PROJECT_ROOT) ? this.people.inProject(account, parts[3]!) : undefined;
    if (shared === false) return true;
    const file = this.read(machine, path);
    return file !== undefined && file.owner !== account && (use === "write" || !shared);
  }

  /** The account whose home or scratch folder `path` is in; undefined elsewhere. */
  folderOwner(path: string): string | undefined {
    const parts = path.split("/", 5).slice(1);
    const user = parts[3];
    const personal = PERSONAL_ROOTS.some(([a, b]) => parts[0] === a && parts[1] === b);
    return personal && user !== undefined && parts[2] === user[0] && this.#known().accounts.has(user)
      ? user
      : undefined;
  }

  /**
   * Store `content` at `path`, written by `owner`; an error message (the path is a directory, the quota is full) when
   * it cannot. Whether `owner` may write there is the caller's to ask first (`denied`).
   */
  write(machine: string, path: string, content: Buffer, owner: string = MOCK_USER.name): string | undefined {
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
    files.set(path, { content, modifiedAt: this.now(), owner });
    this.#bytes += content.length - previous;
    this.#count = count;
    return undefined;
  }

  /**
   * Make directory `path` and its parents (`mkdir -p`); an error message when a file is in the way or the quota is
   * full. Whether the caller may write there is the caller's to ask first (`denied`).
   */
  makeDirectory(machine: string, path: string): string | undefined {
    const files = this.#machines.get(machine);
    const missing: string[] = [];
    for (const each of withParents(path)) {
      if (files?.has(each)) return `${path}: Not a directory`;
      if (this.lookup(machine, each).kind === "missing") missing.push(each);
    }
    if (this.#count + missing.length > this.maxFiles)
      return `${path}: Disk quota exceeded (the local facility holds at most ${this.maxFiles} files)`;
    let made = this.#directories.get(machine);
    if (!made) this.#directories.set(machine, (made = new Set()));
    for (const each of missing) made.add(each);
    this.#count += missing.length;
    return undefined;
  }

  /** Remove the file or directory at `path` with everything below it; whether anything was there to remove. */
  remove(machine: string, path: string): boolean {
    const below = path === "/" ? "/" : `${path}/`;
    let removed = false;
    const files = this.#machines.get(machine);
    for (const [stored, file] of files ?? []) {
      if (stored !== path && !stored.startsWith(below)) continue;
      files!.delete(stored);
      this.#bytes -= file.content.length;
      this.#count--;
      removed = true;
    }
    const made = this.#directories.get(machine);
    for (const stored of made ?? []) {
      if (stored !== path && !stored.startsWith(below)) continue;
      made!.delete(stored);
      this.#count--;
      removed = true;
    }
    return removed;
  }

  read(machine: string, path: string): StoredFile | undefined {
    return this.#machines.get(machine)?.get(path);
  }

  /** The accounts there are now, and their own folders with every parent (made again only when the accounts change). */
  #known(): { accounts: Set<string>; seeded: Set<string> } {
    const accounts = new Set(this.people.accounts());
    const key = [...accounts].join(" ");
    if (key !== this.#seeded.key)
      this.#seeded = { key, paths: new Set([...accounts].flatMap(ownFolders).flatMap(withParents)) };
    return { accounts, seeded: this.#seeded.paths };
  }
}

/** `/a/b/c` -> `/a`, `/a/b`, `/a/b/c`. */
function withParents(path: string): string[] {
  const parts = path.split("/").filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}
