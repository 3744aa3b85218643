/**
 * Least privilege on the corpus: for a description `generate` read under the security policy (OAuth2 scopes per
 * operation), the scope audit, `needs` on a one-call consumer of the generated client, and the mock on that call:
 *
 * 1. the audit `buildAudit` made is the scope audit (format `sfapi-gen/audit-scopes@1`);
 * 2. a consumer (one .ts file beside the client) calls the first secured operation in table order by name through
 *    `createClient({ scopes, accessToken })`; `buildNeeds` on it prints the least grant, and whether it is proven;
 * 3. the facility, started in this process on the description, gets a client holding exactly that grant; the
 *    generated client, holding the token it got, makes the call: the mock must answer other than 403. Then, for each
 *    scope of the grant, the grant less that scope: some operation the call may reach (needs lists them: the one
 *    called, and those a value it does not see may fall on) must not be callable with it. The generated client
 *    holding it refuses a call to that operation itself (ScopeError), and the same call as a plain request with its
 *    token must be refused 403 by the mock. (The call with the consumer's own value may need less: needs does not
 *    read path values, so it counts what any value may reach, as the guard would judge it.)
 *
 * Each step's failure is a class (`needs`, `mock-refuses`, ...) with its first line, gathered in corpus.ts's notes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { startFacility } from "../../generator/facility/index.js";
import type { Model } from "../../generator/model/model.js";
import type { Operation } from "../../generator/model/operations.js";
import type { AnyAuditReport } from "../../generator/reports/audit/audit.js";
import { SCOPE_AUDIT_FORMAT_ID } from "../../generator/reports/audit/audit.js";
import { buildNeeds, SCOPE_NEEDS_FORMAT_ID } from "../../generator/reports/needs/needs.js";
import { accessToken } from "../support/facility.js";
import { rsaKey } from "../support/keys.js";

export interface ScopedOutcome {
  /** The scope audit was built (not the ladder's). */
  audit: boolean;
  /** The operation the consumer calls (none: no operation needs a scope). */
  operation?: string;
  needs?: { ok: true; grant: string[]; proven: boolean } | { ok: false; error: string };
  /** The mock's status for the call made with exactly the least grant (0: the call failed before an answer). */
  accepted?: { ok: boolean; status: number; error?: string };
  /** Per scope of the grant: the mock's status for the grant without it (403 expected). */
  refused?: { ok: boolean; statuses: Record<string, number> };
  /** The step that failed and how, for the notes. */
  failure?: { kind: string; error: string };
}

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split("\n")[0]!
    .slice(0, 300);

/**
 * The first operation in table order whose every alternative names a scope (so a grant short of one can be refused);
 * else the first with any requirement (an alternative without scopes, such as an API key: the least grant is empty).
 */
function securedOperation(model: Model): Operation | undefined {
  const sets = (op: Operation) => op.requirement.security?.anyOf ?? [];
  return (
    model.operations.find((op) => sets(op).length > 0 && sets(op).every((set) => set.scopes.length > 0)) ??
    model.operations.find((op) => sets(op).length > 0)
  );
}

/** Plain values for the call's required parameters (path ones always), as the runtime's named call takes them. */
function callArguments(op: Operation): Record<string, Record<string, string>> {
  const args: Record<string, Record<string, string>> = {};
  let n = 0;
  for (const p of op.parameters) {
    if (p.in === "cookie" || (p.in !== "path" && !p.required)) continue;
    if (p.in === "header" && /^(authorization|content-type|accept)$/i.test(p.name)) continue;
    args[p.in] ??= {};
    args[p.in]![p.name] = `v${n++}`;
  }
  return args;
}

/**
 * The call's status through the generated client: 2xx, or the ResponseError's; `ScopeError`s and other failures
 * before an answer are thrown.
 */
async function callStatus(clientDir: string, op: Operation, baseUrl: string, scopes: string[], token: string) {
  const { createClient } = await import(pathToFileURL(join(clientDir, "index.js")).href);
  const client = createClient({ baseUrl, scopes, accessToken: token });
  const args = callArguments(op);
  const body = op.requestBodyRequired ? { body: {} } : {};
  try {
    await client[op.name]({ ...args, ...body });
    return 200;
  } catch (error) {
    const status = (error as { name?: string; status?: number }).status;
    if ((error as Error).name === "ResponseError" && typeof status === "number") return status;
    throw error;
  }
}

