/**
 * The CommonJS packages generation runs on, loaded with `require`, each when first needed. An ESM `import` of a
 * CommonJS file makes Node scan its source for export names and, in a package without a `type`, parse it once more to
 * guess its format: for TypeScript's 9 MB compiler, which openapi-typescript loads, that is about a second of every
 * run, where `require` only compiles it. openapi-typescript ships a CommonJS build beside its ESM one.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

export type Redocly = typeof import("@redocly/openapi-core");
export type OpenapiTypescript = typeof import("openapi-typescript");

/** Where @redocly/openapi-core is (its bundler and YAML reader; openapi-typescript requires it too). */
export const redoclyPath = require.resolve("@redocly/openapi-core");

/** redocly's node types module (its `normalizeTypes`), for `ownKeysOnly`. */
export const redoclyTypesPath = join(dirname(redoclyPath), "types", "index.js");

export function loadRedocly(): Redocly {
  ownKeysOnly(require(redoclyTypesPath));
  return require(redoclyPath) as Redocly;
}

/**
 * redocly 1.x looks a description's keys up in its type maps as `type.properties[key]`, plain objects: a schema
 * property or an extension named `constructor`, `hasOwnProperty`, `valueOf`... finds Object.prototype's member, which
 * redocly then calls as a type resolver (a crash) or takes for a type (a false "Expected type" message). Wrap its
 * `normalizeTypes` once so that every `properties` map it returns has no prototype. Self-contained: the lint worker
 * runs it from source too.
 */
export function ownKeysOnly(types: { normalizeTypes: (...args: any[]) => Record<string, any> }): void {
  const normalize = types.normalizeTypes as ((...args: any[]) => Record<string, any>) & { ownKeysOnly?: true };
  if (normalize.ownKeysOnly) return;
  const wrapped = Object.assign(
    function (this: unknown, ...args: any[]) {
      const normalized = normalize.apply(this, args);
      for (const type of Object.values(normalized)) {
        if (type?.properties && Object.getPrototypeOf(type.properties) !== null)
          type.properties = Object.assign(Object.create(null), type.properties);
      }
      return normalized;
    },
    { ownKeysOnly: true as const },
  );
  types.normalizeTypes = wrapped;
}

/** The TypeScript compiler openapi-typescript builds its syntax trees with (loaded with it). */
export function loadTypescriptOf(): typeof import("typescript") {
  return createRequire(require.resolve("openapi-typescript"))("typescript") as typeof import("typescript");
}

/**
 * The versions of openapi-typescript and of the TypeScript it builds with, as installed: what schema.d.ts's text
 * depends on besides the description and our options. Read from their package.json files, loading neither.
 */
export function schemaEmitterVersions(): { openapiTypescript: string; typescript: string } {
  const version = (file: string) => String((JSON.parse(readFileSync(file, "utf8")) as { version: unknown }).version);
  const ots = require.resolve("openapi-typescript/package.json");
  return {
    openapiTypescript: version(ots),
    typescript: version(createRequire(ots).resolve("typescript/package.json")),
  };
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
