/**
 * Read an OpenAPI description from a URL, a file or the bundled v1.2 snapshot, then validate it (lint.ts) and bundle it
 * (bundle.ts; @redocly/openapi-core's bundler where that does not suffice). Every failure is a DescriptionError naming
 * the source and, where there is one, a JSON pointer.
 * Descriptions are untrusted: reading is bounded in size and time, and nothing walks the document before limits.ts
 * has checked its references and nesting (external references are refused unless `allowExternalRefs`).
 */
import { createHash } from "node:crypto";
// node:fs, not node:fs/promises, and node:zlib only for a gzip file: each builtin module loaded is milliseconds of
// every `audit` (issue 47), and Node has node:fs loaded before any of ours.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { readCapped } from "../../templates/runtime/body.js";
import { DescriptionError } from "../errors.js";
import { bundledDescriptionPath, bundledLevelsPath } from "../package-files.js";
import { inlineLikeTheBundler, refResolver } from "./bundle.js";
import { loadRedocly } from "./cjs.js";
import type { OpenApiDocument } from "./document.js";
import { apiName } from "./document.js";
import { preflight } from "./limits.js";
import type { LintProblem } from "./lint.js";
import { lint } from "./lint.js";
import { checkOperationIds, checkOperationRefs, checkPathTemplates } from "./operation-objects.js";

export type { OpenApiDocument } from "./document.js";

/** A description as parsed, before anything says it is one. */
type ParsedObject = Record<string, unknown>;

export interface DescriptionSource {
  /** Base URL (`…/api/v1.2`, fetched as `{url}/openapi.json`) or a URL ending in .json/.yaml/.yml. */
  url?: string;
  /** A JSON or YAML file. */
  file?: string;
  /** A relative `file` is read from here (default: the process's working directory). */
  cwd?: string;
  /** Follow `$ref`s to other files and URLs (`--allow-external-refs`); refused by default, before anything is read. */
  allowExternalRefs?: boolean;
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
  /** `info.version` (document.ts's apiName), and the version segment of the base URL (`v1.2`) when there is one. */
  version: { info: string; api?: string };
  /** What the validation found that only judges style (not a reason to refuse), one line each, for stderr. */
  warnings?: readonly string[];
  /** The ladder of a bundled description (its `.levels.json`), for these exact bytes wherever they were read from. */
  levels?: readonly string[];
  /** What its `.levels.json` says every audit must tell about it (that it is a reconstruction), for the same bytes. */
  note?: string;
  /** Templates whose trailing path parameter takes a whole file path, from its `.levels.json` (model/whole-path.ts). */
  wholePaths?: readonly string[];
}

const FETCH_TIMEOUT_MS = 30_000;
/** Larger than any real description (GitHub's is 13 MB), small enough to hold in memory several times over. */
export const MAX_DESCRIPTION_BYTES: number = 64 * 1024 * 1024;

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
  const allowExternalRefs = from.allowExternalRefs === true;
  // Encoded first, as output/manifest.ts's sha256Of does: the same hash, several times faster than hashing the string.
  const sha256 = createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
  const bundled = await bundledSidecar(sha256);
  // The bundled description's own bytes, read from anywhere, are ours and checked by a test to pass the lint with
  // nothing for the bundler to change (test/generator/description/bundled-known.test.ts): redocly (about 0.2 s to
  // load) is not needed for them. Any other text, one byte apart, is linted.
  if (bundled && !allowExternalRefs) {
    const document = parse(text, json, source, absoluteRef);
    checkOpenApiVersion(document, source);
    preflight(document, { source, allowExternalRefs, textLength: text.length, json });
    checkOperationRefs(document, source);
    checkOperationIds(document, source);
    checkPathTemplates(document, source);
    return loaded(from, source, document, sha256, text, bundled);
  }
  const parsed = parse(text, json, source, absoluteRef);
  checkOpenApiVersion(parsed, source);
  preflight(parsed, { source, allowExternalRefs, textLength: text.length, json });
  // External documents are bundled in first, so that the validation sees what they hold.
  const external = allowExternalRefs ? await bundleDocument(parsed, text, absoluteRef, source, true) : parsed;
  // Before the schema's rules: an operation that is a `$ref` is refused for a reason of ours, said as such.
  checkOperationRefs(external, source);
  const report = (() => {
    try {
      return lint(external);
    } catch (error) {
      throw stackExhausted(error, source, "validating");
    }
  })();
  throwFirstError(report.problems, source);
  // The bundler's own walk of the whole document, only where it would change more than inlineLikeTheBundler does.
  const document =
    allowExternalRefs || inlineLikeTheBundler(external, report.bundlerChanges)
      ? external
      : await bundleDocument(external, text, absoluteRef, source, false);
  checkOperationIds(document, source);
  checkPathTemplates(document, source);
  return loaded(from, source, document, sha256, text, bundled, styleWarnings(report.problems, source));
}

