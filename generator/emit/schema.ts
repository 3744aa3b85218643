/** `schema.d.ts`: the description's types (paths, components, operations), by openapi-typescript. */
import { astToString, COMMENT_HEADER, resolveRef, scanDiscriminators, transformSchema } from "openapi-typescript";
import type { GlobalContext, OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import { createConfig } from "@redocly/openapi-core";
import type { OpenApiDocument } from "../load.js";

// `openapiTS()` would lint and bundle the description a second time (over a second on GitHub's 13 MB description)
// although load.ts already did both; so run its transform directly, with the context openapiTS builds by default.
const options: OpenAPITSOptions = { silent: true };
const noRules = createConfig({ rules: {} });

export async function emitSchema(document: OpenApiDocument): Promise<string> {
  const schema = document as OpenAPI3;
  const ctx: GlobalContext = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    // A property with a default but not `required` may be left out (the server fills it in): optional, as the
    // description's `required` list says, in request bodies and answers alike.
    defaultNonNullable: false,
    discriminators: scanDiscriminators(schema, options),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: await noRules, // read only by openapiTS's own lint/bundle step, which this skips
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => resolveRef(schema, $ref, { silent: true }),
  };
  return COMMENT_HEADER + astToString(transformSchema(schema, ctx));
}
