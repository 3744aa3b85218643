/** The audit report's shape (the JSON format verbatim), shared by the builder (audit.ts) and every renderer. */

import type { Operation } from "../../model/operations.js";
import type { Policy } from "../../model/scope.js";
import type { Subject } from "../../model/subject.js";
import { GENERATOR_NAME } from "../../package-files.js";

/** What an audit needs to know: the model's subject (a Model and the emitters' context both provide it). */
export type AuditSubject = Subject;

export const AUDIT_FORMAT_ID = "sfapi-gen/audit@2";

export interface AuditedOperation {
  name: string;
  operationId: string | null;
  method: string;
  path: string;
  tags: string[];
  summary: string | null;
  /** The operation table's scope: the named level verbatim, "public" or "unranked". */
  scope: string;
  /** The level a client needs: a ladder level, or "public". Unranked operations need the top level. */
  level: string;
  /** Why the operation is unranked (callable only by the top level), or null when it is ranked or public. */
  unranked: string | null;
  /**
   * With a color: whether a client of that color may call it (by its route's level: a route's request needs every
   * operation it may be); null without one.
   */
  callable: boolean | null;
  /**
   * The operations needing more than it does that a request filled from its template may also be (its route's, and
   * literal siblings: `/things/{id}` falls on `/things/secret` when `id` is `secret`), most demanding first, at most
   * 50 (`fallsOnMore` counts the rest); the guard judges such a request by all of them.
   */
  fallsOn: string[];
  fallsOnMore: number;
  /** What a call whose path values are not known needs: the most demanding of it and of what it may fall on. */
  reach: string;
}

/** Operations of one method that no request path tells apart (model/routes.ts). */
export interface AuditedRoute {
  method: string;
  /** The request path (before any `#`/`?` of the path keys). */
  path: string;
  operations: string[];
  /** The header or query name whose value tells them apart where a request carries it; null: nothing does. */
  discriminator: string | null;
  /** What a request to it needs without the discriminator: the most demanding of its operations. */
  level: string;
  why: string;
}

export interface AuditReport {
  format: typeof AUDIT_FORMAT_ID;
  description: {
    title: string;
    version: string;
    api: string | null;
    source: string | null;
    sha256: string;
    note: string | null;
    /**
     * False when the description has no security scheme and no `security` anywhere: all public, as written. Null
     * when not known (a subject made by hand).
     */
    declaresSecurity: boolean | null;
  };
  generator: { name: typeof GENERATOR_NAME; version: string };
  scope: { field: string; ladder: string[]; policy: Policy };
  summary: {
    total: number;
    /** Operations whose scope is that ladder level (unranked ones are counted under `unranked` only). */
    levels: Record<string, number>;
    public: number;
    unranked: number;
  };
  /** With `--color`: the color asked about and how many operations it may call. */
  color: { name: string; callable: number; refused: number } | null;
  /** In the model's order: by path, then method. */
  operations: AuditedOperation[];
  /** Templates that no request path tells apart, each a route; usually none. */
  routes: AuditedRoute[];
}

export type AuditFormat = "md" | "json" | "csv" | "html";
export const AUDIT_FORMATS: readonly AuditFormat[] = ["md", "json", "csv", "html"];

export const SCOPE_AUDIT_FORMAT_ID = "sfapi-gen/audit-scopes@1";

/** One operation of the scope audit (the security policy). */
export interface ScopeAuditedOperation {
  name: string;
  operationId: string | null;
  method: string;
  path: string;
  tags: string[];
  summary: string | null;
  /** The table's scope: "public", "scoped", or "unranked" (malformed: it needs every scope). */
  scope: string;
  /** The OR-ed alternatives that allow a call, each the schemes and scopes it needs (empty: public). */
  anyOf: { schemes: string[]; scopes: string[] }[];
  /** The alternatives in words: "`a` and `b`, or `c`", "a token, no scope", "public, no token". */
  needs: string;
  /** Where its requirement list is (a JSON pointer), or null when it has none. */
  pointer: string | null;
  /** Why the requirement list is malformed (it then needs every scope), or null. */
  malformed: string | null;
}

/** What one scope means for the API. Operations are named by their table name. */
export interface ScopeUse {
  scope: string;
  /** Operations a grant of this scope alone may call that a grant of no scope may not. */
  unlocks: string[];
  /** Operations every alternative of which lists it: no grant without it may call them. */
  requiredBy: string[];
  /** Operations some alternative of which lists it. */
  listedBy: string[];
}

export interface ScopeAuditReport {
  format: typeof SCOPE_AUDIT_FORMAT_ID;
  description: AuditReport["description"];
  generator: AuditReport["generator"];
  scope: { policy: "security"; schemes: string[]; scopes: string[] };
  /** Templates no request path tells apart: a request to one needs a grant that allows each of its operations. */
  routes: Omit<AuditedRoute, "level">[];
  summary: {
    total: number;
    /** No token needed. */
    public: number;
    /** Any token will do (an alternative lists no scope). */
    tokenOnly: number;
    /** Need at least one scope. */
    scoped: number;
    /** Malformed requirement lists, which need every scope. */
    malformed: number;
  };
  /** Every scope the operations name, sorted. */
  scopes: ScopeUse[];
  /** In the model's order: by path, then method. */
  operations: ScopeAuditedOperation[];
}

/** Either audit, told apart by `format`: what `buildAudit` returns and `renderAudit` takes. */
export type AnyAuditReport = AuditReport | ScopeAuditReport;

// ---- the parts both audits share, built once ------------------------------------------------------------------

/** Which operation a row is, as both audits' JSON writes it (before what each adds). */
export function operationIdentity(
  op: Operation,
): Pick<AuditedOperation, "name" | "operationId" | "method" | "path" | "tags" | "summary" | "scope"> {
  return {
    name: op.name,
    operationId: op.operationId ?? null,
    method: op.method.toUpperCase(),
    path: op.path,
    tags: op.tags,
    summary: op.summary ?? null,
    scope: op.scope,
  };
}

/**
 * What an audit of a description that declares no security says (Markdown, HTML), lest "public" read as checked;
 * `code` renders a field name (fixed text, nothing from the description).
 */
export function noSecurityText(code: (field: string) => string): string {
  return (
    `the description has no ${code("security")} requirement and no ${code("components.securitySchemes")}, so every ` +
    "operation below is read as public, callable without a token."
  );
}

/** What was audited and by what: both audits' `description` and `generator`. */
export function reportHead(subject: AuditSubject): Pick<AuditReport, "description" | "generator"> {
  return {
    description: {
      title: subject.title,
      version: subject.version.info,
      api: subject.version.api ?? null,
      source: subject.source ?? null,
      sha256: subject.sha256,
      note: subject.note ?? null,
      declaresSecurity: subject.declaresSecurity ?? null,
    },
    generator: { name: GENERATOR_NAME, version: subject.generatorVersion },
  };
}
