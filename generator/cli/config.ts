/**
 * Option defaults from `sfapi-gen.config.json` in the working directory; command-line flags override them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OptionError } from "../errors.js";
import { isPolicyChoice, POLICY_CHOICES, type PolicyChoice } from "../model/scope.js";

export interface ConfigFile {
  vendor?: string;
  levels?: string[] | string;
  out?: string;
  policy?: PolicyChoice;
}

export const CONFIG_FILE = "sfapi-gen.config.json";
const KEYS = new Set(["$schema", "vendor", "levels", "out", "policy"]);

export function readConfig(cwd: string = process.cwd()): ConfigFile {
  const path = join(cwd, CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new OptionError(`cannot read: ${(error as Error).message}`, path);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new OptionError(`invalid JSON: ${(error as Error).message}`, path);
  }
  if (!config || typeof config !== "object" || Array.isArray(config))
    throw new OptionError("must hold a JSON object", path);
  const unknown = Object.keys(config).filter((k) => !KEYS.has(k));
  if (unknown.length)
    throw new OptionError(
      `unknown option${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} (known: vendor, levels, out, policy)`,
      path,
    );
  const c = config as Record<string, unknown>;
  if (c.vendor !== undefined && typeof c.vendor !== "string") throw new OptionError('"vendor" must be a string', path);
  if (c.out !== undefined && typeof c.out !== "string") throw new OptionError('"out" must be a string', path);
  if (c.policy !== undefined && !isPolicyChoice(c.policy))
    throw new OptionError(`"policy" must be ${POLICY_CHOICES.map((p) => `"${p}"`).join(", ")}`, path);
  if (
    c.levels !== undefined &&
    typeof c.levels !== "string" &&
    !(Array.isArray(c.levels) && c.levels.every((l) => typeof l === "string"))
  ) {
    throw new OptionError('"levels" must be a list of level names', path);
  }
  return c as ConfigFile;
}