function loaded(
  from: DescriptionSource,
  source: string,
  document: OpenApiDocument,
  sha256: string,
  text: string,
  bundled: Awaited<ReturnType<typeof bundledSidecar>>,
  warnings: string[] = [],
): LoadedDescription {
  const apiFromUrl = from.url
    ? apiVersionSegment(new URL(descriptionUrl(from.url)).pathname.replace(/\/[^/]*\.(json|ya?ml)$/i, ""))
    : undefined;
  return {
    source,
    document,
    sha256,
    text,
    warnings,
    version: {
      info: apiName(document).version,
      api: apiFromUrl ?? apiVersionSegment(document.servers?.[0]?.url),
    },
    ...(bundled ? { levels: bundled.levels, note: bundled.note } : {}),
    ...(bundled?.wholePaths ? { wholePaths: bundled.wholePaths } : {}),
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
  if (from.file === undefined)
    return {
      source: "bundled v1.2 description",
      absoluteRef: bundledDescriptionPath,
      text: readFileSync(bundledDescriptionPath, "utf8"),
    };
  const path = resolve(from.cwd ?? process.cwd(), from.file);
  return { source: from.file, absoluteRef: path, text: await readFileText(path, from.file) };
}

/**
 * A file's text, reading at most MAX_DESCRIPTION_BYTES + 1 bytes (a device or a huge file fails fast). By a file
 * descriptor, not a read stream: a stream loads Node's stream modules (a few ms of every `audit`) and reads 64 KiB at
 * a time; a regular file is read here in one go, its size known.
 */
async function readFileText(path: string, source: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const hint = fstatSync(fd).size;
    while (size <= MAX_DESCRIPTION_BYTES) {
      const chunk = Buffer.allocUnsafe(Math.min(MAX_DESCRIPTION_BYTES + 1 - size, Math.max(hint + 1, 65_536)));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      size += bytesRead;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DescriptionError(source, code === "ENOENT" ? "no such file" : `cannot read (${code ?? String(error)})`);
  } finally {
    if (fd !== undefined)
      try {
        closeSync(fd);
      } catch {
        // nothing was written: a failed close loses nothing
      }
  }
  if (size > MAX_DESCRIPTION_BYTES) throw tooLarge(source);
  const bytes = Buffer.concat(chunks, size);
  return (isGzip(bytes) ? await gunzipCapped(bytes, source) : bytes).toString("utf8");
}

/** Gzip's magic number: no JSON or YAML text starts with byte 0x1f (a client folder's copy, `description.json.gz`). */
function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The gzip-compressed `bytes` inflated, at most MAX_DESCRIPTION_BYTES of them (a small file may inflate hugely). */
async function gunzipCapped(bytes: Buffer, source: string): Promise<Buffer> {
  const { gunzipSync } = await import("node:zlib");
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_DESCRIPTION_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(source);
    throw new DescriptionError(source, `not valid gzip data (${code ?? String(error)})`);
  }
}

function tooLarge(source: string): DescriptionError {
  return new DescriptionError(
    source,
    `larger than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MiB; not a description this tool will read`,
  );
}

/**
 * The ladder and note that come with the bundled description when `sha256` is its hash (the same bytes, read from
 * anywhere).
 */
async function bundledSidecar(
  sha256: string,
): Promise<{ levels: readonly string[]; note: string; wholePaths?: readonly string[] } | undefined> {
  const sidecar = JSON.parse(readFileSync(bundledLevelsPath, "utf8")) as {
    sha256: string;
    levels: string[];
    note: string;
    wholePaths?: string[];
  };
  if (sidecar.sha256 !== sha256) return undefined;
  return {
    levels: sidecar.levels,
    note: sidecar.note,
    ...(sidecar.wholePaths ? { wholePaths: sidecar.wholePaths } : {}),
  };
}

async function fetchText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: "application/json, application/yaml;q=0.9, */*;q=0.1" },
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === "TimeoutError"
        ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new DescriptionError(url, `cannot fetch the description: ${why}`);
  }
  if (!response.ok) {
    throw new DescriptionError(
      url,
      `cannot fetch the description: HTTP ${response.status}${response.statusText ? " " + response.statusText : ""}`,
    );
  }
  return readBody(response, url);
}

