/**
 * The facility's shell: commands sent to `POST /utilities/command/{machine}` and the scripts of jobs run in a simulated
 * bash (the optional package just-bash, loaded only when a facility asks for it) over the machine's file tree, as the
 * account that sent them. Nothing reaches the host: the file system is the tree (FileTree's permissions apply to every
 * read and write), there is no network (no `curl`), no Python or JavaScript engine and no host process; `sleep` takes
 * no time (the facility's clock is injected). A runaway script is stopped by just-bash's limits (commands, loop
 * iterations, output, a wall-clock backstop) and ends as a failed command naming the limit. The facility's own commands
 * are written here over its jobs: `sbatch`, `squeue`, `sacct`, `scancel`, `srun` (its command, in the same shell),
 * `hostname`, `whoami`, `module` (Lmod's loads succeed and do nothing) and `sfapi-mock task-failed` (the task ends
 * `failed`, see docs/mock.md).
 */
import { posix } from "node:path";
import type {
  Bash,
  BufferEncoding,
  Command,
  CpOptions,
  ExecResult,
  FileContent,
  FsStat,
  IFileSystem,
  MkdirOptions,
  RmOptions,
} from "just-bash";
import { OptionError } from "../errors.js";
import type { FileTree } from "./files.js";
import { homeOf, MOCK_USER, scratchOf, uidOf } from "./mock-user.js";

type ReadFileOptions = Exclude<Parameters<IFileSystem["readFile"]>[1], string | undefined>;
type WriteFileOptions = Exclude<Parameters<IFileSystem["writeFile"]>[2], string | undefined>;
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem["readdirWithFileTypes"]>>>[number];

/** The package the shell needs (an optional dependency of sfapi-gen). */
export const SHELL_PACKAGE = "just-bash";

/** A job's squeue or sacct row (jobs.ts's JobRow, named here so the two modules close no import cycle). */
type JobRow = Record<string, string>;

/** The facility's jobs as its own commands act on them, for one account on one machine. */
export interface ShellJobs {
  /** sbatch: queue `script` now, run from `cwd`; the job id, or sbatch's error. */
  submit(owner: string, machine: string, script: string, cwd: string): { jobid: string } | { error: string };
  /** squeue's rows (jobs still queued or running) or sacct's (every job), the account's own only. */
  rows(owner: string, machine: string, sacct: boolean): JobRow[];
  /** scancel: undefined when cancelled, else scancel's error. */
  cancelNow(owner: string, machine: string, jobid: string): string | undefined;
}

export interface ShellRequest {
  script: string;
  machine: string;
  account: string;
  /** Where the script starts; default the account's home. */
  cwd?: string;
  /** What `hostname` says: a login node for a command, the compute node for a job. */
  host: string;
  /** More environment (a job's `SLURM_JOB_ID`). */
  env?: Record<string, string>;
}

export interface ShellResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** `sfapi-mock task-failed` ran: the command's task ends `failed`. */
  taskFailed: boolean;
}

export interface Shell {
  run(request: ShellRequest): Promise<ShellResult>;
}

/**
 * Bounds on one command or script (just-bash stops it past any of them, with a message naming the limit). The time is
 * a backstop against a command that blocks, never a pause: nothing here waits on a clock.
 */
export const SHELL_LIMITS: Record<
  "maxCommandCount" | "maxLoopIterations" | "maxCallDepth" | "maxOutputSize" | "maxSourceBytes" | "maxExecutionTimeMs",
  number
> = {
  maxCommandCount: 10_000,
  maxLoopIterations: 10_000,
  maxCallDepth: 100,
  maxOutputSize: 1 << 20,
  maxSourceBytes: 1 << 20,
  maxExecutionTimeMs: 10_000,
};

