/** `sfapi-gen generate`: description -> model -> emitters -> one atomic write. */

import { TASK_PATH } from "../../templates/runtime/protocol.js";
import type { DescriptionSource } from "../description/read.js";
import { emitClientTypes, emitCoreTypes, emitPageTypes } from "../emit/client-types.js";
import type { EmitContext } from "../emit/context.js";
import { emitGrantClientTypes, emitGrantCoreTypes } from "../emit/grant-types.js";
import { emitCore, emitIndex, emitPage } from "../emit/index-file.js";
import { emitOperationsTable, emitPackedTable } from "../emit/operations-table.js";
import { runtimeFiles } from "../emit/runtime-copy.js";
import { emitSchema } from "../emit/schema.js";
import type { Model, ScopeOptions } from "../model/model.js";
import { loadModel } from "../model/model.js";
import { allScopes, clientCredentialsTokenUrl } from "../model/security.js";
import { subjectOf } from "../model/subject.js";
import { dropFoldedWarning, keepScope, keptNote } from "../output/kept.js";
import { DESCRIPTION_FILE, descriptionCopy, emitManifest } from "../output/manifest.js";
import type { FileSet } from "../output/write.js";
import { prepareOutput, writeAtomically } from "../output/write.js";
import { generatorVersion } from "../package-files.js";
import { buildAudit, renderAudit } from "../reports/audit/audit.js";

export interface GenerateOptions extends DescriptionSource, ScopeOptions {
  out: string;
  /** Told what runs now (for a progress line). */
  onPhase?: ((phase: string) => void) | undefined;
}

export interface Generated {
  model: Model;
  files: string[];
  /** What the previous output's manifest kept (its ladder, vendor, policy), in one line; absent when nothing was. */
  kept?: string;
}

export async function generate(options: GenerateOptions): Promise<Generated> {
  // Refuse an --out that is not ours to replace (and recover from a killed run) before reading the description.
  const prepared = await prepareOutput(options.out, { cwd: options.cwd });
  options.onPhase?.("reading the description");
  // A previous output's ladder, vendor and policy are part of the client: kept unless options name others.
  const kept = keepScope(options.out, options.cwd ?? process.cwd(), options);
  const model = await loadModel(options, kept.options);
  if (kept.warning) model.warnings.push(kept.warning);
  const { warning } = model.baseUrl;
  if (warning) model.warnings.push(`${model.description.source}: ${warning}`);
  options.onPhase?.(`emitting ${model.operations.length} operations`);
  const files = await emitClient(model);
  options.onPhase?.("writing");
  // The same check again (the folder may have changed meanwhile), reading only files changed since the first.
  await writeAtomically(options.out, files, { cwd: options.cwd, prepared });
  const note = keptNote(kept, model, options);
  dropFoldedWarning(kept, model);
  return { model, files: [...files.keys()].sort(), ...(note ? { kept: note } : {}) };
}

export function emitContext(model: Model): EmitContext {
  const grant = model.policy === "security";
  const doc = model.description.document;
  return {
    // No source: generated files must not depend on where the description was read from.
    ...subjectOf(model),
    source: undefined,
    sha256: model.description.sha256,
    vendor: model.vendor,
    defaultBaseUrl: model.baseUrl.url,
    generatorVersion,
    // The facility's helpers (waitForTask among them) are for its own API, not for one of OAuth2 scopes.
    taskOperation: grant
      ? undefined
      : model.operations.find((op) => op.method === "get" && op.path === TASK_PATH)?.name,
    scopes: grant ? allScopes(doc) : [],
    defaultTokenUrl: grant ? clientCredentialsTokenUrl(doc) : undefined,
  };
}

/** The generated files are ES modules whatever the project around them is. */
const PACKAGE_JSON = JSON.stringify({ type: "module", sideEffects: false }, null, 2) + "\n";

export async function emitClient(model: Model): Promise<FileSet> {
  const ctx = emitContext(model);
  const grant = ctx.policy === "security";
  // The description itself (bundled, compact JSON, in gzip: only diff reads it), so that `diff <this folder> <new>`
  // and `diff --code` compare schemas too. Taken first, while nothing else is held (it is a large transient for a large
  // description), and before openapi-typescript, which adds to the schemas of a discriminator's mapping as it goes.
  const copy = descriptionCopy(model.description.document);
  const table = emitOperationsTable(ctx);
  const packed = emitPackedTable(ctx);
  const rest: [string, string][] = [
    ["operations.js", table.js],
    ["operations.d.ts", table.dts],
    ["packed-table.js", packed.js],
    ["packed-table.d.ts", packed.dts],
    ["core.js", emitCore(ctx)],
    ["core.d.ts", grant ? emitGrantCoreTypes(ctx) : emitCoreTypes(ctx)],
    // A page's entry without key code, for color clients (a grant client has none yet: its pages use core.js).
    ...(grant
      ? []
      : ([
          ["page.js", emitPage(ctx)],
          ["page.d.ts", emitPageTypes(ctx)],
        ] satisfies [string, string][])),
    ["index.js", emitIndex(ctx)],
    ["index.d.ts", grant ? emitGrantClientTypes(ctx) : emitClientTypes(ctx)],
    ["package.json", PACKAGE_JSON],
    // The same Markdown audit `sfapi-gen audit` prints, for the description this client was generated from.
    ["scope-audit.md", renderAudit(buildAudit(ctx), "md")],
  ];
  // Last of the readers of the description, for the same reason: every other file is made from it as read.
  const schema = await emitSchema(model.description.document, model.description.sha256);
  const files: FileSet = new Map<string, string | Uint8Array>([
    ["schema.d.ts", schema],
    ...rest,
    [DESCRIPTION_FILE, copy],
  ]);
  const entries = ["core.js", "page.js", "index.js"].flatMap((name) => {
    const text = files.get(name);
    return typeof text === "string" ? [text] : [];
  });
  for (const [path, content] of runtimeFiles(entries)) files.set(path, content);
  // Last: it lists every other file with its hash.
  files.set("manifest.json", emitManifest(ctx, files));
  return files;
}
