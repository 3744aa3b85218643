/**
 * The API under the base path: find the operation, check the caller's token and color exactly as the runtime's ladder
 * rules say, check parameters and form bodies against the description (FastAPI's 422), then act out the operation,
 * give its canned answer, or (for an operation the facility does not know) answer with its schema's example.
 * The token is the Authorization header, bare or after `Bearer ` (every client of the facility sends the prefix; ours
 * sends the bare token): both are accepted unless the facility was told to take only one form.
 * Under the security policy the token's scopes take the place of its color (grants.ts: RFC 6750's 403
 * `insufficient_scope`, and a `WWW-Authenticate: Bearer` challenge on every 401).
 */

import type { Model } from "../model/model.js";
import type { Operation } from "../model/operations.js";
import { canCall, effectiveLevel, levelRank, topLevel, UNRANKED } from "../model/scope.js";
import type { AccessTokens, TokenHolder } from "./access-tokens.js";
import { AccessTokenError } from "./access-tokens.js";
import type { World } from "./answer.js";
import { canned } from "./canned.js";
import { capabilities } from "./capabilities.js";
import { responseExample } from "./examples.js";
import { insufficientScope, scopesNeeded, withBearerChallenge } from "./grants.js";
import type { FacilityRequest, Reply } from "./http.js";
import { detail, reply } from "./http.js";
import type { Router } from "./routes.js";
import { invalidParameters, readForm } from "./validation.js";

export interface ApiContext {
  model: Model;
  router: Router;
  tokens: AccessTokens;
  world: World;
  /** Which forms of the Authorization header are taken: both (the default), or only the bare token or only `Bearer`. */
  authorization: AuthorizationForms;
}

export type AuthorizationForms = "bare-or-bearer" | "bare" | "bearer";

/** `pathname`: the request path below the base path, still percent-encoded. */
export async function handleApiRequest(request: FacilityRequest, pathname: string, ctx: ApiContext): Promise<Reply> {
  const query = request.url.searchParams;
  const match = ctx.router.match(request.method, pathname, (name) => {
    const header = request.headers[name];
    const values = header === undefined ? [] : Array.isArray(header) ? [...header] : [header];
    for (const [key, value] of query) if (key.toLowerCase() === name) values.push(value);
    return values;
  });
  if (match.kind === "not-found") return detail(404, "Not Found");
  if (match.kind === "bad-encoding") return detail(400, "the request path is not valid percent-encoding");
  if (match.kind === "method-not-allowed")
    return { ...detail(405, "Method Not Allowed"), headers: { allow: match.allowed.join(", ") } };
  const { operation, params, also } = match;

  let holder: TokenHolder | undefined;
  // The request may be any of these (a route, a literal sibling's template): the token must allow every one.
  const secured = [operation, ...also].filter((op) => op.scope !== "public");
  if (secured.length > 0) {
    const authenticated = await authenticate(request, secured, ctx);
    if ("status" in authenticated)
      return ctx.model.policy === "security"
        ? withBearerChallenge(authenticated, request.headers.authorization !== undefined)
        : authenticated;
    holder = authenticated;
  }
  const clientId = holder?.clientId;
  const doc = ctx.model.description.document;
  const invalid = invalidParameters(doc, operation, params, query);
  if (invalid) return { ...invalid, clientId };
  const form = readForm(doc, operation, request);
  if (form && !(form instanceof URLSearchParams)) return { ...form, clientId };

  const key = `${operation.method.toUpperCase()} ${operation.path}`;
  // A machine whose system is down refuses work, as the facility does, whatever the operation would have done.
  const down = ctx.world.outages.refusal(key, params.machine);
  if (down) return { ...down, clientId };
  const answer = capabilities.get(key) ?? canned.get(key);
  if (answer) {
    // State belongs to the account the client acts for, not to the client: a user's clients share it.
    const client = clientId === undefined ? undefined : ctx.world.registry.get(clientId);
    const owner = client?.user ?? "";
    return { ...(await answer({ request, params, query, form, owner, client, world: ctx.world })), clientId };
  }
  const example = responseExample(doc, operation);
  return { ...reply(example?.status ?? 204, example?.body), clientId };
}

/** `operations`: every secured operation the request may be; the first is the one it routes to. */
async function authenticate(
  request: FacilityRequest,
  operations: readonly Operation[],
  ctx: ApiContext,
): Promise<TokenHolder | Reply> {
  const scoped = ctx.model.policy === "security";
  const ladder = ctx.model.ladder;
  // The most demanding of them words the refusal (the first that is most demanding).
  const operation = scoped
    ? operations[0]!
    : operations.reduce((most, op) =>
        levelRank(ladder, effectiveLevel(ladder, op.scope)) > levelRank(ladder, effectiveLevel(ladder, most.scope))
          ? op
          : most,
      );
  const needed = scoped ? undefined : neededLevel(operation, ctx);
  const header = request.headers.authorization;
  if (!header) {
    const token = needed === undefined ? scopesNeeded(operation) : `a token of level ${needed}`;
    const call = `${operation.method.toUpperCase()} ${operation.path}`;
    return detail(401, `missing access token: ${call} needs ${token} in the Authorization header`);
  }
  let token = header;
  const prefixed = /^bearer\s/i.test(header);
  if (prefixed && ctx.authorization === "bare")
    return detail(
      401,
      'the Authorization header must be the bare access token, without a "Bearer " prefix ' +
        "(this facility was started with --strict-authorization bare)",
    );
  if (!prefixed && ctx.authorization === "bearer")
    return detail(
      401,
      'the Authorization header must be "Bearer <token>" ' +
        "(this facility was started with --strict-authorization bearer)",
    );
  if (prefixed) token = header.replace(/^bearer\s+/i, "");
  let holder: TokenHolder;
  try {
    holder = await ctx.tokens.verify(token.trim());
  } catch (error) {
    if (error instanceof AccessTokenError) return detail(401, error.message);
    throw error;
  }
  const client = ctx.world.registry.get(holder.clientId);
  if (!client || ctx.world.registry.isExpired(client))
    return {
      ...detail(401, "the access token's client is expired or no longer registered"),
      clientId: holder.clientId,
    };
  if (scoped) {
    // A token without a `scope` claim holds no scope (fail closed); a grant must allow every operation it may be.
    const granted = new Set(holder.scopes ?? []);
    for (const op of operations) {
      const refused = insufficientScope(op, granted);
      if (refused) return { ...refused, clientId: holder.clientId };
    }
    return holder;
  }
  if (!canCall(ctx.model.ladder, holder.color, operation.scope)) {
    return {
      ...detail(
        403,
        `${operation.method.toUpperCase()} ${operation.path} needs level ${needed}; this client is "${holder.color}"`,
      ),
      clientId: holder.clientId,
    };
  }
  return holder;
}

/** `"red"`, or `"red" (the top level: its scope is unranked)` when the operation has no level on the ladder. */
function neededLevel(operation: Operation, ctx: ApiContext): string {
  const level = effectiveLevel(ctx.model.ladder, operation.scope);
  if (level === operation.scope) return `"${level}"`;
  const why =
    operation.scope === UNRANKED ? "its scope is unranked" : `its scope "${operation.scope}" is not on the ladder`;
  return `"${topLevel(ctx.model.ladder)}" (the top level: ${why})`;
}
