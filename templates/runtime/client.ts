/**
 * The scoped client: openapi-fetch with two middlewares, the color guard then the token attacher, and the form
 * encoding chosen per operation before openapi-fetch serializes a body.
 */
import createFetchClient, { type Client } from "openapi-fetch";
import { formBody, formOperations, FORM_MEDIA_TYPE } from "./form.js";
import { createGuard, guardMiddleware } from "./guard.js";
import { compileTable } from "./matcher.js";
import { authMiddleware } from "./middleware.js";
import { resolveOptions, type ClientOptions } from "./options.js";
import type { ScopedClient } from "./scoped-types.js";
import type { OperationTable } from "./table.js";

export interface ClientSpec<L extends readonly string[] = readonly string[]> {
  operations: OperationTable;
  ladder: L;
  defaultBaseUrl?: string;
}

type Init = { body?: unknown; bodySerializer?: unknown; headers?: unknown } & Record<string, unknown>;
const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/**
 * A client for the operations in `spec`, refusing (before any I/O) every call its color may not make. The types
 * follow `Color`: a literal color admits only the operations it may call; a plain `string` admits all of them.
 */
export function createScopedClient<Paths extends {}, Scopes, L extends readonly string[], Color extends string>(
  spec: ClientSpec<readonly string[]>,
  options: ClientOptions<Color, readonly string[]>,
): ScopedClient<Paths, Scopes, L, Color> {
  const resolved = resolveOptions(options, spec);
  const table = compileTable(spec.operations);
  const needsToken = new WeakSet<Request>();
  const inner = createFetchClient<any>({ baseUrl: resolved.baseUrl, fetch: resolved.fetch, headers: resolved.headers });
  inner.use(
    guardMiddleware(createGuard({ table, ladder: resolved.ladder, color: resolved.color, baseUrl: resolved.baseUrl }), needsToken),
    authMiddleware({ tokens: resolved.tokens, needsToken, baseUrl: resolved.baseUrl, authorizationPrefix: resolved.authorizationPrefix }),
  );

  const isForm = formOperations(table);
  const withForm = (method: string, url: string, init: Init | undefined): Init | undefined => {
    if (init?.body === undefined || init.bodySerializer !== undefined || hasContentType(init.headers) || !isForm(method, url)) return init;
    return { ...init, bodySerializer: formBody, headers: addContentType(init.headers) };
  };

  const client: Record<string, unknown> = {
    request: (method: string, url: string, init?: Init) => inner.request(method as never, url as never, withForm(method.toUpperCase(), url, init) as never),
    use: inner.use,
    eject: inner.eject,
  };
  for (const method of METHODS) {
    const call = inner[method] as (url: string, init?: Init) => Promise<unknown>;
    client[method] = (url: string, init?: Init) => call(url, withForm(method, url, init));
  }
  // util.inspect shows what the client is, never what it holds (the key and tokens live in closures anyway).
  Object.defineProperty(client, Symbol.for("nodejs.util.inspect.custom"), {
    value: () => `ScopedClient { color: ${JSON.stringify(resolved.color)}, baseUrl: ${JSON.stringify(resolved.baseUrl)} }`,
  });
  return client as unknown as ScopedClient<Paths, Scopes, L, Color> & Client<Paths>;
}

function hasContentType(headers: unknown): boolean {
  if (!headers) return false;
  if (headers instanceof Headers) return headers.has("content-type");
  return Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
}

function addContentType(headers: unknown): Headers | Record<string, unknown> {
  if (headers instanceof Headers) {
    const copy = new Headers(headers);
    copy.set("content-type", FORM_MEDIA_TYPE);
    return copy;
  }
  return { ...(headers as Record<string, unknown> | undefined), "content-type": FORM_MEDIA_TYPE };
}
