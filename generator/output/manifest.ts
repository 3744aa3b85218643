/**
 * `manifest.json`: what this client was generated from and how, and its operation table as data, so that `needs` can
 * read the table and `generate --check` can compare a later description without parsing the generated TypeScript.
 * The shape is `sfapi-gen/manifest@1`; output/client-folder.ts reads it back (and validates it).
 */

import { createHash } from "node:crypto";
import { gzipSync } from "fflate";
import type { EmitContext } from "../emit/context.js";
import type { Operation } from "../model/operations.js";
import type { Policy } from "../model/scope.js";
import { GENERATOR_NAME } from "../package-files.js";

export const MANIFEST_FORMAT_ID = "sfapi-gen/manifest@1";
/** `generator.name` in every manifest: how a folder is recognised as sfapi-gen output. */
export { GENERATOR_NAME };

/** One operation as the generated table has it. */
export interface TableEntry {
  /** The table's friendly name (`runCommand`), also the client's named operation. */
  name: string;
  operationId: string | null;
  /** Upper case (`"POST"`). */
  method: string;
  path: string;
  /** The table's scope: the level the description names verbatim, `"public"` or `"unranked"`. */
  scope: string;
  /** The trailing path parameter that takes a whole file path (`"path"`); absent for most operations. */
  wholePath?: string;
  /**
   * Under the security policy: the OAuth2 scope sets that allow a call, OR-ed, as the runtime's table has them (a set
   * may be empty: a token, no scope). Absent for a public operation and under the ladder policies.
   */
  security?: string[][];
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT_ID;
  description: { title: string; version: string; api: string | null; sha256: string };
  scope: { vendor: string; field: string; ladder: string[]; policy: Policy };
  /** In the model's order (by path, then method). */
  operations: TableEntry[];
  generator: { name: typeof GENERATOR_NAME; version: string };
  /**
   * Every other file generate wrote, by path, with its SHA-256, so `generate --check` can say which one was edited
   * after generation. Absent in manifests written before it was added (they are treated as unverifiable).
   */
  files?: Record<string, string>;
}

/**
 * The description the client was generated from, bundled, as compact JSON compressed with gzip (descriptionCopy): the
 * old side of a later `diff`. Compressed, as nothing but diff reads it: Graph's was 20 MB of JSON, 1.3 MB in gzip.
 */
export const DESCRIPTION_FILE = "description.json.gz";
/** Where sfapi-gen 0.2 and older kept that copy, uncompressed: diff still reads it from an older folder. */
export const OLD_DESCRIPTION_FILE = "description.json";

/**
 * `document` as the bytes of DESCRIPTION_FILE. fflate (plain JavaScript), not node:zlib: Node's zlib picks its match
 * hash by the CPU's features, so its compressed bytes differ between machines, and generated files must not. No
 * file name and no time in the header (fflate writes none when `mtime` is 0), so the bytes depend on the text alone.
 */
export function descriptionCopy(document: unknown): Uint8Array {
  return gzipSync(Buffer.from(JSON.stringify(document) + "\n", "utf8"), { level: 6, mtime: 0 });
}

export function tableEntries(operations: readonly Operation[]): TableEntry[] {
  return operations.map((op) => ({
    name: op.name,
    operationId: op.operationId ?? null,
    method: op.method.toUpperCase(),
    path: op.path,
    scope: op.scope,
    ...(op.wholePath === undefined ? {} : { wholePath: op.wholePath }),
    ...securityOf(op),
  }));
}

function securityOf(op: Operation): { security?: string[][] } {
  const sets = op.requirement.security?.anyOf;
  return sets && sets.length > 0 ? { security: sets.map((set) => [...set.scopes]) } : {};
}

export function sha256Of(text: string | Uint8Array): string {
  // Encoded first: the same hash, but hashing a string directly is several times slower (about 0.1 s for GitHub's
  // description.json), as Node converts it to UTF-8 on a slower path than Buffer.from's.
  return createHash("sha256").update(fileBytes(text)).digest("hex");
}

/** A generated file's bytes as written: text in UTF-8, bytes (the description's copy) as they are. */
export function fileBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === "string" ? Buffer.from(content, "utf8") : content;
}

/** `files`: the other files of the output (manifest.json itself excluded), each with its SHA-256, sorted by path. */
export function emitManifest(ctx: EmitContext, files: ReadonlyMap<string, string | Uint8Array>): string {
  const hashes = [...files]
    .filter(([path]) => path !== "manifest.json")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, text]) => [path, sha256Of(text)]);
  const manifest: Manifest = {
    format: MANIFEST_FORMAT_ID,
    description: { title: ctx.title, version: ctx.version.info, api: ctx.version.api ?? null, sha256: ctx.sha256 },
    scope: { vendor: ctx.vendor, field: ctx.scopeField, ladder: [...ctx.ladder], policy: ctx.policy },
    operations: tableEntries(ctx.operations),
    generator: { name: GENERATOR_NAME, version: ctx.generatorVersion },
    files: Object.fromEntries(hashes),
  };
  // Compact: read by programs (check, diff, needs); at 11,000 operations indenting doubled it.
  return JSON.stringify(manifest) + "\n";
}
