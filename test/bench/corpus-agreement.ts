/**
 * The corpus's agreement check: for a model of a real description, a request filled from each operation's template
 * (each parameter a plain value, so the request is that template's as the runtime sends it) is read by the guard
 * (templates/runtime/guard.ts), `needs` (generator/usage/resolve.ts) and the mock's router
 * (generator/facility/routes.ts). They must agree: `needs` counts the template's operation among those the request
 * can be; the guard lets a color send it exactly when `needs`' level allows that color; the mock routes to one of
 * `needs`' operations. Under the security policy the ladder checks are left out (the guard reads grants there).
 */

import { Router } from "../../generator/facility/routes.js";
import type { Model } from "../../generator/model/model.js";
import { tableEntries } from "../../generator/output/manifest.js";
import { lookupOf, resolveUse } from "../../generator/usage/resolve.js";
import type { FoundUse } from "../../generator/usage/scan.js";
import { ScopeError } from "../../templates/runtime/errors.js";
import { createGuard } from "../../templates/runtime/guard.js";
import { rank } from "../../templates/runtime/levels.js";

const BASE = "https://api.example.test/base";

export function agreementOf(model: Model): { requests: number; disagreements: string[] } {
  const ladder = model.ladder;
  const colors = model.policy === "security" ? [] : ladder;
  // needs' lookup compiles the table as a client does: the guard judges on the same one.
  const lookup = lookupOf(ladder, tableEntries(model.operations));
  const compiled = lookup.compiled;
  const guards = colors.map((color) => ({
    color,
    guard: createGuard({ table: compiled, ladder, color, baseUrl: BASE }),
  }));
  const router = new Router(model.operations);
  const disagreements: string[] = [];
  let requests = 0;
  for (const op of model.operations) {
    const method = op.method.toUpperCase();
    // The part before `#` or `?` is the path a request sends (a provider's discriminator follows it).
    const template = op.path.split(/[#?]/, 1)[0]!;
    let n = 0;
    const path = template.replace(/\{[^{}]*\}/g, () => `v${n++}`);
    requests++;
    const where = `${method} ${path} (${op.name})`;
    const needs = resolveUse({ kind: "call", method, path } as FoundUse, lookup);
    const names = needs?.operations.map((o) => o.name) ?? [];
    if (!names.includes(op.name)) disagreements.push(`${where}: needs reads it as ${names.join(", ") || "nothing"}`);
    const routed = router.match(method, path);
    if (routed.kind !== "operation" || !names.includes(routed.operation.name))
      disagreements.push(
        `${where}: the mock routes it to ${routed.kind === "operation" ? routed.operation.name : routed.kind}`,
      );
    if (!needs) continue;
    for (const { color, guard } of guards) {
      let refused = false;
      try {
        guard.check(method, `${BASE}${path}`);
      } catch (error) {
        if (!(error instanceof ScopeError)) throw error;
        refused = true;
      }
      const allowed =
        needs.unknown !== null
          ? color === ladder.at(-1)
          : needs.level === "public" || rank(ladder, color) >= rank(ladder, needs.level);
      if (refused === allowed) disagreements.push(`${where}: the guard ${refused ? "refuses" : "lets"} ${color}`);
    }
  }
  return { requests, disagreements };
}
