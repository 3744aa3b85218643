/** `sfapi-gen generate`: description -> model -> emitters -> one atomic write. */

import type { DescriptionSource } from "../description/read.js";
import { emitClientTypes } from "../emit/client-types.js";
import type { EmitContext } from "../emit/context.js";
import { emitIndex } from "../emit/index-file.js";
import { emitOperationsTable } from "../emit/operations-table.js";
import { runtimeFiles } from "../emit/runtime-copy.js";
import { emitSchema } from "../emit/schema.js";
import type { Model, ScopeOptions } from "../model/model.js";
import { loadModel } from "../model/model.js";
import { subjectOf } from "../model/subject.js";
import { emitManifest } from "../output/manifest.js";
import type { FileSet } from "../output/write.js";
import { prepareOutput, writeAtomically } from "../output/write.js";
import { generatorVersion } from "../package-files.js";
import { buildAudit } from "../reports/audit/audit.js";
import { renderMarkdown } from "../reports/audit/markdown.js";

export interface GenerateOptions extends DescriptionSource, ScopeOptions {
  out: string;
  /** Told what runs now (for a progress line). */
  onPhase?: ((phase: string) => void) | undefined;
}

/** The facility's own host: relative `servers` URLs in its description (`/api/v1.2`) are relative to it. */
const FACILITY_ORIGIN = "https://api.nersc.gov";
export const FALLBACK_BASE_URL = `${FACILITY_ORIGIN}/api/v1.2`;

export async function generate(options: GenerateOptions): Promise<{ model: Model; files: string[] }> {
  // Refuse an --out that is not ours to replace (and recover from a killed run) before reading the description.
  await prepareOutput(options.out, { cwd: options.cwd });
  options.onPhase?.("reading the description");
  const model = await loadModel(options, options);
  const { warning } = chooseBaseUrl(serverUrl(model));
  if (warning) model.warnings.push(`${model.description.source}: ${warning}`);
  options.onPhase?.(`emitting ${model.operations.length} operations`);
  const files = await emitClient(model);
  options.onPhase?.("writing");
  await writeAtomically(options.out, files, { cwd: options.cwd });
  return { model, files: [...files.keys()].sort() };
}

export function emitContext(model: Model): EmitContext {
  return {
    // No source: generated files must not depend on where the description was read from.
    ...subjectOf(model),
    source: undefined,
    sha256: model.description.sha256,
    vendor: model.vendor,
    defaultBaseUrl: chooseBaseUrl(serverUrl(model)).url,
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
    // The same Markdown audit `sfapi-gen audit` prints, for the description this client was generated from.
    ["scope-audit.md", renderMarkdown(buildAudit(ctx))],
    ["manifest.json", emitManifest(ctx)],
  ]);
  for (const [path, content] of await runtimeFiles()) files.set(path, content);
  return files;
}

export interface BaseUrlChoice {
  /** The generated client's default `baseUrl`. */
  url: string;
  /** The description's `servers[0].url` it came from; absent when it is the built-in fallback. */
  server?: string;
  /** Why the description's server URL was not taken. */
  warning?: string;
}

/** The description's `servers[0].url`, whatever it holds. */
export function serverUrl(model: Model): unknown {
  return model.description.document.servers?.[0]?.url;
}

/**
 * Where the generated client sends calls, and so tokens, unless told otherwise. A description may name its server,
 * but only an https one: a relative URL (`/api/v1.2`) is below the facility's host as before; anything else
 * (http, other schemes, server variables, credentials, a query) gets the facility's own URL and a warning.
 */
export function chooseBaseUrl(server: unknown): BaseUrlChoice {
  if (server === undefined) return { url: FALLBACK_BASE_URL };
  const refuse = (why: string): BaseUrlChoice => {
    const shown = JSON.stringify(
      typeof server === "string" && server.length > 100 ? server.slice(0, 97) + "..." : server,
    );
    return {
      url: FALLBACK_BASE_URL,
      warning: `servers[0].url ${shown} ${why} (at /servers/0/url); the client's default base URL is ${FALLBACK_BASE_URL}`,
    };
  };
  if (typeof server !== "string" || server.trim() === "") return refuse("is not a URL");
  if (server.includes("{")) return refuse("has server variables");
  let url: URL;
  try {
    url = new URL(server, FACILITY_ORIGIN);
  } catch {
    return refuse("is not a valid URL");
  }
  if (url.protocol !== "https:") return refuse("is not an https URL");
  if (url.username || url.password || url.search || url.hash)
    return refuse("carries credentials, a query or a fragment");
  return { url: url.href.replace(/\/+$/, ""), server };
}
