/**
 * Read a generated client's `manifest.json` (`sfapi-gen/manifest@1`): what it was generated from, its ladder and its
 * operation table, as data. The file is checked field by field, so a hand-edited or foreign manifest gives one line
 * naming the file and the JSON pointer of what is wrong, never a half-read table.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ladderProblem } from "../../templates/runtime/levels.js";
import { HTTP_METHODS } from "../../templates/runtime/table.js";
import { escapePointer } from "../description/document.js";
import { ManifestError } from "../errors.js";
import type { Policy } from "../model/scope.js";
import { isPolicy, POLICIES, PUBLIC } from "../model/scope.js";
import { isScopeToken } from "../model/security.js";
import type { Manifest, TableEntry } from "./manifest.js";
import { GENERATOR_NAME, MANIFEST_FORMAT_ID, sha256Of } from "./manifest.js";

export type { Manifest, TableEntry } from "./manifest.js";

export interface ClientTable {
  /** As given (relative paths stay relative, for reports). */
  dir: string;
  ladder: string[];
  /** How the table's `scope` reads: a ladder level (`scope`, `method`), or OAuth2 scope sets (`security`). */
  policy: Policy;
  entries: TableEntry[];
  description: { title: string; version: string };
}

export const MANIFEST_FILE = "manifest.json";

export function readClientTable(dir: string, cwd: string = process.cwd()): ClientTable {
  const manifest = readManifest(dir, cwd, "--client must name a folder written by `sfapi-gen generate`");
  const { title, version } = manifest.description;
  const { ladder, policy } = manifest.scope;
  return { dir, ladder, policy, entries: manifest.operations, description: { title, version } };
}

/** The manifest of the generated folder `dir`; `hint` ends the error when the folder has none. */
export function readManifest(
  dir: string,
  cwd: string = process.cwd(),
  hint = "not a folder written by `sfapi-gen generate`",
): Manifest {
  const file = join(resolve(cwd, dir), MANIFEST_FILE);
  if (!existsSync(file)) throw new ManifestError(`no ${MANIFEST_FILE} here: ${hint}`, dir);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ManifestError(`invalid JSON: ${(error as Error).message}`, join(dir, MANIFEST_FILE));
  }
  try {
    return validateManifest(data);
  } catch (error) {
    if (error instanceof ManifestProblem) throw new ManifestError(error.message, join(dir, MANIFEST_FILE));
    throw error;
  }
}

/**
 * Does `dir` hold sfapi-gen output: a manifest naming sfapi-gen as its generator, of any format version? A manifest
 * that is a symbolic link does not count (generate would replace the folder; needs would skip it).
 */
export function isGeneratedFolder(dir: string): boolean {
  return ownManifest(dir) !== undefined;
}

/**
 * The parsed `manifest.json` of `dir`, unchecked beyond naming sfapi-gen as its generator; undefined when there is no
 * such regular file (missing, unreadable, not JSON, another generator's).
 */
export function ownManifest(dir: string): Record<string, unknown> | undefined {
  const file = join(dir, MANIFEST_FILE);
  try {
    if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
    const data: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!data || typeof data !== "object" || Array.isArray(data)) return undefined;
    const manifest = data as Record<string, unknown>;
    return (manifest.generator as { name?: unknown } | null | undefined)?.name === GENERATOR_NAME
      ? manifest
      : undefined;
  } catch {
    return undefined;
  }
}

class ManifestProblem extends Error {}

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

