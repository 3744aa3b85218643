/**
 * The TypeScript compiler the code-base analyses run on, loaded with `require`. An ESM `import` of TypeScript's 9 MB
 * CommonJS file makes Node parse it twice more before compiling it (once to tell its format, once for its export
 * names): about 0.7 s of every `needs` and `diff --code` run. Types are imported from "typescript" as usual
 * (`import type * as TS from "typescript"`); values come from here.
 */
import { createRequire } from "node:module";
import type * as TS from "typescript";

export const ts: typeof TS = createRequire(import.meta.url)("typescript");
