/**
 * The CommonJS packages generation runs on, loaded with `require`, each when first needed. An ESM `import` of a
 * CommonJS file makes Node scan its source for export names and, in a package without a `type`, parse it once more to
 * guess its format: for TypeScript's 9 MB compiler, which openapi-typescript loads, that is about a second of every
 * run, where `require` only compiles it. openapi-typescript ships a CommonJS build beside its ESM one.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type Redocly = typeof import("@redocly/openapi-core");
export type OpenapiTypescript = typeof import("openapi-typescript");

/** Where @redocly/openapi-core is, for the lint worker to require it too. */
export const redoclyPath = require.resolve("@redocly/openapi-core");

export function loadRedocly(): Redocly {
  return require(redoclyPath) as Redocly;
}

/**
 * openapi-typescript's CommonJS build requires two ESM-only packages, which `require` loads from Node 20.19 on; an
 * older Node imports its ESM build instead.
 */
export async function loadOpenapiTypescript(): Promise<OpenapiTypescript> {
  try {
    return require("openapi-typescript") as OpenapiTypescript;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_REQUIRE_ESM") throw error;
    return import("openapi-typescript");
  }
}
