/** Small descriptions written by the tests, and a real HTTP server to serve them. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LoadedDescription } from "../../generator/description/read.js";
import { buildModel, type Model, type ScopeOptions } from "../../generator/model/model.js";
import { listenLocal } from "./http.js";

type Op = Record<string, unknown>;

/**
 * The model of `doc` as if read from `source`, on the green < yellow < red ladder unless `options` say otherwise;
 * `listed`: the templates a ladder file marks as whole paths, as the bundled description's does.
 */
export function modelOf(
  doc: Record<string, any>,
  source: string,
  options: ScopeOptions = {},
  listed?: string[],
): Model {
  const loaded: LoadedDescription = {
    source,
    document: doc,
    text: JSON.stringify(doc),
    sha256: "0".repeat(64),
    version: { info: String(doc.info.version) },
    ...(listed ? { wholePaths: listed } : {}),
  };
  return buildModel(loaded, { levels: ["green", "yellow", "red"], ...options });
}

/** A minimal valid OpenAPI document whose operations are given as `"METHOD /path": operation`. */
export function description(ops: Record<string, Op>, extra: Record<string, unknown> = {}): Record<string, any> {
  const paths: Record<string, Record<string, Op>> = {};
  for (const [key, op] of Object.entries(ops)) {
    const [method, path] = key.split(" ") as [string, string];
    paths[path] ??= {};
    paths[path]![method.toLowerCase()] = { responses: { "200": { description: "OK" } }, ...op };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Test API", version: "9.9" },
    components: {
      securitySchemes: {
        oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://example.test/token", scopes: {} } } },
      },
    },
    paths,
    ...extra,
  };
}

export const secured = { security: [{ oauth: [] }] };

/** A required string path parameter named `name` (`extra` adds to or overrides its fields). */
export function pathParam(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, in: "path", required: true, schema: { type: "string" }, ...extra };
}

export function writeJson(dir: string, name: string, doc: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return path;
}

/** Serve fixed routes on 127.0.0.1; anything else is 404. */
export async function serve(routes: Record<string, { status?: number; type?: string; body: string }>) {
  return listenLocal((req, res) => {
    const route = routes[req.url ?? ""];
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(route.status ?? 200, { "content-type": route.type ?? "application/json" }).end(route.body);
  });
}