/** Load the shell's package (`from`: another name, for tests); an OptionError naming it when it is not installed. */
export async function loadShell(files: FileTree, jobs: ShellJobs, from: string = SHELL_PACKAGE): Promise<Shell> {
  let bash: typeof import("just-bash");
  try {
    bash = await import(from);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    throw new OptionError(
      `running commands and job scripts needs the optional package ${from}, which is not installed ` +
        `(npm install ${from})`,
    );
  }
  return {
    async run(request) {
      const state = { taskFailed: false };
      const home = homeOf(request.account);
      const shell: Bash = new bash.Bash({
        fs: new TreeFs(files, request.machine, request.account),
        cwd: request.cwd ?? home,
        env: {
          HOME: home,
          USER: request.account,
          LOGNAME: request.account,
          SCRATCH: scratchOf(request.account),
          NERSC_HOST: request.machine,
          HOSTNAME: request.host,
          SHELL: "/bin/bash",
          ...request.env,
        },
        customCommands: facilityCommands(bash.defineCommand, request, jobs, state),
        executionLimits: SHELL_LIMITS,
        sleep: async () => {},
        processInfo: { uid: uidOf(request.account), gid: MOCK_USER.groupId },
      });
      let result: ExecResult;
      try {
        result = await shell.exec(request.script, { rawScript: true });
      } catch (error) {
        // just-bash lets a redirection the file system refuses (`> file` in a folder one may not write) end the script.
        const refused = FS_ERRORS[(error as NodeJS.ErrnoException).code ?? ""];
        const path = (error as { path?: string }).path;
        if (refused === undefined || path === undefined) throw error;
        result = { stdout: "", stderr: `bash: ${path}: ${refused}\n`, exitCode: 1 };
      }
      return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode, taskFailed: state.taskFailed };
    },
  };
}

type Define = typeof import("just-bash").defineCommand;

/** The facility's own commands, over its jobs, for the account and machine of `request`. */
function facilityCommands(
  define: Define,
  request: ShellRequest,
  jobs: ShellJobs,
  state: { taskFailed: boolean },
): Command[] {
  const { account, machine } = request;
  const ok = (stdout: string): ExecResult => ({ stdout, stderr: "", exitCode: 0 });
  const fail = (stderr: string, exitCode = 1): ExecResult => ({ stdout: "", stderr: `${stderr}\n`, exitCode });
  return [
    define("hostname", async () => ok(`${request.host}\n`)),
    define("whoami", async () => ok(`${account}\n`)),
    define("module", async (args) =>
      args[0] === undefined || ["load", "unload", "purge", "list", "avail", "use"].includes(args[0])
        ? ok("")
        : fail(`Lmod has detected the following error: Invalid command "${args[0]}"`),
    ),
    // Named here so the message says why (just-bash's own says "not available in browser environments").
    ...["python", "python3"].map((name) =>
      define(name, async () => fail(`bash: ${name}: command not found (the local facility runs no Python)`, 127)),
    ),
    // srun runs its command on the job's one node: here, in the same shell.
    define("srun", async (args, ctx) => {
      const at = commandStart(args);
      const [program, ...rest] = args.slice(at);
      if (program === undefined) return fail("srun: fatal: No command given to execute.");
      if (!ctx.exec) return fail("srun: error: cannot run a command here");
      return ctx.exec(quote(program), { cwd: ctx.cwd, args: rest, stdin: decode(ctx.stdin) });
    }),
    define("sfapi-mock", async (args) => {
      if (args[0] !== "task-failed") return fail(`sfapi-mock: unknown request ${JSON.stringify(args[0] ?? "")}`, 2);
      state.taskFailed = true;
      return fail("sfapi-gen mock: the task failed (asked for by `sfapi-mock task-failed`)");
    }),
    define("sbatch", async (args, ctx) => {
      const file = args.find((a) => !a.startsWith("-"));
      let script: string;
      if (file === undefined) script = decode(ctx.stdin);
      else {
        const path = ctx.fs.resolvePath(ctx.cwd, file);
        try {
          script = await ctx.fs.readFile(path);
        } catch {
          return fail(`sbatch: error: Unable to open file ${file}`);
        }
      }
      if (script.trim() === "") return fail("sbatch: error: Batch script is empty!");
      const submitted = jobs.submit(account, machine, script, ctx.cwd);
      return "error" in submitted ? fail(submitted.error) : ok(`Submitted batch job ${submitted.jobid}\n`);
    }),
    define("squeue", async (args) => {
      const wanted = optionValues(args, ["-j", "--jobs"]);
      const rows = jobs.rows(account, machine, false).filter((r) => wanted.length === 0 || wanted.includes(r.jobid!));
      const lines = rows.map((r) =>
        [r.jobid, r.partition, r.name, r.user, r.st, r.time, r.nodes, r["nodelist(reason)"]].join(" "),
      );
      return ok(["JOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)", ...lines].join("\n") + "\n");
    }),
    define("sacct", async (args) => {
      const wanted = optionValues(args, ["-j", "--jobs"]);
      const rows = jobs.rows(account, machine, true).filter((r) => wanted.length === 0 || wanted.includes(r.jobid!));
      const lines = rows.map((r) => [r.jobid, r.jobname, r.partition, r.account, r.state, r.exitcode].join(" "));
      return ok(["JobID JobName Partition Account State ExitCode", ...lines].join("\n") + "\n");
    }),
    define("scancel", async (args) => {
      const ids = args.filter((a) => !a.startsWith("-"));
      if (ids.length === 0) return fail("scancel: error: No job identification provided");
      const errors = ids.map((id) => jobs.cancelNow(account, machine, id)).filter((e) => e !== undefined);
      return errors.length === 0 ? ok("") : fail(errors.join("\n"));
    }),
  ];
}

