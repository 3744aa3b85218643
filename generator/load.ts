/**
 * Read an OpenAPI description from a URL, a file or the bundled v1.2 snapshot, then bundle and validate it with
 * @redocly/openapi-core. Every failure is a DescriptionError naming the source and, where there is one, a JSON pointer.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { bundle, createConfig, makeDocumentFromString, Source } from "@redocly/openapi-core";
import type { Document } from "@redocly/openapi-core";
import { DescriptionError } from "./errors.js";
import { startLint } from "./lint.js";
import type { LintProblem } from "./lint.js";
import { bundledDescriptionPath, bundledLevelsPath } from "./paths.js";

export type OpenApiDocument = Record<string, any>;

export interface DescriptionSource {
  /** Base URL (`…/api/v1.2`, fetched as `{url}/openapi.json`) or a URL ending in .json/.yaml/.yml. */
  url?: string;
  /** A JSON or YAML file. */
  file?: string;
  /** A relative `file` is read from here (default: the process's working directory). */
  cwd?: string;
}

export interface LoadedDescription {
  /** Where it came from, as messages name it. */
  source: string;
  /** The bundled, validated description (all $refs internal). */
  document: OpenApiDocument;
  /** SHA-256 of the bytes as read. */
  sha256: string;
  /** The description as read, before parsing (the local facility serves it verbatim). */
  text: string;
  /** `info.version`, and the version segment of the base URL (`v1.2`) when there is one. */
  version: { info: string; api?: string };
  /** The ladder of a bundled description (its `.levels.json`), for these exact bytes wherever they were read from. */
  levels?: readonly string[];
  /** What its `.levels.json` says every audit must tell about it (that it is a reconstruction), for the same bytes. */
  note?: string;
}

const FETCH_TIMEOUT_MS = 30_000;

/** `{base}/openapi.json`, unless the URL already names a description file. */
export function descriptionUrl(url: string): string {
  const { pathname } = new URL(url);
  if (/\.(json|ya?ml)$/i.test(pathname)) return url;
  return url.replace(/\/+$/, "") + "/openapi.json";
}

