/**
 * The CommonJS packages generation runs on, loaded with `require`, each when first needed. An ESM `import` of a
 * CommonJS file makes Node scan its source for export names and, in a package without a `type`, parse it once more to
 * guess its format: for TypeScript's 9 MB compiler, which openapi-typescript loads, that is about a second of every
 * run, where `require` only compiles it. openapi-typescript ships a CommonJS build beside its ESM one.
 *
 * openapi-typescript and redocly are some 360 files; Node resolves, reads and wraps each on its own, about 40 ms of
 * the 0.4 s `generate` takes on a small description. The build bundles both into one file (bin/build.mjs,
 * `packagesBundle`), which is loaded instead when it was made from the very versions installed beside it, TypeScript
 * left outside (one compiler for openapi-typescript and for us). In the bundle, redocly runs only when first used
 * (bin/build.mjs, `lazyRedocly`): openapi-typescript requires all of it at load for its openapiTS(), which sfapi-gen
 * never calls (emit/schema.ts), so `generate` on a JSON description runs only the few modules of it openapi-typescript
 * reads `$ref`s with. From source (no bundle), openapi-typescript's `require` loads all of redocly: slower, the same
 * output.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { packageRoot } from "../package-files.js";

const require = createRequire(import.meta.url);

export type Redocly = typeof import("@redocly/openapi-core");
export type OpenapiTypescript = typeof import("openapi-typescript");

/**
 * Where @redocly/openapi-core is (its bundler and YAML reader, for read.ts; openapi-typescript requires it too).
 * Resolved when first asked: `audit` loads this module and never redocly.
 */
const redoclyPath = () => require.resolve("@redocly/openapi-core");

/** redocly's node types module (its `normalizeTypes`), for `ownKeysOnly`. */
const redoclyTypesPath = () => join(dirname(redoclyPath()), "types", "index.js");

/** The build's bundle of openapi-typescript and redocly (bin/build.mjs writes it; a run from source may have none). */
export const PACKAGES_BUNDLE: string = join(packageRoot, "dist", "generator", "description", "packages.cjs");

/**
 * What the bundle exports: the two packages and redocly's types module (these two are getters: redocly loads when
 * first read).
 */
interface PackagesBundle {
  openapiTypescript: OpenapiTypescript;
  redocly: Redocly;
  redoclyTypes: { normalizeTypes: (...args: any[]) => Record<string, any> };
  versions: Record<string, string>;
}

let packagesBundle: PackagesBundle | null | undefined;

/**
 * The bundle, when it holds the versions of openapi-typescript, redocly and TypeScript installed now and its
 * `require("typescript")` finds the compiler openapi-typescript's own would; else (no bundle, any doubt) nothing, and
 * each package is required from node_modules as before.
 */
function bundledPackages(): PackagesBundle | undefined {
  if (packagesBundle === undefined) packagesBundle = readBundle() ?? null;
  return packagesBundle ?? undefined;
}

function readBundle(): PackagesBundle | undefined {
  if (!existsSync(PACKAGES_BUNDLE)) return undefined;
  const installed = packageVersions();
  const versions = bundleVersions();
  if (!versions || Object.keys(installed).some((name) => versions[name] !== installed[name])) return undefined;
  const typescript = createRequire(require.resolve("openapi-typescript")).resolve("typescript");
  if (createRequire(PACKAGES_BUNDLE).resolve("typescript") !== typescript) return undefined;
  return require(PACKAGES_BUNDLE) as PackagesBundle;
}

/** The versions the bundle was made from, from the small JSON file the build writes beside it. */
function bundleVersions(): Record<string, string> | undefined {
  try {
    return JSON.parse(readFileSync(PACKAGES_BUNDLE.replace(/\.cjs$/, ".json"), "utf8")) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/**
 * The installed versions of the packages the bundle holds, and of the TypeScript openapi-typescript builds with (the
 * build records the same names; bin/build.mjs).
 */
export function packageVersions(): Record<string, string> {
  const { openapiTypescript, typescript } = schemaEmitterVersions();
  return {
    "openapi-typescript": openapiTypescript,
    "@redocly/openapi-core": versionIn(join(dirname(dirname(redoclyPath())), "package.json")),
    typescript,
  };
}

export function loadRedocly(): Redocly {
  const bundle = bundledPackages();
  if (bundle) {
    ownKeysOnly(bundle.redoclyTypes);
    return bundle.redocly;
  }
  ownKeysOnly(require(redoclyTypesPath()));
  return require(redoclyPath()) as Redocly;
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
  const ots = require.resolve("openapi-typescript/package.json");
  return {
    openapiTypescript: versionIn(ots),
    typescript: versionIn(createRequire(ots).resolve("typescript/package.json")),
  };
}

/** The `version` of a package.json. */
function versionIn(file: string): string {
  return String((JSON.parse(readFileSync(file, "utf8")) as { version: unknown }).version);
}

/**
 * openapi-typescript's CommonJS build requires two ESM-only packages, which `require` loads from Node 20.19 on; an
 * older Node imports its ESM build instead.
 */
export async function loadOpenapiTypescript(): Promise<OpenapiTypescript> {
  const bundle = bundledPackages();
  if (bundle) {
    ownKeysOnly(bundle.redoclyTypes);
    return bundle.openapiTypescript;
  }
  try {
    return require("openapi-typescript") as OpenapiTypescript;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_REQUIRE_ESM") throw error;
    return import("openapi-typescript");
  }
}
