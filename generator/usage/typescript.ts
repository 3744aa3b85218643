/**
 * The TypeScript compiler the code-base analyses run on, loaded with `require`. An ESM `import` of TypeScript's 9 MB
 * CommonJS file makes Node parse it twice more before compiling it (once to tell its format, once for its export
 * names): about 0.7 s of every `needs` and `diff --code` run. Types are imported from "typescript" as usual
 * (`import type * as TS from "typescript"`); values come from here.
 */
import { createRequire } from "node:module";
import type * as TS from "typescript";

export const ts: typeof TS = createRequire(import.meta.url)("typescript");

/**
 * A compiler host for the code's Programs. JSDoc is parsed as `tsc` parses it: in JavaScript files (where it is
 * types), and in TypeScript files only the comments with `@see` or `@link` (which count as uses of a name); the rest
 * of a TypeScript file's JSDoc changes no type and no error, and parsing it (the standard library's, the client's
 * schema comments) was about a fifth of building the Program. The analyses read JSDoc only in JavaScript files.
 *
 * A host serves one Program (and the checks of it), which reads the disk as it is: whether a folder or a file exists
 * is asked of the file system once. Module resolution asks again for every import and type package (each
 * `node_modules` up the tree, hundreds of times): about 2,600 stats for a one-file code base, a fifth of its analysis.
 */
export function compilerHost(options: TS.CompilerOptions): TS.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  host.fileExists = once(host.fileExists);
  host.directoryExists = once(host.directoryExists ?? ts.sys.directoryExists);
  return host;
}

/** `exists`, asked once per path. */
function once(exists: (path: string) => boolean): (path: string) => boolean {
  const known = new Map<string, boolean>();
  return (path) => {
    let is = known.get(path);
    if (is === undefined) known.set(path, (is = exists(path)));
    return is;
  };
}