/** The `v1.2` in `https://api.nersc.gov/api/v1.2` (or in a servers URL such as `/api/v1.2`). */
export function apiVersionSegment(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const segments = url.split(/[?#]/)[0]!.split("/").filter(Boolean);
  return [...segments].reverse().find((s) => /^v\d+(\.\d+)*$/i.test(s));
}

export async function loadDescription(from: DescriptionSource = {}): Promise<LoadedDescription> {
  const { source, absoluteRef, text } = await readSource(from);
  const json = isJsonText(text, absoluteRef);
  // Validation starts at once on another thread (see lint.ts); parse and version errors below still come first.
  const linting = startLint({ text, absoluteRef, json, rules: lintRules });
  let parsed: OpenApiDocument;
  try {
    parsed = parse(text, json, source, absoluteRef);
    checkOpenApiVersion(parsed, source);
  } catch (error) {
    linting.cancel();
    throw error;
  }
  const document = await bundleAndValidate(parsed, text, absoluteRef, linting.problems, source);
  const sha256 = createHash("sha256").update(text).digest("hex");
  const bundled = await bundledSidecar(sha256);
  const apiFromUrl = from.url ? apiVersionSegment(new URL(descriptionUrl(from.url)).pathname.replace(/\/[^/]*\.(json|ya?ml)$/i, "")) : undefined;
  return {
    source,
    document,
    sha256,
    text,
    version: { info: String(document.info?.version ?? ""), api: apiFromUrl ?? apiVersionSegment(document.servers?.[0]?.url) },
    ...(bundled ? { levels: bundled.levels, note: bundled.note } : {}),
  };
}

async function readSource(from: DescriptionSource): Promise<{ source: string; absoluteRef: string; text: string }> {
  if (from.url && from.file) throw new DescriptionError(from.url, "give either --url or --file, not both");
  if (from.url) {
    let url: string;
    try {
      url = descriptionUrl(from.url);
    } catch {
      throw new DescriptionError(from.url, "not a valid URL");
    }
    return { source: url, absoluteRef: url, text: await fetchText(url) };
  }
  if (from.file === undefined) return { source: "bundled v1.2 description", absoluteRef: bundledDescriptionPath, text: await readFile(bundledDescriptionPath, "utf8") };
  const path = resolve(from.cwd ?? process.cwd(), from.file);
  const source = from.file;
  try {
    return { source, absoluteRef: path, text: await readFile(path, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DescriptionError(source, code === "ENOENT" ? "no such file" : `cannot read (${code ?? String(error)})`);
  }
}

/** The ladder and note that come with the bundled description when `sha256` is its hash (the same bytes, read from anywhere). */
async function bundledSidecar(sha256: string): Promise<{ levels: readonly string[]; note: string } | undefined> {
  const sidecar = JSON.parse(await readFile(bundledLevelsPath, "utf8")) as { sha256: string; levels: string[]; note: string };
  return sidecar.sha256 === sha256 ? { levels: sidecar.levels, note: sidecar.note } : undefined;
}

async function fetchText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: "application/json, application/yaml;q=0.9, */*;q=0.1" } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = (error as Error).name === "TimeoutError" ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new DescriptionError(url, `cannot fetch the description: ${why}`);
  }
  if (!response.ok) {
    throw new DescriptionError(url, `cannot fetch the description: HTTP ${response.status}${response.statusText ? " " + response.statusText : ""}`);
  }
  return response.text();
}

function isJsonText(text: string, absoluteRef: string): boolean {
  return /\.json$/i.test(absoluteRef) || text.trimStart().startsWith("{");
}

function parse(text: string, json: boolean, source: string, absoluteRef: string): OpenApiDocument {
  let parsed: unknown;
  if (json) {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new DescriptionError(source, `invalid JSON: ${(error as Error).message}`);
    }
  } else {
    try {
      parsed = makeDocumentFromString(text, absoluteRef).parsed;
    } catch (error) {
      throw new DescriptionError(source, `invalid YAML: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new DescriptionError(source, "not an OpenAPI description (the top level is not an object)", "");
  }
  return parsed as OpenApiDocument;
}

function checkOpenApiVersion(doc: OpenApiDocument, source: string): void {
  if (doc.swagger !== undefined) {
    throw new DescriptionError(source, `Swagger ${doc.swagger} is not supported: convert it to OpenAPI 3.x first`, "/swagger");
  }
  if (typeof doc.openapi !== "string" || !/^3\.\d+(\.\d+)?/.test(doc.openapi)) {
    const found = doc.openapi === undefined ? "no `openapi` field" : `openapi: ${JSON.stringify(doc.openapi)}`;
    throw new DescriptionError(source, `only OpenAPI 3.x descriptions are supported (found ${found})`, "/openapi");
  }
}

/** Structural validation and unresolved $refs are errors; style rules are not our business here. */
const lintRules = { struct: "error", "no-unresolved-refs": "error" } as const;
const bundleConfig = createConfig({ rules: lintRules });

/**
 * Bundle here while the lint runs on its thread; the lint's verdict comes first, as if it had run first: a description
 * with lint errors fails with the first of them, whatever the bundler made of it.
 */
async function bundleAndValidate(parsed: OpenApiDocument, text: string, absoluteRef: string, linting: Promise<LintProblem[]>, source: string): Promise<OpenApiDocument> {
  const document: Document = { source: new Source(absoluteRef, text), parsed };
  const bundled = await bundleConfig.then((config) => bundle({ config, doc: document, dereference: false })).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  throwFirstError(await linting, source);
  if ("error" in bundled) throw bundled.error;
  throwFirstError(bundled.result.problems, source);
  return bundled.result.bundle.parsed as OpenApiDocument;
}

/**
 * Redocly's struct rule also flags `nullable` without a sibling `type` (next to `allOf`/`$ref`): common in real 3.0
 * descriptions (GitHub's has 135), harmless to the types (openapi-typescript adds `| null`), so not a reason to refuse.
 */
function isTolerated(problem: LintProblem): boolean {
  return problem.ruleId === "struct" && problem.message.startsWith("The `type` field must be defined when the `nullable` field is used");
}

function throwFirstError(problems: readonly LintProblem[], source: string): void {
  const errors = problems.filter((p) => p.severity === "error" && !isTolerated(p));
  const first = errors[0];
  if (!first) return;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})` : "";
  const pointer = first.location?.[0]?.pointer?.replace(/^#/, "");
  throw new DescriptionError(source, first.message + more, pointer);
}
