/**
 * `manifest.json`: what this client was generated from and how, and its operation table as data, so that `needs` can
 * read the table and `generate --check` can compare a later description without parsing the generated TypeScript.
 * The shape is `sfapi-gen/manifest@1`; needs/client.ts reads it back (and validates it).
 */

import type { EmitContext } from "../emit/context.js";
import type { Operation } from "../model/operations.js";
import type { Policy } from "../model/scope.js";

export const MANIFEST_FORMAT_ID = "sfapi-gen/manifest@1";
/** `generator.name` in every manifest: how a folder is recognised as sfapi-gen output. */
export const GENERATOR_NAME = "sfapi-gen";

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
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT_ID;
  description: { title: string; version: string; api: string | null; sha256: string };
  scope: { vendor: string; field: string; ladder: string[]; policy: Policy };
  /** In the model's order (by path, then method). */
  operations: TableEntry[];
  generator: { name: typeof GENERATOR_NAME; version: string };
}

export function tableEntries(operations: readonly Operation[]): TableEntry[] {
  return operations.map((op) => ({
    name: op.name,
    operationId: op.operationId ?? null,
    method: op.method.toUpperCase(),
    path: op.path,
    scope: op.scope,
    ...(op.wholePath === undefined ? {} : { wholePath: op.wholePath }),
  }));
}

export function emitManifest(ctx: EmitContext): string {
  const manifest: Manifest = {
    format: MANIFEST_FORMAT_ID,
    description: { title: ctx.title, version: ctx.version.info, api: ctx.version.api ?? null, sha256: ctx.sha256 },
    scope: { vendor: ctx.vendor, field: ctx.scopeField, ladder: [...ctx.ladder], policy: ctx.policy },
    operations: tableEntries(ctx.operations),
    generator: { name: GENERATOR_NAME, version: ctx.generatorVersion },
  };
  return JSON.stringify(manifest, null, 2) + "\n";
}
