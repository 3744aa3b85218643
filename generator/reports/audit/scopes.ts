/**
 * The scope audit, under the security policy: per operation the OAuth2 scope sets that allow it, per scope what it
 * unlocks and what needs it, and the malformed requirement lists (which need every scope), with their JSON pointers.
 * Built from the same operation model as `generate`, like the ladder audit (audit.ts).
 */

import { permits } from "../../model/permission.js";
import { routesOf } from "../../model/routes.js";
import { PUBLIC } from "../../model/scope.js";
import { setsText } from "../../model/scope-sets.js";
import type { AuditSubject, ScopeAuditedOperation, ScopeAuditReport, ScopeUse } from "./report.js";
import { operationIdentity, reportHead, SCOPE_AUDIT_FORMAT_ID } from "./report.js";

export function buildScopeAudit(subject: AuditSubject): ScopeAuditReport {
  const operations = subject.operations.map((op): ScopeAuditedOperation => {
    const security = op.requirement.security;
    // Each alternative with its schemes, those of equal scopes too (the model folds them into one).
    const anyOf = (security?.anyOf ?? []).flatMap((set) =>
      [set.schemes, ...(set.sameScopesVia ?? [])]
        .map((schemes) => [...schemes])
        .sort((a, b) => (a.join(" ") < b.join(" ") ? -1 : 1))
        .map((schemes) => ({ schemes, scopes: [...set.scopes] })),
    );
    return {
      ...operationIdentity(op),
      anyOf,
      needs: security?.malformed !== undefined ? "every scope (malformed)" : setsText(anyOf.map((set) => set.scopes)),
      pointer: security?.pointer ?? null,
      malformed: security?.malformed ?? null,
    };
  });
  const named = [...new Set(operations.flatMap((op) => op.anyOf.flatMap((set) => set.scopes)))].sort();
  const schemes = [...new Set(operations.flatMap((op) => op.anyOf.flatMap((set) => set.schemes)))].sort();
  const need = (op: ScopeAuditedOperation) => op.anyOf.map((set) => set.scopes);
  const none = new Set<string>();
  const free = new Set(operations.filter((op) => permits(none, need(op))).map((op) => op.name));
  const scopes = named.map((scope): ScopeUse => {
    const alone = new Set([scope]);
    return {
      scope,
      unlocks: operations.filter((op) => !free.has(op.name) && permits(alone, need(op))).map((op) => op.name),
      requiredBy: operations
        .filter((op) => op.anyOf.length > 0 && op.anyOf.every((set) => set.scopes.includes(scope)))
        .map((op) => op.name),
      listedBy: operations.filter((op) => op.anyOf.some((set) => set.scopes.includes(scope))).map((op) => op.name),
    };
  });
  const isPublic = (op: ScopeAuditedOperation) => op.scope === PUBLIC;
  return {
    format: SCOPE_AUDIT_FORMAT_ID,
    ...reportHead(subject),
    scope: { policy: "security", schemes, scopes: named },
    routes: routesOf(subject.operations).map((route) => ({
      method: route.method,
      path: route.path,
      operations: route.operations.map((op) => op.name),
      discriminator: route.discriminator,
      why: route.why,
    })),
    summary: {
      total: operations.length,
      public: operations.filter(isPublic).length,
      tokenOnly: operations.filter((op) => !isPublic(op) && free.has(op.name)).length,
      scoped: operations.filter((op) => op.malformed === null && !free.has(op.name)).length,
      malformed: operations.filter((op) => op.malformed !== null).length,
    },
    scopes,
    operations,
  };
}