/** The body as text, refusing it as soon as it passes MAX_DESCRIPTION_BYTES (the timeout bounds the rest). */
async function readBody(response: Response, url: string): Promise<string> {
  if (Number(response.headers.get("content-length")) > MAX_DESCRIPTION_BYTES) throw tooLarge(url);
  let text: string | undefined;
  try {
    text = await readCapped(response, MAX_DESCRIPTION_BYTES);
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    const why = timedOut ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (error as Error).message;
    throw new DescriptionError(url, `cannot fetch the description: ${why}`);
  }
  if (text === undefined) throw tooLarge(url);
  return text;
}

function isJsonText(text: string, absoluteRef: string): boolean {
  return /\.json$/i.test(absoluteRef) || text.trimStart().startsWith("{");
}

function parse(text: string, json: boolean, source: string, absoluteRef: string): ParsedObject {
  let parsed: unknown;
  if (json) {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new DescriptionError(source, `invalid JSON: ${(error as Error).message}`);
    }
  } else {
    try {
      parsed = loadRedocly().makeDocumentFromString(text, absoluteRef).parsed;
    } catch (error) {
      throw new DescriptionError(source, `invalid YAML: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new DescriptionError(source, "not an OpenAPI description (the top level is not an object)", "");
  }
  return parsed as ParsedObject;
}

function checkOpenApiVersion(doc: ParsedObject, source: string): asserts doc is ParsedObject & OpenApiDocument {
  if (doc.swagger !== undefined) {
    throw new DescriptionError(
      source,
      `Swagger ${doc.swagger} is not supported: convert it to OpenAPI 3.x first`,
      "/swagger",
    );
  }
  if (typeof doc.openapi !== "string" || !/^3\.\d+(\.\d+)?/.test(doc.openapi)) {
    const found = doc.openapi === undefined ? "no `openapi` field" : `openapi: ${JSON.stringify(doc.openapi)}`;
    throw new DescriptionError(source, `only OpenAPI 3.x descriptions are supported (found ${found})`, "/openapi");
  }
}

/** The bundler's rules: what it reports (an external document it cannot read) refuses the description. */
const bundlerRules = { "no-unresolved-refs": "error" } as const;

/** The description after redocly's bundler; its problems (the lint has passed) as the lint's are. */
async function bundleDocument(
  parsed: OpenApiDocument,
  text: string,
  absoluteRef: string,
  source: string,
  allowExternalRefs: boolean,
): Promise<OpenApiDocument> {
  const redocly = loadRedocly();
  const { bundle, createConfig, Source } = redocly;
  const config = await createConfig({ rules: bundlerRules });
  const bundled = await bundle({
    config,
    doc: { source: new Source(absoluteRef, text), parsed },
    dereference: false,
    externalRefResolver: refResolver(redocly, allowExternalRefs, config.resolve),
  }).catch((error: unknown) => Promise.reject(stackExhausted(error, source, "bundling")));
  throwFirstError(
    bundled.problems.map((p) => ({
      severity: p.severity === "error" ? "error" : "warn",
      ruleId: "no-unresolved-refs",
      message: p.message,
      pointer: p.location?.[0]?.pointer?.replace(/^#/, "") ?? "",
    })),
    source,
  );
  return bundled.bundle.parsed as OpenApiDocument;
}

/**
 * redocly's walkers recurse once per level, following `$ref`s; limits.ts bounds nesting and alias chains, but a
 * long enough path through distinct schemas (each a property of the last) can still exhaust the stack: say so in
 * one line rather than with a stack trace.
 */
function stackExhausted(error: unknown, source: string, doing: string): unknown {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return error;
  return new DescriptionError(
    source,
    `nested too deeply to process (the call stack ran out while ${doing}; ` +
      "look for a long path of $refs through nested schemas)",
  );
}

function throwFirstError(problems: readonly LintProblem[], source: string): void {
  const errors = problems.filter((p) => p.severity === "error");
  const first = errors[0];
  if (!first) return;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})` : "";
  throw new DescriptionError(source, first.message + more, first.pointer);
}

/** Warnings past this many are counted in one line, not listed (a description can break a style rule everywhere). */
const MAX_WARNINGS = 5;

function styleWarnings(problems: readonly LintProblem[], source: string): string[] {
  const warnings = problems.filter((p) => p.severity === "warn");
  const lines = warnings
    .slice(0, MAX_WARNINGS)
    .map((w) => `${source}: ${w.message} (at ${w.pointer || "/"}; a rule of the OpenAPI schema, not refused)`);
  if (warnings.length > MAX_WARNINGS)
    lines.push(`${source}: ${warnings.length - MAX_WARNINGS} more problems of the same kind (not refused)`);
  return lines;
}