export function validateManifest(data: unknown): Manifest {
  const root = object(data, "");
  if (root.format !== MANIFEST_FORMAT_ID) {
    const found =
      root.format === undefined
        ? "it has no format field (written by an older sfapi-gen)"
        : `its format is ${JSON.stringify(root.format)}`;
    throw new ManifestProblem(
      `not an ${MANIFEST_FORMAT_ID} manifest: ${found}; regenerate the client with \`sfapi-gen generate\``,
    );
  }
  const description = object(root.description, "/description");
  const scope = object(root.scope, "/scope");
  const generator = object(root.generator, "/generator");
  const ladder = array(scope.ladder, "/scope/ladder").map((level, i) => text(level, `/scope/ladder/${i}`));
  const bad = ladderProblem(ladder);
  if (bad) throw new ManifestProblem(`/scope/ladder${bad.index === undefined ? "" : `/${bad.index}`}: ${bad.problem}`);
  const policy = scope.policy;
  if (!isPolicy(policy))
    throw new ManifestProblem(
      `/scope/policy must be ${POLICIES.map((p) => `"${p}"`).join(" or ")}, not ${JSON.stringify(policy)}`,
    );
  if (generator.name !== GENERATOR_NAME)
    throw new ManifestProblem(`/generator/name must be "${GENERATOR_NAME}", not ${JSON.stringify(generator.name)}`);
  const names = new Set<string>();
  const operations = array(root.operations, "/operations").map((value, i): TableEntry => {
    const at = `/operations/${i}`;
    const op = object(value, at);
    const name = text(op.name, `${at}/name`);
    if (names.has(name)) throw new ManifestProblem(`${at}/name: "${name}" is used twice`);
    names.add(name);
    const method = text(op.method, `${at}/method`);
    if (!METHODS.has(method))
      throw new ManifestProblem(`${at}/method must be an upper-case HTTP method, not ${JSON.stringify(method)}`);
    const path = text(op.path, `${at}/path`);
    if (!path.startsWith("/")) throw new ManifestProblem(`${at}/path must start with "/", not ${JSON.stringify(path)}`);
    const operationId = op.operationId === null ? null : text(op.operationId, `${at}/operationId`);
    const entry: TableEntry = { name, operationId, method, path, scope: text(op.scope, `${at}/scope`) };
    if (op.wholePath !== undefined) {
      const wholePath = text(op.wholePath, `${at}/wholePath`);
      if (!path.endsWith(`/{${wholePath}}`))
        throw new ManifestProblem(
          `${at}/wholePath: "${wholePath}" is not the last parameter of ${JSON.stringify(path)}`,
        );
      entry.wholePath = wholePath;
    }
    if (op.security !== undefined) entry.security = scopeSets(op.security, `${at}/security`);
    // Fail closed: a secured operation of a security-policy client must say which scopes it needs.
    else if (policy === "security" && entry.scope !== PUBLIC)
      throw new ManifestProblem(`${at}/security is missing: a ${JSON.stringify(entry.scope)} operation needs it`);
    return entry;
  });
  return {
    format: MANIFEST_FORMAT_ID,
    description: {
      title: text(description.title, "/description/title"),
      version: text(description.version, "/description/version"),
      api: description.api === null ? null : text(description.api, "/description/api"),
      sha256: sha256(description.sha256),
    },
    scope: { vendor: text(scope.vendor, "/scope/vendor"), field: text(scope.field, "/scope/field"), ladder, policy },
    operations,
    generator: { name: GENERATOR_NAME, version: text(generator.version, "/generator/version") },
    ...(root.files === undefined ? {} : { files: fileHashes(root.files) }),
  };
}

/**
 * The `files` list of a parsed manifest, checked as `validateManifest` checks it (undefined when it has none); a bad
 * entry is a ManifestError naming `where` and the entry's JSON pointer.
 */
export function listedFiles(data: Record<string, unknown>, where: string): Record<string, string> | undefined {
  if (data.files === undefined) return undefined;
  try {
    return fileHashes(data.files);
  } catch (error) {
    if (error instanceof ManifestProblem) throw new ManifestError(error.message, where);
    throw error;
  }
}