/** srun's options that take a value as the next word (`-n 4`); long ones take theirs after `=`. */
const SRUN_VALUES = new Set(["-n", "-N", "-c", "-t", "-J", "-o", "-e", "-p", "-q", "-A", "-C", "-G", "-w", "-D"]);

/** Where srun's command starts, past its options. */
function commandStart(args: readonly string[]): number {
  let i = 0;
  while (i < args.length && args[i]!.startsWith("-")) i += SRUN_VALUES.has(args[i]!) ? 2 : 1;
  return i;
}

/** A word quoted for bash. */
function quote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** A command's standard input (bytes as latin1 characters) as text. */
function decode(stdin: unknown): string {
  return typeof stdin === "string" ? Buffer.from(stdin, "latin1").toString("utf8") : "";
}

/** The values of `-j 1,2` / `--jobs=1,2` (comma-separated, repeatable). */
function optionValues(args: readonly string[], names: readonly string[]): string[] {
  const values: string[] = [];
  for (const [i, arg] of args.entries()) {
    const long = names.find((n) => n.startsWith("--") && arg.startsWith(`${n}=`));
    if (long) values.push(arg.slice(long.length + 1));
    else if (names.includes(arg) && args[i + 1] !== undefined) values.push(args[i + 1]!);
  }
  return values.flatMap((v) => v.split(",")).filter((v) => v !== "");
}

/** What bash says for each error the file system throws. */
const FS_ERRORS: Record<string, string> = {
  EACCES: "Permission denied",
  ENOENT: "No such file or directory",
  ENOTDIR: "Not a directory",
  EISDIR: "Is a directory",
  EEXIST: "File exists",
  ENOTEMPTY: "Directory not empty",
  EDQUOT: "Disk quota exceeded",
  EPERM: "Operation not permitted",
  EINVAL: "Invalid argument",
};

