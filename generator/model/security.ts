/**
 * The `security` policy: an operation's permission read from OpenAPI's own `security` field (the operation's, else the
 * document's). A requirement list's alternatives are OR-ed; the schemes of one alternative, and the scopes each lists,
 * are AND-ed. A client holds a set of granted scopes; it may call an operation when one alternative's scopes are all
 * granted. Scopes are named without their scheme: a grant is a set of scope strings, as a token's `scope` claim is.
 *
 * Fail closed: a requirement list that is not well formed (not an array of objects of string arrays, an unknown scheme,
 * a scope that is not an RFC 6749 scope-token) needs every scope the description names, and is marked for the audit.
 */

import { isScopeToken } from "../../templates/runtime/scopes.js";
import { readHttpUrl } from "../../templates/runtime/urls.js";
import type { OpenApiDocument } from "../description/document.js";
import { eachOperationObject, escapePointer } from "../description/document.js";

// The scope-token rule is the runtime's (a client checks its grant by it too).
export { isScopeToken };

/** One way to be allowed: a token granted every scope in `scopes` (sorted, unique), through `schemes` (sorted). */
export interface ScopeSet {
  schemes: string[];
  scopes: string[];
  /**
   * The schemes of the requirement's other alternatives with exactly these scopes (`[{ key: [] }, { bearer: [] }]`),
   * each sorted: one alternative to every verdict, still named by the reports that name schemes (the scope audit).
   */
  sameScopesVia?: string[][];
}

/** An operation's reading under the security policy. */
export interface SecurityReading {
  /** OR-ed alternatives; empty when the operation is public (no requirement, `[]`, or an anonymous `{}`). */
  anyOf: ScopeSet[];
  /** JSON pointer of the requirement list that applied (the operation's or the document's); absent when none. */
  pointer?: string;
  /** Why the list is not well formed (and so needs every scope); absent when it is. */
  malformed?: string;
}

/** Does the description state OAuth2 scopes anywhere (a non-empty scope list in some requirement)? */
export function statesScopes(doc: OpenApiDocument): boolean {
  const lists = [doc.security, ...[...eachOperationObject(doc)].map(([, , op]) => op.security)];
  return lists.some(
    (list) =>
      Array.isArray(list) &&
      list.some(
        (req) =>
          req !== null &&
          typeof req === "object" &&
          Object.values(req).some((scopes) => Array.isArray(scopes) && scopes.length > 0),
      ),
  );
}

/**
 * Does the description declare any security: a scheme in `components.securitySchemes`, or a requirement list (even
 * `[]`) in the document's or an operation's `security`? Microsoft Graph's has neither: read literally, all public.
 */
export function declaresSecurity(doc: OpenApiDocument): boolean {
  const schemes = doc.components?.securitySchemes;
  if (schemes && typeof schemes === "object" && Object.keys(schemes).length > 0) return true;
  if (doc.security !== undefined) return true;
  for (const [, , op] of eachOperationObject(doc)) if (op.security !== undefined) return true;
  return false;
}

/**
 * Every scope the description names: those its OAuth2 and OpenID Connect schemes declare and those its well-formed
 * requirements list. What a malformed requirement, or a path no operation has, needs (the top of any grant). Sorted.
 */
export function allScopes(doc: OpenApiDocument): string[] {
  const found = new Set<string>();
  const schemes = doc.components?.securitySchemes;
  if (schemes && typeof schemes === "object") {
    for (const scheme of Object.values<any>(schemes)) {
      const flows = scheme && typeof scheme === "object" ? scheme.flows : undefined;
      if (!flows || typeof flows !== "object") continue;
      for (const flow of Object.values<any>(flows)) {
        const scopes = flow && typeof flow === "object" ? flow.scopes : undefined;
        if (scopes && typeof scopes === "object")
          for (const s of Object.keys(scopes)) if (isScopeToken(s)) found.add(s);
      }
    }
  }
  const lists = [doc.security, ...[...eachOperationObject(doc)].map(([, , op]) => op.security)];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const req of list) {
      if (!req || typeof req !== "object") continue;
      for (const scopes of Object.values(req)) {
        if (Array.isArray(scopes)) for (const s of scopes) if (isScopeToken(s)) found.add(s);
      }
    }
  }
  return [...found].sort();
}

