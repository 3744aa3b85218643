/**
 * `schema.d.ts`: the description's types (paths, components, operations), by openapi-typescript, byte for byte what its
 * own CLI writes with `--default-non-nullable false`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { GlobalContext, OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import type { Node, TypeElement } from "typescript";
import type { OpenapiTypescript } from "../description/cjs.js";
import { loadOpenapiTypescript, loadTypescriptOf, schemaEmitterVersions } from "../description/cjs.js";
import type { OpenApiDocument } from "../description/document.js";
import { loadDescription } from "../description/read.js";
import { descriptionsDir } from "../package-files.js";

/**
 * openapi-typescript's options. `defaultNonNullable: false`: a property with a default but not `required` may be left
 * out (the server fills it in), so it is optional, as the description's `required` list says, in request bodies and
 * answers alike.
 */
export const SCHEMA_OPTIONS: OpenAPITSOptions = { silent: true, defaultNonNullable: false };

/**
 * The bundled description's schema.d.ts, made by the build (bin/build.mjs, `schemaCacheEntry`) into dist/: for those
 * bytes, loading openapi-typescript and TypeScript's compiler is most of a `generate` (Node 20 has no compile cache
 * to make that cheap). Used only for the same description bytes (their sha256) and the same versions of both
 * packages as installed now; a run from source has none, and any other description is transformed as always.
 */
export const SCHEMA_CACHE_FILE: string = join(descriptionsDir, "v1.2.schema.json");

export interface SchemaCacheEntry {
  /** The description's bytes, as `LoadedDescription.sha256`. */
  sha256: string;
  openapiTypescript: string;
  typescript: string;
  /** schema.d.ts for them. */
  schema: string;
}

/**
 * schema.d.ts for a description; `sha256`, the hash of its bytes, lets the bundled description's text come from
 * `cacheFile` (see SCHEMA_CACHE_FILE).
 */
export async function emitSchema(
  description: OpenApiDocument,
  sha256?: string,
  cacheFile: string = SCHEMA_CACHE_FILE,
): Promise<string> {
  const cached = sha256 === undefined ? undefined : cachedSchema(sha256, cacheFile);
  if (cached !== undefined) return cached;
  const document = description as OpenAPI3; // validated by read.ts
  const ots = await loadOpenapiTypescript();
  const operations = operationsCollector(loadTypescriptOf());
  const nodes = ots.transformSchema(document, { ...transformContext(ots, document), injectFooter: operations.footer });
  operations.finish();
  return ots.COMMENT_HEADER + ots.astToString(nodes);
}

/** The cached text when `cacheFile` holds it for these bytes and these versions; else (no file, any doubt) nothing. */
function cachedSchema(sha256: string, cacheFile: string): string | undefined {
  let entry: Partial<SchemaCacheEntry>;
  try {
    entry = JSON.parse(readFileSync(cacheFile, "utf8")) as Partial<SchemaCacheEntry>;
  } catch {
    return undefined;
  }
  if (entry.sha256 !== sha256 || typeof entry.schema !== "string") return undefined;
  const versions = schemaEmitterVersions();
  const same = entry.openapiTypescript === versions.openapiTypescript && entry.typescript === versions.typescript;
  return same ? entry.schema : undefined;
}

/** The cache entry for the bundled description, transformed now (for the build to write to SCHEMA_CACHE_FILE). */
export async function schemaCacheEntry(): Promise<SchemaCacheEntry> {
  const { document, sha256 } = await loadDescription();
  return { sha256, ...schemaEmitterVersions(), schema: await emitSchema(document) };
}

/**
 * The `operations` interface's member list, built once. openapi-typescript's `injectOperationObject` adds each
 * operation to it as `operations.members = createNodeArray([...operations.members, member])`: a copy of the whole list
 * per operation, quadratic (about a quarter of a 20,000-operation run, and growing). The footer here hands it an
 * empty, frozen list to copy each time, keeps the one new member it sets, and sets the whole list once at the end:
 * the same nodes in the same order, so the same text. Should openapi-typescript ever add members another way (mutate
 * the list, or set more than one at a time) this throws rather than lose one;
 * test/generator/emit/schema-operations.test.ts tells when upstream no longer copies, and this can go.
 */
