/**
 * The `sfapi-gen` command line as a function: `main(args, io)` parses, runs one command and returns its exit code.
 * `bin/sfapi-gen.js` calls it with the process's streams; tests call it in-process. Every failure is one line on
 * stderr and a non-zero exit. Commands load their implementation on use, so `--help` loads commander only.
 */

import { oneLine } from "../emit/text.js";
import { CheckFailedError, SfapiGenError } from "../errors.js";
import { generatorVersion } from "../package-files.js";
import { auditCommand } from "./audit.js";
import { Command, CommanderError } from "./commander.js";
import { diffCommand } from "./diff.js";
import { generateCommand } from "./generate.js";
import type { CliIo } from "./io.js";
import { printing, processIo } from "./io.js";
import { mockCommand } from "./mock.js";
import { needsCommand } from "./needs.js";
import { startProgress } from "./progress.js";
import { tokenCommand } from "./token.js";

export type { CliIo } from "./io.js";

export function program(io: CliIo): Command {
  return new Command("sfapi-gen")
    .description("Typed, scope-annotated clients for the NERSC Superfacility API")
    .version(generatorVersion)
    .showHelpAfterError()
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .addCommand(auditCommand(io))
    .addCommand(diffCommand(io))
    .addCommand(generateCommand(io))
    .addCommand(needsCommand(io))
    .addCommand(mockCommand(io))
    .addCommand(tokenCommand(io));
}

/** Exit statuses: what CI scripts branch on (`sfapi-gen diff ... --fail-on breaking || ...`). */
export const EXIT = {
  /** Done; nothing found that the flags fail on. */
  ok: 0,
  /** Done, and found what `--fail-on`, `--strict` or `--check` fail on (the report is printed). */
  findings: 1,
  /** Could not run: bad flags, an unreadable or invalid description, an unwritable folder, an unexpected error. */
  failed: 2,
} as const;

/** Run one command; `args` are the words after `sfapi-gen` (`["generate", "--out", "src/sfapi"]`). */
export async function main(args: readonly string[], io: Partial<CliIo> = {}): Promise<number> {
  const given: CliIo = { ...processIo(), ...io };
  // A progress line on a terminal for the commands that end by themselves (mock serves until stopped, and says so).
  const progress = ["generate", "audit", "diff", "needs"].includes(args[0] ?? "")
    ? startProgress(given.stderr, args[0]!)
    : undefined;
  const around = (stream: CliIo["stdout"]): CliIo["stdout"] => {
    if (!progress) return stream;
    const write = (text: string) => {
      progress.clear();
      return stream.write(text);
    };
    return { isTTY: stream.isTTY, write };
  };
  // Everything printed goes through `printing`: no control character of a description reaches a terminal (the
  // progress line writes to the terminal itself, beside it).
  const full: CliIo = {
    ...given,
    stdout: around(printing(given.stdout)),
    stderr: around(printing(given.stderr)),
    phase: progress?.phase,
  };
  const commands = program(full).exitOverride();
  // Commander's exit override applies to the program only; subcommands must exit through it too.
  for (const command of commands.commands) command.exitOverride().configureOutput(commands.configureOutput());
  try {
    await commands.parseAsync([...args], { from: "user" });
    return 0;
  } catch (error) {
    // --help and --version end through commander with 0; its usage errors are failures to run.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.failed;
    const message =
      error instanceof SfapiGenError
        ? oneLine(error.message)
        : `unexpected error: ${(error as Error)?.stack ?? String(error)}`;
    full.stderr.write(`sfapi-gen: ${message}\n`);
    return error instanceof CheckFailedError ? EXIT.findings : EXIT.failed;
  } finally {
    progress?.end();
  }
}
