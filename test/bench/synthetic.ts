/**
 * A synthetic description of `n` operations, for growth curves past GitHub's 1,030 (to 20,000): every operation a
 * GET or a POST on its own resource with a path parameter, a query parameter, a JSON answer and (POST) a JSON body,
 * each schema a component with a few properties and a `$ref` to a shared one, like a REST description's average
 * operation. Deterministic: the same `n` gives the same bytes.
 */
import { writeFileSync } from "node:fs";

export function syntheticDescription(n: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Meta: {
      type: "object",
      properties: { created: { type: "string", format: "date-time" }, etag: { type: "string" } },
      required: ["etag"],
    },
  };
  for (let i = 0; i < n; i++) {
    const name = `Item${i}`;
    const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
    const post = i % 3 === 2;
    paths[`/group${i % 97}/items${i}/{id}`] = {
      [post ? "post" : "get"]: {
        operationId: `${post ? "update" : "read"}Item${i}`,
        summary: `${post ? "Update" : "Read"} item ${i}`,
        tags: [`group${i % 97}`],
        "x-nersc-scope": ["green", "yellow", "red"][i % 3],
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "fields", in: "query", schema: { type: "array", items: { type: "string" } } },
        ],
        ...(post ? { requestBody: { required: true, ...json({ $ref: `#/components/schemas/${name}` }) } } : {}),
        responses: {
          "200": { description: "OK", ...json({ $ref: `#/components/schemas/${name}` }) },
          "404": { description: "Not found", ...json({ type: "object", properties: { detail: { type: "string" } } }) },
        },
      },
    };
    schemas[name] = {
      type: "object",
      properties: {
        id: { type: "string" },
        count: { type: "integer", minimum: 0 },
        state: { type: "string", enum: ["new", "active", "done"] },
        labels: { type: "array", items: { type: "string" } },
        meta: { $ref: "#/components/schemas/Meta" },
      },
      required: ["id", "state"],
    };
  }
  return {
    openapi: "3.0.3",
    info: { title: `Synthetic (${n} operations)`, version: "1.0.0" },
    servers: [{ url: "https://api.example.org/api/v1" }],
    paths,
    components: { schemas },
  };
}

export function writeSyntheticDescription(n: number, file: string): string {
  writeFileSync(file, JSON.stringify(syntheticDescription(n)));
  return file;
}
