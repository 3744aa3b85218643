/** Options several commands share: where the description comes from and how scopes are read. */

import type { DescriptionSource } from "../description/read.js";
import type { ScopeOptions } from "../model/model.js";
import { POLICY_CHOICES, type PolicyChoice } from "../model/scope.js";
import type { Command } from "./commander.js";
import { Option } from "./commander.js";
import type { ConfigFile } from "./config.js";

export interface SourceFlags {
  url?: string;
  file?: string;
  vendor?: string;
  levels?: string;
  policy?: PolicyChoice;
  strict?: boolean;
  allowExternalRefs?: boolean;
}

/** `--vendor`, `--levels`, `--policy`: how scope values are read and ranked (generate, audit, diff, mock). */
export function addScopeOptions(command: Command, { policy = true }: { policy?: boolean } = {}): Command {
  command
    .option("--vendor <vendor>", 'scope field x-<vendor>-scope; "auto" finds the one the description uses')
    .option(
      "--levels <a,b,c>",
      "the ladder of levels, least capable first (default: the bundled description's own, else green,red)",
    );
  if (policy)
    command.addOption(
      new Option(
        "--policy <policy>",
        "levels from the scope field, by method (GET: lowest, else top), or OAuth2 scopes from security " +
          "(default: auto)",
      ).choices(POLICY_CHOICES),
    );
  return command;
}

/** `--allow-external-refs`: a description's `$ref`s to other files and URLs are refused unless this is given. */
export function addExternalRefsOption(command: Command): Command {
  return command.option(
    "--allow-external-refs",
    "follow $refs to other files and URLs (refused by default: descriptions are untrusted)",
  );
}

export function addSourceOptions(command: Command): Command {
  command
    .option("--url <base_url>", "fetch {base_url}/openapi.json (a URL ending in .json/.yaml is used as is)")
    .option("--file <path>", "read a JSON or YAML description");
  return addExternalRefsOption(addScopeOptions(command)).option(
    "--strict",
    "unranked operations and levels off the ladder are errors",
  );
}

/** Flags over `sfapi-gen.config.json` over built-in defaults; relative paths are read from `cwd`. */
export function resolveSourceOptions(
  flags: SourceFlags,
  config: ConfigFile,
  cwd: string,
): DescriptionSource & ScopeOptions {
  return {
    url: flags.url,
    file: flags.file,
    cwd,
    allowExternalRefs: flags.allowExternalRefs ?? false,
    vendor: flags.vendor ?? config.vendor,
    levels: flags.levels ?? config.levels,
    policy: flags.policy ?? config.policy,
    strict: flags.strict ?? false,
  };
}
