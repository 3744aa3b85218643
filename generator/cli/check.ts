/** `sfapi-gen generate --check`: print "up to date" (exit 0) or what differs (exit 1); writes nothing either way. */
import { type Dirent, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { DescriptionSource } from "../description/read.js";
import { CheckFailedError, OptionError } from "../errors.js";
import type { ScopeOptions } from "../model/model.js";
import { isGeneratedFolder } from "../output/client-folder.js";
import { renderCheck } from "../reports/diff/check.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import type { SourceFlags } from "./shared.js";

export async function runCheck(
  io: CliIo,
  options: DescriptionSource & ScopeOptions,
  out: string,
  regenerate: string,
): Promise<void> {
  const { checkOutput } = await import("../commands/check.js");
  const { report, model, kept } = await checkOutput(options, out, regenerate);
  if (kept) io.stderr.write(`sfapi-gen: ${kept}\n`);
  printWarnings(io, model.warnings);
  io.stdout.write(renderCheck(report));
  if (!report.upToDate) {
    const edited = report.files.map((f) => f.path);
    const why = edited.length > 0 ? `: ${edited.join(", ")} not as generated` : " is out of date";
    throw new CheckFailedError(`--check: ${out}${why}; run \`${regenerate}\` and commit the result`);
  }
}

/**
 * The command that writes the checked folder again: `sfapi-gen generate`, the flags given that choose what it reads
 * and how (the config file supplies the rest, as it does for the check), and `--out`.
 */
export function regenerateCommand(flags: SourceFlags, out: string): string {
  const words = ["sfapi-gen", "generate"];
  const given: [string, string | boolean | undefined][] = [
    ["--url", flags.url],
    ["--file", flags.file],
    ["--vendor", flags.vendor],
    ["--levels", flags.levels],
    ["--policy", flags.policy],
    ["--allow-external-refs", flags.allowExternalRefs],
  ];
  for (const [flag, value] of given) {
    if (value === true) words.push(flag);
    else if (typeof value === "string") words.push(flag, shellWord(value));
  }
  words.push("--out", shellWord(out));
  return words.join(" ");
}

/** A word a POSIX shell reads back as it is: bare when it is plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Folders looked at, at most, when searching for clients to name (a bounded walk: no surprise on a large tree). */
const SEARCH_LIMIT = 2000;
const SEARCH_DEPTH = 4;

/**
 * With neither `--out` nor a config's `out`, `--check` checks `fallback` (generate's default) when a client is there;
 * otherwise an OptionError saying where it looked, the clients it found below `cwd` and the exact command for each.
 */
export function defaultFolderOrHelp(cwd: string, fallback: string, flags: SourceFlags): void {
  if (isGeneratedFolder(join(cwd, fallback))) return;
  const found = findClients(cwd);
  const commands = found.map((dir) => `\`${regenerateCommand(flags, dir).replace(" generate", " generate --check")}\``);
  const advice =
    commands.length === 0
      ? `found no client below ${cwd}; give the client's folder: \`sfapi-gen generate --check --out <folder>\``
      : `found ${found.length === 1 ? "a client" : "clients"} in ${found.join(", ")}: run ${commands.join(" or ")}`;
  throw new OptionError(
    `--check: no --out and no "out" in sfapi-gen.config.json, and no client in ${fallback}/ ` +
      `(where generate writes by default); ${advice} (or set "out" in sfapi-gen.config.json)`,
  );
}

/** Folders below `cwd` holding a client sfapi-gen wrote, relative and sorted; node_modules and dot folders skipped. */
function findClients(cwd: string): string[] {
  const found: string[] = [];
  let level = [cwd];
  let looked = 0;
  for (let depth = 0; depth < SEARCH_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++looked > SEARCH_LIMIT) return found.sort();
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (!entry.isDirectory() || entry.name.startsWith(".") || entry.name === "node_modules") continue;
        const path = join(dir, entry.name);
        if (isGeneratedFolder(path)) found.push(relative(cwd, path));
        else next.push(path);
      }
    }
    level = next;
  }
  return found.sort();
}