/** The call as a plain request (the client's guard would stop it), holding `token`: the mock's status. */
async function fetchStatus(baseUrl: string, op: Operation, token: string): Promise<number> {
  const args = callArguments(op);
  const path = op.path.split(/[#?]/, 1)[0]!.replace(/\{([^{}]*)\}/g, (_, name: string) => args.path?.[name] ?? "v");
  const query = new URLSearchParams(args.query ?? {}).toString();
  const answer = await fetch(`${baseUrl}${path}${query ? `?${query}` : ""}`, {
    method: op.method.toUpperCase(),
    headers: {
      ...args.header,
      authorization: `Bearer ${token}`,
      ...(op.requestBodyRequired ? { "content-type": "application/json" } : {}),
    },
    ...(op.requestBodyRequired ? { body: "{}" } : {}),
  });
  await answer.arrayBuffer();
  return answer.status;
}

export async function scopedCheck(
  file: string,
  model: Model,
  audit: AnyAuditReport,
  clientDir: string,
  consumerDir: string,
): Promise<ScopedOutcome> {
  const outcome: ScopedOutcome = { audit: audit.format === SCOPE_AUDIT_FORMAT_ID };
  if (!outcome.audit) outcome.failure = { kind: "audit", error: `the audit is ${audit.format}` };
  const op = securedOperation(model);
  if (!op) {
    outcome.failure ??= { kind: "no-secured-operation", error: "no operation has a security requirement" };
    return outcome;
  }
  outcome.operation = op.name;
  const claimed = [...op.requirement.security!.anyOf[0]!.scopes];

  // 2. needs on a one-call consumer.
  mkdirSync(consumerDir, { recursive: true });
  const from = relative(consumerDir, clientDir).split("\\").join("/");
  const args = callArguments(op);
  writeFileSync(
    join(consumerDir, "call.ts"),
    `import { createClient } from "${from}/index.js";\n\n` +
      `const client = createClient({ scopes: ${JSON.stringify(claimed)}, accessToken: "t" });\n\n` +
      `export async function call() {\n` +
      `  return client.${op.name}(${Object.keys(args).length > 0 ? JSON.stringify(args) : ""});\n}\n`,
  );
  let grant: string[];
  let reached: { name: string; security?: string[][] }[];
  try {
    const report = buildNeeds({ code: consumerDir, client: clientDir });
    if (report.format !== SCOPE_NEEDS_FORMAT_ID) throw new Error(`needs printed ${report.format}`);
    // One use, of the operation called first: a call by name also needs every operation a value may fall on (a
    // route, a literal sibling, a deeper template through an encoded slash), so more may follow it.
    if (report.summary.uses !== 1 || report.uses[0]?.operations[0]?.name !== op.name)
      throw new Error(
        `needs found ${report.summary.uses} uses (${report.uses.map((u) => u.operations.map((o) => o.name)).join("; ")})`,
      );
    grant = report.grant.scopes;
    reached = report.uses[0]!.operations;
    outcome.needs = { ok: true, grant, proven: report.grant.proven };
  } catch (error) {
    outcome.needs = { ok: false, error: firstLine(error) };
    outcome.failure ??= { kind: "needs", error: firstLine(error) };
    return outcome;
  }

  // 3. The mock accepts exactly that grant and refuses it less any one scope.
  let facility: Awaited<ReturnType<typeof startFacility>>;
  try {
    facility = await startFacility({ file, shell: false });
  } catch (error) {
    outcome.failure ??= { kind: "mock-start", error: firstLine(error) };
    return outcome;
  }
  try {
    const publicKey = rsaKey().pkcs8;
    const tokenFor = async (scopes: string[], name: string) => {
      const { clientId } = facility.registerClient({ color: name, scopes, publicKey });
      return accessToken(facility, { clientId, privateKeyPem: publicKey });
    };
    try {
      const status = await callStatus(clientDir, op, facility.baseUrl, grant, await tokenFor(grant, "least"));
      outcome.accepted = { ok: status !== 403, status };
      if (status === 403) outcome.failure ??= { kind: "mock-refuses-least", error: `${op.name}: 403` };
    } catch (error) {
      outcome.accepted = { ok: false, status: 0, error: firstLine(error) };
      outcome.failure ??= { kind: `call-${(error as Error).name}`, error: `${op.name}: ${firstLine(error)}` };
    }
    if (grant.length > 0) {
      const statuses: Record<string, number> = {};
      for (const [i, scope] of grant.entries()) {
        const less = grant.filter((s) => s !== scope);
        // The operation of the call's reach that the smaller grant may not call: the one called, else one a value
        // may fall on (`getCategoryTree`'s id `1/fetch_item_aspects` is eBay's fetchItemAspects, which needs one
        // more scope); none means needs counted a scope no reached operation needs.
        const allowed = (o: (typeof reached)[number]) =>
          (o.security ?? []).length === 0 || o.security!.some((set) => set.every((s) => less.includes(s)));
        const target = reached.find((o) => !allowed(o));
        const targetOp = target && model.operations.find((o) => o.name === target.name);
        if (!targetOp) {
          statuses[scope] = 0;
          outcome.failure ??= {
            kind: "needs-over-counts",
            error: `${op.name} without ${scope}: every operation it may reach is allowed`,
          };
          continue;
        }
        const called = targetOp === op ? op.name : `${op.name} (falling on ${targetOp.name})`;
        try {
          const token = await tokenFor(less, `less${i}`);
          // The generated client holding the smaller grant refuses the call itself, before any request.
          const own = await callStatus(clientDir, targetOp, facility.baseUrl, less, token).then(
            (status) => `answered ${status}`,
            (error: Error) => (error.name === "ScopeError" ? "" : firstLine(error)),
          );
          if (own !== "") outcome.failure ??= { kind: "guard-lets-less", error: `${called} without ${scope}: ${own}` };
          statuses[scope] = await fetchStatus(facility.baseUrl, targetOp, token);
        } catch (error) {
          statuses[scope] = 0;
          outcome.failure ??= { kind: `refusal-${(error as Error).name}`, error: `${op.name}: ${firstLine(error)}` };
        }
      }
      const ok = Object.values(statuses).every((s) => s === 403);
      outcome.refused = { ok, statuses };
      if (!ok)
        outcome.failure ??= {
          kind: "mock-accepts-less",
          error: `${op.name}: ${Object.entries(statuses)
            .filter(([, s]) => s !== 403)
            .map(([scope, s]) => `without ${scope}: ${s}`)
            .join(", ")}`,
        };
    }
  } finally {
    await facility.close();
  }
  return outcome;
}
