/** `sfapi-gen generate`: description -> model -> emitters -> one atomic write. */
import { auditSubject } from "./audit.js";
import { emitClientTypes } from "./emit/client-types.js";
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
import { writeAtomically } from "./write.js";
import type { FileSet } from "./write.js";

export interface GenerateOptions extends DescriptionSource, ScopeOptions {
  out: string;
}

/** The facility's own host: relative `servers` URLs in its description (`/api/v1.2`) are relative to it. */
const FACILITY_ORIGIN = "https://api.nersc.gov";
export const FALLBACK_BASE_URL = `${FACILITY_ORIGIN}/api/v1.2`;

export async function generate(options: GenerateOptions): Promise<{ model: Model; files: string[] }> {
  const model = await loadModel(options, options);
  const files = await emitClient(model);
  await writeAtomically(options.out, files);
  return { model, files: [...files.keys()].sort() };
}

export function emitContext(model: Model): EmitContext {
  return {
    // No source: generated files must not depend on where the description was read from.
    ...auditSubject(model),
    source: undefined,
    sha256: model.description.sha256,
    vendor: model.vendor,
    defaultBaseUrl: defaultBaseUrl(model.description.document.servers?.[0]?.url),
    generatorVersion,
    taskOperation: model.operations.find((op) => op.method === "get" && op.path === TASK_PATH)?.name,
  };
}

/** The operation `waitForTask` polls. */
const TASK_PATH = "/tasks/{id}";

/** The generated files are ES modules whatever the project around them is. */
const PACKAGE_JSON = JSON.stringify({ type: "module", sideEffects: false }, null, 2) + "\n";

export async function emitClient(model: Model): Promise<FileSet> {
  const ctx = emitContext(model);
  const table = emitOperationsTable(ctx);
  const files: FileSet = new Map([
    ["schema.d.ts", await emitSchema(model.description.document)],
    ["operations.js", table.js],
    ["operations.d.ts", table.dts],
    ["index.js", emitIndex(ctx)],
    ["index.d.ts", emitClientTypes(ctx)],
    ["package.json", PACKAGE_JSON],
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