/** An errno-style error, as just-bash's commands read them (`code`, and the message they print). */
function fsError(code: keyof typeof FS_ERRORS, text: string, op: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${text}, ${op} '${path}'`), { code, path });
}

/** `/dev/null` reads empty and swallows writes; nothing else of the host's /dev exists. */
const DEV_NULL = "/dev/null";

/**
 * The machine's file tree as just-bash's file system, seen by one account: every read asks FileTree whether the account
 * may read, every write whether it may write ("Permission denied" otherwise), so a script has the rights the account's
 * API calls have. Symbolic and hard links are not offered (EPERM).
 */
class TreeFs implements IFileSystem {
  constructor(
    private readonly files: FileTree,
    private readonly machine: string,
    private readonly account: string,
  ) {}

  #denied(path: string, use: "read" | "write", op: string): void {
    if (this.files.denied(this.account, this.machine, path, use))
      throw fsError("EACCES", "permission denied", op, path);
  }

  #file(path: string, op: string): Buffer {
    if (path === DEV_NULL) return Buffer.alloc(0);
    this.#denied(path, "read", op);
    const found = this.files.lookup(this.machine, path);
    if (found.kind === "directory") throw fsError("EISDIR", "illegal operation on a directory", op, path);
    if (found.kind === "missing") throw fsError("ENOENT", "no such file or directory", op, path);
    return found.file.content;
  }

  #store(path: string, content: Buffer, op: string): void {
    if (path === DEV_NULL) return;
    this.#denied(path, "write", op);
    const parent = posix.dirname(path);
    const above = this.files.lookup(this.machine, parent);
    if (above.kind === "missing") throw fsError("ENOENT", "no such file or directory", op, path);
    if (above.kind === "file") throw fsError("ENOTDIR", "not a directory", op, path);
    const refused = this.files.write(this.machine, path, content, this.account);
    if (refused === undefined) return;
    const code = refused.endsWith("Is a directory")
      ? "EISDIR"
      : refused.endsWith("Not a directory")
        ? "ENOTDIR"
        : "EDQUOT";
    throw fsError(code, code === "EDQUOT" ? "disk quota exceeded" : refused, op, path);
  }

  async readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string> {
    const encoding = (typeof options === "string" ? options : options?.encoding) ?? "utf8";
    return this.#file(path, "open").toString(encoding === "utf-8" ? "utf8" : encoding);
  }

  async readFileBuffer(path: string): Promise<Uint8Array> {
    return new Uint8Array(this.#file(path, "open"));
  }

  async writeFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void> {
    this.#store(path, toBuffer(content, options), "open");
  }

  async appendFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void> {
    const before = this.files.lookup(this.machine, path).kind === "file" ? this.#file(path, "open") : Buffer.alloc(0);
    this.#store(path, Buffer.concat([before, toBuffer(content, options)]), "open");
  }

  async exists(path: string): Promise<boolean> {
    return path === DEV_NULL || this.files.lookup(this.machine, path).kind !== "missing";
  }

  async stat(path: string): Promise<FsStat> {
    const mtime = new Date(0);
    if (path === DEV_NULL)
      return { isFile: true, isDirectory: false, isSymbolicLink: false, mode: 0o666, size: 0, mtime };
    const found = this.files.lookup(this.machine, path);
    if (found.kind === "missing") throw fsError("ENOENT", "no such file or directory", "stat", path);
    if (found.kind === "directory")
      return { isFile: false, isDirectory: true, isSymbolicLink: false, mode: 0o40755, size: 4096, mtime };
    const { content, modifiedAt } = found.file;
    return {
      isFile: true,
      isDirectory: false,
      isSymbolicLink: false,
      mode: 0o100644,
      size: content.length,
      mtime: new Date(modifiedAt),
    };
  }

  lstat(path: string): Promise<FsStat> {
    return this.stat(path);
  }

  async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    const found = this.files.lookup(this.machine, path);
    if (found.kind !== "missing") {
      if (options?.recursive && found.kind === "directory") return;
      throw fsError("EEXIST", "file already exists", "mkdir", path);
    }
    this.#denied(path, "write", "mkdir");
    if (!options?.recursive && this.files.lookup(this.machine, posix.dirname(path)).kind !== "directory")
      throw fsError("ENOENT", "no such file or directory", "mkdir", path);
    const refused = this.files.makeDirectory(this.machine, path);
    if (refused !== undefined)
      throw fsError(refused.endsWith("Not a directory") ? "ENOTDIR" : "EDQUOT", refused, "mkdir", path);
  }

  async readdir(path: string): Promise<string[]> {
    return (await this.readdirWithFileTypes(path)).map((entry) => entry.name);
  }

  async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    this.#denied(path, "read", "scandir");
    const found = this.files.lookup(this.machine, path);
    if (found.kind === "missing") throw fsError("ENOENT", "no such file or directory", "scandir", path);
    if (found.kind === "file") throw fsError("ENOTDIR", "not a directory", "scandir", path);
    return found.children.map(({ name, file }) => ({
      name,
      isFile: file !== undefined,
      isDirectory: file === undefined,
      isSymbolicLink: false,
    }));
  }

  async rm(path: string, options?: RmOptions): Promise<void> {
    const found = this.files.lookup(this.machine, path);
    if (found.kind === "missing") {
      if (options?.force) return;
      throw fsError("ENOENT", "no such file or directory", "rm", path);
    }
    if (found.kind === "directory" && found.children.length > 0 && !options?.recursive)
      throw fsError("ENOTEMPTY", "directory not empty", "rm", path);
    for (const each of this.#walk(path)) this.#denied(each, "write", "rm");
    this.files.remove(this.machine, path);
  }

  /** `path` and every path below it. */
  #walk(path: string): string[] {
    const found = this.files.lookup(this.machine, path);
    if (found.kind !== "directory") return [path];
    this.#denied(path, "read", "scandir");
    return [path, ...found.children.flatMap(({ name }) => this.#walk(posix.join(path, name)))];
  }

  async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const found = this.files.lookup(this.machine, src);
    if (found.kind === "missing") throw fsError("ENOENT", "no such file or directory", "cp", src);
    if (found.kind === "file") return this.#store(dest, this.#file(src, "open"), "cp");
    if (!options?.recursive) throw fsError("EISDIR", "illegal operation on a directory", "cp", src);
    await this.mkdir(dest, { recursive: true });
    for (const { name } of found.children)
      await this.cp(posix.join(src, name), posix.join(dest, name), { recursive: true });
  }

  async mv(src: string, dest: string): Promise<void> {
    await this.cp(src, dest, { recursive: true });
    await this.rm(src, { recursive: true });
  }

  resolvePath(base: string, path: string): string {
    // Pure string work (posix.resolve would read the host's working directory for a relative base).
    return posix.normalize(path.startsWith("/") ? path : `${base.startsWith("/") ? base : `/${base}`}/${path}`);
  }

  getAllPaths(): string[] {
    return [];
  }

  async chmod(path: string): Promise<void> {
    // Permissions are the facility's own rules (FileTree.denied), not modes.
    this.#denied(path, "write", "chmod");
    await this.stat(path);
  }

  async symlink(_target: string, linkPath: string): Promise<void> {
    throw fsError("EPERM", "operation not permitted", "symlink", linkPath);
  }

  async link(_existingPath: string, newPath: string): Promise<void> {
    throw fsError("EPERM", "operation not permitted", "link", newPath);
  }

  async readlink(path: string): Promise<string> {
    throw fsError("EINVAL", "invalid argument", "readlink", path);
  }

  async realpath(path: string): Promise<string> {
    await this.stat(path);
    return path;
  }

  async utimes(path: string): Promise<void> {
    await this.stat(path);
  }
}

function toBuffer(content: FileContent, options?: WriteFileOptions | BufferEncoding): Buffer {
  if (typeof content !== "string") return Buffer.from(content);
  const encoding = (typeof options === "string" ? options : options?.encoding) ?? "utf8";
  return Buffer.from(content, encoding === "utf-8" ? "utf8" : encoding);
}
