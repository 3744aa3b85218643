/** Options several commands share: where the description comes from and how scopes are read. */
import { Option } from "commander";
import type { Command } from "commander";
import { readConfig } from "../config.js";
import type { ConfigFile } from "../config.js";
import type { DescriptionSource } from "../load.js";
import type { ScopeOptions } from "../model.js";

export interface SourceFlags {
  url?: string;
  file?: string;
  vendor?: string;
  levels?: string;
  policy?: "scope" | "method";
  strict?: boolean;
}

export function addSourceOptions(command: Command): Command {
  return command
    .option("--url <base_url>", "fetch {base_url}/openapi.json (a URL ending in .json/.yaml is used as is)")
    .option("--file <path>", "read a JSON or YAML description")
    .option("--vendor <vendor>", 'scope field x-<vendor>-scope; "auto" finds the one the description uses')
    .option("--levels <a,b,c>", "the ladder of levels, least capable first (default green,red)")
    .addOption(new Option("--policy <policy>", "rank by the scope field, or by method (GET: lowest, else top)").choices(["scope", "method"]))
    .option("--strict", "unranked operations and levels off the ladder are errors");
}

/** Flags over `sfapi-gen.config.json` over built-in defaults. */
export function resolveSourceOptions(flags: SourceFlags, config: ConfigFile = readConfig()): DescriptionSource & ScopeOptions {
  return {
    url: flags.url,
    file: flags.file,
    vendor: flags.vendor ?? config.vendor,
    levels: flags.levels ?? config.levels,
    policy: flags.policy ?? config.policy,
    strict: flags.strict ?? false,
  };
}

export function printWarnings(warnings: string[]): void {
  for (const w of warnings) process.stderr.write(`sfapi-gen: warning: ${w}\n`);
}
