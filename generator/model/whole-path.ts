/**
 * Which operations take a whole file path in their trailing path parameter (`/utilities/ls/{machine}/{path}` with
 * `path` = `/global/homes/u/user`, slashes and all: a FastAPI `path` parameter). An OpenAPI description cannot say so
 * (FastAPI's own drops the `:path` converter from the template), so it is marked: by the description, with
 * `x-sfapi-whole-path: true` on the parameter, or by the bundled description's ladder file (`wholePaths`: the
 * templates whose trailing parameter is one). The mark reaches the operation table, where the runtime's path reader
 * (templates/runtime/path.ts) reads it for the guard, `needs`, `diff --code`, the facility and the named calls.
 */

import { requestPath } from "../../templates/runtime/matcher.js";
import type { OpenApiDocument } from "../description/document.js";
import { escapePointer, resolve } from "../description/document.js";
import { DescriptionError } from "../errors.js";

export const WHOLE_PATH_FIELD = "x-sfapi-whole-path";

export interface WholePathMarks {
  /** Where the description came from, for errors. */
  source: string;
  /** Templates (`/utilities/ls/{machine}/{path}`) whose trailing parameter the ladder file marks. */
  listed?: readonly string[];
  /**
   * Templates kept from a previous output's table (output/kept.ts). Unlike `listed`, one the description no longer has
   * is skipped, not refused: the description moved on, and the note says so (keptWholePaths).
   */
  kept?: readonly string[];
  /** Filled with the kept templates that made a difference: marked only because they were kept. */
  keptUsed?: Set<string>;
}

/**
 * `{path}` -> `path` when `template`'s last segment (of its request path: before a `#`/`?` key's discriminator) is
 * exactly one parameter; undefined otherwise.
 */
function trailingParameter(template: string): string | undefined {
  return /\/\{([^{}/]+)\}$/.exec(requestPath(template))?.[1];
}

/** Every listed template must be a path of the description ending in one of its path parameters. */
export function checkListedWholePaths(doc: OpenApiDocument, marks: WholePathMarks): void {
  for (const template of marks.listed ?? []) {
    const name = trailingParameter(template);
    const problem = !Object.hasOwn(doc.paths ?? {}, template)
      ? "is not a path of the description"
      : name === undefined
        ? "does not end in a path parameter ({name})"
        : undefined;
    if (problem)
      throw new DescriptionError(
        marks.source,
        `the ladder file's wholePaths names ${JSON.stringify(template)}, which ${problem}`,
      );
  }
}

/**
 * The name of `path`'s trailing parameter when it carries a whole path for this operation, else undefined.
 * `parameters` are the operation's raw parameter lists (path item's, then operation's), with their JSON pointers.
 * A mark anywhere but on the trailing path parameter, or one that is not a boolean, is an error naming where.
 */
export function wholePathOf(
  doc: OpenApiDocument,
  path: string,
  lists: [parameters: unknown, pointer: string][],
  marks: WholePathMarks,
): string | undefined {
  const trailing = trailingParameter(path);
  let marked: boolean | undefined;
  for (const [list, pointer] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((ref, i) => {
      const parameter = resolve(doc, ref);
      if (!parameter || typeof parameter !== "object" || !Object.hasOwn(parameter, WHOLE_PATH_FIELD)) {
        // An operation-level parameter without the field overrides a path-level one that has it.
        if (parameter?.in === "path" && parameter.name === trailing) marked = undefined;
        return;
      }
      const value = parameter[WHOLE_PATH_FIELD];
      const at = `${pointer}/parameters/${i}`;
      if (typeof value !== "boolean")
        throw new DescriptionError(
          marks.source,
          `${WHOLE_PATH_FIELD} must be true or false, not ${JSON.stringify(value)}`,
          at,
        );
      if (value && (parameter.in !== "path" || parameter.name !== trailing)) {
        const last = trailing === undefined ? " (it has none)" : ` ("${trailing}")`;
        throw new DescriptionError(
          marks.source,
          `${WHOLE_PATH_FIELD} may only mark the path parameter in the last segment of ` +
            `${JSON.stringify(path)}${last}, ` +
            `not ${JSON.stringify(String(parameter.name))} in ${String(parameter.in)}`,
          at,
        );
      }
      marked = value;
    });
  }
  // The description's own mark, true or false, wins over a listed or kept one: it knows its operations better than a
  // ladder file or a previous output does.
  if (marked === undefined && marks.listed?.includes(path)) marked = true;
  if (marked === undefined && trailing !== undefined && marks.kept?.includes(path)) {
    marked = true;
    marks.keptUsed?.add(path);
  }
  return marked ? trailing : undefined;
}

/** What became of the whole-path marks kept from a previous output. */
export interface KeptWholePaths {
  /** Templates marked only because they were kept. */
  applied: string[];
  /** Kept templates left unmarked, with why. */
  skipped: { template: string; why: string }[];
}

/**
 * Sorts the `kept` templates by what became of them: applied (in `used`), already marked otherwise (neither list),
 * or skipped: no longer in the description, not ending in one path parameter, or unmarked by the description itself.
 */
export function keptWholePaths(
  doc: OpenApiDocument,
  kept: readonly string[],
  used: ReadonlySet<string>,
  marked: ReadonlySet<string>,
): KeptWholePaths {
  const result: KeptWholePaths = { applied: [], skipped: [] };
  for (const template of [...new Set(kept)].sort()) {
    if (used.has(template)) result.applied.push(template);
    else if (!Object.hasOwn(doc.paths ?? {}, template))
      result.skipped.push({ template, why: "no longer in the description" });
    else if (trailingParameter(template) === undefined)
      result.skipped.push({ template, why: "not ending in one path parameter" });
    else if (!marked.has(template))
      result.skipped.push({ template, why: `${WHOLE_PATH_FIELD}: false in the description` });
  }
  return result;
}

/** The JSON pointer of a path item. */
export function pathItemPointer(path: string): string {
  return `/paths/${escapePointer(path)}`;
}
