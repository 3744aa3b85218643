/**
 * The API under the base path: find the operation, check the caller's token and color exactly as the runtime's ladder
 * rules say, validate enumerated path parameters, then act out the operation or answer with its example.
 * The token is the whole Authorization header (no `Bearer ` prefix unless the facility was told to accept one).
 */
import type { OpenApiDocument } from "../load.js";
import { canCall, effectiveLevel, topLevel, UNRANKED } from "../levels.js";
import type { Model } from "../model.js";
import { resolve } from "../operations.js";
import type { Operation } from "../operations.js";
import { AccessTokenError } from "./access-tokens.js";
import type { AccessTokens, TokenHolder } from "./access-tokens.js";
import { capabilities, validationError } from "./capabilities.js";
import type { ClientRegistry } from "./clients.js";
import { responseExample } from "./examples.js";
import { detail, reply } from "./http.js";
import type { FacilityRequest, Reply } from "./http.js";
import type { Router } from "./routes.js";
import type { TaskStore } from "./tasks.js";

export interface ApiContext {
  model: Model;
  router: Router;
  tokens: AccessTokens;
  registry: ClientRegistry;
  tasks: TaskStore;
  acceptBearer: boolean;
}

/** `pathname`: the request path below the base path, still percent-encoded. */
export async function handleApiRequest(request: FacilityRequest, pathname: string, ctx: ApiContext): Promise<Reply> {
  const match = ctx.router.match(request.method, pathname);
  if (match.kind === "not-found") return detail(404, "Not Found");
  if (match.kind === "bad-encoding") return detail(400, "the request path is not valid percent-encoding");
  if (match.kind === "method-not-allowed") return { ...detail(405, "Method Not Allowed"), headers: { allow: match.allowed.join(", ") } };
  const { operation, params } = match;

  let holder: TokenHolder | undefined;
  if (operation.scope !== "public") {
    const authenticated = await authenticate(request, operation, ctx);
    if ("status" in authenticated) return authenticated;
    holder = authenticated;
  }
  const invalid = invalidPathParameter(ctx.model.description.document, operation, params);
  const clientId = holder?.clientId;
  if (invalid) return { ...invalid, clientId };

  const capability = capabilities.get(`${operation.method.toUpperCase()} ${operation.path}`);
  if (capability && holder) return { ...capability({ request, params, holder, tasks: ctx.tasks }), clientId };
  const example = responseExample(ctx.model.description.document, operation);
  return { ...reply(example?.status ?? 204, example?.body), clientId };
}

async function authenticate(request: FacilityRequest, operation: Operation, ctx: ApiContext): Promise<TokenHolder | Reply> {
  const needed = neededLevel(operation, ctx);
  const header = request.headers.authorization;
  if (!header) return detail(401, `missing access token: ${operation.method.toUpperCase()} ${operation.path} needs a token of level ${needed} in the Authorization header`);
  let token = header;
  if (/^bearer\s/i.test(header)) {
    if (!ctx.acceptBearer) return detail(401, 'the Authorization header must be the bare access token, without a "Bearer " prefix (start the facility with --accept-bearer to allow it)');
    token = header.replace(/^bearer\s+/i, "");
  }
  let holder: TokenHolder;
  try {
    holder = await ctx.tokens.verify(token.trim());
  } catch (error) {
    if (error instanceof AccessTokenError) return detail(401, error.message);
    throw error;
  }
  const client = ctx.registry.get(holder.clientId);
  if (!client || ctx.registry.isExpired(client)) return { ...detail(401, "the access token's client is expired or no longer registered"), clientId: holder.clientId };
  if (!canCall(ctx.model.ladder, holder.color, operation.scope)) {
    return { ...detail(403, `${operation.method.toUpperCase()} ${operation.path} needs level ${needed}; this client is "${holder.color}"`), clientId: holder.clientId };
  }
  return holder;
}

/** `"red"`, or `"red" (the top level: its scope is unranked)` when the operation has no level on the ladder. */
function neededLevel(operation: Operation, ctx: ApiContext): string {
  const level = effectiveLevel(ctx.model.ladder, operation.scope);
  if (level === operation.scope) return `"${level}"`;
  const why = operation.scope === UNRANKED ? "its scope is unranked" : `its scope "${operation.scope}" is not on the ladder`;
  return `"${topLevel(ctx.model.ladder)}" (the top level: ${why})`;
}

/** A path parameter outside its schema's enum (an unknown machine, say) is FastAPI's 422. */
function invalidPathParameter(doc: OpenApiDocument, operation: Operation, params: Record<string, string>): Reply | undefined {
  const item = doc.paths?.[operation.path] ?? {};
  const declared = [...(item.parameters ?? []), ...(item[operation.method]?.parameters ?? [])].map((p: unknown) => resolve(doc, p));
  for (const parameter of declared) {
    if (parameter?.in !== "path" || !(parameter.name in params)) continue;
    const allowed = enumOf(doc, parameter.schema);
    if (allowed && !allowed.includes(params[parameter.name])) {
      return validationError(["path", parameter.name], `value is not a valid enumeration member; permitted: ${allowed.map((v) => JSON.stringify(v)).join(", ")}`, "type_error.enum");
    }
  }
  return undefined;
}

function enumOf(doc: OpenApiDocument, schema: unknown): unknown[] | undefined {
  const node = resolve(doc, schema);
  if (Array.isArray(node?.enum)) return node.enum;
  const [only] = Array.isArray(node?.allOf) && node.allOf.length === 1 ? node.allOf : [];
  return only ? enumOf(doc, only) : undefined;
}