function fileHashes(value: unknown): Record<string, string> {
  const files = object(value, "/files");
  const hashes: Record<string, string> = Object.create(null);
  for (const [path, hash] of Object.entries(files)) {
    const at = `/files/${escapePointer(path)}`;
    // Paths generate writes: relative, "/"-separated, no dot-segments (the check reads these files).
    if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(path) || path.split("/").some((s) => s === "." || s === ".."))
      throw new ManifestProblem(`${at}: not a path sfapi-gen writes`);
    if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash))
      throw new ManifestProblem(`${at} must be 64 lower-case hex digits, not ${JSON.stringify(hash)}`);
    hashes[path] = hash;
  }
  return hashes;
}

function object(value: unknown, at: string): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new ManifestProblem(`${at || "the manifest"} must be an object`);
  return value as Record<string, unknown>;
}

function array(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new ManifestProblem(`${at} must be an array`);
  return value;
}

function text(value: unknown, at: string): string {
  if (typeof value !== "string" || value === "")
    throw new ManifestProblem(`${at} must be a non-empty string, not ${JSON.stringify(value)}`);
  return value;
}

/** `[["a", "b"], []]`: OR-ed sets of RFC 6749 scope-tokens, at least one. */
function scopeSets(value: unknown, at: string): string[][] {
  const sets = array(value, at);
  if (sets.length === 0) throw new ManifestProblem(`${at} must list at least one scope set`);
  return sets.map((set, i) =>
    array(set, `${at}/${i}`).map((scope, j) => {
      if (!isScopeToken(scope))
        throw new ManifestProblem(`${at}/${i}/${j} must be an OAuth2 scope, not ${JSON.stringify(scope)}`);
      return scope;
    }),
  );
}

function sha256(value: unknown): string {
  if (typeof value !== "string" || !/^[0-9a-f]{64}$/.test(value))
    throw new ManifestProblem(`/description/sha256 must be 64 lower-case hex digits, not ${JSON.stringify(value)}`);
  return value;
}

/**
 * Most entries (files, folders, links) a folder sfapi-gen wrote can hold: far more than generate writes (about 70).
 * A bigger folder is someone else's, and walking it has to stop.
 */
export const MAX_FOLDER_ENTRIES = 1000;

/**
 * The regular files under the generated folder `dir`, by "/"-separated relative path, as bytes; anything else
 * (a symbolic link, a FIFO) is listed in `others` unread. Refuses a folder of more than MAX_FOLDER_ENTRIES entries.
 */
export function readFolderFiles(dir: string): { files: Map<string, Buffer>; others: string[] } {
  const files = new Map<string, Buffer>();
  const others: string[] = [];
  let seen = 0;
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (++seen > MAX_FOLDER_ENTRIES)
        throw new ManifestError(`more than ${MAX_FOLDER_ENTRIES} entries: not a folder sfapi-gen wrote`, dir);
      const path = prefix + entry.name;
      if (entry.isDirectory()) walk(join(folder, entry.name), `${path}/`);
      else if (entry.isFile()) files.set(path, readFileSync(join(folder, entry.name)));
      else others.push(path);
    }
  };
  walk(dir, "");
  return { files, others: others.sort() };
}

/**
 * The files of `dir` that are sfapi-gen's own output as its manifest lists them: absolute paths of the listed files
 * whose SHA-256 still matches. Empty for a folder without a manifest of ours or whose manifest lists no files (an old
 * or a fake one), so that only what we can show we wrote is left out of an analysis of the code around it; a file
 * edited after generation, or one the manifest does not list, is the code base's.
 */
export function verifiedOutput(dir: string): Set<string> {
  const verified = new Set<string>();
  const manifest = ownManifest(dir);
  if (manifest === undefined) return verified;
  let listed: Record<string, string> | undefined;
  try {
    listed = listedFiles(manifest, join(dir, MANIFEST_FILE));
  } catch {
    return verified; // a malformed list proves nothing
  }
  for (const [path, hash] of Object.entries(listed ?? {})) {
    const file = join(resolve(dir), ...path.split("/"));
    try {
      if (lstatSync(file).isFile() && sha256Of(readFileSync(file)) === hash) verified.add(file);
    } catch {
      // missing or unreadable: not verified
    }
  }
  return verified;
}
