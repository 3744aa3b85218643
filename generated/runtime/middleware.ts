/**
 * The token attacher (openapi-fetch middleware, registered after the guard): adds the access token to requests the
 * guard marked as needing one, only when they go below the client's own base URL; on a 401 it drops that token,
 * gets one new token and retries the call once.
 */
import type { Middleware } from "openapi-fetch";
import { CredentialsError } from "./errors.js";
import type { TokenSource } from "./token.js";

export interface AuthConfig {
  /** Undefined for a client created without credentials (public operations only). */
  tokens: TokenSource | undefined;
  /** Requests the guard found to need a token. */
  needsToken: WeakSet<Request>;
  /** The client's canonical base URL; the token goes only to URLs below it. */
  baseUrl: string;
  /** Written before the token (`"Bearer"` gives `Bearer <token>`); none by default: the header is the bare token. */
  authorizationPrefix: string | undefined;
}

export function authMiddleware(config: AuthConfig): Middleware {
  const below = `${config.baseUrl}/`;
  const header = (token: string) => (config.authorizationPrefix ? `${config.authorizationPrefix} ${token}` : token);
  /** The token each request was sent with, and a replayable copy of requests with a body. */
  const sent = new WeakMap<Request, { token: string; copy: Request | undefined }>();

  return {
    onRequest({ request }) {
      if (!config.needsToken.has(request)) return undefined;
      // A caller's own Authorization header wins (e.g. a token obtained elsewhere).
      if (request.headers.has("authorization")) return undefined;
      if (!request.url.startsWith(below)) return undefined;
      const tokens = config.tokens;
      if (!tokens) {
        throw new CredentialsError(`${request.method} ${request.url.slice(config.baseUrl.length)} needs a token: create the client with clientId and privateKey`);
      }
      const attach = (token: string): undefined => {
        request.headers.set("authorization", header(token));
        sent.set(request, { token, copy: request.body === null ? undefined : request.clone() });
        return undefined;
      };
      // The common case, a cached token, stays synchronous.
      const cached = tokens.current();
      return cached !== undefined ? attach(cached) : tokens.get().then(attach);
    },
    async onResponse({ request, response, options }) {
      if (response.status !== 401) return undefined;
      const first = sent.get(request);
      if (!first || !config.tokens) return undefined;
      config.tokens.invalidate(first.token);
      const token = await config.tokens.get();
      const retry = first.copy ?? new Request(request);
      retry.headers.set("authorization", header(token));
      await response.body?.cancel();
      return options.fetch(retry);
    },
  };
}
