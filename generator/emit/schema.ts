/**
 * `schema.d.ts`: the description's types (paths, components, operations), by openapi-typescript, byte for byte what its
 * own CLI writes with `--default-non-nullable false`.
 */
import type { GlobalContext, OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import type { OpenapiTypescript } from "../description/cjs.js";
import { loadOpenapiTypescript, loadRedocly } from "../description/cjs.js";
import type { OpenApiDocument } from "../description/document.js";

/**
 * openapi-typescript's options. `defaultNonNullable: false`: a property with a default but not `required` may be left
 * out (the server fills it in), so it is optional, as the description's `required` list says, in request bodies and
 * answers alike.
 */
const options: OpenAPITSOptions = { silent: true, defaultNonNullable: false };

/**
 * Load openapi-typescript (and with it TypeScript's compiler, about 0.5 s) ahead of emitSchema, e.g. while the
 * description is validated.
 */
export function preloadSchemaEmitter(): void {
  void loadOpenapiTypescript().catch(() => undefined); // emitSchema reports a failure
}

export async function emitSchema(description: OpenApiDocument): Promise<string> {
  const document = description as OpenAPI3; // validated by read.ts
  const ots = await loadOpenapiTypescript();
  return ots.COMMENT_HEADER + ots.astToString(ots.transformSchema(document, await contextFor(ots, document)));
}

/** A description with one schema: enough for openapiTS() to call a `transform` hook, and so show its context. */
const PROBE: OpenAPI3 = {
  openapi: "3.0.3",
  info: { title: "probe", version: "0" },
  paths: {},
  components: { schemas: { probe: { type: "object" } } },
};

/**
 * The context in which `openapiTS(document, options)` transforms `document`. Not openapiTS() on the document itself:
 * it would lint and bundle it again, which read.ts has done (about 3.5 s more on GitHub's description: two more walks
 * of the whole document, even with a redocly config of no rules, and a JSON.stringify of it). So openapiTS() runs on a
 * probe description (a few milliseconds), its context (everything our options decide) is read from the `transform`
 * hook, and the two parts that are the document's, its discriminators and the resolver of its `$ref`s, are made for
 * `document`. A fresh context every time: the transform adds to it (the footer it injects).
 */
async function contextFor(ots: OpenapiTypescript, document: OpenAPI3): Promise<GlobalContext> {
  let seen: GlobalContext | undefined;
  const redocly = await loadRedocly().createConfig({ rules: {} });
  await ots.default(PROBE, { ...options, redocly, transform: (_schema, { ctx }) => void (seen ??= ctx) });
  if (!seen) throw new Error("openapi-typescript did not call its transform hook: its context cannot be read");
  return {
    ...seen,
    transform: options.transform,
    discriminators: ots.scanDiscriminators(document, options),
    resolve: ($ref) => ots.resolveRef(document, $ref, { silent: options.silent ?? false }),
  };
}