export function operationsCollector(ts: typeof import("typescript")): { footer: Node[]; finish: () => void } {
  const footer: Node[] = [];
  const pending: { node: Node & { members: unknown }; members: TypeElement[] }[] = [];
  const empty = Object.freeze([]) as readonly Node[];
  footer.push = (...nodes: Node[]) => {
    for (const node of nodes) {
      if (!ts.isInterfaceDeclaration(node) || node.name.text !== "operations") continue;
      const entry = { node: node as Node & { members: unknown }, members: [...node.members] };
      pending.push(entry);
      Object.defineProperty(node, "members", {
        configurable: true,
        enumerable: true,
        get: () => empty,
        set: (next: readonly TypeElement[]) => {
          if (next.length !== 1)
            throw new Error("openapi-typescript set the operations list other than one member at a time");
          entry.members.push(next[0]!);
        },
      });
    }
    return Array.prototype.push.apply(footer, nodes);
  };
  return {
    footer,
    finish() {
      for (const { node, members } of pending) {
        Object.defineProperty(node, "members", {
          configurable: true,
          enumerable: true,
          writable: true,
          value: ts.factory.createNodeArray(members),
        });
      }
    },
  };
}

/**
 * The context in which `openapiTS(document, options)` transforms `document`, made as openapi-typescript 7's
 * `openapiTS` makes it: each option or its default, the discriminators and the resolver of `$ref`s of `document`, and
 * an empty footer (a fresh context every time: the transform adds to it). Not openapiTS() itself: it would lint and
 * bundle the document again, which read.ts has done (about 3.5 s more on GitHub's description), and it needs redocly,
 * which a `generate` of a JSON description otherwise never loads (bin/build.mjs, `lazyRedocly`).
 * test/generator/emit/schema-context.test.ts compares this, field by field, with the context openapiTS() hands a
 * `transform` hook, so that a field openapi-typescript adds or a default it changes fails there.
 */
export function transformContext(
  ots: OpenapiTypescript,
  document: OpenAPI3,
  options: OpenAPITSOptions = SCHEMA_OPTIONS,
): GlobalContext {
  const silent = options.silent ?? false;
  return {
    additionalProperties: options.additionalProperties ?? false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    discriminators: ots.scanDiscriminators(document, options),
    emptyObjectsUnknown: options.emptyObjectsUnknown ?? false,
    enum: options.enum ?? false,
    enumValues: options.enumValues ?? false,
    conditionalEnums: options.conditionalEnums ?? false,
    dedupeEnums: options.dedupeEnums ?? false,
    excludeDeprecated: options.excludeDeprecated ?? false,
    exportType: options.exportType ?? false,
    immutable: options.immutable ?? false,
    rootTypes: options.rootTypes ?? false,
    rootTypesNoSchemaPrefix: options.rootTypesNoSchemaPrefix ?? false,
    rootTypesKeepCasing: options.rootTypesKeepCasing ?? false,
    injectFooter: [],
    pathParamsAsTypes: options.pathParamsAsTypes ?? false,
    postTransform: typeof options.postTransform === "function" ? options.postTransform : undefined,
    propertiesRequiredByDefault: options.propertiesRequiredByDefault ?? false,
    redoc: options.redocly ?? NO_REDOCLY,
    silent,
    inject: options.inject ?? undefined,
    transform: typeof options.transform === "function" ? options.transform : undefined,
    transformProperty: typeof options.transformProperty === "function" ? options.transformProperty : undefined,
    makePathsEnum: options.makePathsEnum ?? false,
    generatePathParams: options.generatePathParams ?? false,
    readWriteMarkers: options.readWriteMarkers ?? false,
    resolve: ($ref) => ots.resolveRef(document, $ref, { silent }),
  };
}

/**
 * The context's redocly config, which openapiTS() uses to lint and bundle and its transform never reads. Made with
 * no redocly (loading it is what this saves), so it refuses every read: should a later openapi-typescript read it
 * while transforming, generation fails rather than run on a config that is not one.
 */
const NO_REDOCLY = new Proxy({} as GlobalContext["redoc"], {
  get(_, key) {
    throw new Error(`openapi-typescript read its redocly config's ${String(key)}, which sfapi-gen does not make`);
  },
});
