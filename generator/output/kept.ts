/**
 * The scope settings a client folder keeps across regenerations: its manifest's ladder, vendor and policy are part of
 * the client (code written against a yellow client must keep compiling), so regenerating into the folder, or checking
 * it, reads the new description under them unless flags (or the config file) say otherwise.
 */
import { resolve } from "node:path";
import { SfapiGenError } from "../errors.js";
import type { Model, ScopeOptions } from "../model/model.js";
import type { Policy } from "../model/scope.js";
import { DEFAULT_LADDER, DEFAULT_VENDOR } from "../model/scope.js";
import { isGeneratedFolder, MANIFEST_FILE, readManifest } from "./client-folder.js";
import type { Manifest } from "./manifest.js";

export interface KeptScope {
  /** The options with what the folder keeps filled in where the caller left them undefined. */
  options: ScopeOptions;
  /** The manifest the settings were kept from ("src/sfapi/manifest.json"); absent when there was none. */
  from?: string;
  /** What was taken from it (the caller named the rest). */
  kept: { ladder?: readonly string[]; vendor?: string; policy?: Policy };
  /** Why the folder's settings could not be read (a malformed manifest); absent otherwise. */
  warning?: string;
}

/** `options` completed from the manifest of the generated folder `dir` (relative to `cwd`), when there is one. */
export function keepScope(dir: string, cwd: string, options: ScopeOptions): KeptScope {
  if (!isGeneratedFolder(resolve(cwd, dir))) return { options, kept: {} };
  let manifest: Manifest;
  try {
    manifest = readManifest(dir, cwd);
  } catch (error) {
    if (!(error instanceof SfapiGenError)) throw error;
    return { options, kept: {}, warning: `${error.message}; its ladder, vendor and policy are not kept` };
  }
  return keepFrom(manifest, `${dir.replace(/\/+$/, "")}/${MANIFEST_FILE}`, options);
}

/** `options` completed from `manifest` (read from `from`). */
export function keepFrom(manifest: Manifest, from: string, options: ScopeOptions): KeptScope {
  const { ladder, vendor, policy } = manifest.scope;
  const kept: KeptScope["kept"] = {};
  const out: ScopeOptions = { ...options };
  if (options.levels === undefined) out.levels = kept.ladder = ladder;
  if (options.vendor === undefined) out.vendor = kept.vendor = vendor;
  if (options.policy === undefined) out.policy = kept.policy = policy;
  return { options: out, from, kept };
}

/**
 * One line saying what keeping changed: the kept settings that differ from what the description alone would have
 * given (its own ladder or green,red; vendor nersc; policy scope). Undefined when keeping changed nothing.
 */
export function keptNote(scope: KeptScope, model: Model): string | undefined {
  const { kept, from } = scope;
  const items: string[] = [];
  const defaultLadder = model.description.levels ?? DEFAULT_LADDER;
  if (kept.ladder && kept.ladder.join() !== defaultLadder.join()) items.push(`ladder ${kept.ladder.join(" < ")}`);
  if (kept.vendor && kept.vendor !== DEFAULT_VENDOR) items.push(`vendor ${kept.vendor}`);
  if (kept.policy && kept.policy !== "scope") items.push(`policy ${kept.policy}`);
  if (items.length === 0 || from === undefined) return undefined;
  const last = items.pop()!;
  const list = items.length > 0 ? `${items.join(", ")} and ${last}` : last;
  return `keeping the ${list} of ${from} (--levels, --vendor, --policy override)`;
}
