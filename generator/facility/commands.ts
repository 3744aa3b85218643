/**
 * What a command run through `POST /utilities/command/{machine}` ends with. With the facility's shell (shell.ts) the
 * command runs there, as its account, over the machine's file tree. Without it nothing is executed: a few executables
 * are acted out so workflows can be tested against failures (see docs/mock.md), everything else succeeds with an output
 * naming the command. The result has the facility's command shape, `{status, output, error, exit_code}` (status "ok",
 * or "error" for a non-zero exit), or ends the task `failed` for `sfapi-mock task-failed`.
 */
import { FileTree } from "./files.js";
import { homeOf } from "./mock-user.js";
import type { Shell } from "./shell.js";

export interface CommandOutcome {
  /** The task ends `failed` instead of `completed`. */
  failed: boolean;
  result: Record<string, unknown>;
}

/** A command's stored text and its output are cut to this many characters, so tasks stay small. */
export const MAX_COMMAND_TEXT = 4096;

/** What `command`, run by `account` on `machine`, ends with (`cat` reads the account's files, as the account). */
export function commandOutcome(command: string, machine: string, files: FileTree, account: string): CommandOutcome {
  const words = command.trim().split(/\s+/);
  const [program = "", ...args] = words;
  const name = program.replace(/^\/(usr\/)?bin\//, "");
  if (program === "sfapi-mock" && args[0] === "task-failed")
    return {
      failed: true,
      result: { status: "error", error: "sfapi-gen mock: the task failed (asked for by `sfapi-mock task-failed`)" },
    };
  if (name === "true" && args.length === 0) return exited("", 0);
  if (name === "false") return exited("", 1, `sfapi-gen mock: \`${clip(command)}\` exited with status 1`);
  if (program === "exit" && args.length <= 1) {
    const code = args.length === 0 ? 0 : /^\d{1,3}$/.test(args[0]!) && Number(args[0]) <= 255 ? Number(args[0]) : 2;
    return exited("", code, code === 0 ? null : `sfapi-gen mock: \`${clip(command)}\` exited with status ${code}`);
  }
  if (name === "echo") return exited(clip(`${args.join(" ")}\n`), 0);
  if (name === "cat" && args.length > 0) return cat(args, machine, files, account);
  return exited(
    `sfapi-gen mock: did not run \`${clip(command)}\` on ${machine} (the local facility never executes anything)\n`,
    0,
  );
}

/** What `command` ends with when it runs in the facility's shell, as `account`, on a login node of `machine`. */
export async function shellOutcome(
  shell: Shell,
  command: string,
  machine: string,
  account: string,
): Promise<CommandOutcome> {
  // A data transfer node answers with its own name (dtns: the first of them), a system with its login node.
  const host = machine === "dtns" ? "dtn01" : machine.startsWith("dtn") ? machine : "login01";
  const run = await shell.run({ script: command, machine, account, host });
  if (run.taskFailed)
    return {
      failed: true,
      result: { status: "error", error: "sfapi-gen mock: the task failed (asked for by `sfapi-mock task-failed`)" },
    };
  const error =
    run.stderr !== "" ? run.stderr : `sfapi-gen mock: \`${clip(command)}\` exited with status ${run.exitCode}`;
  return exited(clip(run.stdout), run.exitCode, run.exitCode === 0 ? null : clip(error));
}

/**
 * `cat` of files in the machine's tree: their contents, or exit 1 with cat's message for one that is missing or that
 * `account` may not read.
 */
function cat(paths: readonly string[], machine: string, files: FileTree, account: string): CommandOutcome {
  let output = "";
  for (const path of paths) {
    const normal = FileTree.normalize(path, homeOf(account));
    if (typeof normal === "string" && files.denied(account, machine, normal, "read"))
      return exited(clip(output), 1, `cat: ${clip(path)}: Permission denied`);
    const file = typeof normal === "string" ? files.read(machine, normal) : undefined;
    if (!file) return exited(clip(output), 1, `cat: ${clip(path)}: No such file or directory`);
    output += file.content.toString("utf8");
    if (output.length > MAX_COMMAND_TEXT) break;
  }
  return exited(clip(output), 0);
}

function exited(output: string, code: number, error: string | null = null): CommandOutcome {
  return {
    failed: false,
    result: { status: code === 0 ? "ok" : "error", output, error: code === 0 ? null : error, exit_code: code },
  };
}

function clip(text: string): string {
  return text.length > MAX_COMMAND_TEXT ? `${text.slice(0, MAX_COMMAND_TEXT)}...` : text;
}
