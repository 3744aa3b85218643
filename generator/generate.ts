/** `sfapi-gen generate`: description -> model -> emitters -> one atomic write. */
import { emitIndex } from "./emit/index-file.js";
import { emitManifest } from "./emit/manifest.js";
import { emitOperationsTable } from "./emit/operations-table.js";
import { runtimeFiles } from "./emit/runtime-copy.js";
import { emitSchema } from "./emit/schema.js";
import { emitScopeAudit } from "./emit/scope-audit.js";
import type { EmitContext } from "./emit/context.js";
import type { DescriptionSource } from "./load.js";
import { loadModel } from "./model.js";
import type { Model, ScopeOptions } from "./model.js";
import { generatorVersion } from "./paths.js";
import { prepareOutput, writeAtomically } from "./write.js";
import type { FileSet } from "./write.js";

export interface GenerateOptions extends DescriptionSource, ScopeOptions {
  out: string;
}

/** The facility's own host: relative `servers` URLs in its description (`/api/v1.2`) are relative to it. */
const FACILITY_ORIGIN = "https://api.nersc.gov";
export const FALLBACK_BASE_URL = `${FACILITY_ORIGIN}/api/v1.2`;

export async function generate(options: GenerateOptions): Promise<{ model: Model; files: string[] }> {
  // Refuse an --out that is not ours to replace (and recover from a killed run) before reading the description.
  await prepareOutput(options.out, { cwd: options.cwd });
  const model = await loadModel(options, options);
  const files = await emitClient(model);
  await writeAtomically(options.out, files, { cwd: options.cwd });
  return { model, files: [...files.keys()].sort() };
}

export function emitContext(model: Model): EmitContext {
  const doc = model.description.document;
  return {
    title: String(doc.info?.title ?? "API"),
    version: model.description.version,
    sha256: model.description.sha256,
    vendor: model.vendor,
    scopeField: model.scopeField,
    ladder: model.ladder,
    policy: model.policy,
    operations: model.operations,
    defaultBaseUrl: defaultBaseUrl(doc.servers?.[0]?.url),
    generatorVersion,
  };
}

export async function emitClient(model: Model): Promise<FileSet> {
  const ctx = emitContext(model);
  const files: FileSet = new Map([
    ["schema.d.ts", await emitSchema(model.description.document)],
    ["operations.ts", emitOperationsTable(ctx)],
    ["index.ts", emitIndex(ctx)],
    ["scope-audit.md", emitScopeAudit(ctx)],
    ["manifest.json", emitManifest(ctx)],
  ]);
  for (const [path, content] of await runtimeFiles()) files.set(path, content);
  return files;
}

function defaultBaseUrl(server: unknown): string {
  if (typeof server !== "string" || server === "" || server.includes("{")) return FALLBACK_BASE_URL;
  try {
    return new URL(server, FACILITY_ORIGIN).href.replace(/\/+$/, "");
  } catch {
    return FALLBACK_BASE_URL;
  }
}
