/** The `sfapi-gen` command line. Every failure is one line on stderr and a non-zero exit. */
import { Command, CommanderError } from "commander";
import { auditCommand } from "./commands/audit.js";
import { diffCommand } from "./commands/diff.js";
import { generateCommand } from "./commands/generate.js";
import { needsCommand } from "./commands/needs.js";
import { mockCommand } from "./commands/mock.js";
import { SfapiGenError } from "./errors.js";
import { generatorVersion } from "./paths.js";

export function program(): Command {
  return new Command("sfapi-gen")
    .description("Typed, scope-annotated clients for the NERSC Superfacility API")
    .version(generatorVersion)
    .showHelpAfterError()
    .addCommand(auditCommand())
    .addCommand(diffCommand())
    .addCommand(generateCommand())
    .addCommand(needsCommand())
    .addCommand(mockCommand());
}

export async function main(argv: string[] = process.argv): Promise<number> {
  try {
    await program().exitOverride().parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const message = error instanceof SfapiGenError ? error.message : `unexpected error: ${(error as Error)?.stack ?? String(error)}`;
    process.stderr.write(`sfapi-gen: ${message}\n`);
    return 1;
  }
}

process.exitCode = await main();