/** The effective requirement list of an operation at `pointer` (its own `security`, else the document's), read. */
export function readSecurity(doc: OpenApiDocument, op: Record<string, any>, pointer: string): SecurityReading {
  const own = Object.hasOwn(op, "security");
  const list: unknown = own ? op.security : doc.security;
  const at = own ? `${pointer}/security` : "/security";
  if (list === undefined) return { anyOf: [] };
  if (!Array.isArray(list)) return { anyOf: [], pointer: at, malformed: "is not a list of security requirements" };
  const anyOf: ScopeSet[] = [];
  let anonymous = false;
  for (let i = 0; i < list.length; i++) {
    const req: unknown = list[i];
    if (req === null || typeof req !== "object" || Array.isArray(req))
      return { anyOf: [], pointer: `${at}/${i}`, malformed: "is not a security requirement object" };
    const schemes = Object.keys(req).sort();
    if (schemes.length === 0) anonymous = true;
    const scopes = new Set<string>();
    for (const scheme of schemes) {
      const where = `${at}/${i}/${escapePointer(scheme)}`;
      if (!declaresScheme(doc, scheme))
        return { anyOf: [], pointer: where, malformed: "names a security scheme the description does not declare" };
      const listed: unknown = (req as Record<string, unknown>)[scheme];
      if (!Array.isArray(listed)) return { anyOf: [], pointer: where, malformed: "is not a list of scopes" };
      for (let j = 0; j < listed.length; j++) {
        if (!isScopeToken(listed[j]))
          return { anyOf: [], pointer: `${where}/${j}`, malformed: "is not a scope (RFC 6749 scope-token)" };
        scopes.add(listed[j]);
      }
    }
    anyOf.push({ schemes, scopes: [...scopes].sort() });
  }
  // An anonymous alternative lets anyone call it: public, whatever else the list offers.
  if (anonymous || anyOf.length === 0) return { anyOf: [], pointer: at };
  return { anyOf: dedupe(anyOf), pointer: at };
}

function declaresScheme(doc: OpenApiDocument, name: string): boolean {
  const schemes = doc.components?.securitySchemes;
  return !!schemes && typeof schemes === "object" && Object.hasOwn(schemes, name);
}

/**
 * Alternatives without repeats, in a stable order (fewest scopes first): one with the scopes of an earlier one is
 * folded into it (its schemes kept in `sameScopesVia`). One that a smaller one already allows is dropped too when
 * there are few (it changes no verdict; the pairwise check is kept off long, crafted lists).
 */
function dedupe(sets: ScopeSet[]): ScopeSet[] {
  const byKey = new Map<string, ScopeSet>();
  for (const set of sets) {
    const key = set.scopes.join(" ");
    const kept = byKey.get(key);
    if (!kept) byKey.set(key, set);
    else if (![kept.schemes, ...(kept.sameScopesVia ?? [])].some((via) => via.join(" ") === set.schemes.join(" ")))
      (kept.sameScopesVia ??= []).push(set.schemes);
  }
  const sorted = [...byKey].sort(([a, x], [b, y]) => x.scopes.length - y.scopes.length || (a < b ? -1 : 1));
  const unique = sorted.map(([, set]) => set);
  if (unique.length > 32) return unique;
  return unique.filter((set, i) => !unique.slice(0, i).some((k) => k.scopes.every((s) => set.scopes.includes(s))));
}

/**
 * The token URL of the description's OAuth2 client-credentials flows, when they name exactly one absolute http(s) URL:
 * a generated client's default `tokenUrl`, as the runtime's URL rule reads it (undefined otherwise: the client then
 * needs one given).
 */
export function clientCredentialsTokenUrl(doc: OpenApiDocument): string | undefined {
  const found = new Set<string>();
  const schemes = doc.components?.securitySchemes;
  if (schemes && typeof schemes === "object")
    for (const scheme of Object.values<any>(schemes)) {
      const url: unknown = scheme?.type === "oauth2" ? scheme.flows?.clientCredentials?.tokenUrl : undefined;
      const read = typeof url === "string" ? readHttpUrl(url) : undefined;
      if (read !== undefined && "url" in read) found.add(read.url);
    }
  return found.size === 1 ? [...found][0] : undefined;
}
