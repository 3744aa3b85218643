/**
 * Which operations take a whole file path in their trailing path parameter (`/utilities/ls/{machine}/{path}` with
 * `path` = `/global/homes/u/user`, slashes and all: a FastAPI `path` parameter). An OpenAPI description cannot say so
 * (FastAPI's own drops the `:path` converter from the template), so it is marked: by the description, with
 * `x-sfapi-whole-path: true` on the parameter, or by the bundled description's ladder file (`wholePaths`: the
 * templates whose trailing parameter is one). The mark reaches the operation table, where the runtime's path reader
 * (templates/runtime/path.ts) reads it for the guard, `needs`, `diff --code`, the facility and the named calls.
 */

import type { OpenApiDocument } from "../description/document.js";
import { escapePointer, resolve } from "../description/document.js";
import { DescriptionError } from "../errors.js";

export const WHOLE_PATH_FIELD = "x-sfapi-whole-path";

export interface WholePathMarks {
  /** Where the description came from, for errors. */
  source: string;
  /** Templates (`/utilities/ls/{machine}/{path}`) whose trailing parameter the ladder file marks. */
  listed?: readonly string[];
}

/** `{path}` -> `path` when `template`'s last segment is exactly one parameter; undefined otherwise. */
function trailingParameter(template: string): string | undefined {
  return /\/\{([^{}/]+)\}$/.exec(template)?.[1];
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
  if (marked === undefined && marks.listed?.includes(path)) marked = true;
  return marked ? trailing : undefined;
}

/** The JSON pointer of a path item. */
export function pathItemPointer(path: string): string {
  return `/paths/${escapePointer(path)}`;
}
