/** `schema.d.ts`: the description's types (paths, components, operations), by openapi-typescript. */
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { createConfig } from "@redocly/openapi-core";
import type { OpenAPI3 } from "openapi-typescript";
import type { OpenApiDocument } from "../load.js";

// The description arrives already validated and bundled by load.ts; don't lint it a second time.
const noRules = createConfig({ rules: {} });

export async function emitSchema(document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { redocly: await noRules, silent: true });
  return COMMENT_HEADER + astToString(ast);
}
